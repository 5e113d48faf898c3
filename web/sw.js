// The service worker: after one visit the game starts without a network.
// Built from web/sw.js by cmake/ServiceWorker.cmake, which fills in VERSION (a hash of
// every shipped file) and FILES (their names). Registered by boot.js.
//
// install:  every shipped file goes into one cache named after the version, fetched
//           past the HTTP cache so the cache holds exactly this build;
// activate: caches of other versions are deleted; open pages are taken over at once;
// fetch:    cache first (the game's own files never change within a version), network
//           for anything else; the query is ignored, so ./?variant=hyper&lang=fa is
//           served the cached page too.
'use strict';
const VERSION = '@VERSION@';
const CACHE = 'takhte-nard-' + VERSION;
const PREFIX = 'takhte-nard-';
const FILES = [/*@FILES@*/];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(['./', ...FILES].map((f) => new Request(f, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return await cache.match(request, { ignoreSearch: true }) || fetch(request);
  })());
});
