// Offline after the first visit: a cache-first service worker for this site's own files.
// build.py replaces the build hash (of every file's path and content) and the file list: any
// change to the site is a new build with a new cache; once it is active, the caches of builds
// before the last one are deleted.
const BUILD = "__BUILD_HASH__";
const FILES = __FILES__;
const PREFIX = "asalto-";
const CACHE = PREFIX + BUILD;

// The pages themselves (build.py writes in every HTML page of the site) and what they load
// first; the rest of a first visit is cached when its page asks (see "message"): the trainer's
// puzzles.json (300 kB) when the puzzles page asks, not with an embed's or the game's first visit.
// The site's address ("./") is not fetched apart: it is index.html, which "fetch" answers for it.
const PAGES = [...__PAGES__, "bridge.js", "boot.js", "board.css", "style.css", "embed.css", "lesson.css", "puzzles.css"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // An update (an older cache exists): fetch the whole new build before taking over, so
      // the page never mixes files of two builds.
      const names = await caches.keys();
      const update = names.some((n) => n.startsWith(PREFIX) && n !== CACHE);
      const cache = await caches.open(CACHE);
      const wanted = update ? FILES : PAGES;
      // Each asked of the site again, past any fresh copy in the HTTP cache ("no-cache"), but a
      // file that has not changed since that copy comes back as "not modified", without its
      // bytes: a first visit's own files (its page, its scripts and sheets) are not sent twice.
      await cache.addAll(wanted.map((f) => new Request(f, { cache: "no-cache" })));
      await self.skipWaiting();
    })()
  );
});

// A page that is up asks for what it loaded to be kept for offline use (an embed, or a game of
// two players, never keeps Pyodide): on a first visit (which did not wait for this worker) the
// files come from the HTTP cache that visit filled, so nothing is downloaded twice; later visits
// find them cached already. Only files of this build are kept. The page hears "cached". Frames
// of one lesson ask together: one copy runs at a time.
let copying = Promise.resolve(0);
// Responses "fetch" is still putting in the cache: a copy waits for them rather than download
// again what a worker is fetching (Pyodide's 9.6 MB wasm).
const putting = new Set();

function keep(urls, ai) {
  // The AI's worker loads what the page cannot list: a page that ran the AI keeps the whole build.
  // A lesson's records are kept whole: its frames below the fold may not have loaded yet.
  const known = new Set(FILES);
  const wanted = new Set(ai ? FILES : FILES.filter((f) => f.startsWith("examples/")));
  for (const url of urls) {
    if (typeof url !== "string" || !url.startsWith(self.registration.scope)) continue;
    const path = url.slice(self.registration.scope.length).split(/[?#]/)[0] || "./";
    if (known.has(path)) wanted.add(path);
  }
  copying = copying.then(
    () => copy([...wanted]),
    () => copy([...wanted])
  );
  return copying;
}

async function copy(files) {
  await Promise.all(putting);
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const f of files) if (!(await cache.match(f, { ignoreSearch: true }))) missing.push(f);
  await cache.addAll(missing);
  return missing.length + (await keepFramers(cache));
}

// The pages in this folder that frame a lesson are kept too, though no build lists them: a
// teacher's own page beside the lesson kit's lesson.html (teaching.md promises it offline after
// one visit, and that first visit loaded it before this worker was there to keep it).
async function keepFramers(cache) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const scope = self.registration.scope;
  const pages = windows.map((w) => w.url.split("#")[0]).filter((url) => url.startsWith(scope));
  let kept = 0;
  for (const url of new Set(pages)) {
    if (await cache.match(url, { ignoreSearch: true })) continue;
    const res = await fetch(url).catch(() => null);
    if (res && res.ok && res.type === "basic") {
      await cache.put(url, res);
      kept += 1;
    }
  }
  return kept;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "cache" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    keep(data.urls, !!data.ai).then(
      (n) => event.source && event.source.postMessage({ type: "cached", files: n }),
      (err) => event.source && event.source.postMessage({ type: "not-cached", error: String(err) })
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // The build before stays (a tab still running it may ask for its files); older ones go.
      const old = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
      await Promise.all(old.slice(0, -1).map((n) => caches.delete(n)));
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
      // A folder's address (the bot lab's lab/) is its index.html, which the build lists.
      const path = new URL(req.url).pathname;
      const hit =
        (await cache.match(req, { ignoreSearch: true })) ||
        (path.endsWith("/") && (await cache.match(path + "index.html", { ignoreSearch: true })));
      if (hit) return hit;
      const res = await fetch(req).catch(() => null);
      if (res && res.ok && res.type === "basic") {
        const put = cache.put(req, res.clone()).catch(() => {});
        putting.add(put);
        put.then(() => putting.delete(put));
        event.waitUntil(put); // the service worker stays up until the response is kept
      }
      if (res && res.ok) return res;
      // A tab still running the build before (its files renamed or gone since: the engine's
      // bytecode zip) finds them in that build's cache, kept until the next deploy.
      const old = await caches.match(req, { ignoreSearch: true });
      return old || res || Response.error();
    })()
  );
});
