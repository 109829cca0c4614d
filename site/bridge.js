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

  const pending = new Map();

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

  window.asaltoBridge = {
    // Worker management: a PyScript worker is a <script type="py" worker name=...> tag.
    startWorker(name) {
      return guard(() => {
        if (document.querySelector('script[name="' + name + '"]')) return name; // started already (boot.js)
        const tag = document.createElement("script");
        tag.type = "py";
        tag.setAttribute("worker", "");
        tag.setAttribute("name", name);
        tag.setAttribute("config", "./py.json");
        tag.src = "./worker.py";
        (document.body || document.head).append(tag); // boot.js may start it before the body is parsed
        return name;
      });
    },
    killWorker(name) {
      return guard(() => {
        const tag = document.querySelector('script[name="' + name + '"]');
        if (tag && tag.xworker) tag.xworker.terminate();
        if (tag) tag.remove();
        return name;
      });
    },
    // Resolve a worker proxy (from pyscript.workers) with a time limit.
    whenWorker(promise, ms) {
      return withTimeout(promise, ms);
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
    // Storage can throw (private mode, quota): never let that reach MicroPython.
    load(key) {
      return guard(() => {
        const v = localStorage.getItem(key);
        return v === null ? "" : v;
      });
    },
    save(key, value) {
      return guard(() => localStorage.setItem(key, value));
    },
    remove(key) {
      return guard(() => localStorage.removeItem(key));
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
      return guard(() => {
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([text], { type: type || "text/plain" }));
        a.download = filename;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      });
    },
    hashParams() {
      return guard(() => {
        const p = new URLSearchParams(location.hash.replace(/^#/, ""));
        return JSON.stringify({ ruleset: p.get("ruleset") || "", start: p.get("start") || "", moves: p.get("moves") || "", ply: p.get("ply") || "" });
      });
    },
    shareLink(ruleset, start, moves, ply) {
      return guard(() => {
        const p = new URLSearchParams();
        p.set("ruleset", ruleset);
        if (start) p.set("start", start);
        p.set("moves", moves);
        p.set("ply", String(ply));
        return location.href.split("#")[0] + "#" + p.toString();
      });
    },
    // The embed view's parameters: the query, then the hash (which wins), as one JSON object.
    embedParams() {
      return guard(() => {
        const out = {};
        for (const source of [location.search.replace(/^\?/, ""), location.hash.replace(/^#/, "")]) {
          for (const [k, v] of new URLSearchParams(source)) out[k] = v;
        }
        return JSON.stringify(out);
      });
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
    // The <iframe> code that embeds a game: an absolute link to this site's embed.html.
    embedSnippet(paramsJson, width, height, title) {
      return guard(() => {
        const src = new URL("embed.html", location.href.split("#")[0].split("?")[0]);
        const params = new URLSearchParams(JSON.parse(paramsJson));
        const attr = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
        return '<iframe src="' + attr(src.href + "?" + params.toString()) + '" width="' + width + '" height="' + height +
          '" title="' + attr(title) + '" loading="lazy" style="border:0"></iframe>';
      });
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
  };
})();
