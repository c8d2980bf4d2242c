// The Python worker's wheel reader (assets/python-wheel.mjs), on the wheels the build ships
// (dist/, built by build/test before these tests) and on archives it must refuse.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { wheelFiles } from "../../assets/python-wheel.mjs";

const WHEELS = new URL("../../dist/pyodide/", import.meta.url);

const sha256 = (/** @type {Uint8Array} */ bytes) =>
  createHash("sha256").update(bytes).digest("base64url");

test("every file a shipped wheel's RECORD lists is read whole, and nothing else", () => {
  const names = readdirSync(WHEELS).filter((name) => name.endsWith(".whl"));
  assert.ok(names.some((name) => name.startsWith("dadoteca-")), names.join(", "));
  for (const name of names) {
    const files = wheelFiles(new Uint8Array(readFileSync(new URL(name, WHEELS))));
    const read = new Map(files.map(({ path, bytes }) => [path, bytes]));
    const record = [...read.keys()].find((path) => path.endsWith(".dist-info/RECORD"));
    assert.ok(record, name);
    const lines = new TextDecoder().decode(read.get(record)).trim().split("\n");
    assert.equal(lines.length, read.size, name);
    for (const line of lines) {
      const [path, digest, size] = line.split(",");
      const bytes = read.get(path);
      assert.ok(bytes, `${name}: ${path}`);
      if (path === record) continue; // RECORD names no digest of its own
      assert.equal(`sha256=${sha256(bytes)}`, digest, path);
      assert.equal(bytes.length, Number(size), path);
    }
  }
});

/**
 * A zip archive of one file, written by hand as the format has it (stored unless
 * ``method`` says otherwise; its bytes are then left as they are).
 * @param {string} path
 * @param {Uint8Array} content
 * @param {number} [method]
 */
function zipOf(path, content, method = 0) {
  const name = new TextEncoder().encode(path);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(8, method, true);
  local.setUint32(18, content.length, true);
  local.setUint32(22, content.length, true);
  local.setUint16(26, name.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(10, method, true);
  central.setUint32(20, content.length, true);
  central.setUint32(24, content.length, true);
  central.setUint16(28, name.length, true);
  const directoryAt = 30 + name.length + content.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + name.length, true);
  end.setUint32(16, directoryAt, true);
  const parts = [local, name, content, central, name, end].map((part) =>
    part instanceof DataView ? new Uint8Array(part.buffer) : part);
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
}

test("a file stored is read as it was written", () => {
  const content = new TextEncoder().encode("print('hi')\n");
  assert.deepEqual(wheelFiles(zipOf("pkg/hi.py", content)), [{ path: "pkg/hi.py", bytes: content }]);
});

test("what the build's wheels never hold is refused, not guessed at", () => {
  const content = new TextEncoder().encode("x");
  assert.throws(() => wheelFiles(zipOf("pkg/x.py", content, 8)), /compressed.*method 8/);
  assert.throws(() => wheelFiles(zipOf("../x.py", content)), /outside the folder/);
  assert.throws(() => wheelFiles(zipOf("/etc/x.py", content)), /outside the folder/);
  assert.throws(() => wheelFiles(new TextEncoder().encode("not a zip")), /not a zip archive/);
  assert.throws(() => wheelFiles(zipOf("pkg/x.py", content).subarray(0, 40)), /not a zip/);
});
