// A wheel's files, read by the Python worker's JavaScript (assets/python-snapshot.mjs writes
// them into site-packages). A wheel is a zip archive (PEP 427); the build stores its files
// uncompressed (build/compile_wheels.mjs: brotli on the wire packs the whole wheel better), so
// reading one is slicing it. Pyodide's installer reads it with Python's zipfile instead, in the
// interpreter the worker has just started, and then walks every file for libraries to load (a
// pure-Python wheel has none): 0.4 s of the worker at every start on a fast machine.
"use strict";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const ENCRYPTED = 0x1; // general purpose flag
const ZIP64 = 0xffffffff; // a size or an offset that lies in a ZIP64 record instead

/**
 * Each file of the zip archive ``bytes``, with its path in the archive. What the build's wheels
 * never hold is refused, not guessed at: compression, encryption, ZIP64, a path out of the
 * folder it is written into, a file whose sizes disagree.
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {{path: string, bytes: Uint8Array<ArrayBuffer>}[]}
 */
export function wheelFiles(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The directory's end record closes the archive, before a comment of up to 64 KiB.
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) end -= 1;
  if (end < 0) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const files = [];
  for (let entry = 0; entry < count; entry += 1) {
    if (view.getUint32(at, true) !== CENTRAL_FILE_HEADER) throw new Error("a damaged zip archive");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const path = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (method !== STORED || flags & ENCRYPTED || [packed, size, local].includes(ZIP64)) {
      throw new Error(`${path}: compressed, encrypted or ZIP64 (method ${method})`);
    }
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(`${path}: outside the folder`);
    }
    if (path.endsWith("/")) continue; // a folder: made for the files in it
    if (view.getUint32(local, true) !== LOCAL_FILE_HEADER || packed !== size) {
      throw new Error(`${path}: damaged`);
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > bytes.length) throw new Error(`${path}: cut short`);
    files.push({ path, bytes: bytes.subarray(start, start + size) });
  }
  return files;
}
