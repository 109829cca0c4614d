// Boot: start PyScript (and the AI's worker) at once. The caching service worker is registered
// only once the page is up (asaltoBridge.keepOffline), or just before Pyodide's worker is made
// (bridge.js whenControlled, so the wasm is downloaded once): installing it while Pyodide and
// MicroPython start took CPU from both. It then caches the files the page used, from the HTTP
// cache the visit filled, so nothing is downloaded twice.
// build.py writes site/lib/archive.js in for the next line: self.asaltoArchive, the archives' reader.
"__ARCHIVE_JS__";
(function () {
  "use strict";
  const { unpack, writeFiles, reuseFileErrors } = self.asaltoArchive;
  const marks = (window.asaltoMarks = { boot: performance.now() });
  // The bot lab runs no Python of ours on its page (its policy allows no eval): it loads this
  // script with data-deploys-only for its last part alone, a new deploy heard of while it is open.
  const deploysOnly = !!(document.currentScript && document.currentScript.hasAttribute("data-deploys-only"));

  // The game page against the computer (the saved settings' mode, or the default): the AI's
  // MicroPython worker is started here, with PyScript, before the page's MicroPython is up. Two
  // players, and the embed view, never start one.
  function savedSettings() {
    try {
      const save = JSON.parse(localStorage.getItem("__SAVE_KEY__") || "{}");
      return (save && typeof save.settings === "object" && save.settings) || {};
    } catch (err) {
      return null;
    }
  }
  function wantsAI(settings) {
    if (!document.querySelector('meta[name="asalto-page"][content="game"]')) return false; // the embed view
    // A link (a shared game, a game with a friend: after "#") opens for two players; the worker
    // starts when a game against the computer does (game.start_for_game).
    if (location.hash.length > 1) return false;
    if (settings === null) return true;
    return (settings.mode || "officers") !== "humans";
  }

  function storageDenied() {
    try {
      return !window.localStorage;
    } catch (err) {
      return true;
    }
  }

  // The embed view (no asalto-page) takes its colours from its link alone; the piece set and the
  // board colouring the reader chose reach it too, unless its link names its own.
  const sitePage = !!document.querySelector('meta[name="asalto-page"]');
  const settings = savedSettings();
  // The theme the player chose, before the first paint (no flash of the other theme).
  // A frame's colours are its link's (bg=dark or auto; light by default: asalto_core.embed reads
  // them again with the rest of the link, and says if bg= is wrong).
  const frame = new URLSearchParams(location.search.slice(1) + "&" + location.hash.slice(1));
  const bg = frame.get("bg");
  if (bg === "light" || bg === "dark" || bg === "auto") {
    document.documentElement.dataset.theme = bg;
  } else if (sitePage && settings && (settings.theme === "light" || settings.theme === "dark")) {
    document.documentElement.dataset.theme = settings.theme;
  }
  // ... and the piece set and board colouring the reader chose on the game page, on every page
  // and frame of the site (a lesson's boards too); a frame's link may name its own (pieces=,
  // colours=). The game page checks them again (game/state.py), a frame (asalto_core.embed).
  for (const look of ["pieces", "colours"]) {
    const chosen = frame.get(look) || (settings && typeof settings[look] === "string" ? settings[look] : "");
    if (chosen) document.documentElement.dataset[look] = chosen;
  }
  // A frame on another site may be refused storage (the reader blocks third-party storage):
  // PyScript's module opens an IndexedDB database as it loads (for pyscript.fs, which no page
  // uses) and a refused open throws inside PyScript. Such a frame gets an IndexedDB whose opens
  // never answer, and asks for no service worker (bridge.js keepOffline): nothing to report.
  if (storageDenied()) {
    document.documentElement.dataset.storage = "denied";
    Object.defineProperty(window, "indexedDB", { value: { open: () => ({}) }, configurable: true });
  }
  // PyScript reads the page's <script type="mpy" config> and <py-config> once, when its module
  // runs: a module that ran before the parser reached them (it comes from the cache at once on a
  // reload) found no interpreter and asked a CDN for MicroPython. So PyScript, and the weaker
  // levels' worker made by it, start once the page is parsed (a few milliseconds later).
  function start() {
    marks.pyscript = performance.now();
    // Every level's first searches run in a MicroPython worker (light-1), started here: the weaker
    // levels' always, the strong ones' until their Pyodide (engine-1, started by the page once it is
    // up and idle) is ready. Their first moves come from the opening book meanwhile.
    if (wantsAI(settings) && window.asaltoBridge) window.asaltoBridge.startWorker("light-1", "light");
    // The page's own modules and English come in one archive (build.write_archive), fetched and
    // unpacked by the browser while the interpreter loads, and written to MicroPython's file
    // system before the entry runs.
    const tag = document.querySelector('script[type="mpy"][data-archive]');
    const archive = tag ? unpack(tag.dataset.archive) : null;
    if (archive) archive.catch((err) => stuck("modules: " + err));
    if (tag && tag.hasAttribute("data-without-pyscript")) {
      runWithoutPyScript(tag, archive).catch((err) => {
        console.error("asalto: " + err);
        stuck("micropython: " + err);
      });
      return;
    }
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "./pyscript/core.css";
    document.head.append(css);
    // PyScript's hook writes the archive's files. They carry PyScript's own package too, as
    // bytecode (build.pyscript_bytecode): PyScript then imports it, and never writes and compiles
    // its source in each page.
    if (archive) window.asaltoPyscriptBytecode = true;
    import("./pyscript/core.js")
      .then(function (pyscript) {
        pyscript.hooks.main.onReady.add((wrap) => reuseFileErrors(wrap.interpreter.FS));
        if (archive) pyscript.hooks.main.onBeforeRunAsync.add(async (wrap) => writeFiles(wrap.interpreter.FS, await archive));
      })
      .catch(function (err) {
        stuck("pyscript: " + err);
      });
  }
  // The embed view's MicroPython, started here without PyScript (its script tag says
  // data-without-pyscript): a frame of a teacher's page uses none of PyScript's (no worker, no
  // plugin, and it reaches the browser through MicroPython's own js and jsffi modules), and on a
  // page of ten frames PyScript's module and Python package, loaded and run in each, were a fifth
  // of their start and 136 kB of each cold frame. The interpreter is the one the page's config
  // names (build.inline_config), as PyScript would load it; the archive's files are written and
  // then the entry runs, as PyScript's hook has them for the other pages.
  async function runWithoutPyScript(tag, archive) {
    const config = JSON.parse(tag.getAttribute("config"));
    const interpreter = new URL(config.interpreter, document.baseURI).href;
    const { loadMicroPython } = await import(interpreter);
    const mp = await loadMicroPython({
      url: interpreter.replace(/\.mjs$/, ".wasm"),
      stdout: (line) => console.log(line),
      stderr: (line) => console.error(line),
    });
    reuseFileErrors(mp.FS);
    if (archive) writeFiles(mp.FS, await archive);
    const entry = await fetch(tag.getAttribute("src"));
    if (!entry.ok) throw new Error(tag.getAttribute("src") + ": " + entry.status);
    await mp.runPythonAsync(await entry.text());
  }
  if (deploysOnly) { /* nothing to start */ }
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();

  // A start that stalls (a file that never arrives, a request the Content-Security-Policy
  // refused) leaves no Python to say so. Every second, what has arrived and what has run is
  // counted; STALL_TICKS seconds of nothing new (ticks, not wall time: a busy CPU delays the
  // ticks too), or a refused request, and the page reloads once by itself (sessionStorage
  // remembers it, so it never loops); a second stall says why, with a button to try again.
  const STALL_TICKS = 10;
  const RELOADED = "asalto.start-reloaded";
  // Up, or stopped by the page itself with its reason on screen (page.stop_start): nothing to watch.
  const up = () => deploysOnly || document.body && (document.body.dataset.board === "ready" || document.body.dataset.embed === "ready" ||
    document.body.dataset.start === "stopped");
  let seen = -1, still = 0, gaveUp = false;
  const watch = setInterval(function () {
    if (up()) {
      clearInterval(watch);
      try { sessionStorage.removeItem(RELOADED); } catch (err) { /* storage refused: nothing kept */ }
      return;
    }
    const now = performance.getEntriesByType("resource").length + Object.keys(marks).length;
    still = now === seen ? still + 1 : 0;
    seen = now;
    if (still >= STALL_TICKS) stuck("no file has arrived for " + STALL_TICKS + " s");
  }, 1000);
  document.addEventListener("securitypolicyviolation", function (e) {
    if (!up()) stuck("a request to " + e.blockedURI + " was refused");
  });

  function stuck(why) {
    if (gaveUp || up()) return;
    gaveUp = true;
    clearInterval(watch);
    marks.stuck = performance.now();
    console.warn("asalto: the page did not start:", why);
    let again = false;
    try {
      again = !sessionStorage.getItem(RELOADED);
      if (again) sessionStorage.setItem(RELOADED, "1");
    } catch (err) { /* storage refused: say it rather than reload */ }
    if (again) {
      location.reload();
      return;
    }
    say(why);
  }

  // The stalled page's words, from the reader's catalog (the page's Python, which translates
  // everything else, never ran), in the loading line, with a button to try again.
  function say(why) {
    const box = document.getElementById("loading-text");
    if (!box) return;
    const lang = ((settings && settings.lang) || navigator.language || "en").slice(0, 2).toLowerCase();
    const words = (code) => fetch("./locale/" + code + ".json").then((r) => (r.ok ? r.json() : Promise.reject(r.status)));
    words(lang).catch(() => words("en")).catch(() => ({})).then(function (catalog) {
      box.textContent = (catalog["start-stuck"] || "").replace("{why}", why) || why;
      const retry = document.createElement("button");
      retry.type = "button";
      retry.id = "start-retry";
      retry.textContent = catalog["start-retry"] || "\u27f3";
      retry.addEventListener("click", function () {
        try { sessionStorage.removeItem(RELOADED); } catch (err) { /* nothing kept */ }
        location.reload();
      });
      box.after(retry);
      document.body.dataset.start = "failed";
    });
  }

  const sw = navigator.serviceWorker;
  if (!sw || location.protocol === "file:") return;
  const UPDATE_EVERY_MS = 300000; // the most often an open page asks whether the site was deployed again
  let controlled = !!sw.controller;
  sw.addEventListener("controllerchange", function () {
    marks.controlled = performance.now();
    // A new build took over from the one this page runs under (a first visit's worker taking
    // over is not one): offer to reload (the game is saved).
    if (controlled) updateReady();
    controlled = true;
  });
  // The game page has its own line for a new version (#update); every other page (the trainer,
  // an embed, the lab) gets a quiet one here, in the page's language, with a Reload button.
  function updateReady() {
    document.body.classList.add("update-ready");
    if (document.getElementById("update")) return;
    const line = document.createElement("p");
    line.id = "update";
    line.setAttribute("role", "status");
    line.style.cssText =
      "position:fixed;left:50%;bottom:.5rem;transform:translateX(-50%);z-index:1000;margin:0;max-width:94vw;" +
      "padding:.25rem .6rem;border:1px solid GrayText;border-radius:8px;background:Canvas;color:CanvasText;" +
      "font:13px/1.4 system-ui,sans-serif;display:flex;gap:.5rem;align-items:center";
    const text = line.appendChild(document.createElement("span"));
    text.textContent = "A new version of this site is ready.";
    const button = line.appendChild(document.createElement("button"));
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", function () { location.reload(); });
    document.body.append(line);
    const lang = (document.documentElement.lang || navigator.language || "en").slice(0, 2).toLowerCase();
    const base = new URL(document.querySelector("script[src$='boot.js']").src, location.href);
    fetch(new URL("locale/" + lang + ".json", base)).then((r) => (r.ok ? r.json() : {})).then(function (catalog) {
      text.textContent = catalog["update-ready-page"] || text.textContent;
      button.textContent = catalog["reload"] || button.textContent;
    }).catch(function () {});
  }
  // A deploy while this page is open: when the page comes back into view, and at most once in
  // five minutes (marks.updateChecked: when the tab last asked), ask for a new service worker; a
  // new one takes over and the page offers to reload (updateReady above), the game being saved.
  marks.updateChecked = Date.now();
  function checkForUpdate() {
    if (document.visibilityState !== "visible" || Date.now() - marks.updateChecked < UPDATE_EVERY_MS) return;
    marks.updateChecked = Date.now();
    sw.getRegistration().then(function (reg) { return reg && reg.update(); }).catch(function () {});
  }
  addEventListener("focus", checkForUpdate);
  document.addEventListener("visibilitychange", checkForUpdate);
  sw.addEventListener("message", function (event) {
    const type = event.data && event.data.type;
    if (type === "cached") document.documentElement.dataset.offline = "ready";
    if (type === "not-cached") console.warn("not kept for offline use:", event.data.error);
  });
})();
