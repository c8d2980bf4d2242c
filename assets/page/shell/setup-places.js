// The device lying in the middle of the table: offered on a tablet (from two players), and on
// a phone for two, face to face; remembered. Each person chooses their place among those that
// fit the screen: the two long edges for two (a phone's two halves), the four edges for three
// or four, and for five two along the bottom edge. Seat order follows the seating, clockwise.

import { one } from "../dom.js";
import { FACTS } from "../facts.js";
import { setup, shownSeats } from "./setup-form.js";
import { storage } from "./storage.js";

const layoutChoice = one(".layout-choice", setup);
export const tableField = /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=layout][value=table]")
);
const CLOCKWISE = ["bottom-right", "bottom", "bottom-left", "left", "top-left", "top",
  "top-right", "right"];
const edgeField = (/** @type {Element} */ item) => /** @type {HTMLSelectElement} */ (
  item.querySelector("select[data-choice=edge]")
);
const chosenLayout = () => /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=layout]:checked")
).value;

/** The places offered for ``count`` people, each seat's own by default in this order. */
function placesFor(/** @type {number} */ count) {
  const phone = Math.min(window.innerWidth, window.innerHeight) < 600;
  const landscape = window.innerWidth >= window.innerHeight;
  if (phone) return count === 2 ? ["bottom", "top"] : [];
  if (count === 2) return landscape ? ["bottom", "top"] : ["left", "right"];
  if (count <= 4 && count > 2) return ["bottom", "left", "top", "right"];
  if (count === 5) return ["bottom-left", "left", "top", "right", "bottom-right"];
  return [];
}

/** The places shown: each seat's own by default; ``keep``: as chosen, where they still fit. */
export function showLayout({ keep = false } = {}) {
  const seats = shownSeats();
  const offered = placesFor(seats.length);
  // Only what differs is written: the setup as built (two players, the choice offered, the
  // device handed round) is what a first start shows, unchanged (tests/e2e/test_app_shell.py).
  if (layoutChoice.hidden !== !offered.length) layoutChoice.hidden = !offered.length;
  const layout = offered.length ? chosenLayout() : "";
  if ((setup.dataset.layout ?? "") !== layout) {
    if (layout) setup.dataset.layout = layout;
    else delete setup.dataset.layout;
  }
  if (!layout) return;
  /** @type {Set<string>} */
  const taken = new Set();
  seats.forEach((item, index) => {
    const field = edgeField(item);
    for (const option of field.options) option.hidden = !offered.includes(option.value);
    if (!keep) field.value = offered[index];
    if (!offered.includes(field.value) || taken.has(field.value)) {
      field.value = offered.find((edge) => !taken.has(edge)) ?? offered[index];
    }
    taken.add(field.value);
    field.dataset.was = field.value;
  });
}

/** A place chosen that another person had: they swap places. */
export function placeSwapped(/** @type {HTMLInputElement | HTMLSelectElement} */ field) {
  const other = shownSeats().map(edgeField)
    .find((each) => each !== field && each.value === field.value);
  if (other) other.value = field.dataset.was ?? "";
  showLayout({ keep: true });
}

/** The layout chosen, remembered for the next setup. */
export function rememberLayout() {
  try {
    storage?.setItem(FACTS.storageKeys.layout, chosenLayout());
  } catch {
    // Storage full: chosen for this game, not remembered.
  }
}

export function rememberedLayout() {
  if (storage?.getItem(FACTS.storageKeys.layout) === "table") tableField.checked = true;
}

/** ``seats`` in the order they sit round the table-top, clockwise. */
export function clockwise(/** @type {HTMLLIElement[]} */ seats) {
  const around = (/** @type {Element} */ item) => CLOCKWISE.indexOf(edgeField(item).value);
  return [...seats].sort((a, b) => around(a) - around(b));
}
