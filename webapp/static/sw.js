/* Headframe service worker: makes the companion installable and lets it open without the
   server. Static files (CSS, JS, icons) come from the cache first, refreshed in the
   background; pages and the API always try the network first, because a table's state must
   be current, and fall back to the last copy only when the network is gone. */
'use strict';
var VERSION = 'headframe-v1';
var STATIC = [
  '/', '/join', '/manifest.webmanifest',
  '/static/css/app.css', '/static/js/app.js', '/static/js/table.js',
  '/static/icons/icon.svg', '/static/icons/icon-192.png', '/static/icons/icon-512.png'
];

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(VERSION).then(function (cache) { return cache.addAll(STATIC); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== VERSION; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function networkFirst(request, keep) {
  return fetch(request).then(function (response) {
    if (keep && response.ok) {
      var copy = response.clone();
      caches.open(VERSION).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request).then(function (hit) { return hit || caches.match('/'); });
  });
}

function cacheFirst(request) {
  return caches.match(request).then(function (hit) {
    var fresh = fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(VERSION).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
    return hit || fresh;
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;           // actions always go to the server
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf('/api/') === 0) return;  // live state: never from a cache
  if (url.pathname.indexOf('/static/') === 0) { event.respondWith(cacheFirst(request)); return; }
  // Pages: keep the last copy of plain pages for offline opening, but not live fragments.
  event.respondWith(networkFirst(request, !/\/fragment$/.test(url.pathname)));
});
