// The match history (web/history.js, IndexedDB) and the page-API plumbing around it in
// web/boot.js, without the game build: web/ is served as it is (IndexedDB needs a real
// origin) and the test pages are made here, under the game's Content-Security-Policy.
//   - put, list (newest first, summaries without save/mat), get, remove, replacing by id;
//   - invalid entries are refused with a message; damaged records (an array, missing
//     fields, wrong types, absurd values; in a database made elsewhere: a string, a
//     number, a record under another key) are skipped, counted and warned about;
//   - at most 500 entries: the damaged, then the oldest go, never the one just written;
//   - no IndexedDB (open() throws, fails, or the property itself throws): an empty
//     history, put refused, one warning, no exception;
//   - boot.js: window.nard.history(), analyse() (shared Promise, settled by
//     _analysisDone/_analysisFailed), the answers to the C++ side through nard_api
//     (a stand-in ccall records them), downloads with safe names, the file chooser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, downloadText } from './harness.mjs';
import { browserSuite, serve } from './support.mjs';

// index.html's policy: history.js and boot.js must work under it (no eval, no inline code).
const CSP = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(
  readFileSync(join(ROOT, 'web', 'index.html'), 'utf8'))[1];
const page = (scripts) => `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}"><title>history test</title></head><body>
<canvas id="canvas"></canvas><div id="loading"><div id="loading-message"></div></div>
${scripts.map((s) => `<script src="${s}"></script>`).join('\n')}
</body></html>`;
const PAGES = {
  '/history-test-blank.html': page([]),
  '/history-test.html': page(['history.js']),
  '/history-test-boot.html': page(['history.js', 'boot.js']),
};
// Runs before any script of the page: console.warn is counted in the page itself (in
// order, nothing lost between page and test).
function countWarnings() {
  window.warnings = [];
  const warn = console.warn.bind(console);
  console.warn = (...args) => { window.warnings.push(args.map(String).join(' ')); warn(...args); };
}

const entry = (i, over = {}) => ({
  id: `m-${i}`, date: 1.7e12 + i * 1000, variant: ['standard', 'nackgammon', 'hyper', 'longnard'][i % 4],
  rules: i % 2 ? 'traditional' : 'modern', length: i % 3 === 0 ? 0 : 7, score: [i % 7, 2], names: ['Ali', 'Sara ✓'],
  pr: [4.25, i % 2 ? null : 12.5], finished: i % 2 === 0, imported: i % 5 === 0,
  save: `session ${i}`, mat: `; [Site "test"]\n 7 point match\n Game ${i}\n`, ...over,
});
const SUMMARY = ['id', 'date', 'variant', 'rules', 'length', 'score', 'names', 'pr', 'finished', 'imported'];
const sameKeys = (o, keys) => JSON.stringify(Object.keys(o).sort()) === JSON.stringify([...keys].sort());

await browserSuite('history', async (t, browser, atEnd) => {
  const server = await serve(join(ROOT, 'web'));
  atEnd(server.stop);
  const problems = [];

  // A fresh browser context (its own, empty storage) with one of the test pages.
  async function open(name, init = null) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.route((url) => url.href.startsWith(server.url) && PAGES[url.pathname] !== undefined,
      (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: PAGES[new URL(route.request().url()).pathname] }));
    // boot.js starts compiling the game's code at once; web/ as it is has none, so an
    // empty module stands in for it.
    await context.route((url) => url.href === `${server.url}nard.wasm`,
      (route) => route.fulfill({ contentType: 'application/wasm', body: Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }));
    // boot.js then loads nard.js; the test plays its part itself (Module.ccall below).
    await context.route((url) => url.href === `${server.url}nard.js`,
      (route) => route.fulfill({ contentType: 'text/javascript', body: '// the game stands in the test' }));
    await context.addInitScript(countWarnings);
    if (init) await context.addInitScript(init);
    const p = await context.newPage();
    p.on('pageerror', (e) => problems.push(`${name}: page error: ${e.message}`));
    p.on('console', (m) => { if (m.type() === 'error') problems.push(`${name}: console: ${m.text()}`); });
    await p.goto(`${server.url}history-test${name}.html`);
    return { context, page: p };
  }

  // ---- put, list, get, remove --------------------------------------------------------------------
  {
    const { context, page: p } = await open('');
    const r = await p.evaluate(async ([e1, e2, e3]) => {
      const h = window.nardHistory;
      const out = { available: await h.available() };
      await h.put(e1); await h.put(e2); await h.put(e3);
      out.list = await h.list();
      out.get = await h.get(e1.id);
      out.missing = await h.get('m-nobody');
      out.badId = await h.get(42);
      // Same id again, saved later: replaced, now the newest.
      await h.put({ ...e2, date: e3.date + 5000, score: [6, 6], finished: true, extra: 'dropped' });
      out.replaced = await h.list();
      out.replacedWhole = await h.get(e2.id);
      await h.remove(e1.id);
      await h.remove('m-nobody');
      out.removed = await h.list();
      out.warnings = window.warnings.slice();
      return out;
    }, [entry(1), entry(0), entry(2)]);
    t.check(r.available, 'IndexedDB is available on a real origin');
    t.check(JSON.stringify(r.list.entries.map((e) => e.id)) === '["m-2","m-1","m-0"]' && r.list.skipped === 0,
            `list() gives the entries newest first (${r.list.entries.map((e) => e.id)}), none skipped`);
    t.check(r.list.entries.every((e) => sameKeys(e, SUMMARY)), 'summaries have every field but save and mat');
    t.check(JSON.stringify(r.list.entries[1]) === JSON.stringify(Object.fromEntries(SUMMARY.map((k) => [k, entry(1)[k]]))),
            'a summary holds the stored values');
    t.check(JSON.stringify(r.get) === JSON.stringify(entry(1)), 'get(id) gives the whole entry, save and mat included');
    t.check(r.missing === null && r.badId === null, 'get() of an unknown id (or not a string) gives null');
    t.check(r.replaced.entries.length === 3 && r.replaced.entries[0].id === 'm-0' && r.replaced.entries[0].score[0] === 6,
            'put() with a known id replaces that entry');
    t.check(r.replacedWhole && !('extra' in r.replacedWhole), 'fields that are not part of an entry are not stored');
    t.check(JSON.stringify(r.removed.entries.map((e) => e.id)) === '["m-0","m-2"]', 'remove(id) deletes it; an unknown id is no error');
    t.check(r.warnings.length === 0, `nothing to warn about (${r.warnings.join(' | ')})`);

    // Invalid entries: refused, with the field and what it should be.
    const bad = await p.evaluate(async (good) => {
      const h = window.nardHistory;
      const cases = {
        'no argument': undefined, null: null, 'a string': 'match', 'an array': [good],
        'an empty id': { ...good, id: '' }, 'a date of 0': { ...good, date: 0 }, 'variant chess': { ...good, variant: 'chess' },
        'rules house': { ...good, rules: 'house' }, 'length 2.5': { ...good, length: 2.5 }, 'one score': { ...good, score: [1] },
        'a negative score': { ...good, score: [-1, 0] }, 'a number as name': { ...good, names: ['A', 7] },
        'pr NaN': { ...good, pr: [NaN, null] }, 'finished "yes"': { ...good, finished: 'yes' },
        'no save': (({ save, ...rest }) => rest)(good), 'mat null': { ...good, mat: null },
        'over 4 MB': { ...good, id: 'm-huge', save: 'x'.repeat(4 * 1024 * 1024) },
        'over 4 MB in UTF-8': { ...good, id: 'm-huge2', mat: 'é'.repeat(2.2 * 1024 * 1024) },
      };
      const out = {};
      for (const [what, value] of Object.entries(cases)) {
        let sync = false, promise;
        try { promise = h.put(value); } catch (e) { sync = true; }
        out[what] = sync ? 'threw synchronously' : await promise.then(() => 'stored', (e) => (e instanceof Error ? e.message : 'not an Error'));
      }
      out.count = (await h.list()).entries.length;
      return out;
    }, entry(3));
    const count = bad.count;
    delete bad.count;
    for (const [what, message] of Object.entries(bad))
      t.check(/^match history: (invalid entry|the entry is too large)/.test(message), `put() refuses ${what}: "${message}"`);
    t.check(/variant: one of standard/.test(bad['variant chess']) && /score/.test(bad['one score']) && /save/.test(bad['no save']),
            'the message names the field and what it should be');
    t.check(count === 2, `nothing refused was stored (${count} entries)`);

    // Damaged records, written past history.js with IndexedDB itself.
    const damaged = await p.evaluate(async (good) => {
      const db = await new Promise((ok, fail) => {
        const req = indexedDB.open('takhte-nard');
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      });
      const records = [
        Object.assign(['not', 'an', 'object'], { id: 'd-array' }),
        { id: 'd-missing', date: good.date },
        { ...good, id: 'd-types', score: 'three to one' },
        { ...good, id: 'd-date', date: -5 },
        { ...good, id: 'd-length', length: 1e9 },
        { ...good, id: 'd-names', names: [1, 2] },
        { ...good, id: 'd-flag', finished: 1 },
      ];
      await new Promise((ok, fail) => {
        const tx = db.transaction('matches', 'readwrite');
        for (const r of records) tx.objectStore('matches').put(r);
        tx.oncomplete = ok;
        tx.onabort = () => fail(tx.error);
      });
      db.close();
      window.warnings.length = 0;
      const h = window.nardHistory;
      const list = await h.list();
      const listWarnings = window.warnings.slice();
      const got = await h.get('d-types');
      return { ids: list.entries.map((e) => e.id), skipped: list.skipped, listWarnings, got, warnings: window.warnings.slice(),
               kinds: records.map((r) => r.id) };
    }, entry(4));
    t.check(damaged.skipped === damaged.kinds.length, `list() skips the damaged records and counts them (${damaged.skipped})`);
    t.check(JSON.stringify(damaged.ids) === '["m-0","m-2"]', `...and still lists the good ones (${damaged.ids})`);
    t.check(damaged.listWarnings.length === damaged.kinds.length &&
            damaged.kinds.every((id) => damaged.listWarnings.some((w) => w.includes(`"${id}"`))),
            `one console warning per damaged record, naming it (${damaged.listWarnings[0]} ...)`);
    t.check(damaged.got === null && damaged.warnings.length === damaged.kinds.length + 1, 'get() of a damaged record: null and a warning');
    await context.close();
  }

  // ---- a database made elsewhere ---------------------------------------------------------------------
  {
    // Its store keeps keys apart from the values (so it can hold a string, a number) and
    // has a record under a key other than its id.
    const { context, page: p } = await open('-blank');
    const r = await p.evaluate(async (good) => {
      await new Promise((ok, fail) => {
        const req = indexedDB.open('takhte-nard', 1);
        req.onupgradeneeded = () => {
          const store = req.result.createObjectStore('matches');
          store.put('just a string', 'k-string');
          store.put(42, 'k-number');
          store.put(good, 'k-other');
          store.put(good, good.id);
        };
        req.onsuccess = () => { req.result.close(); ok(); };
        req.onerror = () => fail(req.error);
      });
      await new Promise((ok, fail) => {
        const s = document.createElement('script');
        s.src = 'history.js';
        s.onload = ok;
        s.onerror = fail;
        document.body.append(s);
      });
      const h = window.nardHistory;
      const first = await h.list();
      await h.put({ ...good, id: 'm-new', date: good.date + 1 });
      return { first, second: await h.list(), got: await h.get('m-new'), warnings: window.warnings.length };
    }, entry(5));
    t.check(r.first.skipped === 3 && JSON.stringify(r.first.entries.map((e) => e.id)) === '["m-5"]' && r.warnings >= 3,
            `a database made elsewhere: a string, a number and a record under another key are skipped (${r.first.skipped})`);
    t.check(r.second.entries.length === 2 && r.got && r.got.id === 'm-new', '...and put/get still work in its store');
    await context.close();
  }
  {
    // A database of that name without the store (another version): one more version adds it.
    const { context, page: p } = await open('-blank');
    const r = await p.evaluate(async (good) => {
      await new Promise((ok, fail) => {
        const req = indexedDB.open('takhte-nard', 3);
        req.onsuccess = () => { req.result.close(); ok(); };
        req.onerror = () => fail(req.error);
      });
      const s = document.createElement('script');
      s.src = 'history.js';
      await new Promise((ok) => { s.onload = ok; document.body.append(s); });
      await window.nardHistory.put(good);
      const list = await window.nardHistory.list();
      const dbs = await indexedDB.databases();
      return { ids: list.entries.map((e) => e.id), version: (dbs.find((d) => d.name === 'takhte-nard') || {}).version };
    }, entry(6));
    t.check(JSON.stringify(r.ids) === '["m-6"]' && r.version === 4, `a database without the store gets it (version 3 -> ${r.version})`);
    await context.close();
  }

  // ---- the cap ------------------------------------------------------------------------------------------
  {
    const { context, page: p } = await open('');
    const r = await p.evaluate(async (base) => {
      const h = window.nardHistory;
      await h.list();   // makes the store
      const db = await new Promise((ok) => { const req = indexedDB.open('takhte-nard'); req.onsuccess = () => ok(req.result); });
      await new Promise((ok) => {
        const tx = db.transaction('matches', 'readwrite');
        tx.objectStore('matches').put({ id: 'd-undated', variant: 'standard' });
        tx.oncomplete = ok;
      });
      db.close();
      const t0 = performance.now();
      for (let i = 0; i < 505; i++) await h.put({ ...base, id: `c-${String(i).padStart(3, '0')}`, date: base.date + i * 1000 });
      const ms = performance.now() - t0;
      const full = await h.list();
      // An entry with an old date is kept when written; the oldest other one goes.
      await h.put({ ...base, id: 'c-old', date: 1e12 });
      const after = await h.list();
      return { ms, limit: h.limits.entries, count: full.entries.length, skipped: full.skipped, ids: full.entries.map((e) => e.id),
               after: after.entries.map((e) => e.id) };
    }, entry(7));
    t.check(r.limit === 500 && r.count === 500 && r.skipped === 0,
            `at most 500 entries: 506 written, ${r.count} kept, the damaged one went first (505 puts in ${Math.round(r.ms)} ms)`);
    t.check(r.ids[0] === 'c-504' && r.ids[499] === 'c-005' && !r.ids.includes('c-004'), `the oldest went (oldest kept ${r.ids[499]})`);
    t.check(r.after.length === 500 && r.after.includes('c-old') && !r.after.includes('c-005') && r.after[499] === 'c-old',
            'an entry just written stays even when it is the oldest; the next oldest goes');
    await context.close();
  }

  // ---- no IndexedDB -------------------------------------------------------------------------------------
  const blocked = {
    'open() throws': () => {
      IDBFactory.prototype.open = function () { throw new DOMException('The operation is insecure.', 'SecurityError'); };
    },
    'open() fails': () => {
      IDBFactory.prototype.open = function () {
        const req = { error: new DOMException('Internal error opening backing store', 'UnknownError') };
        setTimeout(() => req.onerror && req.onerror(new Event('error')), 0);
        return req;
      };
    },
    'window.indexedDB throws': () => {
      Object.defineProperty(window, 'indexedDB', { get() { throw new DOMException('Access denied', 'SecurityError'); } });
    },
  };
  for (const [what, init] of Object.entries(blocked)) {
    const { context, page: p } = await open('-boot', init);
    const r = await p.evaluate(async (good) => {
      const h = window.nardHistory;
      const out = {};
      try {
        out.list = await h.list();
        out.get = await h.get('m-1');
        out.remove = await h.remove('m-1');
        out.put = await h.put(good).then(() => 'stored', (e) => e.message);
        out.available = await h.available();
        out.nardHistory = await window.nard.history();
        out.list2 = await h.list();
      } catch (e) {
        out.exception = String(e);
      }
      out.warnings = window.warnings.filter((w) => /match history/.test(w));
      return out;
    }, entry(1));
    t.check(!r.exception && r.list && r.list.entries.length === 0 && r.list.skipped === 0 && r.get === null &&
            r.available === false && Array.isArray(r.nardHistory) && r.nardHistory.length === 0,
            `${what}: an empty history, no exception (${r.exception || JSON.stringify(r.list)})`);
    t.check(/^match history unavailable/.test(r.put || ''), `${what}: put() is refused: "${r.put}"`);
    t.check(r.warnings.length === 1, `${what}: one console warning (${r.warnings.join(' | ')})`);
    await context.close();
  }

  // ---- boot.js: window.nard and the answers to the C++ side ----------------------------------------------
  {
    const { context, page: p } = await open('-boot');
    // A stand-in for nard.js: ccall records what the game would receive.
    await p.evaluate(() => {
      window.calls = [];
      window.answers = {};
      const waiting = new Set();
      window.record = (call) => {
        window.calls.push(call);
        for (const look of waiting) look();
      };
      window.Module.ccall = (name, ret, types, args) => {
        window.record({ via: 'ccall', action: args[0], arg: args[1] });
        const a = window.answers[args[0]];
        return typeof a === 'function' ? a(args[1]) : a || '';
      };
      // The first call of `action` (a name or a list of names) from calls[from] on, as
      // soon as it is made; null if none comes within 5 s.
      window.nextCall = (action, from = 0) => new Promise((done) => {
        const names = [].concat(action);
        const finish = (call) => { waiting.delete(look); clearTimeout(timer); done(call); };
        const look = () => {
          const c = window.calls.slice(from).find((x) => names.includes(x.action));
          if (c) finish(c);
        };
        const timer = setTimeout(() => finish(null), 5000);
        waiting.add(look);
        look();
      });
    });
    const early = await p.evaluate(async () => {
      const analyse = await window.nard.analyse().then(() => 'resolved', (e) => e.message);
      // Before the game runs the answer is held until then: once the history is read and
      // the tasks after it have run, nothing has been sent.
      const h = window.nardHistory;   // frozen: a stand-in that keeps the promise of list()
      let read = null;
      window.nardHistory = { ...h, list: (...args) => (read = h.list(...args)) };
      window.nard._historyList();
      window.nardHistory = h;
      if (!read) return { analyse, error: '_historyList() did not read the history' };
      await read;
      await new Promise((r) => setTimeout(r, 0));
      const before = window.calls.length;
      window.nard._ready();
      const after = await window.nextCall('historyList');
      return { analyse, before, after };
    });
    t.check(early.analyse === 'the game is still loading', `analyse() before the game runs rejects (${early.analyse})`);
    t.check(!early.error && early.before === 0 && early.after && JSON.parse(early.after.arg).entries.length === 0,
            `an answer asked for before the game runs is sent once it runs (nard._ready)${early.error ? `: ${early.error}` : ''}`);

    const h = await p.evaluate(async ([e1, e2]) => {
      const n = window.nard;
      const from = window.calls.length;
      // As the C++ side does: store, then ask for the list at once.
      n._historyPut(JSON.stringify(e1));
      n._historyPut(JSON.stringify(e2));
      n._historyPut('{not json');
      n._historyPut(JSON.stringify({ id: 'x' }));
      n._historyList();
      const list = JSON.parse((await window.nextCall('historyList', from)).arg);
      const history = await n.history();
      let c = window.calls.length;
      n._historyEntry(e1.id);
      const got = JSON.parse((await window.nextCall('historyEntry', c)).arg);
      c = window.calls.length;
      n._historyEntry('m-nobody');
      const missing = JSON.parse((await window.nextCall('historyEntry', c)).arg);
      c = window.calls.length;
      n._historyRemove(e1.id);
      const afterRemove = JSON.parse((await window.nextCall('historyList', c)).arg);
      // The C++ side's own way in (web_bridge.cpp's reply function) takes over from ccall.
      n._setReply((action, text) => { window.record({ via: 'reply', action, arg: text }); return ''; });
      c = window.calls.length;
      n._historyList();
      const viaReply = await window.nextCall('historyList', c);
      n._setReply(null);
      return { list, history, got, missing, afterRemove, via: viaReply && viaReply.via,
               warnings: window.warnings.filter((w) => /match history/.test(w)) };
    }, [entry(1), entry(2)]);
    t.check(JSON.stringify(h.list.entries.map((e) => e.id)) === '["m-2","m-1"]' && h.list.skipped === 0,
            `historyPut then historyRequestList: nard_api('historyList') has both, newest first`);
    t.check(h.list.entries.every((e) => sameKeys(e, SUMMARY)), '...as summaries');
    t.check(JSON.stringify(h.history) === JSON.stringify(h.list.entries), 'window.nard.history() gives the same summaries');
    t.check(JSON.stringify(h.got) === JSON.stringify(entry(1)), "historyRequestEntry: nard_api('historyEntry') has the whole entry");
    t.check(h.missing.id === 'm-nobody' && h.missing.error === 'not found', `...or {id, error: 'not found'} (${JSON.stringify(h.missing)})`);
    t.check(JSON.stringify(h.afterRemove.entries.map((e) => e.id)) === '["m-2"]', "historyRemove: then nard_api('historyList') without it");
    t.check(h.via === 'reply', 'answers go through the reply function the C++ side installs');
    t.check(h.warnings.length === 2 && /unreadable entry/.test(h.warnings[0]) && /invalid entry/.test(h.warnings[1]),
            `historyPut of bad JSON or an invalid entry: a console warning (${h.warnings.join(' | ')})`);

    // analyse()
    const a = await p.evaluate(async () => {
      const n = window.nard;
      const out = {};
      let from = window.calls.length;
      const p1 = n.analyse();
      const p2 = n.analyse();
      out.shared = p1 === p2;
      out.asked = window.calls.slice(from).filter((c) => c.action === 'analyse').length;
      n._analysisDone(JSON.stringify({ players: [{ name: 'Ali', pr: 4.2 }, { name: 'Sara', pr: 9.1 }], decisions: [] }));
      out.result = await p1;
      n._analysisDone('{}');   // none waiting: nothing happens
      window.answers.analyse = 'there is no match to analyse';
      out.refused = await n.analyse().then(() => 'resolved', (e) => e.message);
      window.answers.analyse = '';
      const p3 = n.analyse();
      n._analysisFailed('the match was closed');
      out.failed = await p3.then(() => 'resolved', (e) => e.message);
      const p4 = n.analyse();
      n._analysisDone('{"players": [');
      out.unreadable = await p4.then(() => 'resolved', (e) => e.message);
      window.answers.analyse = () => { n._analysisDone('{"decisions":[1]}'); return ''; };
      out.immediate = await n.analyse();
      window.answers.analyse = '';
      return out;
    });
    t.check(a.shared && a.asked === 1, 'analyse() called twice while running: one request, one Promise');
    t.check(a.result && a.result.players[1].name === 'Sara' && a.result.players[1].pr === 9.1, '_analysisDone(json) resolves it with the parsed analysis');
    t.check(a.refused === 'there is no match to analyse', `a refusal of the game rejects with its reason (${a.refused})`);
    t.check(a.failed === 'the match was closed', `_analysisFailed(why) rejects with why (${a.failed})`);
    t.check(/could not be read/.test(a.unreadable), `unreadable analysis JSON rejects (${a.unreadable})`);
    t.check(a.immediate && a.immediate.decisions[0] === 1, 'an analysis settled during the request itself resolves too');

    // downloadText: a Blob download with a safe name.
    const names = [['../../evil/ma<t>ch:1?.mat', 'ma_t_ch_1_.mat'], ['', 'match.txt'], ['CON.mat', '_CON.mat'],
                   ['\u202Etam.exe', '_tam.exe'], ['..hidden.mat.', 'hidden.mat'], ['بازی ۱.mat', 'بازی ۱.mat'],
                   [`${'a'.repeat(300)}.mat`, `${'a'.repeat(116)}.mat`]];
    for (const [given, expected] of names) {
      const [download] = await Promise.all([
        p.waitForEvent('download', { timeout: 10000 }),
        p.evaluate(([name]) => window.nard._downloadText(name, 'Game 1\n 1) 31: 8/5 6/5 é'), [given]),
      ]);
      const body = await downloadText(download);
      t.check(download.suggestedFilename() === expected && body === 'Game 1\n 1) 31: 8/5 6/5 é',
              `downloadText(${JSON.stringify(given.slice(0, 24))}) saves "${download.suggestedFilename().slice(0, 24)}" with the text`);
    }

    // pickTextFile: the chooser, then the text (or the refusal) to nard_api.
    async function pick(file) {
      const from = await p.evaluate(() => window.calls.length);
      const [chooser] = await Promise.all([p.waitForEvent('filechooser', { timeout: 10000 }),
                                           p.evaluate(() => window.nard._pickTextFile())]);
      await chooser.setFiles(file);
      return p.evaluate(async (from) => {
        const c = await window.nextCall(['importMat', 'importFailed'], from);
        return c ? { action: c.action, arg: c.arg, accept: document.querySelector('input[type=file]').accept } : {};
      }, from);
    }
    const mat = ' 5 point match\n\n Game 1\n Ali : 0                 Sara : 0\n  1) 31: 8/5 6/5\n';
    let r = await pick({ name: 'a.mat', mimeType: 'text/plain', buffer: Buffer.from(mat) });
    t.check(r.action === 'importMat' && r.arg === mat && r.accept === '.mat,.txt,text/plain',
            `pickTextFile: the chosen file's text goes to nard_api('importMat') (accept ${r.accept})`);
    r = await pick({ name: 'same.mat', mimeType: 'text/plain', buffer: Buffer.from(mat) });
    t.check(r.action === 'importMat', 'the chooser opens again, for another file');
    r = await pick({ name: 'old.mat', mimeType: 'text/plain', buffer: Buffer.from([0x20, 0x41, 0x6c, 0xe9, 0x00, 0x0a]) });
    t.check(r.action === 'importMat' && r.arg === ' Al\u00e9\ufffd\n', `not UTF-8: read as Windows-1252, a NUL made visible (${JSON.stringify(r.arg)})`);
    r = await pick({ name: 'big.mat', mimeType: 'text/plain', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 0x41) });
    t.check(r.action === 'importFailed' && /too large/.test(r.arg), `over 2 MB: nard_api('importFailed', "${r.arg}")`);
    await context.close();
  }

  t.check(problems.length === 0, `no page errors or console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
});
