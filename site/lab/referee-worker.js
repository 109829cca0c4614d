// The bot lab's referee (referee.py): the rules and the board's drawing, on the MicroPython the
// game page runs, in a module worker on the lab's origin. Its modules come as bytecode in one
// archive (build.py writes referee.tar.gz), unpacked by MicroPython's own tarfile into /lib. It
// answers the lab page's calls on the port its first message brings, as a bot's worker does
// (py-worker.js): {id, fn, args} answered {id, result} or {id, error}; id 0 says it is ready.
import { loadMicroPython } from "../micropython/micropython.mjs";

const UNPACK = `
import gzip, os, tarfile
archive = tarfile.TarFile(fileobj=gzip.GzipFile(fileobj=open("/referee.tar.gz", "rb")))
for entry in archive:
    path = "/lib/" + entry.name
    parts = path.split("/")
    for n in range(2, len(parts)):
        try:
            os.mkdir("/".join(parts[:n]))
        except OSError:
            pass  # made already
    with open(path, "wb") as out:
        out.write(archive.extractfile(entry).read())
`;

async function start() {
  const url = (path) => new URL(path, import.meta.url).href;
  const archive = await fetch(url("referee.tar.gz"));
  if (!archive.ok) throw new Error(`referee.tar.gz: ${archive.status}`);
  const mp = await loadMicroPython({
    url: url("../micropython/micropython.wasm"),
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  mp.FS.writeFile("/referee.tar.gz", new Uint8Array(await archive.arrayBuffer()));
  mp.runPython(UNPACK);
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
