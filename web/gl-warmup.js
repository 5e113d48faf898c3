// A worker started by first-board.js as soon as the page runs. It does, on its own
// thread, the slow first steps of WebGL that would otherwise block the page:
//   1. a WebGL2 context on an OffscreenCanvas: the browser sets up the page's connection
//      to the GPU here (measured in headless Chromium on a software GPU: the game's own
//      context then takes about 20 ms to make instead of 120-2,260 ms);
//   2. the game's shader programs, compiled and linked from the same sources in the same
//      way as render/board_renderer.cpp and render/imgui_renderer.cpp do (the shape
//      shader once per kind, with `#define KIND n` after its #version line, then
//      digits.glsl): the browser keeps linked programs in a cache shared by the page's
//      contexts, so the game's own compile finds them done.
// boot.js ends the worker once the game has its context; nothing here is needed for
// the game to run, so any failure is only reported.
'use strict';
const KINDS = 15;   // view::Kind, Wood .. Copy

function link(gl, vertex, fragment) {
  const p = gl.createProgram();
  for (const [type, source] of [[gl.VERTEX_SHADER, vertex], [gl.FRAGMENT_SHADER, fragment]]) {
    const s = gl.createShader(type);
    gl.shaderSource(s, source);
    gl.compileShader(s);
    gl.attachShader(p, s);
  }
  gl.linkProgram(p);
  return p;
}

async function warmUp() {
  const gl = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('webgl2') : null;
  if (!gl) return 'unavailable';
  gl.clear(gl.COLOR_BUFFER_BIT);
  const names = ['shape.vert', 'shape.frag', 'digits.glsl', 'imgui.vert', 'imgui.frag'];
  const [vert, frag, digits, imguiVert, imguiFrag] = await Promise.all(
    names.map((n) => fetch(`shaders/${n}`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${n}: HTTP ${r.status}`))))));
  const afterVersion = frag.indexOf('\n') + 1;
  const programs = [];
  for (let k = 0; k < KINDS; k++)
    programs.push(link(gl, vert, `${frag.slice(0, afterVersion)}#define KIND ${k}\n${frag.slice(afterVersion)}${digits}`));
  programs.push(link(gl, imguiVert, imguiFrag));
  const linked = programs.filter((p) => gl.getProgramParameter(p, gl.LINK_STATUS)).length;
  return `ready (${linked}/${programs.length} programs)`;
}

warmUp().then((what) => postMessage(what), (e) => postMessage(`failed: ${e && e.message}`));
