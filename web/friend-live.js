// Friend play live (issue 31; docs/FRIEND-PLAY.md, "Live"): while both friends have the
// match open, the messages friend play makes as links travel over a WebRTC data channel
// instead. The two pages find each other through a PeerJS signaling server (the npm
// package `peer`, run by the site or by tools/play), named by the page's address:
//
//   ?signal=wss://example.org/nard      the server's URL (ws: or wss:, its --path)
//   &stun=stun:stun.example.org:3478    a STUN server, only where the site names one
//
// This is our own small client of that server's WebSocket protocol (no PeerJS library):
// connect to <signal>/peerjs?key=peerjs&id=ID&token=TOKEN, wait for OPEN, relay OFFER /
// ANSWER / CANDIDATE to the other side's id, HEARTBEAT to stay registered. The ids come
// from the match tag and the side (nard-<tag>-<side>), so the invitation is all either
// side needs; the host (side 0) makes the offers, the guest answers.
//
// What travels is exactly a link's payload, and what arrives goes to the game as an
// opened link (nard_api 'friendReceive'), with every check a link gets. On each
// (re)connection both sides send their latest message: the one the other already holds
// is answered "old-link" and ignored, the one it missed (a drop mid-turn) is applied, so
// play resumes from the stored match. No server, no friend online: links, as before.
'use strict';
(function () {
  const MAX_URL = 300;          // a signaling or STUN address longer than this is refused
  const MAX_PAYLOAD = 4096;     // links are a few hundred characters (docs/FRIEND-PLAY.md)
  const POLL_MS = 200;          // how often the page looks for a new outgoing message
  const OFFER_RETRY_MS = 3000;  // the host offers again while no answer has come
  // Once the guest has answered, the connection is given this long to open before the host
  // starts again: on a loaded machine ICE, DTLS and SCTP can take longer than OFFER_RETRY_MS,
  // and a new offer then would tear down each connection just before it opened, again and
  // again (a live test once waited 20 s for a turn beside another suite). A connection that
  // fails is replaced at once anyway (onconnectionstatechange).
  const ANSWERED_WAIT_MS = 15000;
  // A connection 'disconnected' this long is given up and started again. When the friend's
  // page goes without closing the channel (a closed tab, a lost network), the browser only
  // calls the connection 'failed' after its ICE checks have run out, 15 s or more; until
  // then the page would say nothing. A short loss that heals within this time stays.
  const DISCONNECTED_MS = 4000;
  const HEARTBEAT_MS = 20000;   // the server drops a client silent for 60 s
  const RESEND_MS = 5000;       // a side waiting this long with nothing heard sends its latest again
  const KEY = 'peerjs';         // the server's default --key
  const params = new URLSearchParams(window.location.search);

  // A site's URL parameter, checked before anything connects to it: a ws:/wss: URL of
  // bounded length, without credentials, query or fragment; anything else is refused with
  // a warning, and play stays by links.
  function signalBase(raw) {
    if (raw == null) return null;
    const refuse = (why) => { console.warn(`live play off: ?signal= ${why}; playing by links`); return null; };
    if (raw.length > MAX_URL) return refuse(`is longer than ${MAX_URL} characters`);
    let u;
    try { u = new URL(raw); } catch (e) { return refuse('is not a URL'); }
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') return refuse('must be a ws: or wss: URL');
    if (u.username || u.password || u.search || u.hash) return refuse('must have no user, query or fragment');
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  }
  function stunServers(raw) {
    if (raw == null) return [];
    if (raw.length <= MAX_URL && /^stuns?:[A-Za-z0-9.\-:[\]]+$/.test(raw)) return [{ urls: raw }];
    console.warn('?stun= must be a stun: address; none used');
    return [];
  }
  const base = signalBase(params.get('signal'));
  const iceServers = stunServers(params.get('stun'));
  // The links this page makes carry the same parameters (web_bridge.cpp reads this).
  if (base) {
    const q = new URLSearchParams({ signal: params.get('signal') });
    if (iceServers.length) q.set('stun', params.get('stun'));
    window.nardLive = { linkQuery: `?${q}` };
  }

  const random = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  const isPayload = (p) => typeof p === 'string' && p.length > 0 && p.length <= MAX_PAYLOAD && /^[A-Za-z0-9_-]+$/.test(p);
  const payloadOf = (link) => { const i = (link || '').indexOf('#friend='); return i < 0 ? '' : link.slice(i + 8); };
  const api = (action, arg) => window.Module.ccall('nard_api', 'string', ['string', 'string'], [action, arg]);

  let session = null;   // the live connection of the match on the board, or null
  let shownState = 'links';

  function setState(state) {
    if (state === shownState) return;
    shownState = state;
    const error = api('friendLive', state);
    if (error) console.warn(`live play: ${error}`);
  }

  // One match's connection: the signaling socket, and one peer connection at a time.
  function Session(tag, side) {
    const me = `nard-${tag}-${side}`, friendId = `nard-${tag}-${1 - side}`;
    // The same token after a reload (sessionStorage): the server then gives this tab its
    // id back at once instead of answering ID-TAKEN until the old socket has closed.
    const tokenKey = `nard.live.token.${tag}`;
    let token = null;
    try { token = sessionStorage.getItem(tokenKey); } catch (e) { /* storage blocked (a framed page) */ }
    if (!token || !/^[0-9a-f]{24}$/.test(token)) {
      token = random();
      try { sessionStorage.setItem(tokenKey, token); } catch (e) { /* the same: a new token each time */ }
    }
    let ws = null, registered = false, closed = false;
    let pc = null, channel = null, connection = '', remoteSet = null, lastSent = '', answered = false;
    let quietSince = Date.now();   // the last message heard, sent or sent again
    let retryDelay = 1000, timers = [];
    const later = (fn, ms) => { const id = setTimeout(() => { timers = timers.filter((t) => t !== id); fn(); }, ms); timers.push(id); };
    const heartbeat = setInterval(() => { if (registered) signal({ type: 'HEARTBEAT' }); }, HEARTBEAT_MS);

    function signal(message) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    }
    function connectSignal() {
      if (closed) return;
      const q = new URLSearchParams({ key: KEY, id: me, token });
      try {
        ws = new WebSocket(`${base}/peerjs?${q}`);
      } catch (e) {
        console.warn(`live play: the signaling server cannot be reached (${e.message}); playing by links`);
        return;
      }
      ws.onmessage = (ev) => onSignal(ev.data);
      ws.onclose = () => {
        registered = false;
        ws = null;
        if (closed) return;
        if (!live()) setState('links');
        // Try again later, less and less often: the server may come (back).
        later(connectSignal, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 30000);
      };
    }
    function onSignal(data) {
      let m;
      try { m = JSON.parse(data); } catch (e) { return; }
      if (!m || typeof m !== 'object' || typeof m.type !== 'string') return;
      if (m.type === 'OPEN') {
        registered = true;
        retryDelay = 1000;
        if (!live()) setState('connecting');
        if (side === 0 && !live()) offer();
        return;
      }
      if (m.type === 'ID-TAKEN' || m.type === 'ERROR') {
        // ID-TAKEN: this match's side is open in another tab (or the old socket of a
        // reload lingers); the retry of onclose tries again.
        console.warn(`live play: the signaling server says ${m.type}${m.payload && m.payload.msg ? ` (${m.payload.msg})` : ''}`);
        return;
      }
      // Only this match's friend. (LEAVE and EXPIRE, an offer to a friend not yet online,
      // need nothing: the host offers again every few seconds until a channel opens.)
      if (m.src !== friendId) return;
      const p = m.payload && typeof m.payload === 'object' ? m.payload : {};
      if (m.type === 'OFFER' && side === 1) answer(p);
      else if (m.type === 'ANSWER' && side === 0 && p.connectionId === connection && pc && p.sdp) {
        answered = true;
        pc.setRemoteDescription(p.sdp).then(remoteSet.resolve, (e) => console.warn(`live play: answer refused (${e.message})`));
      }
      else if (m.type === 'CANDIDATE' && p.connectionId === connection && pc && p.candidate)
        remoteSet.promise.then(() => pc && pc.addIceCandidate(p.candidate)).catch(() => {});
    }

    function newPeer(id) {
      dropPeer();
      connection = id;
      answered = false;
      pc = new RTCPeerConnection({ iceServers });
      let resolve;
      remoteSet = { promise: new Promise((r) => { resolve = r; }), resolve: () => resolve() };
      const mine = pc;
      pc.onicecandidate = (e) => {
        if (e.candidate && pc === mine) signal({ type: 'CANDIDATE', dst: friendId, payload: { candidate: e.candidate.toJSON(), connectionId: id } });
      };
      pc.onconnectionstatechange = () => {
        if (pc !== mine) return;
        if (['failed', 'closed'].includes(mine.connectionState)) lost();
        else if (mine.connectionState === 'disconnected')
          later(() => { if (pc === mine && mine.connectionState === 'disconnected') lost(); }, DISCONNECTED_MS);
      };
    }
    function dropPeer() {
      if (channel) { channel.onclose = null; channel.close(); }
      if (pc) pc.close();
      pc = null; channel = null; connection = '';
    }
    // The host: a new connection, its offer, and another one later unless it opened.
    async function offer() {
      if (closed || !registered || live()) return;
      const id = random();
      newPeer(id);
      const mine = pc;
      useChannel(pc.createDataChannel('nard', { ordered: true }));
      try {
        await mine.setLocalDescription(await mine.createOffer());
        if (pc === mine) signal({ type: 'OFFER', dst: friendId, payload: { sdp: mine.localDescription.toJSON(), connectionId: id, type: 'data' } });
      } catch (e) {
        console.warn(`live play: no offer (${e.message})`);
      }
      // Again later, unless it opened: soon while the guest has not answered (it may not be
      // online yet), after a longer wait once it has (the connection is on its way).
      let waited = false;
      const retry = () => {
        if (pc !== mine || live()) return;
        if (answered && !waited) { waited = true; later(retry, ANSWERED_WAIT_MS - OFFER_RETRY_MS); return; }
        offer();
      };
      later(retry, OFFER_RETRY_MS);
    }
    // The guest: a new offer replaces whatever connection it had.
    async function answer(p) {
      if (typeof p.connectionId !== 'string' || !p.sdp || typeof p.sdp !== 'object') return;
      newPeer(p.connectionId);
      const mine = pc;
      mine.ondatachannel = (e) => { if (pc === mine) useChannel(e.channel); };
      try {
        const set = remoteSet;   // this connection's: another offer may replace it meanwhile
        await mine.setRemoteDescription(p.sdp);
        set.resolve();
        await mine.setLocalDescription(await mine.createAnswer());
        if (pc === mine) signal({ type: 'ANSWER', dst: friendId, payload: { sdp: mine.localDescription.toJSON(), connectionId: p.connectionId, type: 'data' } });
      } catch (e) {
        console.warn(`live play: the offer could not be answered (${e.message})`);
      }
    }

    function useChannel(c) {
      channel = c;
      c.onopen = () => {
        if (channel !== c) return;
        setState('live');
        lastSent = '';
        poll(true);   // our latest message: the friend may have missed it
      };
      c.onclose = () => { if (channel === c) lost(); };
      c.onmessage = (ev) => receive(ev.data);
    }
    function lost() {
      dropPeer();
      if (closed) return;
      setState(registered ? 'connecting' : 'links');
      if (side === 0) later(offer, 500);
    }
    function live() { return !!channel && channel.readyState === 'open'; }

    function receive(data) {
      quietSince = Date.now();
      if (!isPayload(data)) {
        console.warn(`live play: a malformed message was ignored (${typeof data}, ${String(data).length} characters)`);
        return;
      }
      const code = api('friendReceive', data);
      // "old-link": a message this side already holds, sent again on a reconnection.
      if (code && code !== 'old-link') console.warn(`live play: friend message refused: ${code}`);
      poll(false);
    }
    // Sends this side's latest message once it has done its part (as the game offers a
    // link: not while it must still act), or on a new connection whatever it is. A side
    // that waits and hears nothing for RESEND_MS sends it again: a message sent on a
    // connection that was being replaced can be lost, and then both sides would wait for
    // ever; the friend answers one it holds "old-link", quietly.
    function poll(always) {
      if (!live()) return;
      const f = window.nard.friend();
      if (!f || !f.active || f.tag !== tag) return;
      const p = payloadOf(f.link);
      const again = !f.mustAct && Date.now() - quietSince > RESEND_MS;
      if (!isPayload(p) || (p === lastSent && !again) || (!always && f.mustAct)) return;
      try {
        channel.send(p);
        lastSent = p;
        quietSince = Date.now();
      } catch (e) {   // closing under us: sent again on the next connection
        console.warn(`live play: not sent (${e.message})`);
      }
    }

    connectSignal();
    return {
      tag, side, poll,
      close() {
        closed = true;
        clearInterval(heartbeat);
        timers.forEach(clearTimeout);
        dropPeer();
        if (ws) { ws.onclose = null; ws.close(); }
      },
    };
  }

  // Follows the match on the board: a session for it, none without one.
  function tick() {
    const f = window.nard.friend();
    const tag = f && f.active ? f.tag : null;
    if (session && (session.tag !== tag || session.side !== f.side)) {
      session.close();
      session = null;
      setState('links');
    }
    if (!session && tag) session = Session(tag, f.side);
    if (session) session.poll(false);
  }

  if (!base) return;   // no signaling server named: links only
  if (typeof RTCPeerConnection !== 'function' || typeof WebSocket !== 'function') {
    console.warn('live play off: this browser has no WebRTC; playing by links');
    return;
  }
  const start = () => window.nard.ready.then(() => setInterval(tick, POLL_MS), () => {});
  if (window.nard) start(); else window.addEventListener('DOMContentLoaded', start);
})();
