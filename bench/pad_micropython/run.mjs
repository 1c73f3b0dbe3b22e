// Runs the pad firmware on MicroPython's WebAssembly port, for bench/bench_pad_micropython.py.
//   node run.mjs PACKAGE_DIR FILES_JSON USB_FD CONTROL_FD
// FILES_JSON maps paths on the board ("/pad/main.py", ...) to their text. USB_FD is the pty
// master (the pad's USB port), CONTROL_FD a pipe of bench commands; both are non-blocking.
// Lines on stdout: "panel ...", "stats ...", "error ...", "ended".
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [packageDir, filesJson, usbFd, controlFd] = process.argv.slice(2);
const entry = path.join(packageDir, "node_modules", "@micropython", "micropython-webassembly-pyscript",
                        "micropython.mjs");
const { loadMicroPython } = await import(pathToFileURL(entry).href);
const files = JSON.parse(fs.readFileSync(filesJson, "utf8"));
const usb = Number(usbFd);
const control = Number(controlFd);
const scratch = Buffer.alloc(4096);

function readSome(fd, encoding) {
  try {
    const count = fs.readSync(fd, scratch, 0, scratch.length, null);
    return scratch.subarray(0, count).toString(encoding);
  } catch (error) {
    if (error.code === "EAGAIN" || error.code === "EIO") return "";
    throw error;
  }
}

// An RP2040's MicroPython heap is about 190 kB; give the interpreter about as much.
const mp = await loadMicroPython({
  heapsize: 192 * 1024,
  linebuffer: true,
  stdout: (line) => process.stdout.write("py " + line + "\n"),
  stderr: (line) => process.stdout.write("py " + line + "\n"),
});
for (const [name, text] of Object.entries(files)) {
  mp.FS.mkdirTree(path.posix.dirname(name));
  mp.FS.writeFile(name, text);
}
mp.registerJsModule("host", {
  read: () => readSome(usb, "hex"),
  write: (hex) => {
    let data = Buffer.from(hex, "hex");
    while (data.length) {
      try {
        data = data.subarray(fs.writeSync(usb, data));
      } catch (error) {
        if (error.code !== "EAGAIN") throw error;
      }
    }
  },
  control: () => readSome(control, "utf8"),
  report: (line) => process.stdout.write(line + "\n"),
  now: () => Date.now(),
});
try {
  mp.runPython(
    "import sys\nsys.path[:0] = ['/pad', '/pad/lib']\nimport os\nos.chdir('/pad')\n" +
    "import rp2_shim\nrp2_shim.install()\nimport main\n");
} catch (error) {
  if (error.type !== "SystemExit") {
    process.stdout.write("error " + JSON.stringify(String(error.message).trim().split("\n").slice(-1)[0]) + "\n");
  }
}
process.stdout.write("ended\n");
