// Files in and out of the page (assets/page/pure/files.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { downloadName, textOf } from "../../assets/page/pure/files.js";

const bytes = (/** @type {number[]} */ values) => new Uint8Array(values).buffer;

test("a chosen file is read as UTF-8, or refused whole", () => {
  assert.equal(textOf(bytes([0x5a, 0x6f, 0xc3, 0xab])), "Zoë");
  assert.equal(textOf(bytes([0x5a, 0x6f, 0xeb])), null); // "Zoë" in Latin-1
});

test("a download is named after what it holds and the day", () => {
  const day = new Date(2026, 0, 5, 23, 59);
  assert.equal(downloadName("game", "qwixx", day), "qwixx-2026-01-05.json");
  assert.equal(downloadName("game", "", day), "dadoteca-2026-01-05.json");
  assert.equal(downloadName("history", "qwixx", day), "dadoteca-history-2026-01-05.json");
  assert.equal(downloadName("damaged", undefined, day), "dadoteca-damaged-save-2026-01-05.json");
});
