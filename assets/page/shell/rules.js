// The rules summary of the game chosen (or played), in the language chosen: static pages the
// build copies (assets/rules/GAME.LANGUAGE.html), shown in a dialog.

import { byId, one } from "../dom.js";
import { openDialog } from "./dialogs.js";
import { wanted } from "./language.js";
import { chosenGameId } from "./setup-form.js";

/** @type {Map<string, string>} each summary read in this visit, by its address */
const read = new Map();
let asked = "";

// The dialog opens with the tap, not when its text comes: a tap answered at once, a Back that
// closes it rather than leaving the app, and no text arriving late to open it again after it
// was closed (a test's Escapes, a person's second thoughts). A summary read before shows at
// once; one on its way fills the dialog if it is still the one asked for.
async function showRules() {
  const dialog = byId("rules", HTMLDialogElement);
  const text = one(".rules-text", dialog);
  // The language last chosen, even while its catalog is still on the way.
  const language = wanted() || document.documentElement.lang || "en";
  const game = document.body.dataset.game || chosenGameId(); // in play: the game played
  const address = `assets/rules/${game}.${language}.html`;
  asked = address;
  const known = read.get(address);
  // Our own static, precached files: safe to insert as HTML.
  text.innerHTML = known ?? "";
  dialog.setAttribute("aria-busy", String(known === undefined));
  openDialog(dialog);
  dialog.scrollTop = 0; // the summary from its beginning, whichever was read last
  if (known !== undefined) return;
  let html = "";
  try {
    const response = await fetch(address);
    if (!response.ok) throw new Error(response.statusText);
    html = await response.text();
    read.set(address, html);
  } catch {
    // An empty summary, asked for again at the next tap.
  }
  if (asked !== address) return;
  text.innerHTML = html;
  dialog.setAttribute("aria-busy", "false");
}

export function listenToRulesButtons() {
  for (const button of document.querySelectorAll("[data-show-rules]")) {
    button.addEventListener("click", showRules);
  }
  byId("rules-close", HTMLButtonElement).addEventListener("click", () => {
    byId("rules", HTMLDialogElement).close();
  });
}
