// Start: the setup as a request for Python, which starts the game asked for: once it is
// ready, at once; before, as soon as it is.

import { one } from "../dom.js";
import { followBootProgress } from "./progress.js";
import { chosenGame, firstField, nameField, ownedBy, setup, shownSeats } from "./setup-form.js";
import { clockwise } from "./setup-places.js";

/** @import { StartRequest } from "../protocol.js" */

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

/** Start is ready for a tap again. */
export function startAnswered() {
  delete setup.dataset.starting;
}

/** @param {StartRequest} request */
function sendStart(request) {
  Promise.resolve(/** @type {(request: StartRequest) => unknown} */ (starter)(request))
    .finally(startAnswered);
}

/** @param {SubmitEvent} event */
export function startGame(event) {
  event.preventDefault();
  if (setup.dataset.starting) return; // a second tap on Start: the game is already coming
  showStarting();
  const game = chosenGame().value;
  let seats = shownSeats();
  const table = setup.dataset.layout === "table";
  const first = firstField.value === "" ? null : seats[Number(firstField.value)];
  if (table) seats = clockwise(seats); // seat order follows the seating, round the table
  /** @type {StartRequest} */
  const request = {
    game,
    names: seats.map((item) => nameField(item).value),
    choices: seats.map((item) => Object.fromEntries(
      [...item.querySelectorAll("[data-choice]")]
        .filter((element) => ownedBy(element, game))
        .filter((element) => table || !element.classList.contains("seat-edge"))
        .map((element) => {
          const field = /** @type {HTMLInputElement | HTMLSelectElement} */ (element);
          return [field.dataset.choice, field.value];
        }))),
    first: first ? seats.indexOf(first) : null,
    // The game's pad (Qwixx's): a variant's id, or "" for the game's own.
    variant: /** @type {HTMLSelectElement[]} */ ([...setup.querySelectorAll("select[name=variant]")])
      .find((element) => ownedBy(element, game))?.value ?? "",
    dice: /** @type {HTMLInputElement} */ (setup.querySelector("input[name=dice]:checked")).value,
    coach: setup.querySelector("input[name=coach]:enabled:checked") !== null,
  };
  if (starter) sendStart(request);
  else pendingStart = request; // Python starts it as soon as it is ready
}
