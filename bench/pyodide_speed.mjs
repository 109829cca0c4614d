// The AI's speed in Pyodide, as the page's worker runs it: bench/strength.py's speed() in npm's Pyodide under node.
//
//   node bench/pyodide_speed.mjs PYODIDE_DIR PKG_DIR [BUDGETS_JSON]
//
// PYODIDE_DIR holds pyodide.mjs (node_modules/pyodide); PKG_DIR holds an asalto_core package (this one's pkg/,
// or an older engine's, to compare); BUDGETS_JSON, if given, maps "ruleset position seconds" to nodes, as
// strength.py --speed-json reads it. Prints speed(1) + speed(3) as JSON on stdout. strength.py --speed --pyodide
// runs it; Pyodide's clock is the wall clock, so keep the machine otherwise idle.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, pkgDir, budgetsFile] = process.argv.slice(2);
if (!pyodideDir || !pkgDir) {
  console.error("usage: node bench/pyodide_speed.mjs PYODIDE_DIR PKG_DIR [BUDGETS_JSON]");
  process.exit(2);
}
const bench = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });

// The engine's modules and the bench script, as the worker has them: plain files on Pyodide's path.
const engine = join(resolve(pkgDir), "asalto_core");
py.FS.mkdirTree("/speed/engine/asalto_core");
py.FS.mkdirTree("/speed/bench");
for (const name of readdirSync(engine).filter((n) => n.endsWith(".py"))) {
  py.FS.writeFile(`/speed/engine/asalto_core/${name}`, readFileSync(join(engine, name)));
}
py.FS.writeFile("/speed/bench/strength.py", readFileSync(join(bench, "strength.py")));
py.FS.writeFile("/speed/budgets.json", budgetsFile ? readFileSync(budgetsFile) : "{}");
const out = await py.runPythonAsync(`
import json, os, sys
os.environ["ASALTO_PKG"] = "/speed/engine"
sys.path.insert(0, "/speed/bench")
import strength
budgets = json.loads(open("/speed/budgets.json").read())
json.dumps({"python": sys.version.split()[0], "speed": strength.speed(1.0, budgets) + strength.speed(3.0, budgets)})
`);
console.log(JSON.stringify({ pyodide: py.version, ...JSON.parse(out) }));
