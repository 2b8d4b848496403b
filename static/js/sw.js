// The service worker. /sw.js serves this file after two lines that set self.CACHE_VERSION and
// self.PRECACHE (the app shell: the offline page, static files, the public rules pages).
//
// What it keeps: static files (cache first), the public rules pages (network first, the copy when
// offline) and the offline page. What it never keeps: member pages, htmx fragments, API responses
// and anything but a GET. A page it cannot fetch opens the offline page, which lists the hands
// waiting on this phone and reloads when the connection returns.
"use strict";
const CACHE = "ramo-keeper-" + self.CACHE_VERSION;
const OFFLINE_URL = self.PRECACHE.offline;
const PUBLIC_PAGES = new Set(self.PRECACHE.pages);
const STATIC_PREFIX = self.PRECACHE.static_prefix;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll([OFFLINE_URL].concat(self.PRECACHE.pages, self.PRECACHE.files)); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.filter(function (k) { return k.startsWith("ramo-keeper-") && k !== CACHE; })
          .map(function (k) { return caches.delete(k); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

function cacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (hit) { return hit || caches.match(OFFLINE_URL); });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // htmx fragments share their page's URL; they are never cached (boosted links fetch whole pages).
  if (request.headers.get("HX-Request") && !request.headers.get("HX-Boosted")) return;
  if (url.pathname.startsWith(STATIC_PREFIX) && !url.search) {
    event.respondWith(cacheFirst(request));
  } else if (PUBLIC_PAGES.has(url.pathname)) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === "navigate") {
    // Member pages go to the network only; without one, the offline page answers.
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE_URL, { ignoreVary: true }); }));
  }
});
