// A region whose pieces alone changed: those elements changed into what they now say (see
// morph), the rest left as it is; a shell, an element's start tag alone, sets that element's
// attributes and keeps what it holds. The pieces are parsed together, in one parse for the
// HTML ones and one for the SVG ones (in an <svg>, as an SVG element's outerHTML would be),
// not one parse each; so are the shells (each closed, to be parsed as a sibling of the next).

const SVG = "http://www.w3.org/2000/svg";
const parsers = {
  html: document.createElement("template"),
  svg: document.createElementNS(SVG, "svg"),
};
/** @typedef {keyof typeof parsers} Kind */
/** @typedef {[Element, string][]} Pieces each piece's element, and its HTML */

/**
 * @param {HTMLElement} region
 * @param {Record<string, string>} pieces the HTML of each piece, by key
 */
export function repaintPieces(region, pieces) {
  const index = pieceIndex(region, Object.keys(pieces));
  /** @type {Record<Kind, Pieces>} */
  const replaced = { html: [], svg: [] };
  /** @type {Record<Kind, Pieces>} */
  const retagged = { html: [], svg: [] };
  for (const [key, html] of Object.entries(pieces)) {
    const element = /** @type {Element} */ (index.get(key));
    const kind = element.namespaceURI === SVG ? "svg" : "html";
    if (element.hasAttribute("data-shell")) {
      retagged[kind].push([element, `${html}</${element.localName}>`]);
    } else {
      replaced[kind].push([element, html]);
    }
  }
  for (const kind of /** @type {Kind[]} */ (["html", "svg"])) {
    const fresh = parsed(kind, replaced[kind]);
    replaced[kind].forEach(([element], i) => {
      if (morphable(element, fresh[i])) {
        morph(element, fresh[i]);
      } else {
        element.replaceWith(fresh[i]);
        index.set(/** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.piece),
          fresh[i]);
      }
    });
    const tags = parsed(kind, retagged[kind]);
    retagged[kind].forEach(([element], i) => retag(element, tags[i]));
  }
}

/**
 * ``element`` made into ``fresh``, the same piece parsed again, changing only what differs:
 * the browser then styles and lays out again only those elements. A Qwixx row replaced whole
 * when one of its numbers became playable laid out every box of the row again (in a
 * computers' game, over twice the boxes laid out, and 3.5-4 times the boxes made). Where the
 * two differ in kind (another tag, other children, attributes in another order), the element
 * is replaced, so the page still holds exactly what the HTML says.
 * @param {Element} element
 * @param {Element} fresh
 */
function morph(element, fresh) {
  retag(element, fresh);
  const had = [...element.childNodes];
  const has = [...fresh.childNodes];
  if (had.length !== has.length) {
    element.replaceChildren(...has);
    return;
  }
  had.forEach((node, i) => {
    const now = has[i];
    if (morphable(node, now)) {
      morph(/** @type {Element} */ (node), /** @type {Element} */ (now));
    } else if (node.nodeType === now.nodeType && node.nodeType !== Node.ELEMENT_NODE) {
      if (node.nodeValue !== now.nodeValue) node.nodeValue = now.nodeValue; // text
    } else {
      node.replaceWith(now);
    }
  });
}

/**
 * Whether ``node`` can become ``freshNode`` by its attributes: both elements, of the same tag,
 * and the attributes it keeps in the order ``freshNode`` has them, before any it gains (added
 * last).
 * @param {Node} node
 * @param {Node} freshNode
 */
function morphable(node, freshNode) {
  if (node.nodeType !== Node.ELEMENT_NODE || freshNode.nodeType !== Node.ELEMENT_NODE) {
    return false;
  }
  const element = /** @type {Element} */ (node);
  const fresh = /** @type {Element} */ (freshNode);
  if (element.namespaceURI !== fresh.namespaceURI || element.localName !== fresh.localName) {
    return false;
  }
  const order = fresh.getAttributeNames();
  return element.getAttributeNames()
    .filter((name) => fresh.hasAttribute(name))
    .every((name, i) => order[i] === name);
}

/**
 * The elements the HTML of ``list`` makes, in order.
 * @param {Kind} kind
 * @param {Pieces} list
 * @returns {Element[]}
 */
function parsed(kind, list) {
  if (!list.length) return [];
  const parser = parsers[kind];
  const parent = () => (parser instanceof HTMLTemplateElement ? parser.content : parser);
  parser.innerHTML = list.map(([, html]) => html).join("");
  const fresh = [...parent().children];
  if (fresh.length === list.length) return fresh;
  return list.map(([, html]) => { // never: a piece is one element (else, one by one)
    parser.innerHTML = html;
    return /** @type {Element} */ (parent().firstElementChild);
  });
}

// Each region's pieces by key, found in one walk of the region after it was painted whole
// (two of Diceland's maps are some 2,000 elements) and kept up to date as pieces are
// replaced; walked again if one of those asked for is not on the page (never, while each
// piece is one element that holds no other).
/** @type {WeakMap<Element, Map<string, Element>>} */
const pieceIndexes = new WeakMap();

/**
 * @param {Element} region
 * @param {string[]} keys the pieces about to be looked up
 */
export function pieceIndex(region, keys) {
  let index = pieceIndexes.get(region);
  if (!index || keys.some((key) => !index?.get(key)?.isConnected)) {
    index = new Map();
    for (const element of /** @type {NodeListOf<HTMLElement>} */ (
      region.querySelectorAll("[data-piece]")
    )) {
      index.set(/** @type {string} */ (element.dataset.piece), element);
    }
    pieceIndexes.set(region, index);
  }
  return index;
}

/**
 * A region painted whole: its pieces are found again when next asked for.
 * @param {Element} region
 */
export function forgetPieces(region) {
  pieceIndexes.delete(region);
}

/**
 * An element's attributes as its new start tag (parsed: ``fresh``) says: only those that
 * differ are written (each write restyles what depends on it), those it lacks removed; one
 * it gains comes last.
 * @param {Element} element
 * @param {Element} fresh
 */
function retag(element, fresh) {
  for (const name of element.getAttributeNames()) {
    if (!fresh.hasAttribute(name)) element.removeAttribute(name);
  }
  for (const name of fresh.getAttributeNames()) {
    const value = /** @type {string} */ (fresh.getAttribute(name));
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}
