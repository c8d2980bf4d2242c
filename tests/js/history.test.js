// The history of finished games as the History dialog reads it (assets/page/pure/history.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { finishedGames, seatLevel } from "../../assets/page/pure/history.js";

const FORMAT = { format: "dadoteca-history", version: 1 };
const stored = (/** @type {unknown[]} */ games, format = FORMAT) =>
  JSON.stringify({ ...format, games });

test("the games come newest first, those without players left out", () => {
  const first = { id: "a", game: "qwixx", players: [{ name: "Ann", score: 12 }] };
  const second = { id: "b", game: "shelfie", players: [] };
  const games = finishedGames(stored([first, null, { id: "c" }, second]), FORMAT);
  assert.deepEqual(games, [second, first]);
});

test("no history stored is no game; one that cannot be read is null", () => {
  assert.deepEqual(finishedGames(null, FORMAT), []);
  assert.deepEqual(finishedGames("", FORMAT), []);
  assert.equal(finishedGames("{not json", FORMAT), null);
  assert.equal(finishedGames("null", FORMAT), null);
  assert.equal(finishedGames(stored([], { ...FORMAT, version: 2 }), FORMAT), null);
  assert.equal(finishedGames(JSON.stringify({ ...FORMAT, games: "none" }), FORMAT), null);
});

test("a computer's seat is named by its level, a person's by its kind", () => {
  assert.equal(seatLevel("bot:expert", "bot:"), "expert");
  assert.equal(seatLevel("person", "bot:"), "person");
  assert.equal(seatLevel(undefined, "bot:"), "");
});
