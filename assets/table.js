// The table: the page's side of the game. Python (dadoteca_web/session.py) owns the games and
// answers every message with an update; this script owns the DOM and the browser: it paints
// the regions that changed, sends taps, keeps the keyboard focus, stores what Python asks,
// asks confirmations in a dialog, and hands what happened to the effects (assets/effects.js).
//
// Python runs in a Web Worker, started here with PyScript's PyWorker: this page's thread only
// paints, listens and stores. Messages are JSON text: {id, message} to the worker, answered in
// order by {reply: id, update}; {push: update} for the computers' moves, which come on their
// own; {python: news} while Python starts (assets/python-start.mjs); {failure: traceback}
// for the page's console, when Python caught an error (the player is told in words); an
// update that is {failed: words, writes} when Python could not work out what to paint.
//
// The app may be open in several windows (the installed app and a tab, a restored tab): one
// plays the saved game, holding a Web Lock, and only it writes the save; the others watch it,
// told of every save by storage events, and can take it over ("Play here").
"use strict";

(() => {
  const FACTS = JSON.parse(document.getElementById("dadoteca-facts").textContent);
  const shell = window.dadotecaShell;
  const root = document.documentElement;
  const body = document.body;
  const play = document.getElementById("play"); // the boards and controls, under the regions
  // A tap this soon after the screen changed hands was meant for the screen before: a double
  // tap on Pass must not pass for the next player too.
  const HANDOVER_GUARD_MS = 450;
  const painted = { hands: null, handoverTimer: 0, moment: 0 };
  let booted = false; // Python has the storage: from then on it is told of others' writes

  const query = new URLSearchParams(location.search);
  const SAVE_KEY = FACTS.storageKeys.game;
  const HISTORY_KEY = FACTS.storageKeys.history;

  // --- Python ---------------------------------------------------------------------------------

  const HERE = document.currentScript.src;
  const python = {
    worker: null,
    asked: 0,
    unanswered: new Map(), // id -> resolve, called once its update is painted
    lastAnswer: Promise.resolve(), // settles once every message sent so far is answered
    snapshotCache: null, // the Cache Storage holding the snapshot this start restored
    listening: false, // the worker's program has started: it answers messages
  };

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
  async function importPyScript() {
    const observers = [];
    const Native = window.MutationObserver;
    window.MutationObserver = class extends Native {
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
      window.SharedArrayBuffer = function SharedArrayBuffer() {
        throw absent;
      };
    }
    try {
      return [await import(new URL("../pyscript/core.js", HERE).href), observers];
    } finally {
      window.MutationObserver = Native; // PyScript observes the document later, in a microtask
      if (!isolated) delete window.SharedArrayBuffer;
    }
  }

  // Start Python's worker, then the game. A worker that cannot start is said in words
  // (assets/boot-watch.js), never a blank page.
  async function startPython() {
    try {
      const [{ PyWorker, hooks }, pyscriptObservers] = await importPyScript();
      // Not before PyScript has set itself up (its plugins loaded, its hooks in place, and last
      // its <py-script> element defined): an earlier PyWorker would miss the hook below.
      await customElements.whenDefined("py-script");
      // Heard from the worker's first message on: how its start goes is said while it starts.
      hooks.main.onWorker.add((_, worker) => worker.addEventListener("message", heard));
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
      if (root.dataset.pythonStart === "snapshot") caches.delete(python.snapshotCache);
      window.dadotecaBootWatch.failed(error);
    }
  }

  function send(message) {
    if (!python.worker) return Promise.resolve(null); // before the start: nothing to say yet
    python.asked += 1;
    const id = python.asked;
    python.lastAnswer = new Promise((resolve) => python.unanswered.set(id, resolve));
    python.worker.postMessage(JSON.stringify({ id, message }));
    return python.lastAnswer;
  }

  function heard({ data }) {
    if (typeof data !== "string" || !data.startsWith("{")) return; // PyScript's own
    const news = JSON.parse(data);
    if ("python" in news) {
      startNews(news.python);
      return;
    }
    // Python could not work out what to paint (dadoteca_web.main.Page.painted): its writes
    // are made (a push's by pushed()) and the failure said in words; the page goes on.
    const failed = news.update?.failed ?? news.push?.failed;
    if (failed) {
      if (news.update) store(news.update.writes);
      sayFailure(failed);
    }
    if ("push" in news) {
      pushed(news.push);
      return;
    }
    if ("failure" in news) {
      console.error(`Python: ${news.failure}`); // the player is told in words, by Python
      return;
    }
    const update = merged(waiting.update, news.update); // the pushes before it, painted with it
    const [now, aside] = staged(update);
    paintSafely(now);
    waiting.update = aside;
    // A frame already due shows any later parts: they are looked for only when none is.
    if (!waiting.drawing && (aside || laterParts().length)) nextFrame();
    python.unanswered.get(news.reply)?.(update);
    python.unanswered.delete(news.reply);
  }

  // The computers' moves at pace 0 come faster than frames: each is stored as it comes (a
  // hidden page paints nothing, and must still save), and painted at most once a frame: the
  // first at once, those that come before the next frame has been drawn merged and painted
  // then, in a task of their own (not in the frame's: that would make one long task of both).
  // A frame paints PIECES_PER_FRAME pieces at most: merged moves brought 170 (Diceland's cells,
  // each then a new SVG group to style and lay out), a 265 ms frame on a 4x-throttled phone. The
  // rest wait for the next frame, merged with the moves after them (a piece changed again is
  // painted once); a reply paints whatever waits, with it.
  const PIECES_PER_FRAME = 32;
  const waiting = { update: null, drawing: false, stage: 0, heldBack: null };

  function pushed(update) {
    store(update.writes);
    // Moves that come two or more to a frame come faster than frames: their animations would
    // start again a frame later, never seen (assets/effects.js leaves them out).
    const hurried = Boolean(waiting.update?.pushed);
    waiting.update = merged(waiting.update, { ...update, writes: [], pushed: true, hurried });
    if (!waiting.drawing) paintWaiting();
  }

  function paintWaiting() {
    if (showLater()) {
      nextFrame(); // a frame of their own: what waits is painted after it
      return;
    }
    if (!waiting.update) return; // painted already, with a reply
    const [now, later] = budgeted(waiting.update, PIECES_PER_FRAME);
    const [first, aside] = staged(now);
    paintSafely(first);
    waiting.update = merged(aside, later);
    nextFrame();
  }

  function nextFrame() {
    waiting.drawing = true;
    requestAnimationFrame(() => setTimeout(() => {
      waiting.drawing = false;
      paintWaiting();
    }));
  }

  // Parts marked data-later, undrawn until then (assets/app.css), are shown a frame after what
  // holds them, in a frame of their own: a Diceland map's 160 buttons, styled and laid out with
  // its drawing, made one frame of 50-65 ms on a phone 4x slower than a laptop. Those of a
  // hidden sheet wait until it is shown, or drawn ahead.
  function laterParts() {
    return [...play.querySelectorAll("[data-later]")].filter((part) => {
      const hidden = part.closest("[aria-hidden='true']");
      return !hidden || hidden.dataset.seat === play.dataset.drawingAhead;
    });
  }

  function showLater() {
    const parts = laterParts();
    for (const part of parts) part.removeAttribute("data-later");
    return parts.length > 0;
  }

  // ``update`` in two: what this frame paints, and the stages of a screen drawn whole set aside
  // for the frames after it (null: nothing aside). A screen drawn whole (its board and the
  // others' sheets, each hundreds of elements: Diceland's maps, My Shelfie's bookcases) took one
  // frame of 110-130 ms on a phone 4x slower than a laptop; so did the end screen (its scores,
  // and every sheet as it ended), 70-110 ms. A new screen, or one drawn whole, comes in three:
  // the rest of the screen (the decision above the board, the end's scores), then the board,
  // then the others' sheets below it or beside it. Each frame paints a stage more than the one
  // before, so moves pushed meanwhile never hold a stage back for long. An update that shows a
  // sheet hidden until then both on the board and among the others' (a change of hands)
  // paints one of them a frame after the other if neither was drawn ahead: while computers
  // play, no sheet is, so each may be shown for the first time (My Shelfie's first change of
  // hands in a computers' game showed two bookcases in one frame of 95-125 ms at 4x). The one
  // held back a frame before goes first. Sheets drawn ahead show at once: held back, a
  // person's tap that hands over waited a frame more for its answer (p95 53-68 ms at 4x). The
  // update's events (marks that pop, words said) come with the last stage, once every sheet
  // they point at is on the page; its writes and what it does once, with the first.
  const STAGES = ["board", "others"];
  function staged(update) {
    let deferred = [];
    const screenInStages = update?.screen
      && (update.screen !== body.dataset.screen || STAGES.every((name) => name in update.regions));
    if (screenInStages) {
      const alone = (name) => !STAGES.includes(name);
      const restOfScreen = [update.regions, update.patches ?? {}]
        .some((regions) => Object.keys(regions).some(alone));
      deferred = STAGES.slice(Math.max(waiting.stage, restOfScreen ? 0 : 1))
        .filter((name) => touches(update, name));
    } else if (update?.screen && STAGES.every((name) => showsAnUndrawnSheet(update, name))) {
      deferred = [waiting.heldBack === "others" ? "board" : "others"];
    }
    // The stage the screen's next frame starts from (the first held back, from 1), and the
    // sheets' region held back after a change of hands
    waiting.stage = screenInStages && deferred.length ? STAGES.indexOf(deferred[0]) + 1 : 0;
    waiting.heldBack = !screenInStages && deferred.length ? deferred[0] : null;
    if (deferred.length === 0) return [update, null];
    const only = (all, now) => Object.fromEntries(
      Object.entries(all ?? {}).filter(([name]) => deferred.includes(name) !== now),
    );
    const first = {
      ...update,
      regions: only(update.regions, true),
      patches: only(update.patches, true),
      events: [],
    };
    const aside = {
      ...update,
      regions: only(update.regions, false),
      patches: only(update.patches, false),
      writes: [],
    };
    for (const once of ONCE) delete aside[once];
    return [first, aside];
  }

  // Whether ``update`` shows a sheet of region ``name`` hidden until now (its shell's start tag
  // loses aria-hidden) and never drawn ahead, or draws the region whole.
  function showsAnUndrawnSheet(update, name) {
    if (name in update.regions) return true;
    const pieces = Object.entries(update.patches?.[name] ?? {});
    if (!pieces.length) return false;
    const index = pieceIndex(document.getElementById(`region-${name}`), []);
    return pieces.some(([key, html]) => {
      const sheet = index.get(key);
      return sheet?.matches(HIDDEN_SHEET) && !drawnAhead.has(sheet)
        && !html.includes('aria-hidden="true"');
    });
  }

  // Whether ``update`` draws region ``name`` or patches a piece of it.
  function touches(update, name) {
    return name in update.regions || Object.keys(update.patches?.[name] ?? {}).length > 0;
  }

  const HIDDEN_SHEET = "section[data-seat][aria-hidden='true']";

  const ONCE = ["confirm", "download", "history"]; // what an update does once, with its first part

  // ``update`` in two: what to paint now (all of it but the pieces past the ``budget``th) and
  // the pieces left for later, as an update that paints them alone (null: none are left).
  function budgeted(update, budget) {
    const now = {};
    const later = {};
    let count = 0;
    for (const [name, pieces] of Object.entries(update.patches ?? {})) {
      for (const [key, html] of Object.entries(pieces)) {
        const part = count < budget ? now : later;
        (part[name] ??= {})[key] = html;
        count += 1;
      }
    }
    if (count <= budget) return [update, null];
    const rest = { ...update, regions: {}, patches: later, events: [], writes: [] };
    for (const once of ONCE) delete rest[once];
    return [{ ...update, patches: now }, rest];
  }

  // One update doing what ``earlier`` then ``later`` do: the regions last sent, the pieces
  // patched since, every event, write and download.
  function merged(earlier, later) {
    if (!earlier?.screen) return later; // none, or nothing to paint (Python has no app yet)
    if (!later?.screen) return earlier;
    const patches = { ...earlier.patches };
    for (const name of Object.keys(later.regions)) delete patches[name];
    for (const [name, pieces] of Object.entries(later.patches ?? {})) {
      patches[name] = { ...patches[name], ...pieces };
    }
    return {
      ...later,
      regions: { ...earlier.regions, ...later.regions },
      patches,
      events: [...earlier.events, ...later.events],
      writes: [...earlier.writes, ...later.writes],
      download: later.download ?? earlier.download,
    };
  }

  function paintSafely(update) {
    try {
      paint(update);
    } catch (error) {
      console.error(error);
    }
  }

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

  // The app's storage items, as they are now.
  function storedItems() {
    const items = {};
    const storage = shell.storage;
    if (storage) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key.startsWith(FACTS.storageKeys.prefix)) items[key] = storage.getItem(key);
      }
    }
    return items;
  }

  async function boot() {
    // Ready means the page's scripts are up too: without the shell, no Start would work.
    if (!shell) throw new Error("assets/shell.js has not started");
    const language = shell.language();
    const catalog = await shell.catalog(language);
    // A saved game is this window's to play unless another window is playing it.
    const saved = shell.storage?.getItem(SAVE_KEY) ?? null;
    const writer = saved === null || await game.take({ steal: playedHereBeforeReload() });
    // Read last, and sent at once: no other window's write can fall in between.
    const items = storedItems();
    game.known = items[SAVE_KEY] ?? null;
    const booting = send({
      type: "boot",
      storage: items,
      lasting: Boolean(shell.storage),
      language,
      catalog,
      seed: query.get("seed"), // as written: Python reads it, and says when it is no seed
      pace: pace(),
      writer,
    });
    booted = true; // others' writes from now on reach Python after the boot
    await booting;
    historyImport.disabled = historyExport.disabled = false;
    window.dadotecaStart = (request) => game.send({ type: "start", ...request });
    const pending = window.dadotecaPendingStart;
    window.dadotecaPendingStart = null;
    if (pending && body.dataset.screen === "setup") window.dadotecaStart(pending);
    window.addEventListener("dadoteca:language", async ({ detail: chosen }) => {
      const catalog = await shell.catalog(chosen);
      if (chosen === shell.language()) send({ type: "language", language: chosen, catalog });
    });
    root.dataset.appState = "ready";
    whenIdle(makeFontsAhead); // not in the ready task; only while the setup is shown
    if (historyDialog.open) shell.showHistory(); // again, its games now open
    console.info(JSON.stringify({ dadoteca: "ready", language }));
  }

  // ?pace=F scales the computers' pauses (0: none, for tests and benchmarks).
  function pace() {
    const value = Number.parseFloat(query.get("pace") ?? "");
    return value >= 0 && value <= 10 ? value : 1;
  }

  // --- Painting --------------------------------------------------------------------------------

  function paint(update) {
    if (!update || !update.screen) return;
    if (update.screen !== body.dataset.screen) {
      window.scrollTo(0, 0); // a new screen, from its top
    } else if (update.screen === "review" && update.moment !== painted.moment) {
      // Another position of a finished game: the board, under the steps, in view.
      document.querySelector("#play .table-top").scrollIntoView({ block: "start" });
    }
    body.dataset.screen = update.screen;
    body.dataset.game = update.game; // the shell's rules button shows this game's summary
    body.dataset.language = update.language; // lags the shell's switch while a catalog loads
    body.dataset.busy = update.busy ? "yes" : "no";
    body.dataset.shared = update.shared ? "yes" : "no"; // everyone's moment: its own layout
    body.dataset.watching = update.watching ? "yes" : "no";
    // Watching is Python's echo of what this window did (watch(), a refused take): never a
    // cause to let go of the lock, since an answer to a message sent before a take-over
    // still says "watching" and is painted after the lock is taken.
    play.inert = update.watching;
    const focused = focusedControl();
    for (const [name, html] of Object.entries(update.regions)) {
      const region = document.getElementById(`region-${name}`);
      region.innerHTML = html;
      pieceIndexes.delete(region);
    }
    for (const [name, pieces] of Object.entries(update.patches ?? {})) {
      repaintPieces(document.getElementById(`region-${name}`), pieces);
    }
    keepFocus(focused);
    if ("notice" in update.regions) putAwayNewsLater();
    painted.moment = update.moment;
    body.dataset.moment = update.moment; // which moment of the game is on screen
    if (update.hands !== painted.hands) {
      // From one player's screen to another's (not from the setup or a first paint).
      const handedOver = painted.hands !== null && update.screen === "play"
        && !["setup", "over"].includes(painted.hands) && !update.watching;
      painted.hands = update.hands;
      if (handedOver) handOver(update);
    }
    store(update.writes);
    window.dispatchEvent(new CustomEvent("dadoteca:painted", { detail: update }));
    window.dadotecaEffects?.happened(update);
    if ("confirm" in update) confirmIfAsked(update.confirm); // (pieces left for later: not)
    if (update.download) download(update.download);
    if (update.history) saidOfHistory(update.history);
  }

  // A region whose pieces alone changed: those elements changed into what they now say (see
  // morph), the rest left as it is; a shell, an element's start tag alone, sets that
  // element's attributes and keeps what it holds. The pieces are parsed together, in one parse
  // for the HTML ones and one for the SVG ones (in an <svg>, as an SVG element's outerHTML
  // would be), not one parse each; so are the shells (each closed, to be parsed as a sibling
  // of the next).
  const SVG = "http://www.w3.org/2000/svg";
  const parsers = {
    html: document.createElement("template"),
    svg: document.createElementNS(SVG, "svg"),
  };
  function repaintPieces(region, pieces) {
    const index = pieceIndex(region, Object.keys(pieces));
    const replaced = { html: [], svg: [] };
    const retagged = { html: [], svg: [] };
    for (const [key, html] of Object.entries(pieces)) {
      const element = index.get(key);
      const kind = element.namespaceURI === SVG ? "svg" : "html";
      if (element.hasAttribute("data-shell")) {
        retagged[kind].push([element, `${html}</${element.localName}>`]);
      } else {
        replaced[kind].push([element, html]);
      }
    }
    for (const kind of ["html", "svg"]) {
      const fresh = parsed(kind, replaced[kind]);
      replaced[kind].forEach(([element], i) => {
        if (morphable(element, fresh[i])) {
          morph(element, fresh[i]);
        } else {
          element.replaceWith(fresh[i]);
          index.set(element.dataset.piece, fresh[i]);
        }
      });
      const tags = parsed(kind, retagged[kind]);
      retagged[kind].forEach(([element], i) => retag(element, tags[i]));
    }
  }

  // ``element`` made into ``fresh``, the same piece parsed again, changing only what differs:
  // the browser then styles and lays out again only those elements. A Qwixx row replaced whole
  // when one of its numbers became playable laid out every box of the row again (in a
  // computers' game, over twice the boxes laid out, and 3.5-4 times the boxes made). Where the
  // two differ in kind (another tag, other children, attributes in another order), the element
  // is replaced, so the page still holds exactly what the HTML says.
  function morph(element, fresh) {
    retag(element, fresh);
    const had = [...element.childNodes];
    const has = [...fresh.childNodes];
    if (had.length !== has.length) {
      element.replaceChildren(...has);
      return;
    }
    had.forEach((node, i) => {
      const now = has[i];
      if (morphable(node, now)) {
        morph(node, now);
      } else if (node.nodeType === now.nodeType && node.nodeType !== Node.ELEMENT_NODE) {
        if (node.nodeValue !== now.nodeValue) node.nodeValue = now.nodeValue; // text
      } else {
        node.replaceWith(now);
      }
    });
  }

  // Whether ``element`` can become ``fresh`` by its attributes: the same tag, and the
  // attributes it keeps in the order ``fresh`` has them, before any it gains (added last).
  function morphable(element, fresh) {
    if (element.nodeType !== Node.ELEMENT_NODE || fresh.nodeType !== Node.ELEMENT_NODE) {
      return false;
    }
    if (element.namespaceURI !== fresh.namespaceURI || element.localName !== fresh.localName) {
      return false;
    }
    const order = fresh.getAttributeNames();
    return element.getAttributeNames()
      .filter((name) => fresh.hasAttribute(name))
      .every((name, i) => order[i] === name);
  }

  // The elements the HTML of ``list`` (of [element, html]) makes, in order.
  function parsed(kind, list) {
    if (!list.length) return [];
    const parser = parsers[kind];
    parser.innerHTML = list.map(([, html]) => html).join("");
    const fresh = [...(parser.content ?? parser).children];
    if (fresh.length === list.length) return fresh;
    return list.map(([, html]) => { // never: a piece is one element (else, one by one)
      parser.innerHTML = html;
      return (parser.content ?? parser).firstElementChild;
    });
  }

  // Each region's pieces by key, found in one walk of the region after it was painted whole
  // (two of Diceland's maps are some 2,000 elements) and kept up to date as pieces are
  // replaced; walked again if one of those asked for is not on the page (never, while each
  // piece is one element that holds no other).
  const pieceIndexes = new WeakMap();
  function pieceIndex(region, keys) {
    let index = pieceIndexes.get(region);
    if (!index || keys.some((key) => !index.get(key)?.isConnected)) {
      index = new Map();
      for (const element of region.querySelectorAll("[data-piece]")) {
        index.set(element.dataset.piece, element);
      }
      pieceIndexes.set(region, index);
    }
    return index;
  }

  // An element's attributes as its new start tag (parsed: ``fresh``) says: only those that
  // differ are written (each write restyles what depends on it), those it lacks removed; one
  // it gains comes last.
  function retag(element, fresh) {
    for (const name of element.getAttributeNames()) {
      if (!fresh.hasAttribute(name)) element.removeAttribute(name);
    }
    for (const name of fresh.getAttributeNames()) {
      const value = fresh.getAttribute(name);
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }

  // The screen is someone else's now: it shows whose, and taps are not taken for a moment
  // (body[data-handover] says when; tests that tap wait for it, as a person's eyes would).
  function handOver(update) {
    body.dataset.handover = "yes";
    // The guard lasts from the latest change of hands (a timer's clock may run a hair ahead of
    // performance.now(): comparing the two once left the guard on for good).
    clearTimeout(painted.handoverTimer);
    painted.handoverTimer = setTimeout(() => delete body.dataset.handover, HANDOVER_GUARD_MS);
    window.dadotecaEffects?.handOver(update);
    // To a person, from the top of their screen; a computer's turn leaves the view as it is.
    // Scrolled as the next frame is drawn, not now: scrolling now would lay the page out in the
    // tap's own task, once more than the frame does.
    if (!update.busy) requestAnimationFrame(() => play.scrollIntoView({ block: "start" }));
  }

  // The region holding the keyboard focus, and a selector for the same control in its next
  // HTML (its tag and data-* attributes), before a repaint replaces it.
  function focusedControl() {
    const element = document.activeElement;
    const region = element?.closest("[id^='region-']");
    if (!region) return null;
    const attributes = element.getAttributeNames()
      .filter((name) => name.startsWith("data-"))
      .map((name) => `[${name}="${CSS.escape(element.getAttribute(name))}"]`)
      .join("");
    return { region: region.id, selector: `${element.tagName.toLowerCase()}${attributes}` };
  }

  // Give the focus back after a repaint dropped or hid it: to the control the screen asks for,
  // else to the same control if it is still there and shown, else to the region's first shown
  // control, else to the game's, so a keyboard player keeps their place.
  function keepFocus(focused) {
    if (!focused) return;
    // A control the new screen asks to be focused (data-focus: the choices a tap opened).
    const asked = document.querySelector("#play [data-focus]");
    if (asked && document.activeElement !== asked) {
      asked.focus({ preventScroll: true });
      return;
    }
    // Kept, unless the repaint took it away or hid it (a sheet handed to another player).
    const active = document.activeElement;
    if (active !== body && !active.closest("[aria-hidden='true']")) return;
    const region = document.getElementById(focused.region);
    const control = "button:not([disabled]), [tabindex='0']";
    const candidates = [
      ...region.querySelectorAll(focused.selector),
      ...region.querySelectorAll(control),
      ...document.querySelectorAll(`#play :is(${control})`),
    ];
    for (const target of candidates) {
      if (target.closest("[aria-hidden='true']")) continue; // a sheet not shown
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return; // shown, so it took the focus
    }
  }

  // --- The hidden sheets, drawn ahead -----------------------------------------------------------

  // Diceland and My Shelfie keep every player's big sheet in the page, those not shown under
  // content-visibility: hidden (assets/app.css). A sheet shown for the first time is styled,
  // laid out and painted whole at once: a Diceland map takes 45-110 ms on a phone 4x slower
  // than a laptop, at the change of hands. Shown once, it shows again in a few ms. So each
  // hidden sheet is drawn once while the page is idle, unseen and letting taps through, one
  // per idle moment. (Styled alone, with visibility: hidden, it is as slow to show later.)
  const drawnAhead = new WeakSet();
  let drawingAhead = false;
  const whenIdle = window.requestIdleCallback
    ? (callback) => window.requestIdleCallback(callback, { timeout: 1000 })
    : (callback) => setTimeout(callback, 250);

  function drawAheadOneHiddenSheet() {
    // While computers play (busy), their moves replace the sheets faster than a person could
    // take the phone: drawing them would only slow the moves. The first paint after is for a
    // person, and drawing resumes then.
    if (drawingAhead || body.dataset.busy === "yes") return;
    const hidden = document.querySelectorAll(`#play ${HIDDEN_SHEET}`);
    const sheet = [...hidden].find((element) => !drawnAhead.has(element));
    if (!sheet) return;
    drawingAhead = true;
    whenIdle(() => {
      if (body.dataset.busy === "yes") {
        drawingAhead = false; // computers took over meanwhile: drawn after them
        return;
      }
      if (sheet.isConnected && sheet.getAttribute("aria-hidden") === "true") {
        play.dataset.drawingAhead = sheet.dataset.seat; // assets/app.css: up to four seats
        void sheet.offsetHeight; // styled and laid out now, in the idle time
      }
      const afterPaint = (callback) => requestAnimationFrame(() => requestAnimationFrame(
        () => setTimeout(callback),
      ));
      const drawn = () => {
        delete play.dataset.drawingAhead;
        drawnAhead.add(sheet);
        drawingAhead = false;
        drawAheadOneHiddenSheet();
      };
      afterPaint(() => { // painted; then its later parts, in a task and a frame of their own
        if (!play.dataset.drawingAhead || !showLater()) {
          drawn();
          return;
        }
        void sheet.offsetHeight;
        afterPaint(drawn);
      });
    });
  }
  window.addEventListener("dadoteca:painted", drawAheadOneHiddenSheet);

  // --- The fonts, made ahead --------------------------------------------------------------------

  // A font size or weight used for the first time costs the browser a font of its own: traced
  // with Chromium 4x slowed, 9-34 ms of CPU in a game's first frames (241 ms once, and 440 ms
  // of waiting for Linux's font service). So while the setup waits for its taps, each size and
  // weight the stylesheets name (and the bolder weight of a <strong> inside it) is laid out
  // once, unseen, one per idle moment. A game started before the end makes the rest itself, as
  // it always did. (Sizes in em depend on where they are used: they are left to the game.)
  // html[data-fonts-ahead] counts the fonts made.
  function makeFontsAhead() {
    if (body.dataset.screen !== "setup") return; // a game came first
    const sizes = new Set();
    const weights = new Set([400]);
    const visit = (rules) => {
      for (const rule of rules) {
        if (rule.cssRules) visit(rule.cssRules); // inside @media
        const { fontSize = "", fontWeight = "" } = rule.style ?? {};
        if (/^[\d.]+(rem|px)$/.test(fontSize)) sizes.add(fontSize);
        if (/^\d+$/.test(fontWeight)) weights.add(Number(fontWeight));
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    for (const weight of [...weights]) weights.add(weight < 350 ? 400 : weight < 550 ? 700 : 900);
    const fonts = [...sizes].flatMap((size) => [...weights].map((weight) => [size, weight]));
    const sample = document.createElement("span");
    sample.setAttribute("aria-hidden", "true");
    sample.style.cssText = "position: absolute; top: 0; left: 0; visibility: hidden";
    sample.textContent = "Ag 0123456789";
    document.body.append(sample);
    let made = 0;
    const makeOne = () => {
      if (fonts.length === 0 || body.dataset.screen !== "setup") {
        sample.remove();
        return;
      }
      [sample.style.fontSize, sample.style.fontWeight] = fonts.pop();
      void sample.offsetWidth; // laid out now: its font made
      made += 1;
      root.dataset.fontsAhead = made;
      whenIdle(makeOne);
    };
    whenIdle(makeOne);
  }

  // --- Storage: Python decides, the page writes ---------------------------------------------

  // The writes in order; at the first that fails (storage full, or refused) the rest are not
  // tried (a copy set aside that could not be written must not lose its original), and Python
  // is told which were not made, with what storage holds for each, to say so in words.
  let saveRefused = false; // the last save could not be written: Python warns until one is
  function store(writes) {
    const storage = shell.storage;
    for (const [index, [key, value]] of writes.entries()) {
      if (key === SAVE_KEY && !game.mayWrite()) {
        game.watch(); // another window has saved since: its game is shown, this one's dropped
        return;
      }
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, value);
      } catch {
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

  // --- One window plays the game --------------------------------------------------------------

  // Where Web Locks are missing (browsers before 2022), windows agree on a BroadcastChannel:
  // one asks whether another plays, the one playing answers, and one taking the game over
  // tells the others, which then watch. Two windows asking at the same instant may both play:
  // mayWrite() still keeps either from overwriting a newer save. Without either, every window
  // may write, mayWrite() alone guarding the save.
  const ANSWER_WITHIN_MS = 300;
  const channel = !navigator.locks && window.BroadcastChannel
    ? new BroadcastChannel(SAVE_KEY)
    : null;
  channel?.addEventListener("message", ({ data }) => {
    if (data === "who plays?" && game.writing) channel.postMessage("I play");
    if (data === "I take it" && game.writing) game.watch();
  });
  function anotherPlays() {
    return new Promise((resolve) => {
      const heard = ({ data }) => {
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

  // The Web Lock held by the window that plays the saved game (or, without Web Locks, the
  // channel's agreement above).
  const game = {
    lockName: SAVE_KEY,
    writing: false,
    releaseLock: null,
    known: null, // the save as this window last saw it: read, written, or told of
    // Settles once this window's last request is over and its lock, if any, let go. A lock is
    // freed a moment after release(): asking again before would find it held, by this window,
    // and a quick "abandon, then Start" would leave the window watching itself. Requests go
    // one at a time (taking), for the same reason.
    settled: Promise.resolve(),
    taking: Promise.resolve(true),

    // Hold the lock, if free (or taken from the window holding it); true once held.
    take({ steal = false } = {}) {
      if (!navigator.locks) {
        if (this.writing || !channel) return Promise.resolve((this.writing = true));
        if (steal) channel.postMessage("I take it");
        this.taking = this.taking.then(async () => {
          if (!steal && await anotherPlays()) return false;
          return (this.writing = true);
        });
        return this.taking;
      }
      this.taking = this.taking.then(async () => {
        if (this.writing) return true;
        await this.settled;
        return new Promise((resolve) => {
          const options = steal ? { steal } : { ifAvailable: true };
          this.settled = navigator.locks.request(this.lockName, options, (lock) => {
            resolve(Boolean(lock));
            if (!lock) return undefined;
            this.writing = true;
            return new Promise((release) => { this.releaseLock = release; });
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

    // This window may write the save: it plays the game, and nobody saved since it last saw it.
    // A save gone while this window holds the Web Lock was not removed by another window (only
    // the lock's holder writes it) but with the browser's data: this window's game, the only
    // copy left, is saved again (without Web Locks, nothing tells that from another window).
    mayWrite() {
      const saved = shell.storage?.getItem(SAVE_KEY);
      if (!this.writing || saved === undefined) return this.writing;
      return saved === this.known || (saved === null && this.releaseLock !== null);
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

    // A message that begins a game (start, import): only once this window may play, else it
    // shows the game being played in another window.
    async send(message) {
      if (await this.take()) send(message);
      else this.watch();
    },
  };

  // Another window wrote: a save (this one now watches that game, or, if it has just taken
  // the game over, plays on from that window's last save), the history (entries this one
  // added are merged back if that write lacked them).
  window.addEventListener("storage", (event) => {
    if (event.key === SAVE_KEY) {
      game.known = event.newValue;
      if (event.newValue === null) game.release(); // no game in play
    }
    if (booted && (event.key === SAVE_KEY || told(event.key))) {
      send({ type: "changed", key: event.key, value: event.newValue, writer: game.writing });
    }
  });

  // The history and the finished games' records, which Python reads from its copy.
  const told = (key) => key === HISTORY_KEY || key?.startsWith(FACTS.storageKeys.recordPrefix);

  // The history cleared in this window (assets/shell.js): Python's copy follows.
  window.addEventListener("dadoteca:removed", ({ detail: keys }) => {
    if (!booted) return;
    for (const key of keys.filter(told)) {
      send({ type: "changed", key, value: null, writer: game.writing });
    }
  });

  // A new version reloads every window of the app (assets/shell.js): the one that was playing
  // the game plays it on after the reload, whichever window starts first.
  const PLAYED_HERE = "dadoteca.played-here";
  window.addEventListener("dadoteca:reloading", () => {
    try {
      if (game.writing) shell.session?.setItem(PLAYED_HERE, "yes");
    } catch {
      // Storage full: whichever window starts first plays, the other watches.
    }
  });

  function playedHereBeforeReload() {
    const played = shell.session?.getItem(PLAYED_HERE) === "yes";
    shell.session?.removeItem(PLAYED_HERE);
    return played;
  }

  // --- Taps ---------------------------------------------------------------------------------

  document.getElementById("app").addEventListener("click", (event) => {
    const element = event.target.closest("[data-act]");
    if (!element || element.disabled || !body.dataset.screen) return;
    if (element.closest("[aria-hidden='true']")) return; // a sheet not shown (a script's click)
    const act = element.dataset.act;
    if (act === "import") {
      document.getElementById("import-file").click();
      return;
    }
    if (act === "export" || act === "export-damaged") {
      send({ type: act });
      return;
    }
    if (act === "take-over") {
      game.takeOver();
      return;
    }
    // A finger's tap (detail > 0) so soon after a hand-over was meant for the screen before;
    // a key or a screen reader acts on the control it has reached, and always counts.
    if (element.closest("#play") && body.dataset.handover && event.detail > 0) return;
    const data = { ...element.dataset };
    delete data.act;
    send({ type: "tap", act, data, moment: painted.moment });
  });

  // A notice goes away when tapped (or after a while, if it is news rather than an error): it
  // must never hide for long what is under it.
  const NEWS_MS = 6000;
  let newsTimer = 0;
  document.getElementById("region-notice").addEventListener("click", (event) => {
    event.target.closest(".notice")?.classList.add("put-away");
  });

  // The page keeps room below its content for the messages: whatever they cover can be
  // scrolled above them. Set on the one element it pads: an inherited property on the root
  // would restyle every element of the page each time a message shows or goes.
  const messages = document.querySelector(".messages");
  const app = document.getElementById("app");
  new ResizeObserver(() => {
    app.style.paddingBottom = `${messages.offsetHeight}px`;
  }).observe(messages);

  function putAwayNewsLater() {
    clearTimeout(newsTimer);
    const news = document.querySelector("#region-notice .notice:not(.error)");
    if (news) newsTimer = setTimeout(() => news.classList.add("put-away"), NEWS_MS);
  }

  // A record is UTF-8 text: anything else is refused in words (null), never read with its
  // unknown characters replaced ("Zoë" in Latin-1 would come in as "Zo�").
  const utf8 = new TextDecoder("utf-8", { fatal: true });

  // A file chosen for ``type`` (a game's record, or a history): its text, to Python.
  function sendChosenFile(input, type) {
    input.addEventListener("change", async () => {
      const [file] = input.files;
      input.value = "";
      if (!file) return;
      const bytes = await file.arrayBuffer();
      let text = null;
      try {
        text = utf8.decode(bytes);
      } catch {
        // Not UTF-8: Python says so.
      }
      game.send({ type, text });
    });
  }
  sendChosenFile(document.getElementById("import-file"), "import");
  sendChosenFile(document.getElementById("import-history-file"), "import-history");

  // The whole history, out to a file and back in from one (Python checks and merges it).
  const historyImport = document.getElementById("history-import");
  const historyExport = document.getElementById("history-export");
  historyImport.addEventListener("click", () => {
    document.getElementById("import-history-file").click();
  });
  historyExport.addEventListener("click", () => send({ type: "export-history" }));

  // A finished game of the history opened again: its replay and review take the screen.
  const historyDialog = document.getElementById("history");
  historyDialog.addEventListener("click", (event) => {
    const open = event.target.closest("[data-entry]");
    if (!open || open.disabled) return;
    historyDialog.close();
    send({ type: "open", id: open.dataset.entry });
  });

  function saidOfHistory(news) {
    const said = document.querySelector("#history .history-news");
    said.textContent = news.text;
    said.dataset.kind = news.kind;
    if (document.getElementById("history").open) shell.showHistory(); // with what came in
  }

  // A failure in words where the eyes are: the History dialog's news while it is open, else
  // the notice region (painted again by Python's next update).
  function sayFailure(text) {
    if (historyDialog.open) {
      saidOfHistory({ text, kind: "error" });
      return;
    }
    const notice = document.createElement("p");
    notice.className = "notice error";
    notice.setAttribute("role", "alert");
    notice.textContent = text;
    document.getElementById("region-notice").replaceChildren(notice);
  }

  // --- Confirmations ------------------------------------------------------------------------

  const dialog = document.getElementById("confirm");
  let asking = null;

  function confirmIfAsked(confirm) {
    asking = confirm;
    if (!confirm) {
      if (dialog.open) dialog.close("answered");
      return;
    }
    document.getElementById("confirm-text").textContent = confirm.text;
    document.getElementById("confirm-yes").textContent = confirm.yes_label;
    document.getElementById("confirm-yes").dataset.yes = confirm.yes; // what Yes does, for tests
    document.getElementById("confirm-no").textContent = confirm.no_label;
    shell.openDialog(dialog);
    document.getElementById("confirm-no").focus();
  }

  document.getElementById("confirm-yes").addEventListener("click", () => {
    const act = asking?.yes;
    dialog.close("yes");
    if (act) send({ type: "tap", act, data: {}, moment: painted.moment });
  });
  document.getElementById("confirm-no").addEventListener("click", () => dialog.close("no"));
  dialog.addEventListener("close", () => {
    if (asking && dialog.returnValue !== "yes" && dialog.returnValue !== "answered") {
      asking = null;
      send({ type: "tap", act: "dismiss", data: {}, moment: painted.moment });
    }
  });

  // --- Downloads: named after the game and the day -------------------------------------------

  function download({ kind, text }) {
    const day = new Date();
    const date = [day.getFullYear(), day.getMonth() + 1, day.getDate()]
      .map((part) => String(part).padStart(2, "0")).join("-");
    const names = {
      damaged: `dadoteca-damaged-save-${date}.json`,
      history: `dadoteca-history-${date}.json`,
    };
    const name = names[kind] ?? `${body.dataset.game || "dadoteca"}-${date}.json`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = name;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  window.dadotecaTable = {
    facts: FACTS,
    // Settles once every message sent so far (or on its way: a game started once this window
    // holds the lock) is answered and its update painted, and nothing more was sent meanwhile.
    async settled() {
      let last;
      do {
        last = python.lastAnswer;
        await game.taking;
        await last;
      } while (last !== python.lastAnswer);
      // and the computers' moves painted, those left for later frames included
      while ((waiting.update || laterParts().length) && document.visibilityState === "visible") {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  startPython();
})();
