// The service worker: after one visit the page runs offline. tools/site
// writes the build's version and its files into the two constants below
// (a new build is a new worker, whose cache replaces the old one).
// Online, every file comes from the network, so that a new build shows at
// once; offline, from the cache that the worker's install filled. The
// browser asks for each file compressed (tools/serve sends the brotli or
// gzip copy make dist wrote) and decodes it: the cache holds what was sent,
// decoded, under the file's own name.
"use strict";
const VERSION = "dev";
const FILES = [];
const CACHE = "nnlrs-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("nnlrs-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  e.respondWith(
    fetch(req).catch(() =>
      caches.match(req, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || Response.error())),
  );
});
