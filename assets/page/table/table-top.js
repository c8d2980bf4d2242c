// The device lying in the middle of the table (body[data-layout="table"]): each person's place
// (Python's section.place, data-edge) at their edge of the screen, turned to face them; the
// middle (the dice, whose turn, the prompt, the roll, the messages, the end's scores) turned
// toward the person whose turn it is, and the scores once more for the far long edge. Laid out
// here from the size of the screen and of the places, at every paint and change of size.
//
// Python owns the places' elements: a repaint sets their attributes as it says, their style
// too, so each place's turn is set again after every paint (before the frame that shows it).

import { byId, one } from "../dom.js";
import { atNextFrame } from "../frame-work.js";
import { play } from "./sheets.js";

const body = document.body;
const board = byId("region-board");
const centre = one("#play .table-top");
const scores = byId("region-scores");
const footer = one("footer.tools");
const mirror = document.createElement("div"); // the scores, for the far long edge
mirror.className = "scores-mirror";
mirror.setAttribute("aria-hidden", "true"); // read once: the scores themselves

// Each side's turn: the sheet's foot toward that edge.
const TURN = { bottom: 0, left: 90, top: 180, right: -90 };
// Along an edge, places in this order (left to right as the screen is held).
const ALONG = ["left", "", "right"];
const GAP = 6; // px between places, and around the middle
// The middle keeps at least this much room (px, across and along the long side).
const MIDDLE = { across: 210, along: 300 };
const LARGEST = 1.6; // a place grows at most this much over its natural size

/** @typedef {"bottom" | "left" | "top" | "right"} Side */
/** @typedef {{element: HTMLElement, side: Side, along: number, width: number, height: number}} Place */

/** The side of the screen ``place`` lies along (its data-edge's first word). */
function sideOf(/** @type {HTMLElement} */ place) {
  const side = place.dataset.edge?.split("-")[0] ?? "";
  return /** @type {Side} */ (side in TURN ? side : "bottom");
}

/** How far ``place`` is turned to face its person (degrees). */
export function turnOf(/** @type {HTMLElement} */ place) {
  return TURN[sideOf(place)];
}

// Only what differs is written: most taps turn nothing.
/**
 * @param {HTMLElement} element
 * @param {string} name
 * @param {string} value
 */
function restyle(element, name, value) {
  if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
}

// Where the moved parts came from, to go back when the layout is left. (The messages are in
// the middle already: notices.js puts them at the foot of its decision bar.)
/** @type {[HTMLElement, Node | null, Node | null][]} */
const moved = [footer, scores].map((part) => [part, part.parentNode, part.nextSibling]);
let laidOut = false;

function leave() {
  if (!laidOut) return;
  laidOut = false;
  for (const [part, parent, next] of moved) parent?.insertBefore(part, next);
  mirror.remove();
  for (const name of ["transform", "width", "height"]) centre.style.removeProperty(name);
}

function enter() {
  if (laidOut) return;
  laidOut = true;
  centre.append(scores, mirror, footer);
}

/** The places on the board, with their natural size (before any turn). */
function places() {
  /** @type {Place[]} */
  const found = [];
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (
    board.querySelectorAll("section.place[data-edge]")
  )) {
    found.push({
      element,
      side: sideOf(element),
      along: ALONG.indexOf(element.dataset.edge?.split("-")[1] ?? ""),
      width: element.offsetWidth,
      height: element.offsetHeight,
    });
  }
  return found;
}

/**
 * The largest scale at which every place fits at its edge and the middle keeps its room: the
 * places of the short sides span the short side, those of the long sides lie between them.
 * @param {Place[]} all
 * @param {number} width
 * @param {number} height
 */
function scaleFor(all, width, height) {
  const landscape = width >= height;
  const long = landscape ? width : height;
  const short = landscape ? height : width;
  /** @param {Side} side */
  const on = (side) => all.filter((place) => place.side === side);
  const depth = (/** @type {Side} */ side) => Math.max(0, ...on(side).map((p) => p.height));
  const length = (/** @type {Side} */ side) => on(side).reduce((sum, p) => sum + p.width, 0);
  const gaps = (/** @type {Side} */ side) => GAP * (on(side).length + 1);
  /** @type {Side[]} */
  const shortSides = landscape ? ["left", "right"] : ["top", "bottom"];
  /** @type {Side[]} */
  const longSides = landscape ? ["top", "bottom"] : ["left", "right"];
  const shortDepth = depth(shortSides[0]) + depth(shortSides[1]);
  const longDepth = depth(longSides[0]) + depth(longSides[1]);
  const limits = [LARGEST];
  for (const side of shortSides) {
    if (length(side)) limits.push((short - gaps(side)) / length(side));
  }
  for (const side of longSides) {
    if (length(side)) limits.push((long - gaps(side)) / (length(side) + shortDepth));
  }
  if (shortDepth) limits.push((long - MIDDLE.along) / shortDepth);
  if (longDepth) limits.push((short - MIDDLE.across) / longDepth);
  return { scale: Math.max(0.2, Math.min(...limits)), landscape };
}

/** Lay the places and the middle out for the screen as it is now. */
export function layOutTable() {
  if (body.dataset.layout !== "table" || !["play", "over"].includes(body.dataset.screen ?? "")) {
    leave();
    return;
  }
  enter();
  if (body.dataset.screen === "over") {
    if (mirror.innerHTML !== scores.innerHTML) mirror.innerHTML = scores.innerHTML;
  } else if (mirror.firstChild) {
    mirror.replaceChildren();
  }
  const width = play.clientWidth;
  const height = play.clientHeight;
  const all = places();
  const { scale, landscape } = scaleFor(all, width, height);
  /** @param {Side} side */
  const depth = (side) => scale * Math.max(0, ...all.filter((p) => p.side === side)
    .map((p) => p.height));
  const inset = { bottom: depth("bottom"), top: depth("top"), left: depth("left"),
    right: depth("right") };
  for (const side of /** @type {Side[]} */ (Object.keys(TURN))) {
    const here = all.filter((p) => p.side === side).sort((a, b) => a.along - b.along);
    if (!here.length) continue;
    const across = side === "left" || side === "right";
    // The short sides span their side; the long ones lie between the short sides' places.
    const spans = across === landscape;
    const start = spans ? 0 : (across ? inset.top : inset.left);
    const end = (across ? height : width) - (spans ? 0 : (across ? inset.bottom : inset.right));
    here.forEach((place, index) => {
      const slot = (end - start) / here.length;
      const middle = start + slot * (index + 0.5);
      const half = (scale * place.height) / 2;
      const [x, y] = {
        bottom: [middle, height - half],
        top: [middle, half],
        left: [half, middle],
        right: [width - half, middle],
      }[side];
      const turn = `translate(${x - place.width / 2}px, ${y - place.height / 2}px) `
        + `rotate(${TURN[side]}deg) scale(${scale})`;
      restyle(place.element, "transform", turn);
    });
  }
  layOutMiddle(width, height, inset, landscape);
}

/**
 * The middle, between the places, turned toward the person whose turn it is (at the end,
 * toward the first long edge: the scores' copy faces the other).
 * @param {number} width
 * @param {number} height
 * @param {Record<Side, number>} inset
 * @param {boolean} landscape
 */
function layOutMiddle(width, height, inset, landscape) {
  const turnHolder = /** @type {HTMLElement | null} */ (board.querySelector(".place.whose-turn"));
  const side = /** @type {Side} */ (
    turnHolder?.dataset.edge?.split("-")[0] ?? (landscape ? "bottom" : "left")
  );
  const turn = TURN[side] ?? 0;
  const left = inset.left + GAP;
  const top = inset.top + GAP;
  const boxWidth = Math.max(0, width - inset.left - inset.right - 2 * GAP);
  const boxHeight = Math.max(0, height - inset.top - inset.bottom - 2 * GAP);
  const sideways = turn % 180 !== 0;
  const [ownWidth, ownHeight] = sideways ? [boxHeight, boxWidth] : [boxWidth, boxHeight];
  const x = left + boxWidth / 2 - ownWidth / 2;
  const y = top + boxHeight / 2 - ownHeight / 2;
  restyle(centre, "transform", `translate(${x}px, ${y}px) rotate(${turn}deg)`);
  restyle(centre, "width", `${ownWidth}px`);
  restyle(centre, "height", `${ownHeight}px`);
}

// Laid out as the next frame is drawn, not in the tap: what it measures is the layout that
// frame makes anyway (as the map's fit: assets/page/map-zoom.js).
let scheduled = false;
function layOutNextFrame() {
  if (scheduled || (body.dataset.layout !== "table" && !laidOut)) return; // nothing to lay out
  scheduled = true;
  atNextFrame(() => {
    scheduled = false;
    layOutTable();
  });
}

export function listenToTableTop() {
  window.addEventListener("dadoteca:painted", layOutNextFrame);
  window.addEventListener("resize", layOutNextFrame);
}
