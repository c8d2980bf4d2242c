// Which window may write the saved game (assets/page/pure/windows.js): the one that plays it,
// and only over the save it last saw.

import assert from "node:assert/strict";
import { test } from "node:test";

import { mayWrite } from "../../assets/page/pure/windows.js";

const playing = { writing: true, holdsWebLock: true, known: "save 3" };

test("the window playing may write over the save it last saw", () => {
  assert.equal(mayWrite({ ...playing, saved: "save 3" }), true);
});

test("a window watching may never write", () => {
  for (const saved of ["save 3", null, undefined]) {
    assert.equal(mayWrite({ ...playing, writing: false, saved }), false);
  }
});

test("nobody writes over a save another window made since", () => {
  assert.equal(mayWrite({ ...playing, saved: "save 4" }), false);
  assert.equal(mayWrite({ ...playing, holdsWebLock: false, saved: "save 4" }), false);
});

test("a save gone while the Web Lock is held was the browser's doing: it is saved again", () => {
  assert.equal(mayWrite({ ...playing, saved: null }), true);
  // Without the Web Lock (a BroadcastChannel's agreement), another window may have removed it.
  assert.equal(mayWrite({ ...playing, holdsWebLock: false, saved: null }), false);
  assert.equal(mayWrite({ ...playing, known: null, holdsWebLock: false, saved: null }), true);
});

test("without storage, the window playing writes (to nothing)", () => {
  assert.equal(mayWrite({ ...playing, known: "other", saved: undefined }), true);
});
