// Taps that carry over (assets/page/pure/taps.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  SAME_SPOT_PX, SECOND_TAP_MS, carriesOver, controlOf, secondTap,
} from "../../assets/page/pure/taps.js";

const roll = controlOf("roll", {});
/** @type {import("../../assets/page/pure/taps.js").Acted} */
const rolled = { x: 100, y: 220, control: roll, moment: 7, answeredAt: 1000, hands: "player 0" };

test("a control is what its tap does, whatever the order of its data", () => {
  assert.equal(controlOf("cell", { row: "1", number: "5" }), controlOf("cell", { number: "5", row: "1" }));
  assert.notEqual(controlOf("cell", { row: "1", number: "5" }), controlOf("cell", { row: "1", number: "6" }));
  assert.notEqual(controlOf("roll", {}), controlOf("reroll", {}));
});

test("a second tap is on the first one's spot, before its answer or just after it", () => {
  const hands = rolled.hands;
  assert.ok(secondTap(rolled, { x: 103, y: 224, at: 1000 + SECOND_TAP_MS - 1, hands }));
  assert.ok(secondTap({ ...rolled, answeredAt: null }, { x: 100, y: 220, at: 99_999, hands }));
  assert.ok(!secondTap(rolled, { x: 100, y: 220, at: 1000 + SECOND_TAP_MS, hands }));
  assert.ok(!secondTap(rolled, { x: 100 + SAME_SPOT_PX + 1, y: 220, at: 1100, hands }));
  assert.ok(!secondTap({ ...rolled, answeredAt: null }, { x: 100, y: 260, at: 1001, hands }));
});

test("a tap on a screen handed over since the first tap is never its second", () => {
  // The place's hand-over guard, started as the answer was painted, let it through: a
  // person's tap on their new decision, however close to the first tap's spot and time.
  assert.ok(!secondTap(rolled, { x: 100, y: 220, at: 1000 + SECOND_TAP_MS - 1, hands: "player 1" }));
  assert.ok(!secondTap({ ...rolled, hands: "12" }, { x: 100, y: 220, at: 1100, hands: "17" }));
});

test("a second tap carries over unless it does the first's act again on the same moment", () => {
  const die = controlOf("die", { index: "0" });
  assert.ok(carriesOver(rolled, die, 7)); // Roll, then the die drawn where Roll was
  assert.ok(carriesOver(rolled, roll, 8)); // the same control, on a moment gone by
  assert.ok(!carriesOver({ ...rolled, control: die }, die, 7)); // two dice of a face entered
});
