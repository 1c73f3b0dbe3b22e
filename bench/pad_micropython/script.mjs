// Runs one Python script on MicroPython's WebAssembly port with the pad firmware's files, for
// tests that need the real interpreter (31-bit small ints, gc.mem_alloc) but no pty.
//   node script.mjs PACKAGE_DIR FILES_JSON
// FILES_JSON maps paths ("/pad/board.py", ..., "/pad/script.py") to their text; /pad/script.py
// runs with /pad and /pad/lib on sys.path. Its print() lines come out on stdout as they are;
// an uncaught exception ends with a line "error MESSAGE".
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [packageDir, filesJson] = process.argv.slice(2);
const entry = path.join(packageDir, "node_modules", "@micropython", "micropython-webassembly-pyscript",
                        "micropython.mjs");
const { loadMicroPython } = await import(pathToFileURL(entry).href);
const files = JSON.parse(fs.readFileSync(filesJson, "utf8"));
const mp = await loadMicroPython({
  heapsize: 192 * 1024,
  linebuffer: true,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stdout.write(line + "\n"),
});
for (const [name, text] of Object.entries(files)) {
  mp.FS.mkdirTree(path.posix.dirname(name));
  mp.FS.writeFile(name, text);
}
// rp2_shim.py's link to the bench: nothing to read, nothing to control, writes dropped.
mp.registerJsModule("host", {
  read: () => "", write: (hex) => {}, control: () => "",
  report: (line) => process.stdout.write(line + "\n"), now: () => Date.now(),
});
try {
  mp.runPython("import sys\nsys.path[:0] = ['/pad', '/pad/lib']\nimport os\nos.chdir('/pad')\n" +
               "exec(open('/pad/script.py').read())\n");
} catch (error) {
  process.stdout.write("error " + JSON.stringify(String(error.message).trim().split("\n").slice(-1)[0]) + "\n");
  process.exitCode = 1;
}
