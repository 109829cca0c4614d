// One Pyodide of the bot lab: the referee, or one bot. The engine comes from the site's own
// bytecode zip (the AI worker's), the lab's functions from host.py; the page posts
// {id, fn, args} (args JSON-ready) and hears {id, result} or {id, error}.
import { loadPyodide } from "../pyodide/pyodide.mjs";

async function start() {
  const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const data = await (await fetch("../data.json")).json();
  const zip = await (await fetch("../wheels/" + data.wheel.replace(/\.whl$/, ".pyc.zip"))).arrayBuffer();
  py.FS.writeFile("/engine.zip", new Uint8Array(zip));
  py.runPython("import sys; sys.path.insert(0, '/engine.zip')");
  py.runPython(await (await fetch("host.py")).text());
  return py;
}

const ready = start();
ready.then(
  () => postMessage({ id: 0, result: "ready" }),
  (err) => postMessage({ id: 0, error: String(err) })
);

onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    const py = await ready;
    const result = py.globals.get(fn)(...args);
    postMessage({ id, result });
  } catch (err) {
    postMessage({ id, error: String(err) });
  }
};
