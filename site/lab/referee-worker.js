// The bot lab's referee (referee.py): the rules and the board's drawing, on the MicroPython the
// game page runs, in a module worker on the lab's origin. Its modules come as bytecode in one
// archive (build.py writes referee.tar.gz), read and written into MicroPython's file system as the
// pages' are (lib/archive.js). It answers the lab page's calls on the port its first message
// brings, as a bot's worker does (py-worker.js): {id, fn, args} answered {id, result} or
// {id, error}; id 0 says it is ready.
import "../archive.js";
import { loadMicroPython } from "../micropython/micropython.mjs";

const { unpack, writeFiles, reuseFileErrors } = self.asaltoArchive;

async function start() {
  const url = (path) => new URL(path, import.meta.url).href;
  const files = unpack(url("referee.tar.gz")); // inflated while the interpreter loads
  files.catch(() => {}); // said where it is awaited
  const mp = await loadMicroPython({
    url: url("../micropython/micropython.wasm"),
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  reuseFileErrors(mp.FS);
  writeFiles(mp.FS, await files);
  return mp.pyimport("referee");
}

addEventListener(
  "message",
  async (event) => {
    const port = event.ports[0];
    let referee;
    try {
      referee = await start();
    } catch (err) {
      port.postMessage({ id: 0, error: String(err) });
      return;
    }
    port.onmessage = (call) => {
      const { id, fn, args } = call.data;
      try {
        port.postMessage({ id, result: referee[fn](...args) });
      } catch (err) {
        port.postMessage({ id, error: String(err.message || err) });
      }
    };
    port.postMessage({ id: 0, result: "ready" });
  },
  { once: true }
);
