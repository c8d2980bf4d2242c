// The page's own elements: index.html always has them, so one missing is a broken page, said
// at once by its id rather than as a null met later.

/**
 * The element with this id, an instance of ``type`` (HTMLElement unless said).
 * @template {Element} [T=HTMLElement]
 * @param {string} id
 * @param {{new (): T, prototype: T}} [type]
 * @returns {T}
 */
export function byId(id, type) {
  const element = document.getElementById(id);
  const wanted = type ?? HTMLElement;
  if (!(element instanceof wanted)) throw new Error(`The page has no ${wanted.name} #${id}`);
  return /** @type {T} */ (/** @type {unknown} */ (element));
}

/**
 * The first element matching ``selector`` under ``root``, which the page always has.
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function one(selector, root = document) {
  const element = root.querySelector(selector);
  if (!(element instanceof HTMLElement)) throw new Error(`The page has no ${selector}`);
  return element;
}

/**
 * The element an event happened on (a click's, a change's): always an element of this page.
 * @param {Event} event
 * @returns {Element}
 */
export function targetOf(event) {
  return /** @type {Element} */ (event.target);
}
