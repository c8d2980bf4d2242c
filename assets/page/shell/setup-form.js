// The setup form as the other setup modules read it: the game chosen, the seats (as many as
// the players chosen, the others hidden), each seat's name and whether a field is the game's
// own; and a player's name, isolated, wherever the page writes one.

import { byId } from "../dom.js";

export const setup = byId("setup", HTMLFormElement);
export const countField = byId("player-count", HTMLSelectElement);
export const firstField = byId("first-player", HTMLSelectElement);

export const chosenGame = () => /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=game]:checked")
);

/** The game chosen on the setup. */
export function chosenGameId() {
  return chosenGame().value;
}

/** Every seat of the setup, in seat order, hidden or not. */
export const seatItems = () => /** @type {HTMLLIElement[]} */ (
  [...setup.querySelectorAll(".players li")]
);

/** The seats of the players chosen, in seat order. */
export const shownSeats = () => seatItems().filter((item) => !item.hidden);

/** @param {Element} item */
export const nameField = (item) => /** @type {HTMLInputElement} */ (
  item.querySelector("input[name=player]")
);

/** The name a seat plays under: the one typed, else the one shown in its field. */
export function seatName(/** @type {Element} */ item) {
  const input = nameField(item);
  return input.value.trim() || input.placeholder;
}

/**
 * Whether ``field`` is asked for ``game``: every game's, or that game's own (.game-choices).
 * @param {Element} field
 * @param {string} game
 */
export function ownedBy(field, game) {
  const own = /** @type {HTMLElement | null} */ (field.closest(".game-choices"));
  return !own || own.dataset.game === game;
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
export const isolated = (/** @type {string} */ name) => `\u2068${name}\u2069`;
