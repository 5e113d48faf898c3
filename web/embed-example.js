// The embedding side of docs/EMBEDDING.md: frames the game with embed=1 and
// parentOrigin=<this page's origin>, listens for its events, and sends it requests.
'use strict';
(function () {
  const params = new URLSearchParams(location.search);
  const gameUrl = new URL(params.get('game') || 'http://127.0.0.1:8080/', location.href);
  const gameOrigin = gameUrl.origin;
  const frame = document.getElementById('game');
  const log = document.getElementById('log');
  document.getElementById('game-origin').textContent = gameOrigin;

  // Everything the game sent, for people (the list) and for tests (window.embedEvents).
  window.embedEvents = [];

  const src = new URL(gameUrl);
  src.searchParams.set('embed', '1');
  src.searchParams.set('parentOrigin', location.origin);
  for (const key of ['variant', 'rules', 'length', 'lang', 'theme'])
    if (params.has(key)) src.searchParams.set(key, params.get(key));
  frame.src = src.href;

  window.addEventListener('message', (event) => {
    // Only the game's frame, from the game's origin, speaking the game's protocol.
    if (event.origin !== gameOrigin || event.source !== frame.contentWindow) return;
    const m = event.data;
    if (!m || typeof m !== 'object' || m.source !== 'takhte-nard') return;
    window.embedEvents.push(m);
    const li = document.createElement('li');
    li.textContent = describe(m);
    log.prepend(li);
  });

  function describe(m) {
    switch (m.type) {
      case 'ready': return 'ready';
      case 'gameStarted': return `game ${m.game} started: ${m.variant}, ${m.rules}, ` +
                                 (m.matchLength ? `match to ${m.matchLength}` : 'money game');
      case 'gameOver': return `game over: player ${m.winner} wins ${m.result} (${m.points}), score ${m.score.join('-')}`;
      case 'matchOver': return `match over: player ${m.winner} wins, ${m.score.join('-')}`;
      case 'state': return `state: ${m.state ? m.state.phase + ', ' + m.state.positionId : 'not ready'}`;
      default: return JSON.stringify(m);
    }
  }

  function send(message) { frame.contentWindow.postMessage(message, gameOrigin); }

  document.getElementById('controls').addEventListener('submit', (e) => {
    e.preventDefault();
    send({ type: 'newGame', options: {
      variant: document.getElementById('variant').value,
      rules: document.getElementById('rules').value,
      length: Number(document.getElementById('length').value),
    } });
  });
  document.getElementById('get-state').addEventListener('click', () => send({ type: 'getState' }));
  window.embedSend = send;   // for tests and the browser console
})();
