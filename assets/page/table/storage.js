// Storage: Python decides, the page writes. The writes in order; at the first that fails
// (storage full, or refused) the rest are not tried (a copy set aside that could not be written
// must not lose its original), and Python is told which were not made, with what storage holds
// for each, to say so in words.

import { FACTS } from "../facts.js";
import { storage } from "../shell/storage.js";
import { game } from "./lock.js";
import { send } from "./python.js";

/** @import { Write } from "../protocol.js" */

const SAVE_KEY = FACTS.storageKeys.game;
let saveRefused = false; // the last save could not be written: Python warns until one is

/** @param {Write[]} writes */
export function store(writes) {
  for (const [index, [key, value]] of writes.entries()) {
    if (key === SAVE_KEY && !game.mayWrite()) {
      game.watch(); // another window has saved since: its game is shown, this one's dropped
      return;
    }
    try {
      // A browser that keeps nothing refuses every write.
      if (!storage) throw new Error("no storage");
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    } catch {
      /** @type {Record<string, string | null>} */
      const items = {};
      for (const [unwritten] of writes.slice(index)) {
        items[unwritten] = storage?.getItem(unwritten) ?? null;
      }
      if (SAVE_KEY in items) saveRefused = true;
      send({ type: "stored", items });
      return;
    }
    if (key === SAVE_KEY) {
      if (saveRefused) send({ type: "stored", items: {}, saved: true });
      saveRefused = false;
      game.known = value;
      if (value === null) game.release(); // no game in play: any window may start one
    }
  }
}
