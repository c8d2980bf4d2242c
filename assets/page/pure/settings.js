// What the page's address may set: ?pace=F, the computers' pauses scaled (0: none). (Its
// ?seed=N goes to Python as written: Python reads it, exactly, and says when it is no seed.)
// No DOM here (tests/js/settings.test.js runs it in Node).

/**
 * ``?pace=F``: from 0 to 10, else 1.
 * @param {URLSearchParams} query
 */
export function paceOf(query) {
  const value = Number.parseFloat(query.get("pace") ?? "");
  return value >= 0 && value <= 10 ? value : 1;
}
