// Diceland's maps: a seat's button shows its choice (the chooser's picture and name) and
// opens the chooser; the form sends the seat's hidden map field. The pictures of the maps (a
// sprite the build draws) load when the chooser first opens.

import { byId, targetOf } from "../dom.js";
import { openDialog } from "./dialogs.js";
import { seatName, setup } from "./setup-form.js";

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
export function showMap(item) {
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

/** A seat's map button opens the chooser; a map chosen there is the seat's. */
export function listenToMapChooser() {
  setup.addEventListener("click", chooseMap);
  mapChooser.addEventListener("click", mapChosen);
  // A choice, Close, Escape or Back: the keyboard carries on from the seat's button.
  mapChooser.addEventListener("close", () => {
    /** @type {HTMLElement} */ (/** @type {HTMLLIElement} */ (mapSeat).querySelector(".seat-map"))
      .focus();
  });
}
