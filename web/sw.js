// The service worker of the static site: it keeps the site's files, so that a page loaded once
// plays on with no network, a reload included. scripts/site.sh writes the list of files and the
// version (a hash of their bytes) below; a new version fetches them all again and drops the old
// copy. Every request for the site's files is answered from the copy first.
const VERSION = 'unbuilt';
const FILES = [];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    caches
      .open(VERSION)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((kept) => kept || fetch(event.request)),
  );
});
