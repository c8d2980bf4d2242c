// The setup: the game, the players in seat order (a person or a computer at each seat, and in
// Diceland a map), who starts, the dice, the coach. It works before Python has loaded; a game
// asked for before is started as soon as Python is ready.

import { byId, one, targetOf } from "../dom.js";
import { FACTS } from "../facts.js";
import { openDialog } from "./dialogs.js";
import { followBootProgress } from "./progress.js";
import { session } from "./storage.js";

/** @import { StartRequest } from "../protocol.js" */

const setup = byId("setup", HTMLFormElement);
const chosenGame = () => /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=game]:checked")
);

// The seats of the table: as many as the players chosen, within what the game allows. Each
// seat shows the choices of that game (Diceland: a map) and, in every game, whether a person
// or a computer plays it.
const countField = byId("player-count", HTMLSelectElement);
const firstField = byId("first-player", HTMLSelectElement);
const seatItems = () => /** @type {HTMLLIElement[]} */ ([...setup.querySelectorAll(".players li")]);
/** @param {Element} item */
const nameField = (item) => /** @type {HTMLInputElement} */ (
  item.querySelector("input[name=player]")
);

/** The game chosen on the setup. */
export function chosenGameId() {
  return chosenGame().value;
}

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
  const count = Math.min(Math.max(wanted, minPlayers), maxPlayers);
  countField.value = String(count);
  // Seats put away by the game chosen are said beside the count, until the next choice.
  setup.toggleAttribute("data-seats-cut", count < wanted);
  showSeats();
}

function showSeats() {
  const count = Number(countField.value);
  seatItems().forEach((item, index) => {
    if (item.hidden !== index >= count) item.hidden = index >= count;
  });
  // A seat shown again comes as a person while sheets only is chosen (it was a computer
  // before it was put away): the line under the seats says why computers are not on offer.
  if (sheetsOnlyField.checked) {
    for (const kind of shownKinds()) {
      if (FACTS.levels.includes(kind.value)) kind.selectedIndex = 0;
    }
  }
  showStarters();
  showRuledOut();
}

/**
 * A player's name, isolated from the text around it (a name written right to left must not
 * reorder it): an element for the page's text, between FIRST STRONG ISOLATE and POP
 * DIRECTIONAL ISOLATE where only text may go (an <option>).
 * @param {string} name
 */
export function nameElement(name) {
  const element = document.createElement("bdi");
  element.textContent = name; // the player's own text, never HTML
  return element;
}
const isolated = (/** @type {string} */ name) => `\u2068${name}\u2069`;

/** The name a seat plays under: the one typed, else the one shown in its field. */
function seatName(/** @type {Element} */ item) {
  const input = nameField(item);
  return input.value.trim() || input.placeholder;
}

// Who starts: drawn at random (every rule book draws the first player), or a seat chosen.
export function showStarters() {
  const seats = seatItems().filter((item) => !item.hidden);
  const chosen = firstField.value;
  const names = seats.map((item) => isolated(seatName(item)));
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

// Sheets only is for people: a computer would need to see the dice, and so would the coach.
// No choice ever changes another behind the family's back: while a computer plays a seat or
// hints are asked for, Sheets only is not on offer, and while it is chosen, neither are the
// computers' levels nor hints; each control ruled out says why beside it (data-ruled-out
// names the reasons that hold, the shell's CSS shows their words).
const sheetsOnlyField = /** @type {HTMLInputElement} */ (
  setup.querySelector(`input[name=dice][value="${FACTS.sheetsOnly}"]`)
);
const coachField = /** @type {HTMLInputElement} */ (setup.querySelector("input[name=coach]"));
const shownKinds = () => seatItems().filter((item) => !item.hidden)
  .map((item) => /** @type {HTMLSelectElement} */ (item.querySelector(".seat-kind")));

function showRuledOut() {
  const sheetsOnly = sheetsOnlyField.checked;
  const computer = shownKinds().some((kind) => FACTS.levels.includes(kind.value));
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (
    setup.querySelectorAll(".seat-kind")
  )) {
    for (const option of select.options) {
      option.disabled = sheetsOnly && FACTS.levels.includes(option.value);
    }
  }
  coachField.disabled = sheetsOnly;
  sheetsOnlyField.disabled = !sheetsOnly && (computer || coachField.checked);
  const reasons = [
    ...(sheetsOnly ? ["sheets-only"] : []),
    ...(!sheetsOnly && computer ? ["computer"] : []),
    ...(!sheetsOnly && coachField.checked ? ["coach"] : []),
  ].join(" ");
  // Written only when it differs: the setup as built is not laid out again at the start.
  if ((setup.dataset.ruledOut ?? "") !== reasons) {
    if (reasons) setup.dataset.ruledOut = reasons;
    else delete setup.dataset.ruledOut;
  }
}

// Python starts the game asked for: once it is ready, at once; before, as soon as it is.
/** @type {((request: StartRequest) => Promise<unknown>) | null} */
let starter = null;
/** @type {StartRequest | null} */
let pendingStart = null;

/**
 * From now on ``start`` starts the games asked for (settling once Python has answered), and
 * the one asked for before, if any, now, unless another screen has come meanwhile.
 * @param {(request: StartRequest) => Promise<unknown>} start
 */
export function startGamesWith(start) {
  starter = start;
  const pending = pendingStart;
  pendingStart = null;
  if (pending && document.body.dataset.screen === "setup") sendStart(pending);
  else startAnswered();
}

// Start answers its tap at once, in the tap's own frame: pressed, and "Starting…" (with the
// game engine's loading, while it loads) until Python has answered.
function showStarting() {
  setup.dataset.starting = "yes";
  followBootProgress(/** @type {HTMLProgressElement} */ (one(".start-progress", setup)));
}

function startAnswered() {
  delete setup.dataset.starting;
}

/** @param {StartRequest} request */
function sendStart(request) {
  Promise.resolve(/** @type {(request: StartRequest) => unknown} */ (starter)(request))
    .finally(startAnswered);
}

/** @param {SubmitEvent} event */
function startGame(event) {
  event.preventDefault();
  if (setup.dataset.starting) return; // a second tap on Start: the game is already coming
  showStarting();
  const game = chosenGame().value;
  const seats = seatItems().filter((item) => !item.hidden);
  /** @type {StartRequest} */
  const request = {
    game,
    names: seats.map((item) => nameField(item).value),
    choices: seats.map((item) => Object.fromEntries(
      [...item.querySelectorAll(`[data-choice]:is([data-game="${game}"], :not([data-game]))`)]
        .map((element) => {
          const field = /** @type {HTMLInputElement | HTMLSelectElement} */ (element);
          return [field.dataset.choice, field.value];
        }))),
    first: firstField.value === "" ? null : Number(firstField.value),
    // Qwixx's pad: a variant's id, or "" for base Qwixx's (another game has none).
    variant: game === "qwixx"
      ? /** @type {HTMLSelectElement} */ (setup.querySelector("select[name=variant]")).value
      : "",
    dice: /** @type {HTMLInputElement} */ (setup.querySelector("input[name=dice]:checked")).value,
    coach: setup.querySelector("input[name=coach]:enabled:checked") !== null,
  };
  if (starter) sendStart(request);
  else pendingStart = request; // Python starts it as soon as it is ready
}

// Seat order is the order of the names; "move up" swaps a player (name and choices) with
// the one above.
/** @param {MouseEvent} event */
function moveUp(event) {
  const button = targetOf(event).closest(".move-up");
  if (!button) return;
  const item = /** @type {HTMLLIElement} */ (button.closest("li"));
  const above = item.previousElementSibling;
  if (!above) return;
  /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */
  const here = item.querySelectorAll("input, select");
  /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */
  const there = above.querySelectorAll("input, select");
  here.forEach((field, index) => {
    [field.value, there[index].value] = [there[index].value, field.value];
  });
  showMap(item);
  showMap(above);
  there[0].focus();
  // Who starts is a person, not a seat: the one chosen moves with them.
  const seats = seatItems();
  const [from, to] = [seats.indexOf(item), seats.indexOf(/** @type {HTMLLIElement} */ (above))];
  const first = firstField.value;
  if (first === String(from)) firstField.value = String(to);
  else if (first === String(to)) firstField.value = String(from);
  showStarters();
}

// Diceland's maps: a seat's button shows its choice (the chooser's picture and name) and
// opens the chooser; the form sends the seat's hidden map field. The pictures of the maps (a
// sprite the build draws) load when the chooser first opens.
const mapChooser = byId("map-chooser", HTMLDialogElement);
const mapField = (/** @type {Element} */ item) => /** @type {HTMLInputElement} */ (
  item.querySelector("[data-choice=map]")
);
const mapOptions = () => /** @type {HTMLElement[]} */ (
  [...mapChooser.querySelectorAll(".map-option")]
);
/** @type {HTMLLIElement | null} */
let mapSeat = null; // the seat whose map is being chosen

/** @param {Element} item */
function showMap(item) {
  const option = /** @type {HTMLElement} */ (
    mapOptions().find((each) => each.dataset.map === mapField(item).value)
  );
  const [picture, name] = [".dl-pic", ".map-name"]
    .map((selector) => /** @type {Element} */ (option.querySelector(selector)).cloneNode(true));
  /** @type {Element} */ (/** @type {Element} */ (picture).querySelector("use"))
    .setAttribute("href", option.dataset.picture ?? "");
  /** @type {Element} */ (item.querySelector(".map-face")).replaceChildren(picture, name);
}

/** @param {MouseEvent} event */
function chooseMap(event) {
  const button = targetOf(event).closest(".seat-map");
  if (!button) return;
  const seat = /** @type {HTMLLIElement} */ (button.closest("li"));
  mapSeat = seat;
  /** @type {Element} */ (mapChooser.querySelector(".map-for")).textContent = seatName(seat);
  for (const option of mapOptions()) {
    /** @type {Element} */ (option.querySelector("use"))
      .setAttribute("href", option.dataset.picture ?? "");
    option.setAttribute("aria-pressed", String(option.dataset.map === mapField(seat).value));
  }
  openDialog(mapChooser);
  /** @type {HTMLElement} */ (mapChooser.querySelector(".map-option[aria-pressed=true]")).focus();
}

/** @param {MouseEvent} event */
function mapChosen(event) {
  const option = /** @type {HTMLElement | null} */ (targetOf(event).closest(".map-option"));
  const seat = /** @type {HTMLLIElement} */ (mapSeat);
  if (option) {
    mapField(seat).value = option.dataset.map ?? "";
    showMap(seat);
  }
  if (option || targetOf(event).closest("#map-chooser-close")) mapChooser.close();
}

// The setup as typed, kept in this window's sessionStorage across a reload (a new version
// reloads every window: assets/page/shell/service-worker.js).
const SETUP_KEPT = "dadoteca.setup-kept";
const setupFields = () => /** @type {(HTMLInputElement | HTMLSelectElement)[]} */ (
  [...setup.querySelectorAll("input, select")]
);

export function keepSetupForReload() {
  const values = setupFields().map((field) => (
    field instanceof HTMLInputElement && field.type === "radio" ? field.checked : field.value
  ));
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
    values = JSON.parse(/** @type {string} */ (text));
  } catch {
    return;
  }
  const fields = setupFields();
  if (!Array.isArray(values) || values.length !== fields.length) return; // another version's
  fields.forEach((field, index) => {
    if (field instanceof HTMLInputElement && field.type === "radio") {
      field.checked = values[index] === true;
    } else if (field.id !== "player-count" && field.id !== "first-player") {
      field.value = String(values[index]);
    }
  });
  showSeatsOf();
  countField.value = String(values[fields.indexOf(countField)]);
  showSeats();
  firstField.value = String(values[fields.indexOf(firstField)]);
}

/** The setup answers the player's choices, and starts the game asked for. */
export function listenToSetup() {
  setup.addEventListener("submit", startGame);
  setup.addEventListener("click", moveUp);
  setup.addEventListener("click", chooseMap);
  mapChooser.addEventListener("click", mapChosen);
  // A choice, Close, Escape or Back: the keyboard carries on from the seat's button.
  mapChooser.addEventListener("close", () => {
    /** @type {HTMLElement} */ (/** @type {HTMLLIElement} */ (mapSeat).querySelector(".seat-map"))
      .focus();
  });
  setup.addEventListener("change", (event) => {
    const target = /** @type {HTMLInputElement | HTMLSelectElement} */ (targetOf(event));
    if (target.name === "game") showSeatsOf();
    else if (target === countField) {
      setup.removeAttribute("data-seats-cut");
      showSeats();
    }
    else if (target.name === "dice" || target.name === "coach") showRuledOut();
    else if (target.classList.contains("seat-kind")) showRuledOut();
  });
  // Back at the setup from a game: who starts is drawn again (the last game's first seat may
  // be someone else now), and Start is ready for a tap.
  let screen = document.body.dataset.screen;
  window.addEventListener("dadoteca:painted", ({ detail: update }) => {
    if (update.screen === "setup" && screen !== "setup") {
      firstField.value = "";
      startAnswered();
    }
    screen = update.screen;
  });
  setup.addEventListener("input", (event) => {
    if (/** @type {HTMLInputElement} */ (targetOf(event)).name === "player") showStarters();
  });
}

/** The setup's seats and choices shown, as typed before a reload if it was one. */
export function showSetup() {
  showSeatsOf();
  restoreSetup();
  showRuledOut();
}
