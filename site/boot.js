// Boot: make the caching service worker control the page, then start PyScript.
// On the first visit PyScript is loaded only once the service worker controls the page,
// so every file of that visit is cached as it is fetched (nothing is downloaded twice).
(function () {
  "use strict";
  const marks = (window.asaltoMarks = { boot: performance.now() });
  let started = false;

  // The game page against the computer (the saved settings' mode, or the default): the AI's
  // Pyodide worker takes seconds to start, so its tag goes in before PyScript starts, and both
  // interpreters start together. Two players, and the embed view, never start it.
  function wantsAI() {
    if (!document.querySelector('meta[name="asalto-page"][content="game"]')) return false; // the embed view
    try {
      const save = JSON.parse(localStorage.getItem("asalto.save.v1") || "{}");
      const mode = (save && save.settings && save.settings.mode) || "officers";
      return mode !== "humans";
    } catch (err) {
      return true;
    }
  }

  function startPyScript() {
    if (started) return;
    started = true;
    marks.pyscript = performance.now();
    if (wantsAI() && window.asaltoBridge) window.asaltoBridge.startWorker("engine-1");
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "./pyscript/core.css";
    document.head.append(css);
    import("./pyscript/core.js").catch(function (err) {
      const box = document.getElementById("loading-text");
      if (box) box.textContent = "The game could not start: " + err + ". Reload to try again.";
      console.warn("PyScript failed to load", err);
    });
  }

  const sw = navigator.serviceWorker;
  if (!sw || location.protocol === "file:") return startPyScript();
  const hadController = !!sw.controller;
  sw.addEventListener("controllerchange", function () {
    marks.controlled = performance.now();
    if (!started) return startPyScript();
    // A new build took over while this page runs: offer to reload (the game is saved).
    if (hadController) document.body.classList.add("update-ready");
  });
  sw.register("./sw.js", { scope: "./" }).catch(function (err) {
    console.warn("no offline support: the service worker did not register:", String(err));
    startPyScript();
  });
  if (hadController) startPyScript();
  // Never let a slow or failing service worker keep the first visit from starting.
  else setTimeout(startPyScript, 3000);
})();
