// The table: the page's side of the game. Python (dadoteca_web/session.py) owns the games and
// answers every message with an update; this script owns the DOM and the browser: it paints
// the regions that changed, sends taps, keeps the keyboard focus, stores what Python asks,
// asks confirmations in a dialog, and hands what happened to the effects (assets/effects.js).
//
// Python runs on this page's thread today: it registers window.dadotecaPython, a function
// taking a message's JSON and returning the update's, and pushes the updates of computer
// moves to window.dadotecaTable.push. The messages are the same through a worker.
"use strict";

(() => {
  const FACTS = JSON.parse(document.getElementById("dadoteca-facts").textContent);
  const shell = window.dadotecaShell;
  const root = document.documentElement;
  const body = document.body;
  // A tap this soon after the screen changed hands was meant for the screen before: a double
  // tap on Pass must not pass for the next player too.
  const HANDOVER_GUARD_MS = 450;
  const painted = { regions: {}, hands: null, handedAt: 0, moment: 0 };

  const query = new URLSearchParams(location.search);

  // --- Python ---------------------------------------------------------------------------------

  function send(message) {
    try {
      const update = JSON.parse(window.dadotecaPython(JSON.stringify(message)));
      paint(update);
      return update;
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  async function boot() {
    // Ready means the page's scripts are up too: without the shell, no Start would work.
    if (!shell) throw new Error("assets/shell.js has not started");
    const language = shell.language();
    const items = {};
    const storage = shell.storage;
    if (storage) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key.startsWith("dadoteca.")) items[key] = storage.getItem(key);
      }
    }
    const seed = Number.parseInt(query.get("seed") ?? "", 10);
    send({
      type: "boot",
      storage: items,
      lasting: Boolean(storage),
      language,
      catalog: await shell.catalog(language),
      seed: Number.isSafeInteger(seed) ? seed : null,
      pace: pace(),
    });
    window.dadotecaStart = (request) => send({ type: "start", ...request });
    const pending = window.dadotecaPendingStart;
    window.dadotecaPendingStart = null;
    if (pending && body.dataset.screen === "setup") window.dadotecaStart(pending);
    window.addEventListener("dadoteca:language", async ({ detail: chosen }) => {
      const catalog = await shell.catalog(chosen);
      if (chosen === shell.language()) send({ type: "language", language: chosen, catalog });
    });
    root.dataset.appState = "ready";
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
    if (update.screen !== body.dataset.screen) window.scrollTo(0, 0); // a new screen, from its top
    body.dataset.screen = update.screen;
    body.dataset.game = update.game; // the shell's rules button shows this game's summary
    body.dataset.language = update.language; // lags the shell's switch while a catalog loads
    body.dataset.busy = update.busy ? "yes" : "no";
    const focused = focusedControl();
    for (const [name, html] of Object.entries(update.regions)) {
      document.getElementById(`region-${name}`).innerHTML = html;
      painted.regions[name] = html;
    }
    keepFocus(focused);
    if ("notice" in update.regions) putAwayNewsLater();
    painted.moment = update.moment;
    if (update.hands !== painted.hands) {
      // From one player's screen to another's (not from the setup or a first paint).
      const handedOver = painted.hands !== null && update.screen === "play"
        && !["setup", "over"].includes(painted.hands);
      painted.hands = update.hands;
      if (handedOver) handOver(update);
    }
    store(update.writes);
    window.dadotecaEffects?.happened(update);
    confirmIfAsked(update.confirm);
    if (update.download) download(update.download);
  }

  // The screen is someone else's now: it shows whose, and taps are not taken for a moment
  // (body[data-handover] says when; tests that tap wait for it, as a person's eyes would).
  function handOver(update) {
    painted.handedAt = performance.now();
    body.dataset.handover = "yes";
    setTimeout(() => {
      if (performance.now() - painted.handedAt >= HANDOVER_GUARD_MS) delete body.dataset.handover;
    }, HANDOVER_GUARD_MS);
    window.dadotecaEffects?.handOver(update);
    document.getElementById("play").scrollIntoView({ block: "start" });
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

  // Give the focus back after a repaint dropped it: to the same control if it is still there,
  // else to the region's first control, else to the game's, so a keyboard player keeps their
  // place.
  function keepFocus(focused) {
    if (!focused || document.activeElement !== body) return;
    const region = document.getElementById(focused.region);
    const control = "button:not([disabled]), [tabindex='0']";
    const candidates = [
      ...region.querySelectorAll(focused.selector),
      ...region.querySelectorAll(control),
      ...document.querySelectorAll(`#play :is(${control})`),
    ];
    for (const target of candidates) {
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return; // shown, so it took the focus
    }
  }

  // --- Storage: Python decides, the page writes ---------------------------------------------

  function store(writes) {
    const storage = shell.storage;
    for (const [key, value] of writes) {
      let ok = Boolean(storage);
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, value);
      } catch {
        ok = false; // full, or refused: Python says so in words
      }
      if (!ok) send({ type: "stored", key, ok });
    }
  }

  // --- Taps ---------------------------------------------------------------------------------

  document.getElementById("app").addEventListener("click", (event) => {
    const element = event.target.closest("[data-act]");
    if (!element || element.disabled || !body.dataset.screen) return;
    const act = element.dataset.act;
    if (act === "import") {
      document.getElementById("import-file").click();
      return;
    }
    if (act === "export" || act === "export-damaged") {
      send({ type: act });
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
  // scrolled above them.
  const messages = document.querySelector(".messages");
  new ResizeObserver(() => {
    root.style.setProperty("--messages-height", `${messages.offsetHeight}px`);
  }).observe(messages);

  function putAwayNewsLater() {
    clearTimeout(newsTimer);
    const news = document.querySelector("#region-notice .notice:not(.error)");
    if (news) newsTimer = setTimeout(() => news.classList.add("put-away"), NEWS_MS);
  }

  // A record is UTF-8 text: anything else is refused in words (null), never read with its
  // unknown characters replaced ("Zoë" in Latin-1 would come in as "Zo�").
  const utf8 = new TextDecoder("utf-8", { fatal: true });

  document.getElementById("import-file").addEventListener("change", async (event) => {
    const [file] = event.target.files;
    event.target.value = "";
    if (!file) return;
    const bytes = await file.arrayBuffer();
    let text = null;
    try {
      text = utf8.decode(bytes);
    } catch {
      // Not UTF-8: Python says so.
    }
    send({ type: "import", text });
  });

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
    const name = kind === "damaged"
      ? `dadoteca-damaged-save-${date}.json`
      : `${body.dataset.game || "dadoteca"}-${date}.json`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = name;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  window.dadotecaTable = {
    // An update Python made on its own: a computer's move.
    push: (json) => paint(JSON.parse(json)),
    boot,
    facts: FACTS,
  };
})();
