// What the page's address may set (assets/page/pure/settings.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { paceOf, seedOf } from "../../assets/page/pure/settings.js";

const query = (/** @type {string} */ search) => new URLSearchParams(search);

test("?seed= is a whole number JavaScript holds exactly, else none", () => {
  assert.equal(seedOf(query("?seed=42")), 42);
  assert.equal(seedOf(query("?seed=-3&pace=0")), -3);
  assert.equal(seedOf(query("")), null);
  assert.equal(seedOf(query("?seed=abc")), null);
  assert.equal(seedOf(query("?seed=9007199254740993")), null);
});

test("?pace= scales the computers' pauses from 0 to 10, else 1", () => {
  assert.equal(paceOf(query("?pace=0")), 0);
  assert.equal(paceOf(query("?pace=2.5")), 2.5);
  assert.equal(paceOf(query("?pace=11")), 1);
  assert.equal(paceOf(query("?pace=-1")), 1);
  assert.equal(paceOf(query("")), 1);
});
