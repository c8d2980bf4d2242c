// One window plays the game. The app may be open in several windows (the installed app and a
// tab, a restored tab): one plays the saved game, holding a Web Lock, and only it writes the
// save; the others watch it, told of every save by storage events, and can take it over
// ("Play here").

import { FACTS } from "../facts.js";
import { mayWrite } from "../pure/windows.js";
import { session, storage } from "../shell/storage.js";
import { send } from "./python.js";

/** @import { Message } from "../protocol.js" */

const SAVE_KEY = FACTS.storageKeys.game;
const HISTORY_KEY = FACTS.storageKeys.history;
let booted = false; // Python has the storage: from then on it is told of others' writes

/** Python has the storage now: others' writes reach it from now on. */
export function pythonHasTheStorage() {
  booted = true;
}

// Where Web Locks are missing (browsers before 2022), windows agree on a BroadcastChannel:
// one asks whether another plays, the one playing answers, and one taking the game over
// tells the others, which then watch. Two windows asking at the same instant may both play:
// mayWrite() still keeps either from overwriting a newer save. Without either, every window
// may write, mayWrite() alone guarding the save.
const ANSWER_WITHIN_MS = 300;
const channel = !navigator.locks && window.BroadcastChannel
  ? new BroadcastChannel(SAVE_KEY)
  : null;

/** @param {BroadcastChannel} channel */
function anotherPlays(channel) {
  return new Promise((resolve) => {
    const heard = (/** @type {MessageEvent} */ { data }) => {
      if (data !== "I play") return;
      channel.removeEventListener("message", heard);
      resolve(true);
    };
    channel.addEventListener("message", heard);
    channel.postMessage("who plays?");
    setTimeout(() => {
      channel.removeEventListener("message", heard);
      resolve(false);
    }, ANSWER_WITHIN_MS);
  });
}

// The app's storage items, as they are now.
export function storedItems() {
  /** @type {Record<string, string | null>} */
  const items = {};
  if (storage) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = /** @type {string} */ (storage.key(index));
      if (key.startsWith(FACTS.storageKeys.prefix)) items[key] = storage.getItem(key);
    }
  }
  return items;
}

// The Web Lock held by the window that plays the saved game (or, without Web Locks, the
// channel's agreement above).
export const game = {
  lockName: SAVE_KEY,
  writing: false,
  /** @type {(() => void) | null} */
  releaseLock: null,
  /** @type {string | null} */
  known: null, // the save as this window last saw it: read, written, or told of
  // Settles once this window's last request is over and its lock, if any, let go. A lock is
  // freed a moment after release(): asking again before would find it held, by this window,
  // and a quick "abandon, then Start" would leave the window watching itself. Requests go
  // one at a time (taking), for the same reason.
  /** @type {Promise<unknown>} */
  settled: Promise.resolve(),
  /** @type {Promise<boolean>} */
  taking: Promise.resolve(true),

  /**
   * Hold the lock, if free (or taken from the window holding it); true once held.
   * @param {{steal?: boolean}} [how]
   * @returns {Promise<boolean>}
   */
  take({ steal = false } = {}) {
    if (!navigator.locks) {
      if (this.writing || !channel) return Promise.resolve((this.writing = true));
      if (steal) channel.postMessage("I take it");
      this.taking = this.taking.then(async () => {
        if (!steal && await anotherPlays(channel)) return false;
        return (this.writing = true);
      });
      return this.taking;
    }
    const locks = navigator.locks;
    this.taking = this.taking.then(async () => {
      if (this.writing) return true;
      await this.settled;
      return new Promise((resolve) => {
        /** @type {LockOptions} */
        const options = steal ? { steal } : { ifAvailable: true };
        this.settled = locks.request(this.lockName, options, (lock) => {
          resolve(Boolean(lock));
          if (!lock) return undefined;
          this.writing = true;
          /** @type {Promise<void>} */
          const held = new Promise((release) => { this.releaseLock = release; });
          return held;
        }).catch(() => {
          // Taken over by another window: it plays now, this one watches.
          if (this.writing) this.watch();
        });
      });
    });
    return this.taking;
  },

  release() {
    this.writing = false;
    this.releaseLock?.();
    this.releaseLock = null;
  },

  // This window may write the save: it plays the game, and nobody saved since it last saw it
  // (assets/page/pure/windows.js).
  mayWrite() {
    return mayWrite({
      writing: this.writing,
      holdsWebLock: this.releaseLock !== null,
      known: this.known,
      saved: storage?.getItem(SAVE_KEY),
    });
  },

  // Show the game as stored now, played in another window.
  watch() {
    this.release();
    const items = storedItems();
    this.known = items[SAVE_KEY] ?? null;
    send({ type: "writer", writer: false, storage: items });
  },

  // Play here the game another window was playing (or, none, start one).
  async takeOver() {
    await this.take({ steal: true });
    const items = storedItems();
    this.known = items[SAVE_KEY] ?? null;
    send({ type: "writer", writer: true, storage: items });
  },

  /**
   * A message that begins a game (start, import): only once this window may play, else it
   * shows the game being played in another window. Settles once its answer is painted.
   * @param {Message} message
   */
  async send(message) {
    if (await this.take()) return send(message);
    this.watch();
    return null;
  },
};

// The history and the finished games' records, which Python reads from its copy.
const told = (/** @type {string | null} */ key) => key === HISTORY_KEY
  || Boolean(key?.startsWith(FACTS.storageKeys.recordPrefix));

// A new version reloads every window of the app (assets/page/shell/service-worker.js): the
// one that was playing the game plays it on after the reload, whichever window starts first.
const PLAYED_HERE = "dadoteca.played-here";

export function playedHereBeforeReload() {
  const played = session?.getItem(PLAYED_HERE) === "yes";
  session?.removeItem(PLAYED_HERE);
  return played;
}

export function listenToOtherWindows() {
  channel?.addEventListener("message", ({ data }) => {
    if (data === "who plays?" && game.writing) channel.postMessage("I play");
    if (data === "I take it" && game.writing) game.watch();
  });

  // Another window wrote: a save (this one now watches that game, or, if it has just taken
  // the game over, plays on from that window's last save), the history (entries this one
  // added are merged back if that write lacked them).
  window.addEventListener("storage", (event) => {
    if (event.key === SAVE_KEY) {
      game.known = event.newValue;
      if (event.newValue === null) game.release(); // no game in play
    }
    if (booted && event.key !== null && (event.key === SAVE_KEY || told(event.key))) {
      send({ type: "changed", key: event.key, value: event.newValue, writer: game.writing });
    }
  });

  // The history cleared in this window (assets/page/shell/history.js): Python's copy follows.
  window.addEventListener("dadoteca:removed", ({ detail: keys }) => {
    if (!booted) return;
    for (const key of keys.filter(told)) {
      send({ type: "changed", key, value: null, writer: game.writing });
    }
  });

  window.addEventListener("dadoteca:reloading", () => {
    try {
      if (game.writing) session?.setItem(PLAYED_HERE, "yes");
    } catch {
      // Storage full: whichever window starts first plays, the other watches.
    }
  });
}
