// Our Python modules' archives (build.write_archive: a gzip'd tar of bytecode), read by the browser
// and written into a MicroPython's file system before its first import: the pages' archives
// (boot.js, into which build.py writes this file) and the bot lab's referee's (lab/referee-worker.js
// imports it), its file system's errors made once (reuseFileErrors). A classic script that sets
// one global, so both kinds of script can use it.
self.asaltoArchive = (function () {
  "use strict";
  // A gzip'd tar's files as [path, bytes]: the browser inflates it (DecompressionStream).
  async function unpack(url) {
    const r = await fetch(url);
    if (!r.ok) throw new Error(url + ": " + r.status);
    const tar = new Uint8Array(await new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    const files = [];
    const text = (from, to) => new TextDecoder().decode(tar.subarray(from, to)).replace(/\0.*$/s, "");
    for (let at = 0; at + 512 <= tar.length && tar[at]; ) {
      const size = parseInt(text(at + 124, at + 136).trim(), 8);
      files.push([text(at, at + 100), tar.slice(at + 512, at + 512 + size)]);
      at += 512 + Math.ceil(size / 512) * 512;
    }
    return files;
  }
  // Each file at its path (relative: under the interpreter's working folder, where an import
  // looks first), its folders made as needed.
  function writeFiles(fs, files) {
    for (const [path, bytes] of files) {
      const parts = path.split("/");
      for (let i = 1; i < parts.length; i++) {
        const dir = parts.slice(0, i).join("/");
        if (!fs.analyzePath(dir).exists) fs.mkdir(dir);
      }
      fs.writeFile(path, bytes);
    }
  }
  // An import looks for its module in several places of MicroPython's file system, and each place
  // without it is an error object of the file system's (a JS Error: its stack and its message from
  // the C library), about 150 in an embed frame's start, each tens of microseconds. One error
  // object per kind, made once, as Emscripten's file system once did itself (its generic errors):
  // the file system only reads their number. Every MicroPython of ours (the pages', the embed's,
  // the lab's referee's) has its file system's errors reused.
  function reuseFileErrors(fs) {
    const ErrnoError = fs.ErrnoError;
    const made = {};
    function Reused(errno) {
      return made[errno] || (made[errno] = new ErrnoError(errno));
    }
    Reused.prototype = ErrnoError.prototype; // instanceof fs.ErrnoError still holds
    fs.ErrnoError = Reused;
  }
  return { unpack, writeFiles, reuseFileErrors };
})();
