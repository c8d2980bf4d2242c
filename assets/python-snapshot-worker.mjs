// Makes this build's Python snapshot, off the page's main thread (assets/python-snapshot.mjs):
// a Pyodide of its own installs the app's wheels from our lock file, imports the modules the
// page sends (what the app imported), and saves its memory. Answers "stored" or an error.
"use strict";

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { INDEX_URL, snapshotUrl, writeSnapshot } from "./python-snapshot.mjs";

async function makeSnapshot(modules) {
  const url = await snapshotUrl();
  const quiet = () => {};
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    _makeSnapshot: true,
    stdout: quiet,
    stderr: quiet,
  });
  // Unpacked by Python, not by loadPackage: Pyodide refuses to snapshot a memory whose package
  // manager has loaded packages. The files themselves are not part of the memory; on restore,
  // PyScript installs the same wheels again, as on any start.
  const lock = await (await fetch(new URL("pyodide-lock.json", INDEX_URL))).json();
  for (const { file_name: name } of Object.values(lock.packages)) {
    const wheel = await fetch(new URL(name, INDEX_URL));
    if (!wheel.ok) throw new Error(`${name}: HTTP ${wheel.status}`);
    pyodide.FS.writeFile(`/tmp/${name}`, new Uint8Array(await wheel.arrayBuffer()));
    pyodide.runPython(
      `import site, zipfile; zipfile.ZipFile("/tmp/${name}").extractall(site.getsitepackages()[0])`,
    );
  }
  pyodide.globals.set("modules", pyodide.toPy(modules));
  // A module that cannot be imported here is left to the page's own start.
  pyodide.runPython(`
import importlib
for name in modules:
    try:
        importlib.import_module(name)
    except Exception:
        pass
del modules, name, importlib
`);
  await writeSnapshot(url, pyodide.makeMemorySnapshot());
}

onmessage = ({ data: modules }) =>
  makeSnapshot(modules).then(
    () => postMessage("stored"),
    (error) => postMessage(String(error?.stack ?? error)),
  );
