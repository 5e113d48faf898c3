// Game sounds, synthesised with WebAudio: no audio files to download or cache.
//
//   window.nardSound.play(name)     'dice' | 'checker' | 'hit' | 'bearoff' | 'double' | 'gameover';
//                                   true when the sound was started
//   window.nardSound.setEnabled(on) the player's switch, kept in localStorage 'nard.sound' ('on'/'off')
//   window.nardSound.enabled()      the switch
//   window.nardSound.state()        'locked' before the first user gesture, then the AudioContext's state,
//                                   or 'resting' (suspended after a silence, below; play() wakes it)
//
// Nothing sounds before the player has touched the page: the AudioContext is created (or
// resumed) on the first pointerdown, keydown or touchend, as browsers' autoplay rules want,
// and play() does nothing until then. After REST_MS without a sound the context is
// suspended, and the next sound resumes it: a running AudioContext renders silence without
// end, which keeps a phone's audio hardware awake (and took a core's tenth in the tests).
'use strict';
(function () {
  const KEY = 'nard.sound';
  const NAMES = ['dice', 'checker', 'hit', 'bearoff', 'double', 'gameover'];
  let ctx = null;
  let master = null;
  let noise = null;
  let on = readSwitch();
  const REST_MS = 4000;
  let resting = false;   // suspended by rest(), not by the browser: play() resumes it
  let restTimer = null;

  function rest() {
    clearTimeout(restTimer);
    restTimer = setTimeout(() => {
      if (ctx && ctx.state === 'running') { resting = true; ctx.suspend().catch(() => { resting = false; }); }
    }, REST_MS);
  }

  function readSwitch() {
    try { return window.localStorage.getItem(KEY) !== 'off'; } catch (e) { return true; }
  }

  function unlock() {
    if (!ctx) {
      const AudioContext = window.AudioContext || window.webkitAudioContext;
      if (!AudioContext) return;
      ctx = new AudioContext();
      master = ctx.createGain();
      master.gain.value = 0.5;
      master.connect(ctx.destination);
      // One second of white noise, shared by every rattle and click.
      noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
      const d = noise.getChannelData(0);
      for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
    }
    if (ctx.state === 'suspended') ctx.resume().then(() => { resting = false; rest(); }, () => {});
  }
  for (const type of ['pointerdown', 'keydown', 'touchend'])
    window.addEventListener(type, unlock, { capture: true, passive: true });

  // A burst of filtered noise: the knock of wood on wood, dice on the board.
  function knock(t, { freq = 1800, q = 1.2, level = 0.6, decay = 0.05 } = {}) {
    const src = ctx.createBufferSource();
    src.buffer = noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = freq;
    filter.Q.value = q;
    const g = ctx.createGain();
    g.gain.setValueAtTime(level, t);
    g.gain.exponentialRampToValueAtTime(0.001, t + decay);
    src.connect(filter).connect(g).connect(master);
    src.start(t, Math.random() * 0.5, decay + 0.02);
  }

  // A short tone with a soft attack: the cube, the end of a game.
  function tone(t, freq, { length = 0.25, level = 0.25, type = 'sine' } = {}) {
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.value = freq;
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(level, t + 0.015);
    g.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(g).connect(master);
    osc.start(t);
    osc.stop(t + length + 0.05);
  }

  const SOUNDS = {
    dice(t) {   // a rattle of a dozen small knocks, then the two dice landing
      for (let i = 0; i < 12; i++)
        knock(t + i * 0.018 + Math.random() * 0.01, { freq: 2500 + Math.random() * 1500, q: 3, level: 0.25, decay: 0.03 });
      knock(t + 0.26, { freq: 1400, q: 2, level: 0.7, decay: 0.06 });
      knock(t + 0.31, { freq: 1250, q: 2, level: 0.6, decay: 0.06 });
    },
    checker(t) {
      knock(t, { freq: 900, q: 1.5, level: 0.8, decay: 0.07 });
      tone(t, 420, { length: 0.06, level: 0.08, type: 'triangle' });
    },
    hit(t) {    // the hitting checker lands, the hit one clatters to the bar
      knock(t, { freq: 750, q: 1.5, level: 0.9, decay: 0.08 });
      knock(t + 0.09, { freq: 1300, q: 2, level: 0.5, decay: 0.05 });
      knock(t + 0.15, { freq: 1100, q: 2, level: 0.35, decay: 0.05 });
    },
    bearoff(t) {
      knock(t, { freq: 1000, q: 1.5, level: 0.5, decay: 0.05 });
      tone(t + 0.02, 660, { length: 0.18, level: 0.12 });
      tone(t + 0.08, 495, { length: 0.22, level: 0.10 });
    },
    double(t) {
      tone(t, 523.25, { length: 0.3, level: 0.2, type: 'triangle' });
      tone(t + 0.12, 783.99, { length: 0.45, level: 0.2, type: 'triangle' });
    },
    gameover(t) {
      [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(t + i * 0.13, f, { length: 0.5, level: 0.18 }));
    },
  };

  window.nardSound = {
    names: NAMES.slice(),
    play(name) {
      if (!on || !ctx || !SOUNDS[name]) return false;
      if (resting) {   // (its suspend() may still be under way: resume() comes after it)
        resting = false;
        ctx.resume().then(() => { SOUNDS[name](ctx.currentTime + 0.01); rest(); }, () => {});
        return true;
      }
      if (ctx.state !== 'running') return false;
      SOUNDS[name](ctx.currentTime + 0.01);
      rest();
      return true;
    },
    setEnabled(value) {
      on = !!value;
      try { window.localStorage.setItem(KEY, on ? 'on' : 'off'); } catch (e) { /* storage blocked */ }
    },
    enabled() { return on; },
    state() { return !ctx ? 'locked' : resting ? 'resting' : ctx.state; },
  };
})();
