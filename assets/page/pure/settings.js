// What the page's address may set: ?seed=N, the next new game's seed (tests and benchmarks
// replay games), and ?pace=F, the computers' pauses scaled (0: none). No DOM here
// (tests/js/settings.test.js runs it in Node).

/**
 * ``?seed=N``: a whole number JavaScript holds exactly, else null (Python draws one).
 * @param {URLSearchParams} query
 */
export function seedOf(query) {
  const seed = Number.parseInt(query.get("seed") ?? "", 10);
  return Number.isSafeInteger(seed) ? seed : null;
}

/**
 * ``?pace=F``: from 0 to 10, else 1.
 * @param {URLSearchParams} query
 */
export function paceOf(query) {
  const value = Number.parseFloat(query.get("pace") ?? "");
  return value >= 0 && value <= 10 ? value : 1;
}
