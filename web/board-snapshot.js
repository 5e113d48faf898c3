// A worker that paints the board the game last stored, exactly as the page would paint
// it at the next start (board-painter.js with nard-board.wasm, the same inputs), and
// sends it back as an image. first-board.js keeps that image in localStorage
// ('nard.boardImage') and shows it on the next visit in the same window, which needs no
// script, module or canvas set-up: only a decode. Off the page's thread, so the game's
// frames do not wait for it.
//   in:  { key, p }   p: pictureInputs() of first-board.js
//   out: { key, image (data: URL), frame, points, checkers } or { key, error }
'use strict';
importScripts('board-painter.js');

let loading = null;   // nard-board.wasm, instantiated once for the worker's lifetime

self.onmessage = async (e) => {
  const { key, p } = e.data;
  try {
    const painter = self.nardBoardPainter;
    if (!loading) loading = WebAssembly.instantiateStreaming(fetch('nard-board.wasm'), painter.IMPORTS);
    const { instance } = await loading;
    const canvas = new OffscreenCanvas(Math.round(p.w * p.dpr), Math.round(p.h * p.dpr));
    const where = painter.paintBoard(instance.exports, canvas.getContext('2d', painter.SOFTWARE), p);
    // WebP keeps the wood's grain at a fraction of PNG's size (about 0.1 byte a pixel).
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
    const image = new FileReaderSync().readAsDataURL(blob);
    self.postMessage({ key, image, frame: where.frame, points: where.points, checkers: where.checkers });
  } catch (err) {
    self.postMessage({ key, error: String((err && err.message) || err) });
  }
};
