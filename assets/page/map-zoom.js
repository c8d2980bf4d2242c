// Diceland's map on a small screen: framed on the play, zoomed where a finger taps.
//
// A map of about 160 hexes fits a phone only at 20-30 px a cell, half of what a finger needs.
// So the player's map (a .dl-view, drawn by dadoteca_games/diceland/view.py) is fitted to the
// screen; where its cells come out under 44 px and a person is to cross, it opens zoomed to
// 48 px a cell, framed on the cells they can cross (the highlighted ones: the engine's), so
// that the first tap crosses. "Whole map", which shows a small overview of the whole map with
// where the view is, zooms out; a finger's tap on the whole map zooms in around that point, and
// the zoomed map pans under the finger. Keys and screen readers reach every cell at any zoom,
// and act at once. Where the fitted cells are big enough (tablets), taps choose at once. Only
// the page's presentation lives here: Python never knows the zoom.
//
// Around a table-top each person's map lies whole in their place (section.place), turned to
// face them and scaled to fit (assets/page/table/table-top.js); several people may zoom at
// once, each their own map. There every finger's tap is a pointer's (taps.js), so a zooming
// tap is taken at its pointer's down and up; the point tapped is found on the map through the
// inverse of its place's transform; the map's frame keeps its pixel size, so a zoom never
// lays the place out again; and the zoomed map pans under the finger (the frame scrolls: the
// game area's touch-action none stops at it, app.css).

import { byId, one } from "./dom.js";
import { atNextFrame } from "./frame-work.js";
import { cellPx, placeOf, pointOn } from "./map-place.js";

const FINGER_PX = 44; // the smallest target a finger hits without touching a neighbour
const ZOOMED_PX = 48; // a cell's width, zoomed
// The zoom kept across repaints of the same decision (a cell chosen repaints that cell; the
// next decision starts at the whole map): the page's own map's, and each place's.
/** @typedef {{key: string, left: number, top: number}} Zoom */
/** @type {Map<string, Zoom>} */
const zooms = new Map(); // by whereOf

// The asked player's map (the others' big maps are drawn too, hidden: aria-hidden), or each
// person's in their place around a table-top.
const views = () => [.../** @type {NodeListOf<HTMLElement>} */ (
  document.querySelectorAll("#play .dl-sheet:not([aria-hidden]) .dl-view")
)];

/** Whose zoom ``view``'s is: its place's seat, or "" (the page's own map). */
const whereOf = (/** @type {HTMLElement} */ view) => placeOf(view)?.dataset.place ?? "";

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

// Where the map's frame may grow to: the screen's height, less what lies above the map in the
// game's screen (the decision bar when it is above, not beside; a first game's guide line) and
// the map's heading (its prizes may be scrolled to). With the game's screen scrolled to its top,
// as a person's turn to cross does, all of that and the whole frame are on the screen.
/** @param {HTMLElement} view */
function fitToScreen(view) {
  const above = byId("region-board").getBoundingClientRect().top
    - byId("play").getBoundingClientRect().top;
  const owner = /** @type {HTMLElement | null | undefined} */ (
    view.closest(".dl-sheet")?.querySelector(".owner")
  );
  const heading = owner?.offsetHeight ?? 0;
  const room = Math.max(160, window.innerHeight - above - heading - 12);
  restyle(view, "--room", `${room}px`);
}

/**
 * The map's fitted size (its frame's width and height, and a cell's width on the screen),
 * worked out as its style lays it out (style.css, .dl-view: as wide as its column, at most
 * --room high, at the map's proportions --ratio) rather than measured. Measuring a zoomed map
 * would mean showing it fitted first, and each showing lays its 300 cells out again: a long
 * task at 4x CPU on every paint while zoomed, and on every new decision framed on the play.
 * @param {HTMLElement} view
 */
function fitOf(view) {
  const column = /** @type {HTMLElement} */ (view.parentElement);
  const { paddingLeft, paddingRight } = getComputedStyle(column);
  const style = getComputedStyle(view);
  const ratio = Number(style.getPropertyValue("--ratio"));
  const width = Math.min(column.clientWidth - parseFloat(paddingLeft) - parseFloat(paddingRight),
    parseFloat(style.getPropertyValue("--room")) * ratio);
  return { width, height: width / ratio, cell: cellPx(view, width) };
}

// The map fitted (whole), or zoomed so that its cells measure ZOOMED_PX. Zoomed, the frame
// keeps its fitted height and takes the whole width, so more of the map is in view around the
// finger (in a place: its fitted size, so that the place keeps its own). The zoom is worked out
// from the fitted size: a repaint that fits the map smaller (a taller decision above it) must
// not shrink the cells under a finger. Fitted, the frame and the map take the sizes their style
// gives them.
/**
 * How ``view`` shows (zoomed "in"; or fitted: "none" where its cells fit a finger, else
 * "whole") and the inline sizes that make it so.
 * @param {HTMLElement} view
 * @param {boolean} zoomIn
 * @returns {{zoomed: string, sizes: [HTMLElement, string, string][]}}
 */
function showing(view, zoomIn) {
  const wrap = one(".dl-map-wrap", view);
  const fit = fitOf(view);
  const zoomed = fit.cell >= FINGER_PX ? "none" : zoomIn ? "in" : "whole";
  if (zoomed !== "in") {
    return { zoomed, sizes: [[view, "width", ""], [view, "height", ""], [wrap, "width", ""]] };
  }
  const sizes = /** @type {[HTMLElement, string, string][]} */ ([
    [view, "width", placeOf(view) ? `${fit.width}px` : "100%"],
    [view, "height", `${fit.height}px`],
    // From the fitted width: the frame, as wide as the column now, may have been narrower.
    [wrap, "width", `${(fit.width * ZOOMED_PX) / fit.cell}px`],
  ]);
  return { zoomed, sizes };
}

/**
 * @param {HTMLElement} view
 * @param {boolean} zoomIn
 * @param {number} [left]
 * @param {number} [top]
 */
function show(view, zoomIn, left = 0, top = 0) {
  const scroller = one(".dl-scroller", view);
  const { zoomed, sizes } = showing(view, zoomIn);
  for (const [element, property, value] of sizes) restyle(element, property, value);
  if (view.dataset.zoom !== zoomed) view.dataset.zoom = zoomed;
  const whole = one(".dl-whole", view);
  if (whole.hidden !== (zoomed !== "in")) whole.hidden = zoomed !== "in";
  if (scroller.scrollLeft !== left) scroller.scrollLeft = left;
  if (scroller.scrollTop !== top) scroller.scrollTop = top;
  if (zoomed === "in") showWhereTheViewIs(view);
}

/** Whether ``view`` is zoomed in as it would be framed now (left so at its last crossing). */
function zoomedAsBefore(/** @type {HTMLElement} */ view) {
  const { zoomed, sizes } = showing(view, true);
  return view.dataset.zoom === "in" && zoomed === "in"
    && sizes.every(([element, property, value]) => element.style.getPropertyValue(property) === value);
}

const SVG = "http://www.w3.org/2000/svg";

// "Whole map" shows the whole map small (its fills, cloned from the map: a path per colour)
// with a frame where the zoomed view is: the button is where the view is told.
/** @param {HTMLElement} view */
function overviewOf(view) {
  const whole = one(".dl-whole", view);
  let overview = whole.querySelector(".dl-overview");
  if (!overview) {
    const map = /** @type {SVGSVGElement} */ (view.querySelector("svg.dl-map"));
    overview = document.createElementNS(SVG, "svg");
    overview.setAttribute("class", "dl-map dl-overview");
    overview.setAttribute("viewBox", map.getAttribute("viewBox") ?? "");
    overview.setAttribute("aria-hidden", "true");
    const fills = /** @type {SVGGElement} */ (map.querySelector(".fills"));
    overview.append(fills.cloneNode(true), document.createElementNS(SVG, "rect"));
    whole.querySelector("svg")?.replaceWith(overview); // in the icon's place
  }
  return /** @type {SVGSVGElement} */ (overview);
}

/** The overview's frame over the part of the map in view. */
function showWhereTheViewIs(/** @type {HTMLElement} */ view) {
  const overview = overviewOf(view);
  const wrap = one(".dl-map-wrap", view);
  const scroller = one(".dl-scroller", view);
  if (!wrap.clientWidth || !wrap.clientHeight) return; // not laid out: no view to frame
  const { width, height } = overview.viewBox.baseVal;
  const [across, down] = [width / wrap.clientWidth, height / wrap.clientHeight];
  const frame = { x: (scroller.scrollLeft - wrap.offsetLeft) * across,
    y: (scroller.scrollTop - wrap.offsetTop) * down,
    width: scroller.clientWidth * across, height: scroller.clientHeight * down };
  const rect = /** @type {SVGRectElement} */ (overview.lastElementChild);
  for (const [name, value] of Object.entries(frame)) {
    const rounded = String(Math.round(value * 10) / 10);
    if (rect.getAttribute(name) !== rounded) rect.setAttribute(name, rounded);
  }
}

/**
 * A person to cross: on a map too small for a finger, zoomed, framed on the cells they can
 * cross (the middle of those highlighted; the rest a pan away), else as it is. Their places
 * come from the buttons' style (percentages of the map), laid out or not (data-later). The
 * frame is written once, then read: each read after a write lays the map's 300 cells out.
 * @param {HTMLElement} view
 * @returns {boolean} whether it is shown (false: nothing to cross on it)
 */
function frameOnPlayable(view) {
  const playable = /** @type {HTMLElement[]} */ ([...view.querySelectorAll(".dl-cell.legal")]);
  if (!playable.length) return false;
  show(view, true);
  if (view.dataset.zoom !== "in") return true; // its cells fit a finger as it is
  const wrap = one(".dl-map-wrap", view);
  const scroller = one(".dl-scroller", view);
  const middle = (/** @type {number[]} */ values) => (Math.min(...values) + Math.max(...values)) / 2;
  const x = middle(playable.map((cell) => Number.parseFloat(cell.style.left)));
  const y = middle(playable.map((cell) => Number.parseFloat(cell.style.top)));
  const [most, lowest] = [scroller.scrollWidth - scroller.clientWidth,
    scroller.scrollHeight - scroller.clientHeight];
  const left = Math.round(Math.min(most, Math.max(0,
    wrap.offsetLeft + (x * wrap.clientWidth) / 100 - scroller.clientWidth / 2)));
  const top = Math.round(Math.min(lowest, Math.max(0,
    wrap.offsetTop + (y * wrap.clientHeight) / 100 - scroller.clientHeight / 2)));
  zooms.set(whereOf(view), { key: keyOf(view), left, top });
  scroller.scrollLeft = left;
  scroller.scrollTop = top;
  showWhereTheViewIs(view);
  return true;
}

/** The decision ``view`` shows: the page's moment (a place's: its own) and whose map. */
function keyOf(/** @type {HTMLElement} */ view) {
  const sheet = /** @type {HTMLElement | null} */ (view.closest("[data-seat]"));
  const moment = (placeOf(view) ?? document.body).dataset.moment;
  return `${moment}|${sheet?.dataset.seat}`;
}

// After every paint: the frame fitted again (a place's is fitted by its style); the zoom kept
// if the decision is the same one. A new decision to cross on a map not zoomed as its framing
// would zoom it is shown fitted in this frame and framed on the play in the next: framing it
// in this frame laid the map's 300 cells out twice (at the paint's layout, then zoomed), a
// long task at 4x CPU at each change of hands and at each roller's phase 2. A change of hands
// holds every tap back meanwhile (paint.js); a tap a frame after one's own Stop is quicker
// than a hand, and would only zoom. A map hidden zoomed at its person's last crossing and
// shown at the same zoom is framed at once: the browser kept its zoomed layout, and only its
// scroll changes.
function painted() {
  for (const view of views()) {
    const place = placeOf(view);
    if (!place) fitToScreen(view);
    const key = keyOf(view);
    const zoom = zooms.get(whereOf(view));
    if (zoom && zoom.key === key) show(view, true, zoom.left, zoom.top);
    else if (view.dataset.shown !== key) {
      // A new decision: the whole map; when a person here is to mark on it (not while the
      // computers play: the table may be looking at other maps), framed on where they can,
      // and in view.
      zooms.delete(whereOf(view));
      const marking = !place && Boolean(view.querySelector(".dl-cell.legal")
        && document.querySelector("#region-controls button"));
      if (marking && !zoomedAsBefore(view)) {
        show(view, false);
        atNextFrame(() => {
          if (view.isConnected && keyOf(view) === key && view.dataset.shown !== key) {
            showDecision(view, key, true);
          }
        });
      } else showDecision(view, key, marking);
    } else {
      show(view, false);
    }
  }
}

/**
 * A new decision on ``view`` shown (its key marks it): framed on where a person can mark and
 * in view, or ``marking`` nothing, the whole map.
 * @param {HTMLElement} view
 * @param {string} key
 * @param {boolean} marking
 */
function showDecision(view, key, marking) {
  view.dataset.shown = key;
  if (!marking || !frameOnPlayable(view)) show(view, false);
  if (marking && view.getBoundingClientRect().bottom > window.innerHeight) {
    byId("play").scrollIntoView({ block: "start" });
  }
}

/**
 * @param {HTMLElement} view
 * @param {{clientX: number, clientY: number}} finger
 */
function zoomIn(view, finger) {
  const wrap = one(".dl-map-wrap", view);
  const fitted = pointOn(view, finger);
  const [fittedLeft, fittedTop, fittedWidth] = [wrap.offsetLeft, wrap.offsetTop, wrap.clientWidth];
  show(view, true);
  // The point tapped stays under the finger (the zoomed map lies lower in its frame: style.css).
  const scale = wrap.clientWidth / fittedWidth;
  const now = pointOn(view, finger);
  const left = wrap.offsetLeft + (fitted.x - fittedLeft) * scale - now.x;
  const top = wrap.offsetTop + (fitted.y - fittedTop) * scale - now.y;
  zooms.set(whereOf(view), { key: keyOf(view), left, top });
  const scroller = one(".dl-scroller", view);
  scroller.scrollLeft = left;
  scroller.scrollTop = top;
}

/** @param {HTMLElement} view */
function zoomOut(view) {
  zooms.delete(whereOf(view));
  show(view, false);
}

/** The map a pointer or click landed on, if it is shown. */
function viewAt(/** @type {EventTarget | null} */ target) {
  const view = /** @type {HTMLElement | null} */ (
    /** @type {Element} */ (target).closest?.("#play .dl-view") ?? null
  );
  return view && !view.closest("[aria-hidden='true']") ? view : null;
}

// Around a table-top, each finger's tap on a map shown whole zooms it; on "Whole map", zooms
// out. Taken at the pointer's down (taps.js never sees it) and done at its up, on the same
// map; a finger that pans or leaves (pointercancel) does nothing.
/** @type {Map<number, HTMLElement>} */
const zooming = new Map(); // by pointer

function listenToFingersOnPlaces() {
  document.addEventListener("pointerdown", (event) => {
    const view = viewAt(event.target);
    if (!view || !placeOf(view)) return;
    const out = /** @type {Element} */ (event.target).closest("[data-zoom=out]");
    if (!out && view.dataset.zoom !== "whole") return;
    event.stopPropagation();
    zooming.set(event.pointerId, view);
  }, true);
  document.addEventListener("pointerup", (event) => {
    const view = zooming.get(event.pointerId);
    if (!view) return;
    zooming.delete(event.pointerId);
    event.stopPropagation();
    if (viewAt(document.elementFromPoint(event.clientX, event.clientY)) !== view) return;
    if (/** @type {Element} */ (event.target).closest("[data-zoom=out]")) zoomOut(view);
    else if (view.dataset.zoom === "whole") zoomIn(view, event);
  }, true);
  document.addEventListener("pointercancel", (event) => zooming.delete(event.pointerId), true);
}

export function startMapZoom() {
  // Taps on a map shown whole, too small for a finger: they zoom, never choose. Captured, so
  // the table (assets/page/table/taps.js) never sees them. A key or a screen reader (detail 0)
  // acts on the cell it has reached.
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const view = viewAt(target);
    if (!view) return; // no map, or one not shown (drawn ahead)
    const out = target.closest("[data-zoom=out]");
    // A finger on a place's map was taken as a pointer (above); a key acts here.
    if (placeOf(view) && !(out && event.detail === 0)) return;
    if (out) {
      zoomOut(view);
      one(".dl-scroller", view).focus?.();
      return;
    }
    if (view.dataset.zoom === "whole" && event.detail > 0) {
      event.stopPropagation();
      event.preventDefault();
      zoomIn(view, event);
    }
  }, true);

  listenToFingersOnPlaces();

  // Panning moves the zoomed map: remembered, so a repaint keeps it where the finger left it.
  document.addEventListener("scroll", (event) => {
    const scroller = event.target;
    if (!(scroller instanceof HTMLElement) || !scroller.matches(".dl-scroller")) return;
    const zoom = zooms.get(whereOf(scroller));
    if (!zoom) return;
    zoom.left = scroller.scrollLeft;
    zoom.top = scroller.scrollTop;
    const view = /** @type {HTMLElement | null} */ (scroller.closest(".dl-view"));
    if (view) showWhereTheViewIs(view);
  }, true);

  // Fitted at the next frame, not in the tap: the layout it reads is the one the frame makes.
  atTheFrameAfterAMapsPaint(painted);
  window.addEventListener("resize", () => {
    zooms.clear(); // turned or resized: the whole maps again, fitted to the new screen
    painted();
  });
}

/**
 * Call ``then`` at the next frame after a paint of the game that shows a map, once for
 * however many paints came before that frame (the layout it reads is the frame's).
 * @param {() => void} then
 */
export function atTheFrameAfterAMapsPaint(then) {
  let scheduled = false;
  window.addEventListener("dadoteca:painted", () => {
    if (scheduled || !document.querySelector("#play .dl-view")) return;
    scheduled = true;
    atNextFrame(() => {
      scheduled = false;
      then();
    });
  });
}
