// Files in and out of the page: a record or a history chosen by the player, and the names of
// those the page downloads (assets/page/table/files.js). No DOM here (tests/js/files.test.js
// runs it in Node).

// A record is UTF-8 text: anything else is refused in words (null), never read with its
// unknown characters replaced ("Zoë" in Latin-1 would come in as "Zo�").
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The text of a chosen file's ``bytes``, or null if they are not UTF-8.
 * @param {ArrayBuffer} bytes
 * @returns {string | null}
 */
export function textOf(bytes) {
  try {
    return utf8.decode(bytes);
  } catch {
    return null; // Python says so
  }
}

/**
 * A download's file name, named after what it holds and the ``day``: a damaged save, the
 * history, or else the record of a game of ``game`` (its id; "" when none is played).
 * @param {string} kind
 * @param {string | undefined} game
 * @param {Date} day
 */
export function downloadName(kind, game, day) {
  const date = [day.getFullYear(), day.getMonth() + 1, day.getDate()]
    .map((part) => String(part).padStart(2, "0")).join("-");
  /** @type {Record<string, string>} */
  const names = {
    damaged: `dadoteca-damaged-save-${date}.json`,
    history: `dadoteca-history-${date}.json`,
  };
  return names[kind] ?? `${game || "dadoteca"}-${date}.json`;
}
