// The page's words in the player's language (assets/page/pure/words.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { asMsgid, msgidKey, pickLanguage, say } from "../../assets/page/pure/words.js";

const SPOKEN = ["it", "es", "en"];

test("the language saved comes first, then the browser's first one the app speaks", () => {
  assert.equal(pickLanguage(["es", "it-IT", "en"], SPOKEN, "en"), "es");
  assert.equal(pickLanguage([null, "de-DE", "IT-ch", "es"], SPOKEN, "en"), "it");
  assert.equal(pickLanguage([undefined, "", "pt-BR"], SPOKEN, "en"), "en");
});

test("a msgid is translated, its placeholders filled, an unknown one left in English", () => {
  const spanish = { "Map {map}": "Mapa {map}", "Roll": "" };
  assert.equal(say(spanish, "Map {map}", { map: "C" }), "Mapa C");
  assert.equal(say(spanish, "Board {board}, side {side}", { board: 2 }),
    "Board 2, side {side}");
  assert.equal(say(spanish, "Roll"), "Roll"); // an empty translation is none
});

test("an attribute's msgid is kept under its own data-* key", () => {
  assert.equal(msgidKey("aria-label"), "msgidAriaLabel");
  assert.equal(msgidKey("title"), "msgidTitle");
});

test("an element's text is read as its msgid was written: one space between words", () => {
  assert.equal(asMsgid("\n  Start the\n    game  "), "Start the game");
});
