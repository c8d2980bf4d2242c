// Diceland's map on a small screen: whole at first, zoomed where a finger taps.
//
// A map of about 160 hexes fits a phone only at 20-30 px a cell, half of what a finger needs.
// So the player's map (a .dl-view, drawn by dadoteca_games/diceland/view.py) is first shown
// whole, fitted to the screen; where its cells come out under 44 px, a finger's tap on it zooms
// in around that point until they measure 48 px, and the map pans under the finger; "Whole map"
// zooms out. Keys and screen readers reach every cell at any zoom, and act at once. Where the
// fitted cells are big enough (tablets), taps choose at once. Only the page's presentation
// lives here: Python never knows the zoom.

import { byId, one } from "./dom.js";

const FINGER_PX = 44; // the smallest target a finger hits without touching a neighbour
const ZOOMED_PX = 48; // a cell's width, zoomed
// The zoom kept across repaints of the same decision (a cell chosen repaints that cell; the
// next decision starts at the whole map).
/** @type {{key: string, left: number, top: number} | null} */
let zoom = null;

// The asked player's map: the others' big maps are drawn too, hidden (aria-hidden).
const views = () => /** @type {NodeListOf<HTMLElement>} */ (
  document.querySelectorAll("#play .dl-sheet:not([aria-hidden]) .dl-view")
);

// Only what differs is written: a write after the frame's layout is read costs another, and
// an attribute of the frame restyles the 300 cells inside it.
/**
 * @param {HTMLElement} element
 * @param {string} property
 * @param {string} value
 */
function restyle(element, property, value) {
  if (element.style.getPropertyValue(property) !== value) {
    element.style.setProperty(property, value);
  }
}

// Where the map's frame may grow to: the screen's height, less the decision bar above it
// (when it is above, not beside) and the map's heading (its prizes may be scrolled to).
/** @param {HTMLElement} view */
function fitToScreen(view) {
  const top = one("#play .table-top");
  const board = byId("region-board");
  const stacked = top.getBoundingClientRect().bottom <= board.getBoundingClientRect().top + 1;
  const above = stacked ? top.offsetHeight : 0;
  const owner = /** @type {HTMLElement | null | undefined} */ (
    view.closest(".dl-sheet")?.querySelector(".owner")
  );
  const heading = owner?.offsetHeight ?? 0;
  const room = Math.max(160, window.innerHeight - above - heading - 12);
  restyle(view, "--room", `${room}px`);
}

/** @param {HTMLElement} view */
function cellPx(view) {
  const wrap = one(".dl-map-wrap", view);
  return (wrap.clientWidth * Number(view.dataset.cell)) / Number(view.dataset.width);
}

// The map fitted (whole), or zoomed so that its cells measure ZOOMED_PX. Zoomed, the frame
// keeps its fitted height and takes the whole width, so more of the map is in view around the
// finger. The zoom is worked out from the fitted size each time: a repaint that fits the map
// smaller (a taller decision above it) must not shrink the cells under a finger.
/**
 * @param {HTMLElement} view
 * @param {boolean} zoomIn
 * @param {number} [left]
 * @param {number} [top]
 */
function show(view, zoomIn, left = 0, top = 0) {
  const wrap = one(".dl-map-wrap", view);
  const scroller = one(".dl-scroller", view);
  /** @type {[HTMLElement, string][]} */
  const sizes = [[view, "width"], [view, "height"], [wrap, "width"]];
  for (const [element, property] of sizes) {
    restyle(element, property, "");
  }
  const fittedCell = cellPx(view);
  let zoomed = fittedCell >= FINGER_PX ? "none" : "whole";
  if (zoomIn && zoomed === "whole") {
    const fitted = view.getBoundingClientRect();
    restyle(view, "width", "100%");
    restyle(view, "height", `${fitted.height}px`);
    restyle(wrap, "width", `${(wrap.clientWidth * ZOOMED_PX) / fittedCell}px`);
    zoomed = "in";
  }
  if (view.dataset.zoom !== zoomed) view.dataset.zoom = zoomed;
  const whole = one(".dl-whole", view);
  if (whole.hidden !== (zoomed !== "in")) whole.hidden = zoomed !== "in";
  if (scroller.scrollLeft !== left) scroller.scrollLeft = left;
  if (scroller.scrollTop !== top) scroller.scrollTop = top;
}

/** @param {HTMLElement} view */
function keyOf(view) {
  const sheet = /** @type {HTMLElement | null} */ (view.closest("[data-seat]"));
  return `${document.body.dataset.moment}|${sheet?.dataset.seat}`;
}

// After every paint: the frame fitted again; the zoom kept if the decision is the same one.
function painted() {
  for (const view of views()) {
    fitToScreen(view);
    const key = keyOf(view);
    if (zoom && zoom.key === key) show(view, true, zoom.left, zoom.top);
    else if (view.dataset.shown !== key) {
      // A new decision: the whole map, in view when a person here is to mark on it (not
      // while the computers play: the table may be looking at other maps).
      zoom = null;
      show(view, false);
      view.dataset.shown = key;
      const marking = view.querySelector(".dl-cell.legal")
        && document.querySelector("#region-controls button");
      if (marking && view.getBoundingClientRect().bottom > window.innerHeight) {
        byId("play").scrollIntoView({ block: "start" });
      }
    } else {
      show(view, false);
    }
  }
}

/**
 * @param {HTMLElement} view
 * @param {MouseEvent} event
 */
function zoomIn(view, event) {
  const fitted = view.getBoundingClientRect();
  const fittedWidth = one(".dl-map-wrap", view).clientWidth;
  show(view, true);
  // The point tapped stays under the finger.
  const scale = one(".dl-map-wrap", view).clientWidth / fittedWidth;
  const box = view.getBoundingClientRect();
  const left = (event.clientX - fitted.left) * scale - (event.clientX - box.left);
  const top = (event.clientY - fitted.top) * scale - (event.clientY - box.top);
  zoom = { key: keyOf(view), left, top };
  const scroller = one(".dl-scroller", view);
  scroller.scrollLeft = left;
  scroller.scrollTop = top;
}

export function startMapZoom() {
  // Taps on a map shown whole, too small for a finger: they zoom, never choose. Captured, so
  // the table (assets/page/table/taps.js) never sees them. A key or a screen reader (detail 0)
  // acts on the cell it has reached.
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const view = /** @type {HTMLElement | null} */ (target.closest?.("#play .dl-view"));
    if (!view || view.closest("[aria-hidden='true']")) return; // a map not shown (drawn ahead)
    if (target.closest("[data-zoom=out]")) {
      zoom = null;
      show(view, false);
      one(".dl-scroller", view).focus?.();
      return;
    }
    if (view.dataset.zoom === "whole" && event.detail > 0) {
      event.stopPropagation();
      event.preventDefault();
      zoomIn(view, event);
    }
  }, true);

  // Panning moves the zoomed map: remembered, so a repaint keeps it where the finger left it.
  document.addEventListener("scroll", (event) => {
    const scroller = event.target;
    if (!zoom || !(scroller instanceof Element) || !scroller.matches(".dl-scroller")) return;
    zoom.left = scroller.scrollLeft;
    zoom.top = scroller.scrollTop;
  }, true);

  // Fitted at the next frame, not in the tap: the layout it reads is the one the frame makes.
  let scheduled = false;
  window.addEventListener("dadoteca:painted", () => {
    if (scheduled || !document.querySelector("#play .dl-view")) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      painted();
    });
  });
  window.addEventListener("resize", () => {
    zoom = null; // turned or resized: the whole map again, fitted to the new screen
    painted();
  });
}
