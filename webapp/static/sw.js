/* Headframe service worker: makes the companion installable and lets it open without the
   server. Static files (CSS, JS, icons) come from the cache first, refreshed in the
   background. Pages try the network first, because a table's state must be current, and fall
   back to the last copy only when the network is gone. The API and the live part of the table
   page never come from the cache: when the server is out of reach they fail, and the page
   says it is offline. */
'use strict';
var VERSION = 'headframe-v2';
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

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(VERSION).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request).then(function (hit) {
      return hit || (request.mode === 'navigate' ? caches.match('/') : Response.error());
    });
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
    }).catch(function () { return hit || Response.error(); });
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
  // The live part of a table page must be current or fail, so the page can say it is offline.
  if (/\/fragment$/.test(url.pathname)) return;
  // Pages: the last copy of each is kept for opening without the server.
  event.respondWith(networkFirst(request));
});
