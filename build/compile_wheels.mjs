// Add Python 3.14 bytecode to pure-Python wheels and to the stdlib archive, in place:
//     node build/compile_wheels.mjs [--stdlib python_stdlib.zip] WHEEL...
//
// The browser's Python otherwise compiles every module from source at each start: npm's
// Pyodide ships its stdlib as sources, PyPI wheels and ours have no bytecode either. Compiled
// here by the very Pyodide the site ships (node_modules/pyodide, run by Node), so the bytecode
// matches its interpreter; hash-based and unchecked (PEP 552): reproducible bytes, and never
// stale, since these files never change once installed.
// - A wheel's module gets __pycache__/NAME.cpython-314.pyc beside its source (kept, for
//   readable tracebacks); RECORD lists the new files.
// - The stdlib archive's modules become NAME.pyc in place of NAME.py (zipimport reads no
//   __pycache__); tracebacks still name the file and line.
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const COMPILE = `
import base64, hashlib, importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
TAG = sys.implementation.cache_tag
EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed zip times: the same wheel gives the same bytes


def zipped(files, last=None, method=zipfile.ZIP_DEFLATED):
    """A zip of the files in name order (last: the one at the end), with fixed times."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name in sorted(files, key=lambda n: (n == last, n)):
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            target.writestr(info, files[name], compresslevel=9)
    return out.getvalue()


def bytecode(source, path):
    code = compile(source, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compiled_stdlib(archive):
    source = zipfile.ZipFile(io.BytesIO(archive.to_bytes()))  # a JavaScript Uint8Array
    files = {}
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py"):
            path = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/{info.filename}"
            files[info.filename + "c"] = bytecode(data, path)
        else:
            files[info.filename] = data
    # Stored, not deflated: brotli on the wire packs the whole archive far better than zip packs
    # each file (2.9 MB against 4.5), and reading a module needs no inflating.
    return zipped(files, method=zipfile.ZIP_STORED)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compiled(wheel):
    source = zipfile.ZipFile(io.BytesIO(wheel.to_bytes()))  # a JavaScript Uint8Array
    files = {info.filename: source.read(info) for info in source.infolist()}
    (record,) = [name for name in files if name.endswith(".dist-info/RECORD")]
    added = {}
    for name, data in files.items():
        if name.endswith(".py"):
            folder, _, module = name.rpartition("/")
            prefix = f"{folder}/" if folder else ""
            added[f"{prefix}__pycache__/{module[:-3]}.{TAG}.pyc"] = bytecode(
                data, f"{SITE_PACKAGES}/{name}"
            )
    lines = files[record].decode().splitlines()
    lines[-1:-1] = [record_line(name, data) for name, data in sorted(added.items())]
    files[record] = ("\\n".join(lines) + "\\n").encode()
    files.update(added)
    # RECORD last, as wheels have it. Stored, as the stdlib is: brotli packs the whole wheel
    # better (ours: 587 kB, not 943), and the worker reads it without inflating (assets/
    # python-wheel.mjs).
    return zipped(files, last=record, method=zipfile.ZIP_STORED)
`;

const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.runPython(COMPILE);
const paths = process.argv.slice(2);
const stdlib = paths[0] === "--stdlib" ? paths.splice(0, 2)[1] : null;
const jobs = paths.map((path) => [path, "compiled"]);
if (stdlib) jobs.push([stdlib, "compiled_stdlib"]);
for (const [path, name] of jobs) {
  const compile = pyodide.globals.get(name);
  const result = compile(new Uint8Array(readFileSync(path)));
  writeFileSync(path, result.toJs());
  result.destroy();
  compile.destroy();
  console.log(`compiled ${basename(path)}`);
}
