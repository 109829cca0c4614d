// The few JavaScript helpers the MicroPython page needs. A JS exception thrown synchronously
// into MicroPython cannot be caught there, and a call to a terminated worker never settles,
// so everything here resolves to {ok, value, error, timeout} and never throws or hangs.
(function () {
  "use strict";
  const result = (ok, value, error, timeout) => ({ ok, value: value === undefined ? "" : value, error: error || "", timeout: !!timeout });
  const message = (err) => (err && err.message) || String(err);

  function guard(fn) {
    try {
      return result(true, fn());
    } catch (err) {
      return result(false, "", message(err));
    }
  }

  // Where a store's values that fail to read are set aside: ``asalto.study.v1`` -> ``asalto.study.corrupt``
  // (each store its own, so one never crowds out another's).
  function asideKey(key) {
    const dot = key.lastIndexOf(".");
    return (dot < 0 ? key : key.slice(0, dot)) + ".corrupt";
  }
  // ``value`` of ``key`` appended to the last few kept under asideKey(key), so a second one never
  // replaces the first, and removed from ``key``, so no reload meets it again. The kept list holds
  // texts only (a stored list of anything else is kept as one text). Done here, never in
  // MicroPython: the kept list may hold values too long for it. Where storage is full the oldest
  // kept values make room; the value itself always fits (it was stored under ``key``).
  function setAside(key, value) {
    const aside = asideKey(key);
    const old = localStorage.getItem(aside);
    let kept = [];
    if (old) {
      try {
        kept = JSON.parse(old);
      } catch (err) {
        kept = null;
      }
      if (!Array.isArray(kept) || !kept.every((k) => typeof k === "string")) kept = [old];
    }
    if (!kept.includes(value)) kept = kept.concat([value]).slice(-KEEP_ASIDE); // met again (another tab): kept once
    localStorage.removeItem(key);
    for (;;) {
      try {
        localStorage.setItem(aside, JSON.stringify(kept));
        return;
      } catch (err) {
        if (kept.length <= 1) {
          localStorage.setItem(key, value); // not lost: back where it was
          throw err;
        }
        kept = kept.slice(1);
      }
    }
  }

  const pending = new Map();
  let offlineAsked = null; // what keepOffline last asked for: null (nothing yet), false (the page), true (all)
  let audio = null; // the AudioContext of the game's sounds, made on the first sound played
  const aiWorkers = new Map(); // name -> promise of the PyScript worker
  // The AI worker's PyScript config (build.py writes it in): Pyodide, and the engine's wheel as
  // bytecode in one zip. Given inline, with absolute URLs (the worker runs from a blob), rather
  // than as a config file, the worker starts Pyodide without first waiting for one more fetch.
  const AI_CONFIG = __AI_CONFIG__;
  // The weaker levels' worker (and the hints of a game against them): MicroPython, already
  // loaded for the page, with the engine's search as bytecode, so such a game never fetches Pyodide.
  const LIGHT_CONFIG = __LIGHT_CONFIG__;
  const LIGHT_LEVELS = __LIGHT_LEVELS__; // the levels it plays (build.LIGHT_LEVELS)
  // Characters of a stored value the page reads at all: a link's limit (asalto_core.links.MAX_LINK,
  // written in by build.py), which holds the longest record a save or a study keeps. A longer one
  // (1.5 M characters ran MicroPython out of memory as it was copied in, on every reload) is set
  // aside here, unread, before MicroPython ever sees it; the page says so (takeUnread).
  const MAX_STORED = __MAX_STORED__;
  const KEEP_ASIDE = 5; // set-aside values kept per store, newest last
  const unread = []; // [key, length] of the values set aside unread since the page last asked

  const soonQueue = []; // asaltoBridge.soon's callbacks, one per message
  const soonChannel = new MessageChannel();
  soonChannel.port1.onmessage = () => guard(soonQueue.shift());
  function soon(fn) {
    soonQueue.push(fn);
    soonChannel.port2.postMessage(null);
  }
  // ``fn`` in a task of its own after the next frame; a page that paints no frames (hidden, or
  // not rendering for a while) still runs it, after a timer.
  function afterRender(fn) {
    let done = false;
    const go = () => {
      if (!done) {
        done = true;
        soon(fn);
      }
    };
    if (document.hidden) go();
    else requestAnimationFrame(go);
    setTimeout(go, 500);
  }

  function aiConfig(kind) {
    const url = (path) => new URL(path, document.baseURI).href;
    const base = kind === "light" ? LIGHT_CONFIG : AI_CONFIG;
    const files = {};
    for (const [from, to] of Object.entries(base.files)) files[url(from)] = to;
    return { ...base, interpreter: url(base.interpreter), files };
  }

  // ``fn`` when the browser is idle, at the latest after ``ms`` (a timer where there is no idle callback).
  function onIdle(fn, ms) {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: ms });
    else setTimeout(fn, 200);
  }

  // ``fn`` once the player has not pressed a key or the pointer for PAUSE_MS (at the latest
  // after MAX_WAIT_MS). A first visit's copying for offline use takes both cores of a small
  // machine for a moment: it waits for a pause rather than slowing the first moves played.
  const PAUSE_MS = 1500;
  const MAX_WAIT_MS = 20000;
  function whenPaused(fn) {
    const events = ["pointerdown", "keydown"];
    let timer = null;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(latest);
      for (const e of events) removeEventListener(e, arm, true);
      fn();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(done, PAUSE_MS);
    };
    const latest = setTimeout(done, MAX_WAIT_MS);
    for (const e of events) addEventListener(e, arm, true);
    arm();
  }

  function withTimeout(promise, ms) {
    let timer;
    const expired = new Promise((resolve) => {
      timer = setTimeout(() => resolve(result(false, "", "no answer within " + ms + " ms", true)), ms);
    });
    const answered = Promise.resolve(promise).then(
      (value) => result(true, value),
      (err) => result(false, "", message(err))
    );
    return Promise.race([answered, expired]).finally(() => clearTimeout(timer));
  }

  // A zip archive of {name, bytes} entries, each deflated where the browser can (CompressionStream),
  // else stored. Enough of the format for every unzip tool: local headers, central directory, end.
  const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  function crc32(bytes) {
    let c = 0xffffffff;
    for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }
  async function deflate(bytes) {
    if (!window.CompressionStream) return null;
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  async function zipBlob(entries) {
    const parts = [], central = [];
    let offset = 0;
    const header = (size) => {
      const buf = new Uint8Array(size);
      return [buf, new DataView(buf.buffer)];
    };
    for (const { name, bytes } of entries) {
      const path = new TextEncoder().encode(name);
      const packed = await deflate(bytes);
      const data = packed && packed.length < bytes.length ? packed : bytes;
      const method = data === bytes ? 0 : 8;
      const crc = crc32(bytes);
      const [local, l] = header(30);
      l.setUint32(0, 0x04034b50, true);
      l.setUint16(4, 20, true);
      l.setUint16(6, 0x0800, true); // names in UTF-8
      l.setUint16(8, method, true);
      l.setUint16(12, 0x21, true); // 1980-01-01: a fixed date, so one lesson always zips the same
      l.setUint32(14, crc, true);
      l.setUint32(18, data.length, true);
      l.setUint32(22, bytes.length, true);
      l.setUint16(26, path.length, true);
      const [dir, d] = header(46);
      d.setUint32(0, 0x02014b50, true);
      d.setUint16(4, 20, true);
      d.setUint16(6, 20, true);
      d.setUint16(8, 0x0800, true);
      d.setUint16(10, method, true);
      d.setUint16(14, 0x21, true);
      d.setUint32(16, crc, true);
      d.setUint32(20, data.length, true);
      d.setUint32(24, bytes.length, true);
      d.setUint16(28, path.length, true);
      d.setUint32(42, offset, true);
      parts.push(local, path, data);
      central.push(dir, path);
      offset += 30 + path.length + data.length;
    }
    const size = central.reduce((n, b) => n + b.length, 0);
    const [end, e] = header(22);
    e.setUint32(0, 0x06054b50, true);
    e.setUint16(8, entries.length, true);
    e.setUint16(10, entries.length, true);
    e.setUint32(12, size, true);
    e.setUint32(16, offset, true);
    return new Blob([...parts, ...central, end], { type: "application/zip" });
  }
  function saveBlob(filename, blob) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  // The lesson kit: the embed view's runtime (kit.json, from this site), its own service worker
  // (named for this lesson's content, so a new lesson is a new cache) and the lesson page, in a folder.
  async function lessonKit(folder, lessonHtml) {
    const get = async (path) => {
      const r = await fetch(path);
      if (!r.ok) throw new Error(path + ": HTTP " + r.status);
      return new Uint8Array(await r.arrayBuffer());
    };
    const kit = JSON.parse(new TextDecoder().decode(await get("./kit.json")));
    const lesson = new TextEncoder().encode(lessonHtml);
    const worker = new TextDecoder().decode(await get("./kit-sw.js")).replace("__LESSON__", crc32(lesson).toString(16));
    const entries = [{ name: folder + "/" + kit.lesson, bytes: lesson }];
    entries.push({ name: folder + "/sw.js", bytes: new TextEncoder().encode(worker) });
    for (const path of kit.files) entries.push({ name: folder + "/" + path, bytes: await get("./" + path) });
    saveBlob(folder + ".zip", await zipBlob(entries));
    return entries.length;
  }

  // Pyodide's worker fetches its 9.6 MB wasm through the service worker, which keeps that one
  // download for offline use (sw.js "fetch"). Made from a blob, the worker is controlled only if the
  // page was when it was made, so on a first visit the page has the service worker installed first
  // (its install fetches only the pages, from the HTTP cache). A worker made before fetched the wasm
  // past it, and keeping the whole build downloaded it again: a private window's HTTP cache is in
  // memory and keeps no file over a few megabytes. Where the page cannot be controlled (no service
  // worker, a file: page, storage refused, a forced reload), the worker is made at once.
  function whenControlled() {
    const sw = navigator.serviceWorker;
    const refused = document.documentElement.dataset.storage === "denied";
    if (!sw || sw.controller || location.protocol === "file:" || refused) return Promise.resolve();
    return new Promise((resolve) => {
      sw.addEventListener("controllerchange", () => resolve(), { once: true });
      sw.register("./sw.js", { scope: "./" })
        .then((reg) => {
          const coming = reg && (reg.installing || reg.waiting); // no registration: a browser that blocks them
          if (!coming) return resolve(); // active, and still not controlling: a forced reload
          coming.addEventListener("statechange", () => coming.state === "redundant" && resolve());
        })
        .catch(() => resolve());
    });
  }

  window.asaltoBridge = {
    // The AI's workers, by name: PyScript workers made with its PyWorker API as soon as
    // PyScript's module is loaded (a <script type="py" worker> tag would wait for PyScript to
    // fetch the tag's config and source first, and for the page's MicroPython to let it).
    // ``kind`` "light" is the MicroPython worker of the weaker levels, else Pyodide's.
    startWorker(name, kind) {
      return guard(() => {
        if (aiWorkers.has(name)) return name; // started already (boot.js)
        const config = aiConfig(kind);
        // The worker's script (and Pyodide's loader) fetched here first: PyScript tells the page
        // nothing of a worker whose files cannot be fetched (it would wait out the start's limit),
        // so a file refused fails the start at once, as "unreachable" (the page says it in words).
        const first = ["./worker.py", ...(kind === "light" ? [] : [config.interpreter])];
        const reach = (url) =>
          fetch(url).then(
            (r) => {
              if (!r.ok) throw new Error("unreachable");
            },
            () => {
              throw new Error("unreachable");
            }
          );
        const job = (kind === "light" ? Promise.resolve() : whenControlled())
          .then(() => Promise.all(first.map(reach)))
          .then(() => import("./pyscript/core.js"))
          .then(({ PyWorker, MPWorker }) =>
            (kind === "light" ? MPWorker : PyWorker)("./worker.py", { config, version: config.interpreter })
          );
        job.catch(() => {}); // whenWorker reports a failed start
        aiWorkers.set(name, job);
        const marks = (window.asaltoMarks = window.asaltoMarks || {});
        const mark = kind === "light" ? "lightWorker" : "worker";
        if (marks[mark] === undefined) marks[mark] = performance.now();
        return name;
      });
    },
    killWorker(name) {
      return guard(() => {
        const job = aiWorkers.get(name);
        aiWorkers.delete(name);
        if (job) job.then((w) => w.terminate(), () => {}); // a worker still starting goes when it is up
        return name;
      });
    },
    workerNames() {
      return [...aiWorkers.keys()];
    },
    // The worker's exported functions once it is up, with a time limit.
    whenWorker(name, ms) {
      const job = aiWorkers.get(name);
      if (!job) return Promise.resolve(result(false, "", "no worker named " + name));
      return withTimeout(job.then((w) => w.sync), ms);
    },
    // Call an exported worker function; ``key`` makes the call abortable with abort(key).
    call(proxy, method, arg, ms, key) {
      let promise;
      try {
        promise = arg === undefined || arg === null ? proxy[method]() : proxy[method](arg);
      } catch (err) {
        return Promise.resolve(result(false, "", message(err)));
      }
      const answer = withTimeout(promise, ms);
      if (!key) return answer;
      const aborted = new Promise((resolve) => pending.set(key, () => resolve(result(false, "", "aborted"))));
      return Promise.race([answer, aborted]).finally(() => pending.delete(key));
    },
    abort(key) {
      const stop = pending.get(key);
      if (stop) stop();
      return !!stop;
    },
    // Storage can throw (private mode, quota): never let that reach MicroPython. A value longer
    // than MAX_STORED is set aside unread and reads as none.
    load(key) {
      return guard(() => {
        const v = localStorage.getItem(key);
        if (v !== null && v.length > MAX_STORED) {
          unread.push([key, v.length]);
          setAside(key, v);
          return "";
        }
        return v === null ? "" : v;
      });
    },
    // Each of ``keys`` (JSON) whose value is too long to read set aside unread, as load does,
    // and none copied: a page checks every store as it starts.
    checkStored(keys) {
      return guard(() => {
        for (const key of JSON.parse(keys)) {
          const v = localStorage.getItem(key);
          if (v !== null && v.length > MAX_STORED) {
            unread.push([key, v.length]);
            setAside(key, v);
          }
        }
      });
    },
    // A value of another page's store (the trainer reads the game's save for its language): one too
    // long to read reads as none, and stays for its own page to set aside and say so.
    peek(key) {
      return guard(() => {
        const v = localStorage.getItem(key);
        return v === null || v.length > MAX_STORED ? "" : v;
      });
    },
    // The values load set aside unread since the last call, as JSON: [[key, length], ...].
    takeUnread() {
      return JSON.stringify(unread.splice(0));
    },
    // A stored value that does not read, set aside (page.set_aside).
    setAside(key, value) {
      return guard(() => setAside(key, value));
    },
    save(key, value) {
      return guard(() => localStorage.setItem(key, value));
    },
    remove(key) {
      return guard(() => localStorage.removeItem(key));
    },
    // A link opened in the address bar of this page (only its #... changed): fn().
    onHashChange(fn) {
      addEventListener("hashchange", () => fn());
    },
    // Another tab wrote local storage: fn(key, new text) (the event's own methods need a JS this).
    // A text too long to read is never handed over (it reads as none, as load has it).
    onStorage(fn) {
      addEventListener("storage", (e) => fn(e.key || "", e.newValue && e.newValue.length <= MAX_STORED ? e.newValue : ""));
    },
    // A promise settled when the browser is idle (at the latest after ``ms``): the strong levels'
    // Pyodide starts then, while the player thinks, rather than slowing the page's own start.
    idle(ms) {
      return new Promise((resolve) => onIdle(() => resolve(true), ms));
    },
    fetchText(url, ms) {
      return withTimeout(
        fetch(url).then((r) => {
          if (!r.ok) throw new Error(url + ": HTTP " + r.status);
          return r.text();
        }),
        ms
      );
    },
    copy(text) {
      if (!navigator.clipboard) return Promise.resolve(result(false, "", "no clipboard here"));
      return withTimeout(navigator.clipboard.writeText(text), 2000);
    },
    download(filename, text, type) {
      return guard(() => saveBlob(filename, new Blob([text], { type: type || "text/plain" })));
    },
    // "Download for my site": the lesson page and the embed runtime in one zip (folder.zip).
    downloadKit(folder, lessonHtml) {
      return withTimeout(lessonKit(folder, lessonHtml), 60000);
    },
    // Where the page is, as text for asalto_core.links to read: {search, hash, page (the link without its hash)}.
    here() {
      return guard(() => JSON.stringify({ search: location.search, hash: location.hash, page: location.href.split("#")[0] }));
    },
    // A record link, resolved against this page; refused unless it stays in this site's folder.
    siteUrl(link) {
      return guard(() => {
        const url = new URL(link, location.href);
        const base = new URL("./", location.href);
        if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) throw new Error("not on this site");
        return url.href;
      });
    },
    // The <iframe> code that embeds a game: an absolute link to this site's embed.html with
    // ``query`` (asalto_core.links.embed_query wrote it); with ``relative``, "embed.html?..." (a
    // lesson kit's page beside its embed.html).
    embedSnippet(query, width, height, title, relative) {
      return guard(() => {
        const src = relative ? { href: "embed.html" } : new URL("embed.html", location.href.split("#")[0].split("?")[0]);
        const attr = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
        return '<iframe src="' + attr(src.href + "?" + query) + '" width="' + width + '" height="' + height +
          '" title="' + attr(title) + '" loading="lazy" style="border:0"></iframe>';
      });
    },
    // The system's share sheet where the browser has one: {ok} once shared; error "none" where
    // there is none, "cancelled" if the player closed it.
    canShare() {
      return !!navigator.share;
    },
    share(text, url) {
      if (!navigator.share) return Promise.resolve(result(false, "", "none"));
      return navigator.share({ text, url }).then(
        () => result(true),
        (err) => result(false, "", err && err.name === "AbortError" ? "cancelled" : message(err))
      );
    },
    // Random bytes for a game's identifier, as a JSON list of numbers.
    randomBytes(n) {
      return guard(() => JSON.stringify(Array.from(crypto.getRandomValues(new Uint8Array(n)))));
    },
    // A time (seconds since 1970) as the reader's language writes a date and time.
    // The time is given as text: MicroPython's ints beyond 2**30 do not cross as JS numbers.
    dateText(seconds, lang) {
      return guard(() => new Date(Number(seconds) * 1000).toLocaleString(lang || undefined, { dateStyle: "medium", timeStyle: "short" }));
    },
    // The time now, in whole seconds since 1970, as text (see dateText).
    epochSeconds() {
      return String(Math.floor(Date.now() / 1000));
    },
    clearHash() {
      return guard(() => history.replaceState(null, "", location.pathname + location.search));
    },
    // Pointer position in the board's SVG user units.
    svgPoint(svg, clientX, clientY) {
      return guard(() => {
        const m = svg.getScreenCTM();
        if (!m) return "";
        const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
        return JSON.stringify([p.x, p.y]);
      });
    },
    // The page is up: once the player pauses and the browser is idle, register the service
    // worker (a no-op, or an update check, after the first visit) and ask it to keep what this
    // page loaded for offline use (with ``ai``, the AI's Pyodide too, which its worker loaded).
    // The answer sets <html data-offline="ready"> (boot.js).
    keepOffline(ai) {
      const sw = navigator.serviceWorker;
      if (!sw || location.protocol === "file:") return;
      if (document.documentElement.dataset.storage === "denied") {
        document.documentElement.dataset.offline = "unavailable"; // a frame refused storage (boot.js)
        return;
      }
      if (offlineAsked === true || offlineAsked === !!ai) return; // asked already (every AI move asks)
      offlineAsked = !!ai;
      whenPaused(() => onIdle(
        () => {
          sw.register("./sw.js", { scope: "./" }).catch((err) => {
            console.warn("no offline support: the service worker did not register:", String(err));
          });
          const urls = performance.getEntriesByType("resource").map((e) => e.name);
          urls.push(location.href);
          if (document.querySelector('meta[name="asalto-page"][content="game"]')) {
            // The game page's light AI worker: its loads are not listed here. An embed has none.
            urls.push(new URL("./worker.py", document.baseURI).href, ...Object.keys(aiConfig("light").files));
          }
          sw.ready.then((reg) => reg.active && reg.active.postMessage({ type: "cache", ai: !!ai, urls })).catch(() => {});
        },
        3000
      ));
    },
    // A popover menu opens above its button, right-aligned with it (below it when there is no
    // room above), inside the window.
    placeMenu(menu, button) {
      return guard(() => {
        const b = button.getBoundingClientRect();
        const w = menu.offsetWidth, h = menu.offsetHeight;
        const left = Math.max(8, Math.min(b.right - w, innerWidth - w - 8));
        let top = b.top - h - 6;
        if (top < 8) top = Math.max(8, Math.min(b.bottom + 6, innerHeight - h - 8));
        menu.style.left = left + "px";
        menu.style.top = top + "px";
      });
    },
    // The game's sounds, synthesised (no files to fetch): a wooden click for a move, a lower
    // knock for a capture, a falling tone for a huff, a short chord at the end of the game.
    sound(kind) {
      return guard(() => {
        const AC = window.AudioContext || window.webkitAudioContext;
        if (!AC) return;
        audio = audio || new AC();
        if (audio.state === "suspended") audio.resume();
        const tones = {
          move: [[620, 0, 0.07]],
          capture: [[300, 0, 0.09], [220, 0.06, 0.1]],
          huff: [[520, 0, 0.12], [260, 0.1, 0.22]],
          end: [[523, 0, 0.25], [659, 0.08, 0.25], [784, 0.16, 0.35]],
        }[kind] || [];
        const now = audio.currentTime;
        for (const [freq, at, len] of tones) {
          const osc = audio.createOscillator(), gain = audio.createGain();
          osc.type = kind === "end" ? "sine" : "triangle";
          osc.frequency.setValueAtTime(freq, now + at);
          if (kind === "huff") osc.frequency.exponentialRampToValueAtTime(freq / 2, now + at + len);
          gain.gain.setValueAtTime(0.0001, now + at);
          gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
          osc.connect(gain).connect(audio.destination);
          osc.start(now + at);
          osc.stop(now + at + len + 0.02);
        }
      });
    },
    // ``node`` scrolled into the part of the window nothing covers: under ``top`` while it is sticky
    // (a phone's board stays on top) and above ``bottom`` while it is fixed (a phone's toolbar);
    // the page does not move if it is already there. Its top is kept in view before its bottom.
    reveal(node, top, bottom) {
      const r = node.getBoundingClientRect();
      if (!r.height) return;
      const from = top && getComputedStyle(top).position === "sticky" ? top.getBoundingClientRect().bottom : 0;
      const to = bottom && getComputedStyle(bottom).position === "fixed" ? bottom.getBoundingClientRect().top : innerHeight;
      const margin = 8;
      if (r.top < from + margin) window.scrollBy(0, r.top - from - margin);
      else if (r.bottom > to - margin) window.scrollBy(0, Math.min(r.bottom - to + margin, r.top - from - margin));
    },
    // The keyboard's focus moved to ``node`` without scrolling the page (its list scrolls itself).
    focusQuietly(node) {
      node.focus({ preventScroll: true });
    },
    // Whether MicroPython's worker plays this AI level (else Pyodide's).
    lightLevel(level) {
      return LIGHT_LEVELS.includes(level);
    },
    // The time (performance.now) just after the next frame was painted: its animation frame,
    // then a task. A hidden tab paints no frames: there, at the latest after a second.
    afterPaint() {
      return new Promise((resolve) => {
        const done = () => resolve(performance.now());
        const late = setTimeout(done, 1000);
        requestAnimationFrame(() => setTimeout(() => {
          clearTimeout(late);
          done();
        }, 0));
      });
    },
    // ``fn`` once the next frame is painted and the page is idle (at the latest after ``ms``): work
    // that must not delay what the player sees (saving the game) waits for it.
    afterFrame(fn, ms) {
      afterRender(() => onIdle(() => fn(), ms));
    },
    // ``fn`` in a task of its own as soon as the thread is free (a message to itself: no timer's
    // delay, and it runs in a hidden tab too). A browser may run a click's handlers and the next
    // frame's callbacks in one task: work cut into such tasks is never run in the click's.
    soon,
    // ``fn`` in a task of its own after the next frame (its layout done, so reading it is cheap).
    afterNextFrame(fn) {
      afterRender(fn);
    },
    // Whether the code running now handles an event (a click, a key): not a timer's or a worker's.
    inEvent() {
      return Boolean(window.event);
    },
    // ``fn`` at the end of this task (after the handler that asked for it), before any frame.
    atTaskEnd(fn) {
      queueMicrotask(() => fn());
    },
    // The cores the device reports: a review shares its positions among that many workers.
    cores() {
      return navigator.hardwareConcurrency || 1;
    },
    mark(name) {
      window.asaltoMarks = window.asaltoMarks || {};
      window.asaltoMarks[name] = performance.now();
    },
    now() {
      return performance.now();
    },
    language() {
      return (navigator.language || "en").slice(0, 2).toLowerCase();
    },
    // A file that did not read (a damaged puzzles.json) is dropped from every offline copy of
    // this site, so the next visit fetches it again rather than keep the damage.
    uncache(url) {
      if (!window.caches) return;
      const href = new URL(url, document.baseURI).href;
      caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n).then((c) => c.delete(href, { ignoreSearch: true })))))
        .catch(() => {});
    },
    // Shown in a frame of another site (the page cannot tell which, only that it is not its own).
    framedElsewhere() {
      if (window.top === window.self) return false;
      try {
        return window.top.location.origin !== location.origin;
      } catch (err) {
        return true;
      }
    },
  };
})();
