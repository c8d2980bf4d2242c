// Work done ahead, while the page is idle: the hidden sheets drawn, and the fonts made.

import { HIDDEN_SHEET, drawnAhead, play, showLater } from "./sheets.js";

const body = document.body;

// Diceland and My Shelfie keep every player's big sheet in the page, those not shown under
// content-visibility: hidden (assets/app.css). A sheet shown for the first time is styled,
// laid out and painted whole at once: a Diceland map takes 45-110 ms on a phone 4x slower
// than a laptop, at the change of hands. Shown once, it shows again in a few ms. So each
// hidden sheet is drawn once while the page is idle, unseen and letting taps through, one
// per idle moment. (Styled alone, with visibility: hidden, it is as slow to show later.)
let drawingAhead = false;

/** @type {(callback: () => void) => void} */
export const whenIdle = window.requestIdleCallback
  ? (callback) => window.requestIdleCallback(callback, { timeout: 1000 })
  : (callback) => setTimeout(callback, 250);

export function drawAheadOneHiddenSheet() {
  // While computers play (busy), their moves replace the sheets faster than a person could
  // take the phone: drawing them would only slow the moves. The first paint after is for a
  // person, and drawing resumes then.
  if (drawingAhead || body.dataset.busy === "yes") return;
  const hidden = /** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll(`#play ${HIDDEN_SHEET}`)
  );
  const sheet = [...hidden].find((element) => !drawnAhead.has(element));
  if (!sheet) return;
  drawingAhead = true;
  whenIdle(() => {
    if (body.dataset.busy === "yes") {
      drawingAhead = false; // computers took over meanwhile: drawn after them
      return;
    }
    if (sheet.isConnected && sheet.getAttribute("aria-hidden") === "true") {
      play.dataset.drawingAhead = sheet.dataset.seat; // assets/app.css: up to four seats
      void sheet.offsetHeight; // styled and laid out now, in the idle time
    }
    const afterPaint = (/** @type {() => void} */ callback) => requestAnimationFrame(
      () => requestAnimationFrame(() => setTimeout(callback)),
    );
    const drawn = () => {
      delete play.dataset.drawingAhead;
      drawnAhead.add(sheet);
      drawingAhead = false;
      drawAheadOneHiddenSheet();
    };
    afterPaint(() => { // painted; then its later parts, in a task and a frame of their own
      if (!play.dataset.drawingAhead || !showLater()) {
        drawn();
        return;
      }
      void sheet.offsetHeight;
      afterPaint(drawn);
    });
  });
}

// A font size or weight used for the first time costs the browser a font of its own: traced
// with Chromium 4x slowed, 9-34 ms of CPU in a game's first frames (241 ms once, and 440 ms
// of waiting for Linux's font service). So while the setup waits for its taps, each size and
// weight the stylesheets name (and the bolder weight of a <strong> inside it) is laid out
// once, unseen, one per idle moment. A game started before the end makes the rest itself, as
// it always did. (Sizes in em depend on where they are used: they are left to the game.)
// html[data-fonts-ahead] counts the fonts made.
export function makeFontsAhead() {
  if (body.dataset.screen !== "setup") return; // a game came first
  /** @type {Set<string>} */
  const sizes = new Set();
  const weights = new Set([400]);
  const visit = (/** @type {CSSRuleList} */ rules) => {
    for (const rule of rules) {
      const { cssRules, style } = /** @type {Partial<CSSGroupingRule & CSSStyleRule>} */ (rule);
      if (cssRules) visit(cssRules); // inside @media
      const { fontSize = "", fontWeight = "" } = style ?? {};
      if (/^[\d.]+(rem|px)$/.test(fontSize)) sizes.add(fontSize);
      if (/^\d+$/.test(fontWeight)) weights.add(Number(fontWeight));
    }
  };
  for (const sheet of document.styleSheets) visit(sheet.cssRules);
  for (const weight of [...weights]) weights.add(weight < 350 ? 400 : weight < 550 ? 700 : 900);
  const fonts = [...sizes].flatMap((size) => [...weights].map((weight) => [size, weight]));
  const sample = document.createElement("span");
  sample.setAttribute("aria-hidden", "true");
  sample.style.cssText = "position: absolute; top: 0; left: 0; visibility: hidden";
  sample.textContent = "Ag 0123456789";
  document.body.append(sample);
  let made = 0;
  const makeOne = () => {
    if (fonts.length === 0 || body.dataset.screen !== "setup") {
      sample.remove();
      return;
    }
    const [size, weight] = /** @type {[string, number]} */ (fonts.pop());
    sample.style.fontSize = size;
    sample.style.fontWeight = String(weight);
    void sample.offsetWidth; // laid out now: its font made
    made += 1;
    document.documentElement.dataset.fontsAhead = String(made);
    whenIdle(makeOne);
  };
  whenIdle(makeOne);
}
