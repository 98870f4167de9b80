// Canasta Scorekeeper's service worker ({{ version }}): the app's files and every scorepad opened on this phone
// stay available without a network. Registered only over HTTPS and on localhost (static/js/app.js); on a club's
// plain-HTTP Wi-Fi there is none, and everything works as before.
//   - The app's static files (hashed names, never changing) are kept when the worker installs; asked again, they
//     come from the cache.
//   - A page (a scorepad, the lists, the home page) comes from the network when it answers, and a copy is kept;
//     without a network the kept copy is shown, with the totals and minimums it last had. Deals saved meanwhile
//     wait in static/js/offline.js's queue and are sent once when the network is back. The first open of a link
//     came from the network before this worker existed: the page asks it to keep itself the moment it controls
//     the page (static/js/app.js), and again whenever the scorepad changes in place.
//   - A page that is gone goes from the phone too: a 404 or 410 for a page, or for a scorepad's poll (a game
//     another phone deleted), drops the kept copy, and so does this phone moving the game to the bin (its POST to
//     /games/<link>/delete answered with a redirect).
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

// The kept page a path belongs to: "/games/<link>" for the game's own pages and requests, or the path itself.
function pageOf(path) {
  var game = /^\/games\/[A-Za-z0-9_-]{22}/.exec(path);
  return game ? game[0] : path;
}

// Forget the kept copy of the page ``path`` belongs to.
function forget(path) {
  return caches.open(CACHE).then(function (cache) {
    return cache.delete(pageOf(path), { ignoreSearch: true, ignoreVary: true });
  });
}

// An answer saying its page is gone (404, 410) drops the page's copy.
function watch(request, response) {
  if (response.status === 404 || response.status === 410) {
    forget(new URL(request.url).pathname);
  }
  return response;
}

// A page: the network's answer (kept), else the copy kept last time.
function page(request) {
  return fetch(request).then(function (response) {
    if (response.ok && keptPage(request)) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request.url, copy); });
    }
    return watch(request, response);
  }, function (error) {
    return caches.match(request.url, { ignoreVary: true }).then(function (kept) {
      if (kept) { return kept; }
      throw error;
    });
  });
}

// This phone moves a game to the bin: once the server agrees (a redirect), its kept copy goes too.
function deleting(request) {
  var path = new URL(request.url).pathname;
  return fetch(request).then(function (response) {
    if (response.type === "opaqueredirect" || response.redirected || (response.status >= 300 && response.status < 400)) {
      return forget(path).then(function () { return response; });
    }
    return response;
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST" && /^\/games\/[A-Za-z0-9_-]{22}\/delete$/.test(url.pathname)) {
    event.respondWith(deleting(request));
    return;
  }
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate") { event.respondWith(page(request)); return; }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (kept) {
      return kept || fetch(request);
    }));
    return;
  }
  if (/^\/games\/[A-Za-z0-9_-]{22}\/scoreboard$/.test(url.pathname)) {  // the scorepad's poll: is the game there?
    event.respondWith(fetch(request).then(function (response) { return watch(request, response); }));
  }
});

// A scorepad changed while open (a deal saved, another phone's deal shown): keep its page as it is now.
self.addEventListener("message", function (event) {
  var path = event.data && event.data.keep;
  if (typeof path !== "string" || !KEPT_PAGE.test(path)) { return; }
  event.waitUntil(fetch(path, { credentials: "same-origin" }).then(function (response) {
    if (response.ok) { return caches.open(CACHE).then(function (cache) { return cache.put(path, response); }); }
    if (response.status === 404 || response.status === 410) { return forget(path); }
  }).catch(function () { /* offline: the copy kept before stays */ }));
});
