// Updates cut into frames and merged again (assets/page/pure/frames.js), as the page paints
// them: a screen drawn whole in three frames, a change of hands in two, computers' moves
// merged and painted at most PIECES_PER_FRAME pieces a frame.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { budgeted, merged, staged, touches } from "../../assets/page/pure/frames.js";

/** @import { Update } from "../../assets/page/protocol.js" */

/**
 * An update of the play screen, with what ``fields`` say.
 * @param {Partial<Update>} fields
 * @returns {Update}
 */
function update(fields = {}) {
  return {
    screen: "play",
    game: "diceland",
    language: "en",
    moment: 7,
    hands: "player 0",
    shared: false,
    layout: "",
    busy: false,
    watching: false,
    regions: {},
    patches: {},
    events: [],
    confirm: null,
    writes: [],
    ...fields,
  };
}

const rolled = { kind: "core.rolled", players: [0], text: null };
const saved = /** @type {[string, string]} */ (["dadoteca.game", "{}"]);
const nothingDrawnAhead = () => false;
const start = { stage: 0, heldBack: null };

describe("a screen drawn whole", () => {
  const whole = update({
    regions: { prompt: "<p>Roll</p>", board: "<svg>map</svg>", others: "<div>maps</div>" },
    events: [rolled],
    writes: [saved],
    download: { kind: "game", text: "{}" },
  });

  test("comes in three frames: the rest of the screen, the board, then the others' sheets", () => {
    const first = staged(whole, "setup", start, nothingDrawnAhead);
    assert.deepEqual(first.now?.screen && first.now.regions, { prompt: "<p>Roll</p>" });
    assert.deepEqual(first.aside?.regions, { board: "<svg>map</svg>", others: "<div>maps</div>" });
    assert.equal(first.stage, 1);

    const second = staged(first.aside, "play", first, nothingDrawnAhead);
    assert.deepEqual(second.now?.screen && second.now.regions, { board: "<svg>map</svg>" });
    assert.deepEqual(second.aside?.regions, { others: "<div>maps</div>" });
    assert.equal(second.stage, 2);

    const third = staged(second.aside, "play", second, (u, name) => name in u.regions);
    assert.equal(third.now, second.aside);
    assert.equal(third.aside, null);
    assert.deepEqual([third.stage, third.heldBack], [0, null]);
  });

  test("its writes and what it does once come first, its events last", () => {
    const { now, aside } = staged(whole, "setup", start, nothingDrawnAhead);
    assert.ok(now?.screen && aside);
    assert.deepEqual([now.writes, now.events, now.download], [[saved], [], whole.download]);
    assert.deepEqual([aside.writes, aside.events], [[], [rolled]]);
    for (const once of ["confirm", "download", "history"]) assert.ok(!(once in aside), once);
  });

  test("painted again whole on the same screen, the board waits for a frame of its own", () => {
    const again = update({ regions: { board: "<svg>map</svg>", others: "<div>maps</div>" } });
    const { now, aside, stage } = staged(again, "play", start, nothingDrawnAhead);
    assert.deepEqual(now?.screen && now.regions, { board: "<svg>map</svg>" });
    assert.deepEqual(aside?.regions, { others: "<div>maps</div>" });
    assert.equal(stage, 2);
  });

  test("a stage already painted is not held back again", () => {
    const rest = update({ regions: { board: "<svg>map</svg>", others: "<div>maps</div>" } });
    const { now, aside } = staged(rest, "play", { stage: 2, heldBack: null }, nothingDrawnAhead);
    assert.deepEqual(now?.screen && now.regions, rest.regions);
    assert.equal(aside, null);
  });
});

describe("a change of hands on the same screen", () => {
  const handOver = update({
    patches: { board: { "seat-1": "<section>" }, others: { "seat-0": "<section>" } },
    events: [rolled],
  });

  test("shows the two sheets a frame apart when neither was drawn ahead", () => {
    const undrawn = () => true;
    const first = staged(handOver, "play", start, undrawn);
    assert.deepEqual(first.now?.screen && first.now.patches, { board: { "seat-1": "<section>" } });
    assert.deepEqual(first.aside?.patches, { others: { "seat-0": "<section>" } });
    assert.deepEqual([first.stage, first.heldBack], [0, "others"]);
    // The next one holds back the board: the sheets' region held back last time goes first.
    const next = staged(handOver, "play", first, undrawn);
    assert.deepEqual(next.now?.screen && next.now.patches, { others: { "seat-0": "<section>" } });
    assert.equal(next.heldBack, "board");
  });

  test("shows both at once when a sheet was drawn ahead", () => {
    const drawnAheadOnTheBoard = (/** @type {Update} */ _, /** @type {string} */ name) =>
      name !== "board";
    const { now, aside } = staged(handOver, "play", start, drawnAheadOnTheBoard);
    assert.equal(now, handOver);
    assert.equal(aside, null);
  });
});

test("an update without a screen (Python has no app yet) is painted as it is", () => {
  assert.deepEqual(staged({}, "setup", { stage: 1, heldBack: "board" }, nothingDrawnAhead), {
    now: {},
    aside: null,
    stage: 0,
    heldBack: null,
  });
  assert.equal(staged(null, "setup", start, nothingDrawnAhead).now, null);
});

test("an update touches a region it draws or patches, not one it patches with nothing", () => {
  const some = update({ regions: { board: "" }, patches: { others: {}, dice: { d1: "<i>" } } });
  assert.deepEqual(["board", "others", "dice"].map((name) => touches(some, name)), [
    true,
    false,
    true,
  ]);
});

describe("budgeted", () => {
  /** @param {number} count */
  const cells = (count) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`c${i}`, `<g>${i}</g>`]));

  test("paints the pieces past the budget in an update of their own", () => {
    const many = update({
      regions: { prompt: "<p>" },
      patches: { board: cells(30), others: cells(10) },
      events: [rolled],
      writes: [saved],
      confirm: { text: "Sure?", yes: "undo", yes_label: "Yes", no_label: "No" },
    });
    const [now, later] = budgeted(many, 32);
    assert.equal(Object.keys(now.patches.board).length, 30);
    assert.deepEqual(Object.keys(now.patches.others), ["c0", "c1"]);
    assert.deepEqual(now.regions, many.regions);
    assert.deepEqual([now.events, now.writes, now.confirm], [[rolled], [saved], many.confirm]);
    assert.ok(later);
    assert.deepEqual(later.patches, { others: Object.fromEntries(
      Object.entries(cells(10)).slice(2),
    ) });
    assert.deepEqual([later.regions, later.events, later.writes], [{}, [], []]);
    assert.ok(!("confirm" in later));
  });

  test("gives an update within its budget back as it is", () => {
    const few = update({ patches: { board: cells(32) } });
    const [now, later] = budgeted(few, 32);
    assert.equal(now, few);
    assert.equal(later, null);
  });
});

describe("merged", () => {
  test("keeps the regions last sent, the pieces patched since, and every event and write", () => {
    const earlier = update({
      regions: { prompt: "<p>1</p>", dice: "<i>1</i>" },
      patches: { board: { a: "<g>a1</g>", b: "<g>b1</g>" }, others: { x: "<g>x1</g>" } },
      events: [rolled],
      writes: [saved],
      download: { kind: "game", text: "1" },
    });
    const later = update({
      moment: 8,
      regions: { prompt: "<p>2</p>", others: "<div>all</div>" },
      patches: { board: { b: "<g>b2</g>", c: "<g>c2</g>" } },
      events: [{ kind: "diceland.marked", players: [1], text: "Bo marks" }],
      writes: [["dadoteca.game", "{2}"]],
    });
    const both = merged(earlier, later);
    assert.ok(both?.screen);
    assert.equal(both.moment, 8);
    assert.deepEqual(both.regions, {
      prompt: "<p>2</p>",
      dice: "<i>1</i>",
      others: "<div>all</div>",
    });
    // A region drawn whole later has none of the pieces patched before.
    assert.deepEqual(both.patches, { board: { a: "<g>a1</g>", b: "<g>b2</g>", c: "<g>c2</g>" } });
    assert.deepEqual(both.events, [...earlier.events, ...later.events]);
    assert.deepEqual(both.writes, [...earlier.writes, ...later.writes]);
    assert.deepEqual(both.download, earlier.download);
  });

  test("an update with nothing to paint leaves the other as it is", () => {
    const one = update();
    assert.equal(merged(null, one), one);
    assert.equal(merged({}, one), one);
    assert.equal(merged(one, {}), one);
    assert.equal(merged(one, null), one);
  });
});
