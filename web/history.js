// The match history: finished, imported and in-progress matches kept in IndexedDB
// (database 'takhte-nard', object store 'matches', keyed by `id`). IndexedDB rather than
// localStorage because an entry carries a whole .mat record and a saved session (up to
// 4 MB, where localStorage has about 5 MB for everything and blocks the page to write).
//
//   window.nardHistory.put(entry)   stores (or replaces, same id) one entry; rejects with
//                                   an Error saying why when it is invalid or not stored
//   window.nardHistory.list()       {entries: summaries newest first, skipped: damaged
//                                   records left out (one console.warn each)}
//   window.nardHistory.get(id)      the whole entry, or null
//   window.nardHistory.remove(id)   deletes it (nothing when there is none)
//   window.nardHistory.available()  false where the browser gives no IndexedDB
//
// Every call returns a Promise and never throws. Where IndexedDB is unavailable (private
// mode, storage blocked in a third-party frame, open() failing) list() gives an empty
// list, get() null, remove() nothing, put() rejects; one console.warn says why, and the
// game goes on without a history. Entries and summaries are described in
// docs/EMBEDDING.md; C++ reaches this file through web/boot.js (window.nard._history*).
'use strict';
(function () {
  const DB_NAME = 'takhte-nard';
  const STORE = 'matches';
  const DATE_INDEX = 'date';
  const MAX_ENTRIES = 500;
  const MAX_BYTES = 4 * 1024 * 1024;   // one entry as JSON, UTF-8
  // A broken or never-answering open() (seen in some Safari versions) must not leave the
  // history waiting for ever.
  const OPEN_TIMEOUT_MS = 10000;
  const VARIANTS = ['standard', 'nackgammon', 'hyper', 'longnard'];
  const RULES = ['modern', 'traditional'];
  const SUMMARY_FIELDS = ['id', 'date', 'variant', 'rules', 'length', 'score', 'names', 'pr', 'finished', 'imported'];

  // Why a record is not an entry ('' when it is one). The same test refuses a put and
  // skips a damaged record in list(), so whatever put() accepts is listed again.
  // The bounds are far beyond any real match: they catch garbage, not long matches.
  function problem(e) {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return 'not an object';
    const isInt = (v, max) => Number.isInteger(v) && v >= 0 && v <= max;
    if (typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 200) return 'id: a string of 1 to 200 characters';
    if (typeof e.date !== 'number' || !(e.date > 0 && e.date <= 8.64e15)) return 'date: milliseconds since 1970';
    if (!VARIANTS.includes(e.variant)) return `variant: one of ${VARIANTS.join(', ')}`;
    if (!RULES.includes(e.rules)) return `rules: one of ${RULES.join(', ')}`;
    if (!isInt(e.length, 999)) return 'length: a whole number from 0 (money) to 999';
    if (!Array.isArray(e.score) || e.score.length !== 2 || !e.score.every((s) => isInt(s, 1e6)))
      return 'score: two whole numbers, 0 or more';
    if (!Array.isArray(e.names) || e.names.length !== 2 || !e.names.every((n) => typeof n === 'string' && n.length <= 200))
      return 'names: two strings of at most 200 characters';
    if (!Array.isArray(e.pr) || e.pr.length !== 2 ||
        !e.pr.every((p) => p === null || (typeof p === 'number' && p >= 0 && p <= 10000)))
      return 'pr: two numbers (0 or more) or nulls';
    if (typeof e.finished !== 'boolean') return 'finished: true or false';
    if (typeof e.imported !== 'boolean') return 'imported: true or false';
    if (typeof e.save !== 'string') return 'save: a string (may be empty)';
    if (typeof e.mat !== 'string') return 'mat: a string (may be empty)';
    return '';
  }
  // The known fields only, copied: what is stored and what is handed out.
  function summary(e) {
    const s = {};
    for (const k of SUMMARY_FIELDS) s[k] = Array.isArray(e[k]) ? e[k].slice() : e[k];
    return s;
  }
  function whole(e) { return Object.assign(summary(e), { save: e.save, mat: e.mat }); }

  // ---- the connection ---------------------------------------------------------------------
  // `connection` is a Promise of the open database, or of null once IndexedDB has proved
  // unavailable (then it stays null for this page: one warning, no retries).
  let connection = null;
  let why = '';

  function unavailable(reason) {
    why = reason;
    console.warn(`match history unavailable (${reason}); matches are not kept in this browser`);
    return null;
  }
  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error || new Error('IndexedDB request failed'));
    });
  }
  // Opens the database at its current version; a database without our store (made by
  // something else, or half made) gets it in one more version step.
  function openAt(version) {
    return new Promise((resolve, reject) => {
      let idb;
      try { idb = window.indexedDB; } catch (e) { throw new Error(`no access to IndexedDB: ${e.message}`); }
      if (!idb) throw new Error('this browser has no IndexedDB');
      const req = version ? idb.open(DB_NAME, version) : idb.open(DB_NAME);
      let timedOut = false;
      const timer = setTimeout(() => { timedOut = true; reject(new Error('IndexedDB did not answer')); }, OPEN_TIMEOUT_MS);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(STORE))
          db.createObjectStore(STORE, { keyPath: 'id' }).createIndex(DATE_INDEX, 'date');
      };
      req.onsuccess = () => {
        clearTimeout(timer);
        if (timedOut) { req.result.close(); return; }
        resolve(req.result);
      };
      req.onerror = () => { clearTimeout(timer); reject(req.error || new Error('IndexedDB could not be opened')); };
      // Another tab holds an older version open: it closes on 'versionchange' (below), so
      // this only waits; the timeout covers a tab that never lets go.
      req.onblocked = () => {};
    });
  }
  async function connect() {
    let db = await openAt(0);
    if (!db.objectStoreNames.contains(STORE)) {
      const next = db.version + 1;
      db.close();
      db = await openAt(next);
    }
    // Another tab upgrading, or the browser dropping the database (storage cleared):
    // let go, and open again on the next call.
    const forget = () => { db.close(); connection = null; };
    db.onversionchange = forget;
    db.onclose = () => { connection = null; };
    return db;
  }
  function database() {
    if (!connection) connection = connect().catch((e) => unavailable(e && e.message ? e.message : String(e)));
    return connection;
  }

  // One transaction on the store; `body(store, setResult)` issues its requests. Resolves
  // with the result when the transaction has committed, rejects when it aborts.
  function transact(db, mode, body) {
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = db.transaction(STORE, mode);
      } catch (e) {
        connection = null;   // a closing connection: open again next time
        throw e;
      }
      let result;
      tx.oncomplete = () => resolve(result);
      tx.onabort = () => reject(tx.error || new Error('the browser cancelled the storage operation'));
      body(tx.objectStore(STORE), (v) => { result = v; });
    });
  }
  // A store made by this file has keyPath 'id'; one made elsewhere may want the key given.
  function putInto(store, value) { return store.keyPath === 'id' ? store.put(value) : store.put(value, value.id); }

  // Removes the oldest records until at most MAX_ENTRIES remain, never `keep` (the entry
  // just written). Records with no usable date (damaged) count as the oldest.
  function enforceCap(store, keep) {
    const count = store.count();
    count.onsuccess = () => {
      const excess = count.result - MAX_ENTRIES;
      if (excess <= 0) return;
      const dated = new Map();
      const finish = (allKeys) => {
        const order = allKeys.map((k) => [k, dated.has(k) ? dated.get(k) : -Infinity]).filter(([k]) => k !== keep);
        order.sort((a, b) => a[1] - b[1]);
        for (const [k] of order.slice(0, excess)) store.delete(k);
      };
      if (store.indexNames.contains(DATE_INDEX)) {
        const cursor = store.index(DATE_INDEX).openKeyCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (c) {
            if (typeof c.key === 'number') dated.set(c.primaryKey, c.key);
            c.continue();
            return;
          }
          const keys = store.getAllKeys();
          keys.onsuccess = () => finish(keys.result);
        };
      } else {
        const all = [];
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) { finish(all); return; }
          all.push(c.primaryKey);
          if (c.value && typeof c.value.date === 'number') dated.set(c.primaryKey, c.value.date);
          c.continue();
        };
      }
    };
  }

  // Bytes of UTF-8; a text with more UTF-16 units than MAX_BYTES is over it anyway (each
  // unit is at least one byte), and is not encoded just to be refused.
  function utf8Length(text) {
    return text.length > MAX_BYTES ? text.length : new TextEncoder().encode(text).length;
  }
  const describe = (key) => { try { return JSON.stringify(key); } catch (e) { return String(key); } };

  // ---- the calls ----------------------------------------------------------------------------
  async function put(entry) {
    const bad = problem(entry);
    if (bad) throw new Error(`match history: invalid entry: ${bad}`);
    const clean = whole(entry);
    const size = utf8Length(JSON.stringify(clean));
    if (size > MAX_BYTES) throw new Error(`match history: the entry is too large to keep (over ${MAX_BYTES} bytes as JSON)`);
    const db = await database();
    if (!db) throw new Error(`match history unavailable (${why})`);
    try {
      await transact(db, 'readwrite', (store) => {
        putInto(store, clean);
        enforceCap(store, clean.id);
      });
    } catch (e) {
      const quota = e && e.name === 'QuotaExceededError';
      throw new Error(`match history: not saved (${quota ? 'the browser has no more storage for this site' : e && e.message})`);
    }
  }

  async function list() {
    const db = await database();
    if (!db) return { entries: [], skipped: 0 };
    const entries = [];
    const damaged = [];
    try {
      // A cursor rather than getAll(): one record in memory at a time, however large
      // their saved sessions are.
      await transact(db, 'readonly', (store) => {
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return;
          const bad = problem(c.value) || (c.value.id !== c.primaryKey ? 'its id is not its key' : '');
          if (bad) damaged.push([c.primaryKey, bad]);
          else entries.push(summary(c.value));
          c.continue();
        };
      });
    } catch (e) {
      console.warn(`match history could not be read: ${e && e.message}`);
      return { entries: [], skipped: 0 };
    }
    for (const [key, bad] of damaged) console.warn(`match history: damaged record ${describe(key)} left out (${bad})`);
    entries.sort((a, b) => b.date - a.date || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { entries, skipped: damaged.length };
  }

  async function get(id) {
    if (typeof id !== 'string' || !id) return null;
    const db = await database();
    if (!db) return null;
    let value;
    try {
      value = await transact(db, 'readonly', (store, done) => {
        const req = store.get(id);
        req.onsuccess = () => done(req.result);
      });
    } catch (e) {
      console.warn(`match history could not be read: ${e && e.message}`);
      return null;
    }
    if (value === undefined) return null;
    const bad = problem(value) || (value.id !== id ? 'its id is not its key' : '');
    if (bad) {
      console.warn(`match history: damaged record ${describe(id)} left out (${bad})`);
      return null;
    }
    return whole(value);
  }

  async function remove(id) {
    if (typeof id !== 'string' || !id) return;
    const db = await database();
    if (!db) return;
    try {
      await transact(db, 'readwrite', (store) => { store.delete(id); });
    } catch (e) {
      throw new Error(`match history: not removed (${e && e.message})`);
    }
  }

  // Wrapped so that nothing can throw before the Promise exists.
  const safe = (fn) => (...args) => { try { return fn(...args); } catch (e) { return Promise.reject(e); } };
  window.nardHistory = Object.freeze({
    put: safe(put),
    list: safe(list),
    get: safe(get),
    remove: safe(remove),
    available: safe(async () => !!(await database())),
    limits: Object.freeze({ entries: MAX_ENTRIES, bytes: MAX_BYTES }),
  });
})();
