// One bot's Pyodide in the bot lab, started by its sandbox (sandbox.html, in an opaque origin with
// no network). It fetches nothing: its first message brings the files it starts from as Blobs
// (Pyodide, the engine's bytecode zip, host.py and the referee.py it imports) and the port the
// lab page calls it on: {id, fn, args} (args
// JSON-ready), answered {id, result} or {id, error}, after any {id, printed} (a line the bot
// printed meanwhile); id 0 says it is ready. A classic worker (a
// module worker cannot start from a blob: URL in an opaque origin), which imports Pyodide's modules.

// Pyodide's loader asks for its files by URL under this base: they are answered from the Blobs.
const INDEX = "https://pyodide.invalid/";

async function start(files) {
  // While Pyodide loads, fetch answers from the Blobs, and importScripts is hidden (Pyodide takes a
  // classic worker for one it cannot run in, and asks importScripts which it is); both come back after.
  const own = { fetch: self.fetch, importScripts: self.importScripts };
  self.importScripts = undefined;
  self.fetch = async (address) => {
    const name = String(address).slice(INDEX.length);
    if (!String(address).startsWith(INDEX) || !(files[name] instanceof Blob)) throw new TypeError(`not a file of the lab: ${address}`);
    return new Response(files[name], { headers: { "Content-Type": name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream" } });
  };
  let py;
  try {
    const url = (name) => URL.createObjectURL(files[name]);
    const { loadPyodide } = await import(url("pyodide.mjs"));
    const { default: createPyodideModule } = await import(url("pyodide.asm.mjs"));
    py = await loadPyodide({ indexURL: INDEX, createPyodideModule, lockFileContents: await files["pyodide-lock.json"].text() });
  } finally {
    Object.assign(self, own);
  }
  py.FS.writeFile("/engine.zip", new Uint8Array(await files.engine.arrayBuffer()));
  py.FS.mkdir("/lab");
  py.FS.writeFile("/lab/referee.py", await files["referee.py"].text());
  py.runPython("import sys; sys.path[:0] = ['/engine.zip', '/lab']");
  py.runPython(await files["host.py"].text());
  return py;
}

addEventListener(
  "message",
  async (event) => {
    const port = event.ports[0];
    let py;
    try {
      py = await start(event.data.files);
    } catch (err) {
      port.postMessage({ id: 0, error: String(err) });
      return;
    }
    let current = 0;
    // A line the bot prints, passed on as it is printed (host.py calls it): {id, printed}.
    self.printed = (line) => port.postMessage({ id: current, printed: String(line) });
    port.onmessage = (call) => {
      const { id, fn, args } = call.data;
      current = id;
      try {
        port.postMessage({ id, result: py.globals.get(fn)(...args) });
      } catch (err) {
        port.postMessage({ id, error: String(err) });
      }
    };
    port.postMessage({ id: 0, result: "ready" });
  },
  { once: true }
);
