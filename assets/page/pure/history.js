// The history of finished games as stored (written by Python: dadoteca_web/history.py's
// History), read for the History dialog (assets/page/shell/history.js), which shows it even
// before Python starts. No DOM here (tests/js/history.test.js runs it in Node).

/**
 * A finished game as stored. The dialog checks each field as it shows it: a newer version may
 * write others, an older one may lack some.
 * @typedef {object} FinishedGame
 * @property {unknown} [id] its record's key, after the record prefix
 * @property {unknown} [game] the game's id
 * @property {unknown} [ended] when it ended (ISO 8601)
 * @property {unknown} [dice] real dice, sheets only or the day's dice (else the app's own)
 * @property {unknown} [practice] a day's game that does not count (not the first of its day)
 * @property {unknown} [variant] Qwixx's score pad: a variant's id (else the game's own)
 * @property {unknown} [winners] their seats
 * @property {(FinishedPlayer | null)[]} players
 */

/**
 * @typedef {object} FinishedPlayer
 * @property {unknown} [name]
 * @property {unknown} [kind] a person, or a computer: the bot seat's prefix and its level
 * @property {unknown} [score]
 */

/**
 * The finished games in the stored history ``text``, newest first; null when it cannot be read
 * (not JSON, or not a history of this ``format``). None stored, none. Fields this version does
 * not know are ignored (a newer one may add some); a game without players is left out.
 * @param {string | null | undefined} text
 * @param {{format: string, version: number}} format
 * @returns {FinishedGame[] | null}
 */
export function finishedGames(text, format) {
  if (!text) return [];
  try {
    const history = JSON.parse(text);
    if (history.format !== format.format || history.version !== format.version) return null;
    return history.games
      .filter((/** @type {FinishedGame | null} */ game) => game && Array.isArray(game.players))
      .reverse();
  } catch {
    return null;
  }
}

/**
 * A seat's kind as its setup names it: a computer's by its level (what follows the bot seat's
 * prefix), any other as it is.
 * @param {unknown} kind
 * @param {string} botSeat the prefix of a computer's kind
 */
export function seatLevel(kind, botSeat) {
  const text = String(kind || "");
  return text.startsWith(botSeat) ? text.slice(botSeat.length) : text;
}
