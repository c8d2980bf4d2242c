// The shell: what works before Python has loaded. Language, player setup, rules summary,
// history of finished games.
// No game rule lives here; Python takes over the game screens when it is ready and starts
// the game the player asked for, even if they asked before it was ready.
"use strict";

(() => {
  // What the shell shares with Python, written into the page by the build from Python's own
  // constants (dadoteca_web/shell.py): storage keys, languages, formats, seats.
  const FACTS = JSON.parse(document.getElementById("dadoteca-facts").textContent);
  const LANGUAGE_KEY = FACTS.storageKeys.language;
  const SAVE_KEY = FACTS.storageKeys.game;
  const HISTORY_KEY = FACTS.storageKeys.history; // written by Python (storage.History)
  const RECORD_PREFIX = FACTS.storageKeys.recordPrefix; // + an entry's id: its game's record
  const HOME_SCREEN_KEY = FACTS.storageKeys.homeScreenTold;
  const LANGUAGES = FACTS.languages;
  const catalogs = { [FACTS.sourceLanguage]: {} };

  const usable = (area) => {
    try {
      const found = window[area];
      found.getItem(LANGUAGE_KEY);
      return found;
    } catch {
      return null; // private mode: nothing is remembered, everything still works
    }
  };
  const storage = usable("localStorage");
  const session = usable("sessionStorage"); // this window's own, across a reload

  function pickLanguage() {
    const saved = storage && storage.getItem(LANGUAGE_KEY);
    for (const tag of [saved, ...navigator.languages].filter(Boolean)) {
      const language = tag.split("-")[0].toLowerCase();
      if (LANGUAGES.includes(language)) return language;
    }
    return FACTS.sourceLanguage;
  }

  async function catalog(language) {
    if (!catalogs[language]) {
      try {
        const response = await fetch(`i18n/${language}.json`);
        catalogs[language] = response.ok ? await response.json() : {};
      } catch {
        catalogs[language] = {};
      }
    }
    return catalogs[language];
  }

  // Elements marked data-i18n show their English text (the msgid) translated; attributes
  // listed in data-i18n-attr likewise. The msgids are kept aside for the next switch (or
  // written by the build, data-msgid and data-msgid-ATTRIBUTE, with their placeholders' values
  // in data-i18n-params).
  let wantedLanguage = null;
  // Whether the page shows the source language as the build wrote it (no switch yet): a start
  // in English then has nothing to look at (each text and attribute looked at to find nothing
  // to write: 3 of the script's 26 ms at a start on a phone 4x slower than a laptop).
  let asBuilt = true;
  // True once shown; false if another language was chosen while this one's catalog loaded
  // (catalogs arrive in any order, and the last choice must win).
  async function translate(language) {
    wantedLanguage = language;
    const texts = await catalog(language);
    if (language !== wantedLanguage) return false;
    const source = language === FACTS.sourceLanguage;
    if (!(asBuilt && source)) rewrite(texts);
    asBuilt &&= source;
    document.documentElement.lang = language;
    document.getElementById("language").value = language;
    return true;
  }

  function rewrite(texts) {
    const say = (msgid, params = {}) =>
      (texts[msgid] || msgid).replace(/\{(\w+)\}/g, (field, name) => params[name] ?? field);
    // Only what differs is written, and a msgid kept aside only then: at a start in English
    // nothing is (a write would have the first frame style and lay out those elements again).
    for (const element of document.querySelectorAll("[data-i18n]")) {
      const shown = element.textContent.trim().replace(/\s+/g, " ");
      const msgid = element.dataset.msgid || shown;
      const text = say(msgid, JSON.parse(element.dataset.i18nParams || "{}"));
      if (shown === text) continue;
      element.dataset.msgid = msgid;
      element.textContent = text;
    }
    for (const element of document.querySelectorAll("[data-i18n-attr]")) {
      const params = JSON.parse(element.dataset.i18nParams || "{}");
      for (const name of element.dataset.i18nAttr.split(",")) {
        const key = `msgid${name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
        const msgid = element.dataset[key] || element.getAttribute(name) || "";
        const value = say(msgid, params);
        if (element.getAttribute(name) === value) continue;
        element.dataset[key] = msgid;
        element.setAttribute(name, value);
      }
    }
  }

  async function switchLanguage(language) {
    try {
      storage?.setItem(LANGUAGE_KEY, language);
    } catch {
      // Storage full or refused: the language still changes, only not for the next visit.
    }
    await showLanguage(language);
  }

  async function showLanguage(language) {
    if (await translate(language)) {
      showStarters();
      window.dispatchEvent(new CustomEvent("dadoteca:language", { detail: language }));
    }
  }

  const setup = document.getElementById("setup");
  const chosenGame = () => setup.querySelector("input[name=game]:checked");

  // The seats of the table: as many as the players chosen, within what the game allows. Each
  // seat shows the choices of that game (Diceland: a map) and, in every game, whether a person
  // or a computer plays it.
  const countField = document.getElementById("player-count");
  const firstField = document.getElementById("first-player");
  const seatItems = () => [...setup.querySelectorAll(".players li")];

  // Each writes only what differs: the page comes built as these leave it at first (build/
  // build.py), so the setup's first paint is never laid out again when they run.
  function showSeatsOf() {
    const game = chosenGame();
    if (setup.dataset.game !== game.value) setup.dataset.game = game.value;
    const { minPlayers, maxPlayers } = FACTS.games[game.value];
    const wanted = Number(countField.value);
    const counts = Array.from({ length: maxPlayers - minPlayers + 1 }, (_, index) =>
      String(minPlayers + index));
    if ([...countField.options].map((option) => option.value).join() !== counts.join()) {
      countField.replaceChildren(...counts.map((count) => new Option(count, count)));
    }
    countField.value = String(Math.min(Math.max(wanted, minPlayers), maxPlayers));
    showSeats();
  }

  function showSeats() {
    const count = Number(countField.value);
    seatItems().forEach((item, index) => {
      if (item.hidden !== index >= count) item.hidden = index >= count;
    });
    showStarters();
  }

  // A player's name, isolated from the text around it (a name written right to left must not
  // reorder it): an element for the page's text, between FIRST STRONG ISOLATE and POP
  // DIRECTIONAL ISOLATE where only text may go (an <option>).
  function nameElement(name) {
    const element = document.createElement("bdi");
    element.textContent = name; // the player's own text, never HTML
    return element;
  }
  const isolated = (name) => `\u2068${name}\u2069`;

  // Who starts: drawn at random (every rule book draws the first player), or a seat chosen.
  function showStarters() {
    const seats = seatItems().filter((item) => !item.hidden);
    const chosen = firstField.value;
    const names = seats.map((item) => {
      const input = item.querySelector("input[name=player]");
      return isolated(input.value.trim() || input.placeholder);
    });
    const shown = [...firstField.options].slice(1).map((option) => option.textContent);
    if (shown.join("\n") !== names.join("\n")) {
      // The player's own text, never HTML (an Option's text).
      firstField.replaceChildren(
        firstField.options[0],
        ...names.map((name, index) => new Option(name, String(index))),
      );
    }
    firstField.value = Number(chosen) < seats.length ? chosen : "";
  }

  // Sheets only is for people: a computer would need to see the dice, and so would the
  // coach. Its levels are not on offer then, and a seat a computer held goes back to the first
  // choice, a person; hints are not on offer either.
  function showDiceKind() {
    const sheetsOnly = setup.querySelector("input[name=dice]:checked").value === FACTS.sheetsOnly;
    for (const select of setup.querySelectorAll(".seat-kind")) {
      for (const option of select.options) {
        option.disabled = sheetsOnly && FACTS.levels.includes(option.value);
      }
      if (select.selectedOptions[0]?.disabled) select.selectedIndex = 0;
    }
    setup.querySelector("input[name=coach]").disabled = sheetsOnly;
  }

  function startGame(event) {
    event.preventDefault();
    const game = chosenGame().value;
    const seats = seatItems().filter((item) => !item.hidden);
    const request = {
      game,
      names: seats.map((item) => item.querySelector("input[name=player]").value),
      choices: seats.map((item) => Object.fromEntries(
        [...item.querySelectorAll(`[data-choice]:is([data-game="${game}"], :not([data-game]))`)]
          .map((field) => [field.dataset.choice, field.value]))),
      first: firstField.value === "" ? null : Number(firstField.value),
      dice: setup.querySelector("input[name=dice]:checked").value,
      coach: setup.querySelector("input[name=coach]:enabled:checked") !== null,
    };
    if (typeof window.dadotecaStart === "function") {
      window.dadotecaStart(request);
    } else {
      window.dadotecaPendingStart = request; // Python starts it as soon as it is ready
      document.body.dataset.waiting = "yes";
    }
  }

  // Seat order is the order of the names; "move up" swaps a player (name and choices) with
  // the one above.
  function moveUp(event) {
    const button = event.target.closest(".move-up");
    if (!button) return;
    const item = button.closest("li");
    const above = item.previousElementSibling;
    if (!above) return;
    const here = item.querySelectorAll("input, select");
    const there = above.querySelectorAll("input, select");
    here.forEach((field, index) => {
      [field.value, there[index].value] = [there[index].value, field.value];
    });
    showMap(item);
    showMap(above);
    there[0].focus();
    showStarters();
  }

  // Diceland's maps: a seat's button shows its choice (the chooser's picture and name) and
  // opens the chooser; the form sends the seat's hidden map field. The pictures of the maps (a
  // sprite the build draws) load when the chooser first opens.
  const mapChooser = document.getElementById("map-chooser");
  const mapField = (item) => item.querySelector("[data-choice=map]");
  const mapOptions = () => [...mapChooser.querySelectorAll(".map-option")];
  let mapSeat = null; // the seat whose map is being chosen

  function showMap(item) {
    const option = mapOptions().find((each) => each.dataset.map === mapField(item).value);
    const [picture, name] = [".dl-pic", ".map-name"]
      .map((selector) => option.querySelector(selector).cloneNode(true));
    picture.querySelector("use").setAttribute("href", option.dataset.picture);
    item.querySelector(".map-face").replaceChildren(picture, name);
  }

  function chooseMap(event) {
    const button = event.target.closest(".seat-map");
    if (!button) return;
    mapSeat = button.closest("li");
    const input = mapSeat.querySelector("input[name=player]");
    mapChooser.querySelector(".map-for").textContent = input.value.trim() || input.placeholder;
    for (const option of mapOptions()) {
      option.querySelector("use").setAttribute("href", option.dataset.picture);
      option.setAttribute("aria-pressed", String(option.dataset.map === mapField(mapSeat).value));
    }
    openDialog(mapChooser);
    mapChooser.querySelector(".map-option[aria-pressed=true]").focus();
  }

  function mapChosen(event) {
    const option = event.target.closest(".map-option");
    if (option) {
      mapField(mapSeat).value = option.dataset.map;
      showMap(mapSeat);
    }
    if (option || event.target.closest("#map-chooser-close")) mapChooser.close();
  }

  // The open dialogs take one step of the browser's history, however many are open: Back
  // closes them rather than leaving the app, as a phone's Back button should. One step, taken
  // only from a step that is not one, and given back only while no return is under way (a
  // dialog's close event and history.back() both come later, so quick taps open and close
  // dialogs in between): a return can only land on this page, never leave it.
  let returning = false;
  const dialogStep = () => history.state?.dialogs === true;
  const anyDialogOpen = () => document.querySelector("dialog[open]") !== null;

  function openDialog(dialog) {
    if (dialog.open) return;
    dialog.showModal();
    if (!dialogStep()) history.pushState({ dialogs: true }, "");
  }

  // A dialog's close event does not bubble: heard on its way down.
  document.addEventListener("close", (event) => {
    if (!(event.target instanceof HTMLDialogElement) || anyDialogOpen()) return;
    if (dialogStep() && !returning) {
      returning = true;
      history.back();
    }
  }, true);

  // A reload keeps the step's state, with no dialog open any more.
  if (dialogStep()) history.replaceState(null, "");

  window.addEventListener("popstate", () => {
    const ours = returning;
    returning = false;
    if (dialogStep()) return;
    // A dialog opened while our return was on its way keeps its step; Back closes them all.
    if (ours && anyDialogOpen()) history.pushState({ dialogs: true }, "");
    else for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close("back");
  });

  // A reload with a game in progress: what is coming back, at once, from the saved record
  // (names as text); Python shows the game itself as soon as it has started.
  function showResuming(text) {
    try {
      const record = JSON.parse(text);
      document.querySelector("#resume .resume-game").textContent = gameName(record.game);
      document.querySelector("#resume .resume-players").replaceChildren(
        ...record.seats.flatMap((seat, index) => {
          const name = nameElement(String(seat.name));
          return index ? [" · ", name] : [name];
        }),
      );
    } catch {
      // A damaged save: Python says so once it has started.
    }
  }

  async function showRules() {
    const dialog = document.getElementById("rules");
    // The language last chosen, even while its catalog is still on the way.
    const language = wantedLanguage || document.documentElement.lang || "en";
    const game = document.body.dataset.game || chosenGame().value; // in play: the game played
    try {
      const response = await fetch(`assets/rules/${game}.${language}.html`);
      if (!response.ok) throw new Error(response.statusText);
      // Our own static, precached file: safe to insert as HTML.
      dialog.querySelector(".rules-text").innerHTML = await response.text();
    } catch {
      dialog.querySelector(".rules-text").textContent = "";
    }
    openDialog(dialog);
    dialog.scrollTop = 0; // the summary from its beginning, whichever was read last
  }

  // The finished games, newest first; null when the stored history cannot be read. Fields
  // this version does not know are ignored (a newer one may add some).
  function finishedGames() {
    const text = storage && storage.getItem(HISTORY_KEY);
    if (!text) return [];
    try {
      const history = JSON.parse(text);
      if (history.format !== FACTS.history.format || history.version !== FACTS.history.version) {
        return null;
      }
      return history.games.filter((game) => game && Array.isArray(game.players)).reverse();
    } catch {
      return null;
    }
  }

  function gameName(id) {
    const input = [...document.querySelectorAll("#setup input[name=game]")]
      .find((radio) => radio.value === id);
    return input ? input.closest("label").querySelector(".game-name").textContent : String(id);
  }

  // One finished game. Names are the players' own: text only, never HTML, each isolated.
  function historyEntry(game, when) {
    const item = document.createElement("li");
    const head = document.createElement("p");
    const title = document.createElement("strong");
    title.textContent = gameName(game.game);
    const time = document.createElement("time");
    const ended = new Date(game.ended);
    if (!Number.isNaN(ended.getTime())) {
      time.dateTime = ended.toISOString();
      time.textContent = when.format(ended);
    }
    head.append(title, " · ", time);
    const dice = { [FACTS.realDice]: "history-real-dice", [FACTS.sheetsOnly]: "history-sheets-only" };
    if (Object.hasOwn(dice, game.dice)) {
      head.append(" · ", document.getElementById(dice[game.dice]).textContent);
    }
    const players = document.createElement("ul");
    const winners = Array.isArray(game.winners) ? game.winners : [];
    game.players.forEach((player, seat) => {
      const line = document.createElement("li");
      if (winners.includes(seat)) {
        const mark = document.createElement("span");
        mark.setAttribute("role", "img");
        mark.setAttribute("aria-label", document.getElementById("history-winner").textContent);
        // The end table's star: a trophy emoji was a box where no emoji font is.
        mark.textContent = "★ ";
        line.append(mark);
        line.classList.add("winner");
      }
      const kind = String(player?.kind || "");
      const level = kind.startsWith(FACTS.botSeat) ? kind.slice(FACTS.botSeat.length) : kind;
      const option = document.querySelector(`.seat-kind option[value="${CSS.escape(level)}"]`);
      const who = String(player?.name ?? "");
      const score = Number.isFinite(player?.score) ? player.score : "–";
      const computer = option && FACTS.levels.includes(level) ? ` (${option.textContent})` : "";
      line.append(nameElement(who), `${computer}: ${score}`);
      players.append(line);
    });
    item.append(head, players);
    // A game whose record is kept opens again (replay and review), once Python is ready.
    if (typeof game.id === "string" && storage?.getItem(RECORD_PREFIX + game.id) != null) {
      const open = document.createElement("button");
      open.type = "button";
      open.className = "history-open-game";
      open.dataset.entry = game.id;
      open.textContent = document.getElementById("history-open-game").textContent;
      open.disabled = document.documentElement.dataset.appState !== "ready";
      item.append(open);
    }
    return item;
  }

  // The History dialog, opened or (already open) painted again: after an import, with what it
  // did said in it.
  function showHistory() {
    const dialog = document.getElementById("history");
    if (!dialog.open) dialog.querySelector(".history-news").textContent = "";
    const games = finishedGames();
    const when = new Intl.DateTimeFormat(document.documentElement.lang || "en", {
      dateStyle: "medium",
      timeStyle: "short",
    });
    dialog.querySelector(".history-list")
      .replaceChildren(...(games || []).map((game) => historyEntry(game, when)));
    dialog.querySelector(".history-empty").hidden = games === null || games.length > 0;
    dialog.querySelector(".history-unreadable").hidden = games !== null;
    dialog.querySelector(".history-confirm").hidden = true;
    for (const id of ["history-clear", "history-export"]) {
      document.getElementById(id).hidden = !games || games.length === 0;
    }
    showKept();
    openDialog(dialog);
  }

  // Games that last: browsers clear a site's storage when the device runs short of space, and
  // Safari after 7 days without a visit, unless the site's storage is persistent. Asked for
  // once the player shows they keep the app: it is installed, or a game has been finished
  // (Chromium grants or refuses without asking; Firefox asks the player, at that moment).
  let askedToKeep = false; // once a visit: Firefox asks the player each time

  async function keepStorage() {
    if (askedToKeep || !navigator.storage?.persist) return;
    askedToKeep = true;
    try {
      if (!(await navigator.storage.persisted())) await navigator.storage.persist();
    } catch {
      return; // refused outright (a private window): the games are kept as before
    }
    showKept();
  }

  // History says whether the browser keeps the games (nothing where it cannot tell).
  async function showKept() {
    const kept = await navigator.storage?.persisted?.().catch(() => null);
    const line = document.querySelector("#history .history-kept");
    line.dataset.state = kept === true ? "kept" : kept === false ? "may-clear" : "";
  }

  // iOS Safari clears the storage of a site not visited for 7 days unless it was added to the
  // Home Screen: said once, in the player's language, where nothing else says it.
  function tellOfHomeScreen() {
    const ios = /iPhone|iPad|iPod/.test(navigator.userAgent)
      || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1); // iPadOS's Safari
    // navigator.standalone: Safari's own, false in a tab, true from the Home Screen.
    if (!ios || navigator.standalone !== false || storage?.getItem(HOME_SCREEN_KEY)) return;
    const hint = document.getElementById("home-screen");
    hint.hidden = false;
    document.getElementById("home-screen-ok").addEventListener("click", () => {
      hint.hidden = true;
    });
    try {
      storage?.setItem(HOME_SCREEN_KEY, "told");
    } catch {
      // Storage full or refused: said again at the next visit.
    }
  }

  function askToKeepStorageWhenKept() {
    const installed = matchMedia("(display-mode: standalone)").matches
      || navigator.standalone === true; // iOS Safari, from the Home Screen
    if (installed) keepStorage();
    window.addEventListener("appinstalled", keepStorage);
    window.addEventListener("dadoteca:painted", ({ detail }) => {
      if (detail.screen === "over") keepStorage();
    });
  }

  // Honest progress: one step per big file Python needs, as each one finishes arriving in its
  // worker (assets/table.js says so with a dadoteca:arrived event), one when Python itself has
  // started (data-python-start), and the last when the game is ready (the bar then hides).
  function watchBoot() {
    const files = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
    const arrived = new Set();
    const bar = document.getElementById("boot-progress");
    bar.max = files.length + 2;
    const show = () => {
      bar.value = arrived.size + (document.documentElement.dataset.pythonStart ? 1 : 0);
    };
    window.addEventListener("dadoteca:arrived", ({ detail: { file } }) => {
      if (files.includes(file)) arrived.add(file);
      show();
    });
    new MutationObserver(show)
      .observe(document.documentElement, { attributeFilter: ["data-python-start"] });
  }

  // Offline: the service worker precaches the whole site. A new version waits (it never swaps
  // the code under a game in progress); the player is offered it and takes it with one tap.
  // The browser looks for a new service-worker.js at every visit; with updateViaCache "all" it
  // asks the network only once the HTTP cache's copy is stale (the host sends it with a max-age,
  // see build/serve.py), so a repeat visit within that time makes no request at all.
  //
  // Whether the app can be played offline is said quietly below the page (#offline, its words
  // chosen by data-state): while the first install downloads, once the active worker says its
  // cache holds every file (it fetches back what is missing while online), or that an install
  // failed or files are missing; then it is tried again when the device is back online, and at
  // the next visit.
  function registerServiceWorker() {
    const offline = document.getElementById("offline");
    if (!("serviceWorker" in navigator)) {
      // Plain http on a home network (not a secure context), or a browser that allows none.
      offline.dataset.state = "unavailable";
      return;
    }
    const banner = document.getElementById("update");
    const offer = (worker) => {
      banner.hidden = false;
      document.getElementById("update-accept").onclick = () => worker.postMessage("SKIP_WAITING");
    };
    const show = (state) => {
      offline.dataset.state = state;
    };
    // The active worker checks its cache (repairing it if it can) and answers on a port.
    const check = (worker) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => show(data.missing ? "missing" : "ready");
      worker.postMessage("CHECK", [channel.port2]);
    };
    const watched = new WeakSet(); // a first install is both installing and found
    const watchInstall = (registration, worker) => {
      if (!worker || watched.has(worker)) return;
      watched.add(worker);
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
        if (worker.state === "activated") check(worker);
        // An older version still serves the app offline while a new one fails to install.
        if (worker.state === "redundant" && !registration.active) show("failed");
      });
    };
    const options = { updateViaCache: "all" };
    const register = () => navigator.serviceWorker.register("service-worker.js", options).then(
      (registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        if (registration.active) check(registration.active);
        else show("installing");
        if (registration.installing) watchInstall(registration, registration.installing);
        registration.addEventListener("updatefound", () => {
          watchInstall(registration, registration.installing);
        });
      },
      () => show("failed"),
    );
    register();
    window.addEventListener("online", () => {
      if (offline.dataset.state === "failed") register();
      else if (offline.dataset.state === "missing") navigator.serviceWorker.ready.then(
        (registration) => check(registration.active),
      );
    });
    // The new version takes over every window of the app at once (after the player accepted
    // it in one): each reloads into it. The game is saved after every action and the setup's
    // fields are kept (keepSetupForReload), so nothing is lost. A first install, taking
    // control of a page that had no service worker, needs no reload.
    let controlled = Boolean(navigator.serviceWorker.controller);
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      const replaced = controlled;
      controlled = true;
      if (!reloading && replaced) {
        reloading = true;
        keepSetupForReload();
        window.dispatchEvent(new Event("dadoteca:reloading"));
        location.reload();
      }
    });
  }

  // The setup as typed, kept in this window's sessionStorage across a reload.
  const SETUP_KEPT = "dadoteca.setup-kept";
  const setupFields = () => [...setup.querySelectorAll("input, select")];

  function keepSetupForReload() {
    const values = setupFields().map((field) => (field.type === "radio" ? field.checked : field.value));
    try {
      session?.setItem(SETUP_KEPT, JSON.stringify(values));
    } catch {
      // Storage full: the setup comes back empty, nothing else is lost.
    }
  }

  function restoreSetup() {
    const text = session?.getItem(SETUP_KEPT);
    session?.removeItem(SETUP_KEPT);
    let values = null;
    try {
      values = JSON.parse(text);
    } catch {
      return;
    }
    const fields = setupFields();
    if (!Array.isArray(values) || values.length !== fields.length) return; // another version's
    fields.forEach((field, index) => {
      if (field.type === "radio") field.checked = values[index] === true;
      else if (field.id !== "player-count" && field.id !== "first-player") {
        field.value = String(values[index]);
      }
    });
    showSeatsOf();
    countField.value = String(values[fields.indexOf(countField)]);
    showSeats();
    firstField.value = String(values[fields.indexOf(firstField)]);
  }

  // Once Python has started: precaching earlier would download the runtime a second time while
  // the page is still loading it; afterwards the service worker revalidates (304) what the page
  // already has in the HTTP cache.
  function whenBooted(then) {
    const booted = () => ["ready", "failed"].includes(document.documentElement.dataset.appState);
    if (booted()) return then();
    const watcher = new MutationObserver(() => {
      if (!booted()) return;
      watcher.disconnect();
      then();
    });
    watcher.observe(document.documentElement, { attributeFilter: ["data-app-state"] });
  }

  // Python takes the language and its catalog from here, rather than loading them again.
  window.dadotecaShell = {
    language: () => wantedLanguage || pickLanguage(),
    catalog,
    openDialog,
    showHistory,
    storage,
    session,
  };
  watchBoot();
  whenBooted(registerServiceWorker);
  askToKeepStorageWhenKept();
  tellOfHomeScreen();
  window.dadotecaPendingStart = null;
  document.body.dataset.screen = "setup";
  const saved = storage && storage.getItem(SAVE_KEY);
  if (saved) {
    document.body.dataset.saved = "yes";
    showResuming(saved);
  }
  setup.addEventListener("submit", startGame);
  setup.addEventListener("click", moveUp);
  setup.addEventListener("click", chooseMap);
  mapChooser.addEventListener("click", mapChosen);
  // A choice, Close, Escape or Back: the keyboard carries on from the seat's button.
  mapChooser.addEventListener("close", () => mapSeat.querySelector(".seat-map").focus());
  setup.addEventListener("change", (event) => {
    if (event.target.name === "game") showSeatsOf();
    else if (event.target === countField) showSeats();
    else if (event.target.name === "dice") showDiceKind();
  });
  setup.addEventListener("input", (event) => {
    if (event.target.name === "player") showStarters();
  });
  showSeatsOf();
  restoreSetup();
  showDiceKind();
  document.getElementById("language").addEventListener("change", (event) => {
    switchLanguage(event.target.value);
  });
  // A choice made in another window of the app reaches this one: its language, its history.
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY && LANGUAGES.includes(event.newValue)) {
      showLanguage(event.newValue);
    } else if (event.key === HISTORY_KEY && document.getElementById("history").open) {
      showHistory();
    }
  });
  for (const button of document.querySelectorAll("[data-show-rules]")) {
    button.addEventListener("click", showRules);
  }
  document.getElementById("rules-close").addEventListener("click", () => {
    document.getElementById("rules").close();
  });
  document.getElementById("history-open").addEventListener("click", showHistory);
  document.getElementById("history-close").addEventListener("click", () => {
    document.getElementById("history").close();
  });
  document.getElementById("history-clear").addEventListener("click", () => {
    document.querySelector("#history .history-confirm").hidden = false;
    document.getElementById("history-clear-yes").focus();
  });
  document.getElementById("history-clear-yes").addEventListener("click", () => {
    if (storage) {
      const keys = [HISTORY_KEY];
      for (let index = 0; index < storage.length; index += 1) {
        if (storage.key(index).startsWith(RECORD_PREFIX)) keys.push(storage.key(index));
      }
      for (const key of keys) storage.removeItem(key);
      // Python keeps a copy of the storage: told, as another window's writes are.
      window.dispatchEvent(new CustomEvent("dadoteca:removed", { detail: keys }));
    }
    showHistory();
  });
  translate(pickLanguage()).then(showStarters); // placeholders in the chosen language
})();
