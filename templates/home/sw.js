// Canasta Scorekeeper's service worker ({{ version }}): the app's files and every scorepad opened on this phone
// stay available without a network. Registered only over HTTPS and on localhost (static/js/app.js); on a club's
// plain-HTTP Wi-Fi there is none, and everything works as before.
//   - The app's static files (hashed names, never changing) are kept when the worker installs; asked again, they
//     come from the cache.
//   - A page (a scorepad, the lists, the home page) comes from the network when it answers, and a copy is kept;
//     without a network the kept copy is shown, with the totals and minimums it last had. Deals saved meanwhile
//     wait in static/js/offline.js's queue and are sent once when the network is back.
//   - A new version of the app has a new cache name: the new worker takes over at once and deletes every older
//     cache, so no phone mixes the old version's files with the new one's.
"use strict";

var CACHE = "scorekeeper-{{ version }}";
var FILES = {{ files|tojson }};
// The pages kept for offline use: the home page, the lists and a game's scorepad (/games/<its link>).
var KEPT_PAGE = /^\/(games\/([A-Za-z0-9_-]{22})?|tournaments\/|)$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf("scorekeeper-") === 0 && name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function keptPage(request) {
  var url = new URL(request.url);
  return url.origin === self.location.origin && KEPT_PAGE.test(url.pathname);
}

// A page: the network's answer (kept), else the copy kept last time.
function page(request) {
  return fetch(request).then(function (response) {
    if (response.ok && keptPage(request)) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request.url, copy); });
    }
    return response;
  }, function (error) {
    return caches.match(request.url, { ignoreVary: true }).then(function (kept) {
      if (kept) { return kept; }
      throw error;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  if (request.mode === "navigate") { event.respondWith(page(request)); return; }
  if (new URL(request.url).pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (kept) {
      return kept || fetch(request);
    }));
  }
});

// A scorepad changed while open (a deal saved, another phone's deal shown): keep its page as it is now.
self.addEventListener("message", function (event) {
  var path = event.data && event.data.keep;
  if (typeof path !== "string" || !KEPT_PAGE.test(path)) { return; }
  event.waitUntil(fetch(path, { credentials: "same-origin" }).then(function (response) {
    if (response.ok) { return caches.open(CACHE).then(function (cache) { return cache.put(path, response); }); }
  }).catch(function () { /* offline: the copy kept before stays */ }));
});
