// The service worker. /sw.js serves this file after two lines that set self.CACHE_VERSION and
// self.PRECACHE (the app shell: the offline page, static files, the public rules pages).
//
// What it keeps: static files (cache first), the public rules pages (network first, the copy when
// offline) and the offline page, and the open game of whoever records on this phone, a member's or a
// Play-now guest's (see keepGame). What it never
// keeps: other member pages, htmx fragments, API responses
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
    // Member pages go to the network only; without one, the offline page answers, except a game the
    // server marked X-Keep-Offline (a game this phone records: a member's or a guest's): its last copy answers, and the app
    // opened offline on "/" or "/play" lands on it.
    const generation = keptGeneration;
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && response.headers.get("X-Keep-Offline")) {
        event.waitUntil(keepGame(url.pathname, response.clone(), generation));
      }
      return response;
    }).catch(function () {
      const last = url.pathname === "/" || url.pathname === "/play" ? LAST_GAME : url.pathname;
      return caches.open(GAMES).then(function (cache) { return cache.match(last, { ignoreVary: true }); })
        .then(function (hit) { return hit || caches.match(OFFLINE_URL, { ignoreVary: true }); });
    }));
  }
});

// The games kept for no signal: each by its path, and the last one opened under LAST_GAME.
const GAMES = "ramo-games";
const LAST_GAME = "/__last-game";
// Logging out forgets the kept games. A copy still on its way then (a page's answer read after the
// member tapped Log out) must not land after the forgetting: each copy carries the generation it was
// fetched in, and a logout starts a new one. (A worker stopped and restarted has no copy on its way.)
let keptGeneration = 0;
function keepGame(path, response, generation) {
  return caches.open(GAMES).then(function (cache) {
    return response.text().then(function (html) {
      if (generation !== keptGeneration) return;
      const headers = { "Content-Type": "text/html; charset=utf-8" };
      return Promise.all([cache.put(path, new Response(html, { headers: headers })),
                          cache.put(LAST_GAME, new Response(html, { headers: headers }))]);
    });
  });
}

// The offline page and the rules pages were copied as the member saw them: their name in the menu.
// At logout they are copied again as anyone sees them, in the language the phone was showing.
function keepShellAnonymous(language) {
  const headers = typeof language === "string" && /^[a-z]{2}$/.test(language) ? { "Accept-Language": language } : {};
  return caches.open(CACHE).then(function (cache) {
    return Promise.all([OFFLINE_URL].concat(Array.from(PUBLIC_PAGES)).map(function (path) {
      return fetch(path, { credentials: "omit", headers: headers }).then(function (response) {
        return response.ok ? cache.put(path, response) : cache.delete(path);
      }).catch(function () { /* no signal: the copies stay until the next visit refreshes them */ });
    }));
  });
}

self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.type === "forget-games") {
    keptGeneration += 1;
    event.waitUntil(Promise.all([caches.delete(GAMES), keepShellAnonymous(data.language)]));
    return;
  }
  // The page asks for a fresh copy after each hand (the copy must show the next hand's form).
  if (data.type !== "keep-game" || typeof data.path !== "string" || !data.path.startsWith("/games/")) return;
  const generation = keptGeneration;
  // The last copy asked for, settled once it is kept or dropped: whoever must know (the browser tests) awaits it
  // instead of guessing how long a copy takes.
  self.lastKeep = fetch(data.path, { credentials: "same-origin" }).then(function (response) {
    if (response.ok && response.headers.get("X-Keep-Offline")) return keepGame(data.path, response, generation);
  }).catch(function () {});
  event.waitUntil(self.lastKeep);
});
