// What the page's address may set (assets/page/pure/settings.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { localDay, paceOf } from "../../assets/page/pure/settings.js";

const query = (/** @type {string} */ search) => new URLSearchParams(search);

test("?pace= scales the computers' pauses from 0 to 10, else 1", () => {
  assert.equal(paceOf(query("?pace=0")), 0);
  assert.equal(paceOf(query("?pace=2.5")), 2.5);
  assert.equal(paceOf(query("?pace=11")), 1);
  assert.equal(paceOf(query("?pace=-1")), 1);
  assert.equal(paceOf(query("")), 1);
});

test("the page's date is its own time zone's, as YYYY-MM-DD", () => {
  assert.equal(localDay(new Date(2026, 10, 28, 23, 59)), "2026-11-28");
  assert.equal(localDay(new Date(2026, 10, 29, 0, 0)), "2026-11-29");
  assert.equal(localDay(new Date(987, 0, 5)), "0987-01-05");
});
