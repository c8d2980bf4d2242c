// The shapes the page shares with Python, as types only (nothing here runs): the facts the build
// writes into index.html (dadoteca_web/shell.py), and the JSON messages between the page and
// Python's worker (dadoteca_web/session.py says what each field means; dadoteca_web/main.py
// wraps them). Checked by `tsc` (tsconfig.json) wherever a module names them.

/**
 * The facts block of index.html (`<script type="application/json" id="dadoteca-facts">`).
 * @typedef {object} Facts
 * @property {StorageKeys} storageKeys
 * @property {{format: string, version: number}} history what a stored history must say it is
 * @property {string[]} languages
 * @property {string} sourceLanguage the language the page is written in
 * @property {string} botSeat a seat kind's prefix for a computer (+ its level)
 * @property {string[]} levels the computers' levels
 * @property {number} maxNameLength
 * @property {string} realDice the dice setting of the table's own dice
 * @property {string} sheetsOnly the dice setting of sheets only
 * @property {string} dayDice the dice setting of today's game (the day's dice, played alone)
 * @property {Record<string, {minPlayers: number, maxPlayers: number}>} games by game id
 * @property {string} rolled the kind of the event of a roll (any game's)
 * @property {Record<string, Effect>} effects what the page does at each kind of game event
 */

/**
 * What the page does at an event of one kind (dadoteca_web.game_ui.Effect says each field).
 * @typedef {object} Effect
 * @property {string} [sound]
 * @property {number | number[]} [vibrate]
 * @property {string} [animation] a CSS class, for the length of its animation, on:
 * @property {string} [mark] the mark the event names (a template of its params)
 * @property {string} [listed] the param listing marks (space-separated, each up to a "+")
 * @property {string} [seats] a selector (a template) on the sheets of the event's players
 * @property {boolean} [end] the game ended by it
 */

/**
 * The app's localStorage keys.
 * @typedef {object} StorageKeys
 * @property {string} prefix every key of the app starts with it
 * @property {string} language
 * @property {string} game the saved game in play
 * @property {string} history the finished games
 * @property {string} sound
 * @property {string} layout "table": the setup last chose a table-top
 * @property {string} homeScreenTold
 * @property {string} brokenPrefix what could not be read, set aside
 * @property {string} recordPrefix + a history entry's id: its game's record
 */

/**
 * A region's HTML by its name (`#region-NAME`): notice, warnings, review, tools, prompt, guide,
 * dice, controls, scores, board, others, stats. Only those that changed.
 * @typedef {Record<string, string>} Regions
 */

/**
 * Of a region whose pieces alone changed: each changed piece's HTML by its key (the element
 * carrying `data-piece` = key), by the region's name.
 * @typedef {Record<string, Record<string, string>>} Patches
 */

/**
 * Something that happened: its kind (`qwixx.crossed`), the players it concerns, its text when
 * the table is told it in words, and the kind's own fields (`row`, `number`, `combos`...).
 * @typedef {{kind: string, players: number[], text?: string | null, [field: string]: unknown}}
 *   GameEvent
 */

/**
 * A write to storage, in order: a key and its text, or null to remove it.
 * @typedef {[key: string, value: string | null]} Write
 */

/**
 * A question to ask in a dialog: `yes` is the act that goes ahead.
 * @typedef {{text: string, yes: string, yes_label: string, no_label: string}} Confirm
 */

/**
 * A file to download: a game's record, the history or a damaged save.
 * @typedef {{kind: "game" | "history" | "damaged", text: string}} Download
 */

/**
 * What an imported history did, said in the History dialog.
 * @typedef {{text: string, kind: "info" | "error"}} HistoryNews
 */

/**
 * What changed since the last update, for the page to paint, say and store. `pushed` and
 * `hurried` are the page's own marks on the computers' moves (assets/page/table/staging.js).
 * @typedef {object} Update
 * @property {string} screen "setup", "play", "over" or "review"
 * @property {string} game the game's id ("" on the setup)
 * @property {string} language
 * @property {number} moment changes with every action: a tap sends the moment it was made on
 * @property {string} hands whose screen it is ("player 1", "everyone 12", or the screen)
 * @property {boolean} shared the moment is everyone's at once
 * @property {string} layout "table": the players sit around the device lying in the middle
 * @property {boolean} busy a computer's move is to come
 * @property {boolean} watching the game is played in another window
 * @property {Regions} regions
 * @property {Patches} patches
 * @property {GameEvent[]} events
 * @property {Confirm | null} [confirm] absent from a part held for a later frame
 * @property {Write[]} writes
 * @property {Download} [download]
 * @property {HistoryNews} [history]
 * @property {{text: string, link: string}} [share] a line to share, its link relative to the app
 * @property {string} [linked] the game of a ``?day`` link, for the setup to offer its day
 * @property {boolean} [pushed] a computer's move, not an answer
 * @property {boolean} [hurried] moves that came two or more to a frame: no animations
 */

/**
 * What Python answers before it has an app (a failure before the boot): nothing to paint.
 * @typedef {{screen?: undefined}} NoUpdate
 */

/**
 * What Python answers when it could not work out what to paint (dadoteca_web.main.Page
 * .painted): the failure in words, and the writes to make all the same.
 * @typedef {{failed: string, writes: Write[], screen?: undefined}} FailedUpdate
 */

/**
 * What the page sends Python, by `type` (dadoteca_web/session.py says each one's fields).
 * @typedef {{type: "boot", storage: Record<string, string | null>, lasting: boolean,
 *     language: string, catalog: Catalog, seed: string | null, day: string | null,
 *     pace: number, writer: boolean}
 *   | {type: "writer", writer: boolean, storage: Record<string, string | null>}
 *   | {type: "changed", key: string, value: string | null, writer: boolean}
 *   | {type: "tap", act: string, data: Record<string, string | undefined>, moment: number,
 *       seat?: number}
 *   | {type: "start"} & StartRequest
 *   | {type: "language", language: string, catalog: Catalog}
 *   | {type: "import" | "import-history", text: string | null}
 *   | {type: "export" | "export-damaged" | "export-history"}
 *   | {type: "open", id: string | undefined}
 *   | {type: "shared", how: "share" | "clipboard" | "cancelled" | "failed"}
 *   | {type: "stored", items: Record<string, string | null>, saved?: true}} Message
 */

/**
 * The setup form, as the shell sends it to start a game.
 * @typedef {object} StartRequest
 * @property {string} game
 * @property {string[]} names in seat order
 * @property {Record<string, string>[]} choices each seat's (its kind, Diceland's map, its
 *     place at a table-top: "edge")
 * @property {number | null} first the seat chosen to start, or null: drawn at random
 * @property {string} variant Qwixx's score pad: a variant's id, or "" for base Qwixx's
 * @property {string} dice
 * @property {boolean} coach hints on offer
 */

/**
 * A language's translations: msgid to text.
 * @typedef {Record<string, string>} Catalog
 */

/**
 * How Python's start goes, from its worker (assets/python-start.mjs, dadoteca_web/main.py).
 * @typedef {object} StartNews
 * @property {string} [arrived] a big file of the runtime has arrived
 * @property {number} [at] when, on the page's clock
 * @property {string} [missing] a file the start needs did not arrive
 * @property {"snapshot" | "fresh"} [start] which start it was
 * @property {string} [snapshotCache] the Cache Storage holding the snapshot restored
 * @property {"stored" | "failed"} [snapshot] whether a snapshot was made
 * @property {string} [error]
 * @property {boolean} [listening] the worker's program has started: it answers messages
 */

/**
 * A message from Python's worker (JSON text): an answer to the page's message `reply`, a
 * computer's move, how the start goes, or the traceback of a failure caught in Python.
 * @typedef {{reply: number, update: Update | NoUpdate | FailedUpdate}
 *   | {push: Update | FailedUpdate} | {python: StartNews} | {failure: string}} WorkerNews
 */

export {};
