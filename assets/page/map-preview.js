// Diceland: see before choosing. Each colour option (phase 1's colours to set aside, phase 2's
// and a bonus roll's colours to cross with) carries the cells the engine says it could cross
// (data-preview, dadoteca_games/diceland/view.py); as the option is hovered, focused or pressed,
// the map shows them, its other cells faded. Only the page's presentation: Python drew the
// option and its cells, and a tap on a phase-2 option changes nothing in the game (it pins its
// preview until another is pressed, the same again unpins it).

import { atTheFrameAfterAMapsPaint } from "./map-zoom.js";

const OPTIONS = "#region-controls [data-preview]";

/** The asked player's map, shown. */
const shownView = () => /** @type {HTMLElement | null} */ (
  document.querySelector("#play .dl-sheet:not([aria-hidden]) .dl-view")
);

/** @type {HTMLElement[]} */
let marked = []; // the cells' buttons previewed now
/** @type {HTMLElement | null} */
let faded = null; // the map whose other cells are faded now

/**
 * The map shows ``option``'s cells (none: the map as it is).
 * @param {HTMLElement | null} option
 */
function preview(option) {
  const view = shownView();
  for (const cell of marked) cell.classList.remove("preview");
  marked = [];
  if (faded && faded !== view) delete faded.dataset.preview;
  faded = view;
  if (!view) return;
  const cells = option?.dataset.preview?.split(" ").filter(Boolean) ?? [];
  const colour = option ? [...option.classList].find((name) => name.startsWith("c-")) : "";
  for (const cell of cells) {
    const button = view.querySelector(`.dl-cell[data-cell="${cell}"]`);
    if (button instanceof HTMLElement) {
      button.classList.add("preview");
      marked.push(button);
    }
  }
  const previewing = option ? (colour ?? "").slice(2) : "";
  if ((view.dataset.preview ?? "") !== previewing) {
    if (previewing) view.dataset.preview = previewing;
    else delete view.dataset.preview;
  }
}

/** The option pressed, whose preview stays while none is hovered or focused. */
const pressed = () => /** @type {HTMLElement | null} */ (
  document.querySelector(`${OPTIONS}[aria-pressed="true"]`)
);

/** @param {EventTarget | null} target */
const optionOf = (target) => /** @type {HTMLElement | null} */ (
  target instanceof Element ? target.closest(OPTIONS) : null
);

export function startMapPreview() {
  const controls = document.getElementById("region-controls");
  if (!controls) return;
  controls.addEventListener("pointerover", (event) => {
    const option = optionOf(event.target);
    if (option) preview(option);
  });
  controls.addEventListener("pointerout", (event) => {
    const option = optionOf(event.target);
    if (option && !option.contains(/** @type {Node | null} */ (event.relatedTarget))) {
      preview(optionOf(document.activeElement) ?? pressed());
    }
  });
  controls.addEventListener("pointerdown", (event) => preview(optionOf(event.target)));
  controls.addEventListener("focusin", (event) => {
    const option = optionOf(event.target);
    if (option) preview(option);
  });
  controls.addEventListener("focusout", (event) => {
    if (!optionOf(event.relatedTarget)) preview(pressed());
  });
  // A phase-2 option (no data-act: Python never hears of it) pins its preview.
  controls.addEventListener("click", (event) => {
    const option = optionOf(event.target);
    if (!option || option.dataset.act) return;
    const on = option.getAttribute("aria-pressed") !== "true";
    for (const other of controls.querySelectorAll(`${OPTIONS}:not([data-act])`)) {
      other.setAttribute("aria-pressed", String(on && other === option));
    }
    preview(on ? option : null);
  });
  // After a paint the cells' buttons may be new ones: the pressed option's preview again (or
  // none), at the next frame, once the map's buttons are laid out (sheets.js's data-later).
  atTheFrameAfterAMapsPaint(() => {
    const hovered = optionOf(document.querySelector(`${OPTIONS}:hover`));
    preview(optionOf(document.activeElement) ?? hovered ?? pressed());
  });
}
