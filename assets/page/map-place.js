// A map's own pixels and the screen's: around a table-top each person's map lies in their
// place (section.place), turned to face them and scaled to fit (assets/page/table/table-top.js),
// so a point tapped, and a cell's size as a finger meets it, go through the place's transform.
// Elsewhere the map lies as laid out. Used by map-zoom.js.

/** The place around a table-top ``view`` lies in, if it does. */
export const placeOf = (/** @type {HTMLElement} */ view) => /** @type {HTMLElement | null} */ (
  view.closest("section.place")
);

/**
 * How ``view``'s own pixels map to the screen: its place's transform (the turn and scale it
 * lies at, about its centre, from where it is laid out), or none.
 * @param {HTMLElement} view
 */
function screenMatrix(view) {
  const place = placeOf(view);
  if (!place) return new DOMMatrix();
  const board = /** @type {HTMLElement} */ (place.offsetParent);
  const origin = board.getBoundingClientRect();
  const [x, y] = [origin.left + board.clientLeft + place.offsetLeft,
    origin.top + board.clientTop + place.offsetTop];
  const [cx, cy] = [place.offsetWidth / 2, place.offsetHeight / 2];
  return new DOMMatrix().translate(x + cx, y + cy)
    .multiply(new DOMMatrix(getComputedStyle(place).transform)).translate(-cx, -cy);
}

/**
 * A point of the screen as ``view``'s own pixels, from its top-left corner (a turned place's
 * map: through the inverse of the place's transform).
 * @param {HTMLElement} view
 * @param {{clientX: number, clientY: number}} point
 */
export function pointOn(view, { clientX, clientY }) {
  const place = placeOf(view);
  if (!place) {
    const box = view.getBoundingClientRect();
    return { x: clientX - box.left, y: clientY - box.top };
  }
  const local = screenMatrix(view).inverse().transformPoint(new DOMPoint(clientX, clientY));
  let [x, y] = [local.x - place.clientLeft, local.y - place.clientTop];
  // Down to the view, through the elements laid out in the place (each from its parent's
  // padding edge).
  for (let element = /** @type {HTMLElement | null} */ (view); element && element !== place;
    element = /** @type {HTMLElement | null} */ (element.offsetParent)) {
    x -= element.offsetLeft;
    y -= element.offsetTop;
    const parent = /** @type {HTMLElement | null} */ (element.offsetParent);
    if (parent && parent !== place) {
      x -= parent.clientLeft;
      y -= parent.clientTop;
    }
  }
  return { x, y };
}

/**
 * A cell's width on the screen, the map ``width`` pixels wide (a place's map: as its place is
 * scaled).
 * @param {HTMLElement} view
 * @param {number} width
 */
export function cellPx(view, width) {
  const { a, b } = screenMatrix(view);
  const scale = placeOf(view) ? Math.hypot(a, b) : 1;
  return (scale * width * Number(view.dataset.cell)) / Number(view.dataset.width);
}
