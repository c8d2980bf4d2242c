// The rules summary of the game chosen (or played), in the language chosen: static pages the
// build copies (assets/rules/GAME.LANGUAGE.html), shown in a dialog.

import { byId, one } from "../dom.js";
import { openDialog } from "./dialogs.js";
import { wanted } from "./language.js";
import { chosenGameId } from "./setup-form.js";

async function showRules() {
  const dialog = byId("rules", HTMLDialogElement);
  // The language last chosen, even while its catalog is still on the way.
  const language = wanted() || document.documentElement.lang || "en";
  const game = document.body.dataset.game || chosenGameId(); // in play: the game played
  try {
    const response = await fetch(`assets/rules/${game}.${language}.html`);
    if (!response.ok) throw new Error(response.statusText);
    // Our own static, precached file: safe to insert as HTML.
    one(".rules-text", dialog).innerHTML = await response.text();
  } catch {
    one(".rules-text", dialog).textContent = "";
  }
  openDialog(dialog);
  dialog.scrollTop = 0; // the summary from its beginning, whichever was read last
}

export function listenToRulesButtons() {
  for (const button of document.querySelectorAll("[data-show-rules]")) {
    button.addEventListener("click", showRules);
  }
  byId("rules-close", HTMLButtonElement).addEventListener("click", () => {
    byId("rules", HTMLDialogElement).close();
  });
}
