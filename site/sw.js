// Offline after the first visit: a cache-first service worker for this site's own files.
// build.py replaces the build hash and the file list; a new build gets a new cache, and the
// old caches are deleted once it is active.
const BUILD = "__BUILD_HASH__";
const FILES = __FILES__;
const PREFIX = "asalto-";
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // An update (an older cache exists): fetch the whole new build before taking over, so
      // the page never mixes files of two builds. The first visit caches the page itself
      // (loaded before this worker existed); the rest is cached as the page fetches it.
      const names = await caches.keys();
      const update = names.some((n) => n.startsWith(PREFIX) && n !== CACHE);
      const cache = await caches.open(CACHE);
      const wanted = update ? FILES : ["./", "index.html", "embed.html", "examples.html", "examples.fr.html", "examples.de.html", "bridge.js", "boot.js", "board.css", "style.css", "embed.css"];
      await cache.addAll(wanted.map((f) => new Request(f, { cache: "reload" })));
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })()
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok && res.type === "basic") cache.put(req, res.clone()).catch(() => {});
      return res;
    })()
  );
});
