// What the page's address may set: ?pace=F, the computers' pauses scaled (0: none). (Its
// ?seed=N and ?day=GAME-YYYY-MM-DD go to Python as written: Python reads them, exactly, and
// says when they are not one.) And the page's local date, which Python is told with every
// message: today's game changes at the player's midnight, not UTC's.
// No DOM here (tests/js/settings.test.js runs it in Node).

/**
 * ``?pace=F``: from 0 to 10, else 1.
 * @param {URLSearchParams} query
 */
export function paceOf(query) {
  const value = Number.parseFloat(query.get("pace") ?? "");
  return value >= 0 && value <= 10 ? value : 1;
}

/**
 * ``now``'s date in the page's own time zone: YYYY-MM-DD.
 * @param {Date} now
 */
export function localDay(now) {
  const two = (/** @type {number} */ number) => String(number).padStart(2, "0");
  return `${String(now.getFullYear()).padStart(4, "0")}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
