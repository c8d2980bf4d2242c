// Which window of the app may write the saved game (assets/page/table/lock.js holds the lock
// and asks). No DOM here (tests/js/windows.test.js runs it in Node).

/**
 * Whether this window may write the save: it plays the game, and nobody saved since it last
 * saw it. A save gone while this window holds the Web Lock was not removed by another window
 * (only the lock's holder writes it) but with the browser's data: this window's game, the only
 * copy left, is saved again (without Web Locks, nothing tells that from another window).
 * @param {object} window
 * @param {boolean} window.writing this window plays the game
 * @param {boolean} window.holdsWebLock it holds the Web Lock (not only the channel's agreement)
 * @param {string | null} window.known the save as this window last saw it
 * @param {string | null | undefined} window.saved the save in storage now (undefined: no
 *   storage)
 */
export function mayWrite({ writing, holdsWebLock, known, saved }) {
  if (!writing || saved === undefined) return writing;
  return saved === known || (saved === null && holdsWebLock);
}
