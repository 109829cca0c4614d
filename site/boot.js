// Boot: start PyScript (and the AI's worker) at once. The caching service worker is registered
// only once the page is up (asaltoBridge.keepOffline): installing it while Pyodide and
// MicroPython start took CPU from both. It then caches the files the page used, from the HTTP
// cache the visit filled, so nothing is downloaded twice.
(function () {
  "use strict";
  const marks = (window.asaltoMarks = { boot: performance.now() });

  // The game page against the computer (the saved settings' mode, or the default): the weaker
  // levels' worker is started here, with PyScript, before the page's MicroPython is up. Two
  // players, and the embed view, never start one.
  function savedSettings() {
    try {
      const save = JSON.parse(localStorage.getItem("asalto.save.v1") || "{}");
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

  const settings = savedSettings();
  // The theme the player chose, before the first paint (no flash of the other theme).
  // A frame's colours are its link's (bg=dark or auto; light by default: asalto_core.embed reads
  // them again with the rest of the link, and says if bg= is wrong).
  const frame = new URLSearchParams(location.search.slice(1) + "&" + location.hash.slice(1));
  const bg = frame.get("bg");
  if (bg === "light" || bg === "dark" || bg === "auto") {
    document.documentElement.dataset.theme = bg;
  } else if (settings && (settings.theme === "light" || settings.theme === "dark")) {
    document.documentElement.dataset.theme = settings.theme;
  }
  // A frame on another site may be refused storage (the reader blocks third-party storage):
  // PyScript's module opens an IndexedDB database as it loads (for pyscript.fs, which no page
  // uses) and a refused open throws inside PyScript. Such a frame gets an IndexedDB whose opens
  // never answer, and asks for no service worker (bridge.js keepOffline): nothing to report.
  if (storageDenied()) {
    document.documentElement.dataset.storage = "denied";
    Object.defineProperty(window, "indexedDB", { value: { open: () => ({}) }, configurable: true });
  }
  marks.pyscript = performance.now();
  // The weaker levels play in a MicroPython worker (light-1), started here. The strong ones' Pyodide
  // (engine-1) is started by the page once it is up and idle: their first moves come from the
  // opening book, so the player's first moves need not wait for its megabytes.
  if (wantsAI(settings) && window.asaltoBridge && window.asaltoBridge.lightLevel((settings && settings.level) || "casual")) {
    window.asaltoBridge.startWorker("light-1", "light");
  }
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = "./pyscript/core.css";
  document.head.append(css);
  import("./pyscript/core.js").catch(function (err) {
    const box = document.getElementById("loading-text");
    if (box) box.textContent = "The game could not start: " + err + ". Reload to try again.";
    console.warn("PyScript failed to load", err);
  });

  // A file PyScript needs that fails (its config mpy.json, say) leaves no Python to say so: a game
  // page not up after STARTUP_MS says it (a normal start takes one to three seconds).
  const STARTUP_MS = 20000;
  const UPDATE_EVERY_MS = 3600000; // the most often an open page asks whether the site was deployed again
  setTimeout(function () {
    const box = document.getElementById("loading-text");
    if (box && document.body.dataset.board !== "ready") {
      box.textContent = "The game has not started after 20 seconds: a file may have failed to load. Reload to try again.";
    }
  }, STARTUP_MS);

  const sw = navigator.serviceWorker;
  if (!sw || location.protocol === "file:") return;
  let controlled = !!sw.controller;
  sw.addEventListener("controllerchange", function () {
    marks.controlled = performance.now();
    // A new build took over from the one this page runs under (a first visit's worker taking
    // over is not one): offer to reload (the game is saved).
    if (controlled) document.body.classList.add("update-ready");
    controlled = true;
  });
  // A deploy while this page is open: when the page comes back into view, and at most once an
  // hour (marks.updateChecked: when the tab last asked), ask for a new service worker; a new one
  // takes over and the page offers to reload ("update-ready" above), the game being saved.
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
