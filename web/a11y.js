// The accessible board (issue 30): a visually hidden but real document beside the canvas,
// for screen readers and the keyboard. It is built from window.nard.state() and the
// game's nard:event events, never from pixels. Off, it costs one key and one pointer
// listener: nothing is built and nothing polls. On with ?a11y=1, with the preference
// (localStorage 'nard.a11y' = '1', nardA11y.setPreference), or by itself when the first
// input is Tab or an arrow key, before any pointer.
'use strict';
(function () {
  const params = new URLSearchParams(window.location.search);
  const STORE = 'nard.a11y';
  const POLL_MS = 300;   // hints and coach verdicts arrive between events: a light poll
  let root = null;
  let lastSaid = '';
  let picked = 0;      // the point a checker was picked up from (mover's numbering), 0 none
  let focusPlace = 1;  // the place focused, in the viewer's numbering (25 bar, 0/-1 trays)
  const cache = new Map();

  const nard = () => window.nard;
  // A label in the game's language; {name} parts filled from `vars`.
  function tr(key, vars) {
    const lang = document.documentElement.lang || 'en';
    const id = lang + '\n' + key;
    if (!cache.has(id)) {
      const t = window.Module.ccall('nard_api', 'string', ['string', 'string'], ['text', key]);
      cache.set(id, t || key);
    }
    return cache.get(id).replace(/\{(\w+)\}/g, (m, k) => (vars && vars[k] != null ? String(vars[k]) : m));
  }
  const colour = (p) => tr(p === 0 ? 'White' : 'Black');

  function el(tag, attrs, parent) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }

  // Whose numbering the list follows: the board's (View > Point numbers), else the
  // person playing the computer, else White.
  function viewerOf(s) {
    if (s.pointNumbers && s.pointNumbers.viewer >= 0) return s.pointNumbers.viewer;
    return s.seats && s.seats[0] === 'computer' && s.seats[1] === 'human' ? 1 : 0;
  }
  // Point `n` of player `p` in the other player's numbering.
  const other = (s, n) => (s.board.numbering === 'opposed' ? 25 - n : ((n + 11) % 24) + 1);
  function checkers(count, p) {
    if (!count) return tr('empty');
    const c = p === 0 ? 'white' : 'black';
    return count === 1 ? tr(`1 ${c} checker`) : tr(`{count} ${c} checkers`, { count });
  }
  function placeLabel(s, v, place) {
    const sides = s.board.sides;
    if (place >= 1 && place <= 24) {
      const mine = sides[v][place], theirs = sides[1 - v][other(s, place)];
      const what = mine ? checkers(mine, v) : checkers(theirs, 1 - v);
      return tr("{player}'s {n} point: {checkers}", { player: colour(v), n: place, checkers: what });
    }
    if (place === 25) {
      const parts = [0, 1].filter((p) => sides[p][25]).map((p) => checkers(sides[p][25], p));
      return tr('Bar: {checkers}', { checkers: parts.length ? parts.join(', ') : tr('empty') });
    }
    const p = place === 0 ? v : 1 - v;
    return tr("{player}'s tray: {count} borne off", { player: colour(p), count: sides[p][0] });
  }
  const PLACES = [...Array.from({ length: 24 }, (_, i) => i + 1), 25, 0, -1];

  function statusLines(s) {
    const lines = [];
    const who = colour(s.turn);
    if (s.phase === 'gameover' || s.phase === 'matchover') lines.push(tr('Game over'));
    else if (s.phase === 'moving') lines.push(tr('{player} to move', { player: who }));
    else if (s.phase === 'doubled' || s.phase === 'beavered') lines.push(tr('{player} to answer the double', { player: who }));
    else lines.push(tr('{player} to roll', { player: who }));
    if (s.dice[0]) lines.push(tr('Dice: {a} and {b}', { a: s.dice[0], b: s.dice[1] }));
    lines.push(tr('Pip counts: White {white}, Black {black}', { white: s.board.pips[0], black: s.board.pips[1] }));
    const score = { white: s.score[0], black: s.score[1], length: s.matchLength };
    lines.push(tr(s.matchLength ? 'Score: White {white}, Black {black}, match to {length}' : 'Score: White {white}, Black {black}, money game', score));
    if (s.cube.enabled)
      lines.push(s.cube.owner < 0 ? tr('Cube: {value}, in the middle', { value: s.cube.value })
        : tr('Cube: {value}, owned by {player}', { value: s.cube.value, player: colour(s.cube.owner) }));
    // Play with a friend live (web/friend-live.js): the board's mark, said.
    const f = nard().friend();
    if (f && f.active && f.live === 'live') lines.push(tr('Live: your friend is online; moves travel by themselves'));
    else if (f && f.active && f.live === 'connecting') lines.push(tr('Live: waiting for your friend to come online'));
    if (s.clock) {
      const t = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
      lines.push(tr('Clock: White {white}, Black {black}', { white: t(s.clock.bank[0]), black: t(s.clock.bank[1]) }));
    }
    return lines;
  }

  // Speaks through the live region: the text is replaced (never appended), so each
  // announcement is read once; `again` re-reads the last one on request.
  function say(text, again) {
    const live = root && root.querySelector('.nard-a11y-live');
    if (!live || (!text && !again)) return;
    lastSaid = text || lastSaid;
    live.textContent = '';
    // A fresh text node in the next task: screen readers announce a change, not a set.
    setTimeout(() => { live.textContent = lastSaid; }, 30);
    live.dataset.said = lastSaid;   // what tests read at once
  }

  function inWords(play) {
    const place = (x) => (x === 'bar' ? tr('the bar') : x === 'off' ? tr('off') : x);
    return play.split(' ').map((part) => {
      const count = /\((\d)\)$/.exec(part);
      const steps = part.replace(/\(\d\)$/, '').split('/');
      const hops = [];
      for (let i = 1; i < steps.length; i++) {
        const hit = steps[i].endsWith('*');
        let words = tr('{from} to {to}', { from: place(steps[i - 1].replace('*', '')), to: place(steps[i].replace('*', '')) });
        if (hit) words = tr('{move}, hitting', { move: words });
        hops.push(words);
      }
      const once = hops.join(', ');
      return count ? Array(Number(count[1])).fill(once).join(', ') : once;
    }).join('; ');
  }

  const cubeValue = () => { const s = nard().state(); return s ? s.cube.value : 1; };
  function onEvent(e) {
    const d = e.detail, who = colour(d.player);
    if (d.type === 'rolled' || d.type === 'openingRoll') say(tr('{player} rolled {a} and {b}', { player: who, a: d.dice[0], b: d.dice[1] }));
    else if (d.type === 'noMove') say(tr('{player} cannot move', { player: who }));
    else if (d.type === 'played') say(tr('{player} played {play}: {words}', { player: who, play: d.play, words: inWords(d.play) }));
    // While a double waits for its answer the cube still shows its old value.
    else if (d.type === 'doubled') say(tr('{player} doubles to {value}', { player: who, value: cubeValue() * 2 }));
    else if (d.type === 'taken') say(tr('{player} takes', { player: who }));
    else if (d.type === 'passed') say(tr('{player} passes', { player: who }));
    else if (d.type === 'beavered') say(tr('{player} beavers: the cube is {value}', { player: who, value: cubeValue() * 4 }));
    else if (d.type === 'gameOver') say(tr(d.points === 1 ? '{player} wins 1 point' : '{player} wins {points} points', { player: colour(d.winner), points: d.points }));
    else if (d.type === 'matchOver') say(tr('{player} wins the match', { player: colour(d.winner) }));
    if (d.type !== 'prefs') picked = 0;
    refresh();
  }

  let shown = '';
  let hintSeen = '', coachSeen = '';
  function refresh() {
    const s = nard().state();
    if (!root || !s || !s.board) return;
    root.lang = document.documentElement.lang || 'en';
    root.dir = document.documentElement.dir || 'ltr';
    const v = viewerOf(s);
    const f = nard().friend();
    const key = JSON.stringify([root.lang, v, s.board, s.phase, s.turn, s.dice, s.score, s.cube, s.clock && s.clock.bank.map((m) => Math.floor(m / 1000)),
      f && f.active && f.live]);
    if (key !== shown) {
      shown = key;
      for (const b of root.querySelectorAll('[data-place]')) {
        const label = placeLabel(s, v, Number(b.dataset.place));
        if (b.textContent !== label) b.textContent = label;
      }
      const status = root.querySelector('.nard-a11y-status');
      const text = statusLines(s).join('. ');
      if (status.textContent !== text) status.textContent = text;
      for (const b of root.querySelectorAll('[data-action]')) b.textContent = tr(b.dataset.label);
      root.querySelector('.nard-a11y-typed').setAttribute('aria-label', tr('Your play, for example 13/7 8/7'));
    }
    const hint = s.ui && s.ui.hint && s.ui.hint.length ? s.ui.hint[0].play : '';
    if (hint !== hintSeen) { hintSeen = hint; if (hint) say(tr('Hint: {play}', { play: hint })); }
    const c = s.ui && s.ui.coach;
    const coach = c ? `${c.action} ${c.chosen} ${c.best} ${c.mark}` : '';
    // The mark ("doubtful"...) and a cube action ("no double"...) are the game's own words,
    // translated like the rest; a play in notation comes back from tr() as it is.
    if (coach !== coachSeen) {
      coachSeen = coach;
      if (c) say(tr('Coach: this play is {mark}; the best was {best}', { mark: tr(c.mark), best: tr(c.best) }));
    }
  }

  // The New Game dialog as a form of real controls (the game's own dialog is drawn in
  // the canvas): variant, rules, length (0: money game), each side a person or the
  // computer at a level. Start answers through window.nard.newGame, refusals said.
  const LEVELS = [['beginner', 'Beginner'], ['intermediate', 'Intermediate'], ['advanced', 'Advanced'], ['expert', 'Expert']];
  function buildNewGame() {
    const form = el('form', { class: 'nard-a11y-new' }, root);
    form.setAttribute('aria-label', tr('New game'));
    const field = (label, control) => { const l = el('label', {}, form); l.append(tr(label), ' '); l.append(control); return control; };
    const choice = (name, options) => {
      const s = el('select', { name });
      for (const [value, label] of options) el('option', { value }, s).textContent = label;
      return s;
    };
    field('Variant', choice('variant', [['standard', tr('Standard')], ['nackgammon', tr('Nackgammon')], ['hyper', tr('Hyper')], ['longnard', tr('Long Nard')]]));
    field('Rules', choice('rules', [['modern', tr('Modern')], ['traditional', tr('Traditional')]]));
    const length = field('Match length', el('input', { name: 'points', type: 'number', min: '0', max: '25', value: '3' }));
    length.setAttribute('aria-description', `0: ${tr('money game')}`);
    const seat = [['human', tr('Human')], ...LEVELS.map(([v, l]) => [`computer:${v}`, `${tr('Computer')}: ${tr(l)}`])];
    field('White', choice('white', seat));
    field('Black', choice('black', seat)).value = 'computer:intermediate';
    el('button', { type: 'submit' }, form).textContent = tr('Start');
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const f = form.elements;
      const seats = [f.white.value, f.black.value];
      const level = (seats.find((x) => x.startsWith('computer:')) || 'computer:intermediate').split(':')[1];
      const why = nard().newGame({ variant: f.variant.value, rules: f.rules.value, length: f.points.value,
                                   players: seats.map((x) => x.split(':')[0]), level });
      if (why) refused(why);
      else { say(tr('New game')); focusAt(1); }
    });
  }

  // A decision's best choices, as the review lists them (its top three, with their
  // equities), each with what it gives up against the best: read in the row's last cell.
  function alternatives(d) {
    const alts = (d.alternatives || []).slice(0, 3);
    const signed = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
    return alts.map((a, i) => {
      const vars = { rank: i + 1, play: tr(a.choice), equity: signed(a.equity), loss: (alts[0].equity - a.equity).toFixed(3) };
      return i === 0 ? tr('{rank}. {play}: equity {equity}', vars) : tr('{rank}. {play}: equity {equity}, {loss} less than the best', vars);
    }).join('; ');
  }

  // The analysis as a screen reader reads it best: a summary line per player, then a
  // table of every decision (who, roll, played, best, mark, alternatives) to walk row by row.
  function analyse() {
    say(tr('Analysing the match...'));
    nard().analyse().then(showReview, failed);
  }
  function showReview(a) {
    const old = root.querySelector('.nard-a11y-review');
    if (old) old.remove();
    // Before the announcements, where the history list is too; focusable for a review opened
    // from the history, which moves there.
    const review = el('section', { class: 'nard-a11y-review', tabindex: '-1' });
    root.querySelector('.nard-a11y-live').before(review);
    review.setAttribute('aria-label', tr('Analyse match'));
    const who = (p) => colour(p);
    const fixed = (x, n) => (typeof x === 'number' ? x.toFixed(n) : '');
    const lines = (a.players || []).map((p, i) => `${who(i)}: ${tr('PR')} ${fixed(p.pr, 1)}, ${tr('Luck')} ${fixed(p.luckRate, 2)}`);
    const summary = el('ul', {}, review);
    for (const line of lines) el('li', {}, summary).textContent = line;
    const table = el('table', {}, review);
    el('caption', {}, table).textContent = tr('Analyse match');
    const head = el('tr', {}, el('thead', {}, table));
    // 'Dice', not 'Roll': that key is the Roll button's verb, and a column wants the noun.
    for (const h of [tr('Player'), tr('Dice'), tr('Played'), tr('Best'), tr('Mark'), tr('Alternatives')]) el('th', { scope: 'col' }, head).textContent = h;
    const body = el('tbody', {}, table);
    for (const d of a.decisions || []) {
      const row = el('tr', {}, body);
      el('th', { scope: 'row' }, row).textContent = who(d.player);
      const dice = d.dice && d.dice.length === 2 ? `${d.dice[0]}-${d.dice[1]}` : '';
      for (const text of [dice, tr(d.chosen || ''), tr(d.best || ''), d.mark ? tr(d.mark) : '', alternatives(d)])
        el('td', {}, row).textContent = text;
    }
    say(`${tr('Analyse match')}: ${lines.join('; ')}`);
  }

  // The game's actions answer in English (scripts read it); the player hears the reason
  // in the game's language (ui/reasons.cpp), or as it came if it is not a listed one.
  const reason = (why) => window.Module.ccall('nard_api', 'string', ['string', 'string'], ['reason', why]) || why;
  function refused(why) { say(tr('Refused: {reason}', { reason: reason(why) })); }
  // A Promise's rejection (an Error, or whatever came), refused likewise.
  const failed = (why) => refused(String((why && why.message) || why));
  // Game > Match history as a list (the same entries as the game's own, web/history.js):
  // each entry a button that says the match (date, variant, players and score, the
  // length, finished or not, both PRs); Enter opens its review as the game's Review does,
  // and its analysis becomes the table above.
  function showHistory() {
    nard().history().then((entries) => {
      const old = root && root.querySelector('.nard-a11y-history');
      if (old) old.remove();
      if (!root) return;
      const section = el('section', { class: 'nard-a11y-history' });
      section.setAttribute('aria-label', tr('Match history'));
      root.querySelector('.nard-a11y-live').before(section);
      if (!entries.length) {
        say(tr('No matches yet: finished matches appear here.'));
        return;
      }
      const list = el('ul', {}, section);
      for (const e of entries) {
        const b = el('button', { type: 'button', 'data-entry': e.id }, el('li', {}, list));
        b.textContent = entryText(e);
        b.addEventListener('click', () => openEntry(e.id));
      }
      say(`${tr('Match history')}: ${entries.length}`);
      list.querySelector('button').focus();
    }, failed);
  }
  const FRIEND_TURN = { you: 'Your turn', friend: "Friend's turn", over: 'with a friend' };
  const VARIANT_NAMES = { standard: 'Standard', nackgammon: 'Nackgammon', hyper: 'Hyper', longnard: 'Long Nard' };
  function entryText(e) {
    const lang = document.documentElement.lang || 'en';
    let date;
    try {
      date = new Date(e.date).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
    } catch (x) {   // a language the browser's dates do not know
      date = new Date(e.date).toISOString().slice(0, 16).replace('T', ' ');
    }
    const pr = (x) => (typeof x === 'number' ? x.toFixed(1) : '-');
    return [
      `${date}: ${tr(VARIANT_NAMES[e.variant] || e.variant)}${e.imported ? ` (${tr('imported')})` : ''}`,
      // A played match's players are "White" and "Black" (translated); an imported one's, their names.
      `${tr(e.names[0])} ${e.score[0]}, ${tr(e.names[1])} ${e.score[1]}`,
      e.length ? tr('match to {length}', { length: e.length }) : tr('money game'),
      tr(e.finished ? 'finished' : 'unfinished'),
      // A match with a friend (docs/FRIEND-PLAY.md): whose turn it is.
      ...(e.friend ? [tr(FRIEND_TURN[e.friend] || 'with a friend')] : []),
      `${tr('PR')} ${pr(e.pr[0])} / ${pr(e.pr[1])}`,
    ].join('. ');
  }
  function openEntry(id) {
    say(tr('Analysing the match...'));
    nard().openHistory(id).then((a) => {
      if (!root) return;   // turned off meanwhile
      if (a === null) { say(statusLines(nard().state()).join('. ')); return; }   // a friend match, continued
      showReview(a);
      root.querySelector('.nard-a11y-review').focus();
    }, failed);
  }

  function answer(why) { if (why) refused(why); else refresh(); return why; }
  const ACTIONS = { r: 'roll', d: 'double', t: 'take', p: 'pass', c: 'confirm', u: 'undo', h: 'hint' };
  const LABELS = { roll: 'Roll', double: 'Double', take: 'Take', pass: 'Pass', confirm: 'Confirm', undo: 'Undo', hint: 'Hint',
                   analyse: 'Analyse match', history: 'Match history' };
  function act(name) {
    picked = 0;
    if (name === 'analyse') return analyse();
    if (name === 'history') return showHistory();
    // The opening roll and a roll both come from roll(); a finished game's next game too.
    const s = nard().state();
    if (name === 'roll' && s && s.phase === 'gameover') return answer(nard().nextGame());
    return answer(nard()[name]());
  }

  // Keyboard moves, in the mover's numbering (the list is in the viewer's: the same
  // person whenever a person is to move against the computer).
  const placeName = (p) => (p === 25 ? 'bar' : p <= 0 ? 'off' : String(p));   // notation
  const spokenPlace = (p) => (p === 25 ? tr('the bar') : p <= 0 ? tr('off') : String(p));
  function moveTo(from, to) {
    const why = answer(nard().move(`${placeName(from)}/${placeName(to)}`));
    if (!why) say(tr('{point}: moved to {to}', { point: spokenPlace(from), to: spokenPlace(to) }));
    return why;
  }
  function enter(place) {
    if (!picked) {
      if (place < 1 || place > 25) return;
      picked = place;
      say(tr('Picked up from {point}', { point: spokenPlace(place) }));
    } else if (picked === place) {
      picked = 0;
      say(tr('Put back'));
    } else {
      const from = picked;
      picked = 0;
      moveTo(from, place);
    }
  }
  function playDie(place, higher) {
    const s = nard().state();
    if (!s || !s.dice[0] || place < 1 || place > 25) return;
    const die = higher ? Math.max(...s.dice) : Math.min(...s.dice);
    moveTo(place, Math.max(0, place - die));
  }

  function showFocus(place) {
    const s = nard().state();
    const arg = place === null || !s ? '' : `${viewerOf(s)} ${place}`;
    window.Module.ccall('nard_api', 'string', ['string', 'string'], ['focus', arg]);
  }
  function focusAt(place) {
    const b = root.querySelector(`[data-place="${place}"]`);
    if (!b) return;
    for (const x of root.querySelectorAll('[data-place]')) x.tabIndex = -1;
    b.tabIndex = 0;
    b.focus();
    focusPlace = place;
  }
  function onKey(e) {
    e.stopPropagation();   // the game's own key handling (SDL) must not see these keys
    if (e.type !== 'keydown') return;
    if (e.target.closest && e.target.closest('.nard-a11y-new')) return;   // the form's controls: the browser's own keys
    const typing = e.target.classList.contains('nard-a11y-typed');
    if (typing) {
      if (e.key === 'Enter') {
        e.preventDefault();
        // A refused play keeps its text, to be corrected; a made one goes back to the board.
        const why = answer(nard().play(e.target.value.trim()));
        if (!why) { e.target.value = ''; focusAt(focusPlace); }
      } else if (e.key === 'Escape') focusAt(focusPlace);
      return;
    }
    const onPlace = e.target.dataset.place != null;
    const i = PLACES.indexOf(focusPlace);
    // Letter keys by their place on the keyboard (e.code), so that R rolls on a Russian or
    // an Arabic layout too; other keys (?, Enter) by what they type.
    const k = /^Key[A-Z]$/.test(e.code || '') ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
    if (onPlace && (e.key === 'ArrowRight' || e.key === 'ArrowDown')) focusAt(PLACES[(i + 1) % PLACES.length]);
    else if (onPlace && (e.key === 'ArrowLeft' || e.key === 'ArrowUp')) focusAt(PLACES[(i + PLACES.length - 1) % PLACES.length]);
    else if (onPlace && e.key === 'Home') focusAt(PLACES[0]);
    else if (onPlace && e.key === 'End') focusAt(PLACES[PLACES.length - 1]);
    else if (onPlace && (e.key === 'Enter' || e.key === ' ')) enter(focusPlace);
    else if (onPlace && e.key === 'Escape') { picked = 0; say(tr('Put back')); }
    else if (k === 'a' || k === 'z') playDie(focusPlace, k === 'a');
    else if (ACTIONS[k] && !e.ctrlKey && !e.metaKey && !e.altKey) act(ACTIONS[k]);
    else if (k === 'n') {
      const input = root.querySelector('.nard-a11y-typed');
      input.focus();
      input.select();   // typing replaces a refused play's text (still there to correct)
    }
    else if (k === 'l') say('', true);
    else if (k === '?') say(tr(KEYS));
    else return;
    e.preventDefault();
  }
  const KEYS = 'Keys: R roll, D double, T take, P pass, C confirm, U undo, H hint, arrows move between '
    + 'points, Enter picks up and puts down, A plays the higher die, Z the lower, N types a '
    + 'play, L repeats the last announcement';

  function build() {
    root = el('section', { id: 'nard-a11y', class: 'nard-a11y' }, document.body);
    const status = el('div', { class: 'nard-a11y-status', role: 'status', 'aria-live': 'off' }, root);
    status.id = 'nard-a11y-status';
    const board = el('div', { role: 'group', class: 'nard-a11y-board' }, root);
    board.setAttribute('aria-label', tr('Board'));
    for (const place of PLACES) {
      const b = el('button', { type: 'button', 'data-place': String(place), tabindex: place === 1 ? '0' : '-1' }, board);
      b.addEventListener('click', () => { focusPlace = place; enter(place); });
    }
    const actions = el('div', { role: 'group', class: 'nard-a11y-actions' }, root);
    actions.setAttribute('aria-label', tr('Actions'));
    for (const [name, label] of Object.entries(LABELS)) {
      const b = el('button', { type: 'button', 'data-action': name, 'data-label': label }, actions);
      b.addEventListener('click', () => act(name));
    }
    el('input', { type: 'text', class: 'nard-a11y-typed', autocomplete: 'off', spellcheck: 'false' }, actions);
    buildNewGame();
    const live = el('div', { class: 'nard-a11y-live', role: 'log', 'aria-live': 'polite', 'aria-atomic': 'true' }, root);
    live.setAttribute('aria-label', tr('Announcements'));
    root.addEventListener('keydown', onKey);
    root.addEventListener('keyup', (e) => e.stopPropagation());
    root.addEventListener('keypress', (e) => e.stopPropagation());
    // The focused place is drawn on the board too, for whoever sees the screen.
    root.addEventListener('focusin', (e) => {
      if (e.target.dataset.place == null) return;
      focusPlace = Number(e.target.dataset.place);
      showFocus(focusPlace);
    });
    root.addEventListener('focusout', (e) => {
      if (!(e.relatedTarget && e.relatedTarget.dataset && e.relatedTarget.dataset.place != null)) showFocus(null);
    });
    window.addEventListener('nard:event', onEvent);
    poller = setInterval(refresh, POLL_MS);
    refresh();
  }
  let poller = null;

  let turning = null;
  // Turns it on: the game must have started, as the document is its state.
  function enable(focus) {
    if (!turning) turning = nard().ready.then(() => { build(); document.documentElement.classList.add('nard-a11y-on'); });
    if (focus) turning.then(() => focusAt(focusPlace));
    return turning;
  }
  // Turns it off (View > Keyboard and screen reader): nothing of it is left to poll or hear.
  function disable() {
    if (!turning) return;
    turning.then(() => {
      if (!root) return;
      clearInterval(poller);
      showFocus(null);
      window.removeEventListener('nard:event', onEvent);
      root.remove();
      root = null;
      shown = '';
      picked = 0;
      document.documentElement.classList.remove('nard-a11y-on');
      turning = null;
    });
  }

  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch (e) { /* storage blocked: no preference */ }
  window.nardA11y = {
    enable,
    on: () => root !== null,
    setPreference(on) {
      try { localStorage.setItem(STORE, on ? '1' : '0'); } catch (e) { /* kept for this visit only */ }
      if (on) enable(false);
      else disable();
    },
  };
  const param = params.get('a11y');
  if (param === '1' || (param !== '0' && stored === '1')) { enable(false); return; }
  if (param === '0') return;
  // The keyboard first (Tab or an arrow before any pointer): a keyboard user, so on.
  const first = (e) => {
    window.removeEventListener('keydown', first, true);
    window.removeEventListener('pointerdown', first, true);
    if (e.type === 'keydown' && (e.key === 'Tab' || e.key.startsWith('Arrow'))) {
      e.preventDefault();
      enable(true);
    }
  };
  window.addEventListener('keydown', first, true);
  window.addEventListener('pointerdown', first, true);
})();
