// The keyboard's focus across repaints: a region painted again replaces the control that had
// it, and a sheet handed to another player hides it.

/**
 * The region holding the keyboard focus, and a selector for the same control in its next
 * HTML (its tag and data-* attributes), before a repaint replaces it.
 * @returns {{region: string, selector: string} | null}
 */
export function focusedControl() {
  const element = document.activeElement;
  const region = element?.closest("[id^='region-']");
  if (!element || !region) return null;
  const attributes = element.getAttributeNames()
    .filter((name) => name.startsWith("data-"))
    .map((name) => `[${name}="${CSS.escape(/** @type {string} */ (element.getAttribute(name)))}"]`)
    .join("");
  return { region: region.id, selector: `${element.tagName.toLowerCase()}${attributes}` };
}

/**
 * Give the focus back after a repaint dropped or hid it: to the control the screen asks for,
 * else to the same control if it is still there and shown, else to the region's first shown
 * control, else to the game's, so a keyboard player keeps their place.
 * @param {{region: string, selector: string} | null} focused
 */
export function keepFocus(focused) {
  if (!focused) return;
  // A control the new screen asks to be focused (data-focus: the choices a tap opened).
  const asked = /** @type {HTMLElement | null} */ (document.querySelector("#play [data-focus]"));
  if (asked && document.activeElement !== asked) {
    asked.focus({ preventScroll: true });
    return;
  }
  // Kept, unless the repaint took it away or hid it (a sheet handed to another player).
  const active = document.activeElement;
  if (active !== document.body && !active?.closest("[aria-hidden='true']")) return;
  const region = /** @type {HTMLElement} */ (document.getElementById(focused.region));
  const control = "button:not([disabled]), [tabindex='0']";
  const candidates = /** @type {HTMLElement[]} */ ([
    ...region.querySelectorAll(focused.selector),
    ...region.querySelectorAll(control),
    ...document.querySelectorAll(`#play :is(${control})`),
  ]);
  for (const target of candidates) {
    if (target.closest("[aria-hidden='true']")) continue; // a sheet not shown
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return; // shown, so it took the focus
  }
}
