// Runs Python modules under the official MicroPython WebAssembly build, in node.
//
//   node run_micropython.mjs MICROPYTHON_MJS ENTRY DIR...
//
// Copies every .py file of each DIR (firmware/, tests/firmware/fakes/, the scenario)
// into /app of MicroPython's in-memory file system, puts /app first on sys.path, imports
// the module ENTRY and calls its main(). Its output goes to stdout; a Python exception
// prints its traceback on stderr and exits 1. Used by tests/firmware/test_micropython.py.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [moduleFile, entry, ...dirs] = process.argv.slice(2);
if (!moduleFile || !entry || dirs.length === 0) {
  console.error("usage: node run_micropython.mjs MICROPYTHON_MJS ENTRY DIR...");
  process.exit(2);
}
const { loadMicroPython } = await import(pathToFileURL(resolve(moduleFile)).href);
const mp = await loadMicroPython({
  heapsize: 64 * 1024 * 1024,
  stdout: (data) => process.stdout.write(data),
  stderr: (data) => process.stderr.write(data),
  linebuffer: false,
});
mp.FS.mkdir("/app");
for (const dir of dirs) {
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".py") && name !== "__init__.py") {
      mp.FS.writeFile(`/app/${name}`, readFileSync(join(dir, name)));
    }
  }
}
try {
  mp.runPython(`import sys\nsys.path.insert(0, "/app")\nimport ${entry}\n${entry}.main()\n`);
} catch (error) {
  console.error(error.name === "PythonError" ? error.message : error);
  process.exit(1);
}
