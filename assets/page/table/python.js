// Python, in a Web Worker started here with PyScript's PyWorker: this page's thread only
// paints, listens and stores. Messages are JSON text: {id, message} to the worker, answered in
// order by {reply: id, update}; {push: update} for the computers' moves, which come on their
// own; {python: news} while Python starts (assets/python-start.mjs); {failure: traceback}
// for the page's console, when Python caught an error (the player is told in words).

import { localDay } from "../pure/settings.js";

/** @import { FailedUpdate, Message, NoUpdate, StartNews, Update, WorkerNews } from "../protocol.js" */

/**
 * What PyScript's core module gives the page (the little of it used here).
 * @typedef {object} PyScript
 * @property {(url: string, options: object) => Promise<Worker>} PyWorker
 * @property {{main: {onWorker: Set<(wrap: unknown, worker: Worker) => void>}}} hooks
 */

const root = document.documentElement;
// The page's own files, from index.html (every URL relative: the app runs under any path).
const HERE = new URL("assets/", document.baseURI);

const python = {
  /** @type {Worker | null} */
  worker: null,
  asked: 0,
  /** @type {Map<number, (update: Update | NoUpdate) => void>} */
  unanswered: new Map(), // id -> resolve, called once its update is painted
  /** @type {Promise<Update | NoUpdate | null>} */
  lastAnswer: Promise.resolve(null), // settles once every message sent so far is answered
  /** @type {string | null} */
  snapshotCache: null, // the Cache Storage holding the snapshot this start restored
  listening: false, // the worker's program has started: it answers messages
};

/** Settles once every message sent so far is answered and its update painted. */
export function lastAnswer() {
  return python.lastAnswer;
}

// PyScript's core, and the observers it sets on the whole document. PyScript watches every
// node added to the page, for good, for <script type="py"> elements and py-* attributes (an
// XPath over each added subtree): this page adds neither, and its one Python is started
// below. At 4x CPU the walk cost every tap 4.5 ms, and a Diceland game's first paint 234 ms.
// So they are disconnected once the worker is made.
//
// PyScript also tries `new SharedArrayBuffer(...)` at its top level, which this page (not
// cross-origin isolated) does not have. V8 words that TypeError ("... is not a constructor")
// by parsing the whole enclosing function again, here PyScript's 136 KB module: 15 of the
// evaluation's 50 ms at 4x CPU (profiled), the one task of a start over 50 ms. A constructor
// that throws its own error while PyScript evaluates answers the same, without the parse.
/** @returns {Promise<[PyScript, MutationObserver[]]>} */
async function importPyScript() {
  /** @type {MutationObserver[]} */
  const observers = [];
  const Native = window.MutationObserver;
  window.MutationObserver = class extends Native {
    /**
     * @override
     * @param {Node} target
     * @param {MutationObserverInit} [options]
     */
    observe(target, options) {
      if (target === document) observers.push(this);
      super.observe(target, options);
    }
  };
  const isolated = "SharedArrayBuffer" in window;
  if (!isolated) {
    // Made here, not where it is thrown: an error records the stack where it is made, and
    // while developer tools listen (as the benchmarks' do), a record made inside PyScript's
    // module parses it again for its line numbers.
    const absent = new TypeError("SharedArrayBuffer needs a cross-origin isolated page");
    /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window)).SharedArrayBuffer =
      function SharedArrayBuffer() {
        throw absent;
      };
  }
  try {
    return [await import(new URL("../pyscript/core.js", HERE).href), observers];
  } finally {
    window.MutationObserver = Native; // PyScript observes the document later, in a microtask
    if (!isolated) delete /** @type {{SharedArrayBuffer?: unknown}} */ (window).SharedArrayBuffer;
  }
}

/**
 * What the page does with what Python sends: an answer's update and a computer's move, each
 * to paint (the answer's returned as painted, with the moves merged into it).
 * @typedef {object} Listener
 * @property {(update: Update | NoUpdate) => Update | NoUpdate} answered
 * @property {(update: Update) => void} pushed
 * @property {(update: FailedUpdate) => void} failed Python could not work out what to paint
 */

/**
 * Start Python's worker, then the game (``boot``). A worker that cannot start is said in
 * words (assets/boot-watch.js), never a blank page.
 * @param {Listener} listener
 * @param {() => Promise<void>} boot
 */
export async function startPython(listener, boot) {
  try {
    const [{ PyWorker, hooks }, pyscriptObservers] = await importPyScript();
    // Not before PyScript has set itself up (its plugins loaded, its hooks in place, and last
    // its <py-script> element defined): an earlier PyWorker would miss the hook below.
    await customElements.whenDefined("py-script");
    // Heard from the worker's first message on: how its start goes is said while it starts.
    hooks.main.onWorker.add((_, worker) => {
      worker.addEventListener("message", (event) => heard(event, listener));
    });
    python.worker = await PyWorker(new URL("python-worker.py", HERE).href, {
      version: new URL("python-start.mjs", HERE).href, // the interpreter module
      // micropip installs the wheel at the first start; PyScript's packages cache (in
      // IndexedDB) then has Pyodide load it at later starts, micropip not even imported (300
      // ms saved). The cache's lock file is never used: python-start.mjs hands Pyodide this
      // build's own, so an update never asks for the old wheel.
      config: { packages: ["dadoteca"] },
    });
    for (const observer of pyscriptObservers) observer.disconnect();
    // The worker's program has run; PyScript only logs its errors: it said it listens, or
    // it failed.
    if (!python.listening) throw new Error("Python's program did not start (see above)");
    await boot();
  } catch (error) {
    // A snapshot whose app cannot start is not kept for the next visit.
    if (root.dataset.pythonStart === "snapshot") caches.delete(python.snapshotCache ?? "");
    // PyScript rejects with the worker's error event: the error it carries says what failed.
    window.dadotecaBootWatch.failed(error instanceof Event && "error" in error ? error.error : error);
  }
}

/**
 * Send Python a message; settles once its answer is painted (at once, null, before the start:
 * nothing to say yet).
 * @param {Message} message
 */
export function send(message) {
  const worker = python.worker;
  if (!worker) return Promise.resolve(null);
  python.asked += 1;
  const id = python.asked;
  /** @type {Promise<Update | NoUpdate>} */
  const answer = new Promise((resolve) => python.unanswered.set(id, resolve));
  python.lastAnswer = answer;
  // The page's date with every message: a game ending past midnight ends on the new day.
  worker.postMessage(JSON.stringify({ id, message: { ...message, today: localDay(new Date()) } }));
  return answer;
}

/**
 * @param {MessageEvent} event
 * @param {Listener} listener
 */
function heard({ data }, listener) {
  if (typeof data !== "string" || !data.startsWith("{")) return; // PyScript's own
  /** @type {WorkerNews} */
  const news = JSON.parse(data);
  if ("python" in news) {
    startNews(news.python);
    return;
  }
  // Python could not work out what to paint: its writes are made and the failure said in
  // words; the page goes on, painted again by Python's next update.
  const failed = "push" in news ? news.push : "update" in news ? news.update : null;
  if (failed && "failed" in failed) {
    listener.failed(/** @type {FailedUpdate} */ (failed));
    if ("reply" in news) answer(news.reply, {});
    return;
  }
  if ("push" in news) {
    listener.pushed(/** @type {Update} */ (news.push));
    return;
  }
  if ("failure" in news) {
    console.error(`Python: ${news.failure}`); // the player is told in words, by Python
    return;
  }
  answer(news.reply, listener.answered(/** @type {Update | NoUpdate} */ (news.update)));
}

/**
 * The page's message ``id`` is answered: ``update`` painted.
 * @param {number} id
 * @param {Update | NoUpdate} update
 */
function answer(id, update) {
  python.unanswered.get(id)?.(update);
  python.unanswered.delete(id);
}

/** @param {StartNews} news */
function startNews({ arrived, at, missing, start, snapshotCache, snapshot, error, listening }) {
  if (listening) python.listening = true;
  if (missing) window.dadotecaBootWatch.failed(new TypeError(`${missing}: ${error}`));
  if (arrived) {
    window.dispatchEvent(new CustomEvent("dadoteca:arrived", { detail: { file: arrived, at } }));
  }
  if (start) {
    python.snapshotCache = snapshotCache ?? null;
    root.dataset.pythonStart = start;
  }
  if (snapshot) {
    if (error) console.warn("Python snapshot not made:", error);
    root.dataset.pythonSnapshot = snapshot;
  }
}
