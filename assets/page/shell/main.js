// The shell: what works before Python has loaded. Language, player setup, rules summary,
// history of finished games, and the service worker that keeps the app offline.
// No game rule lives here; Python takes over the game screens when it is ready and starts
// the game the player asked for, even if they asked before it was ready.

import { one } from "../dom.js";
import { FACTS } from "../facts.js";
import { listenForBack } from "./dialogs.js";
import { gameName, listenToHistoryButtons } from "./history.js";
import { askToKeepStorageWhenKept, tellOfHomeScreen } from "./keeping.js";
import { listenToLanguageChoices, showFirstLanguage } from "./language.js";
import { followBootProgress, showBootProgress } from "./progress.js";
import { listenToRulesButtons } from "./rules.js";
import { registerServiceWorkerOnceBooted } from "./service-worker.js";
import { nameElement } from "./setup-form.js";
import { listenToSetup, showSetup } from "./setup.js";
import { storage } from "./storage.js";

let started = false;

/** Whether the shell has started: without it, no Start would work. */
export function shellStarted() {
  return started;
}

/**
 * A reload with a game in progress: what is coming back, at once, from the saved record
 * (names as text); Python shows the game itself as soon as it has started.
 * @param {string} text
 */
function showResuming(text) {
  try {
    /** @type {{game: unknown, options?: {variant?: unknown}, seats: {name: unknown}[]}} */
    const record = JSON.parse(text);
    one("#resume .resume-game").textContent = gameName(record.game, record.options?.variant);
    one("#resume .resume-players").replaceChildren(
      ...record.seats.flatMap((seat, index) => {
        const name = nameElement(String(seat.name));
        return index ? [" · ", name] : [name];
      }),
    );
  } catch {
    // A damaged save: Python says so once it has started.
  }
}

export function startShell() {
  listenForBack();
  started = true;
  showBootProgress();
  registerServiceWorkerOnceBooted();
  askToKeepStorageWhenKept();
  tellOfHomeScreen();
  document.body.dataset.screen = "setup";
  const saved = storage && storage.getItem(FACTS.storageKeys.game);
  if (saved) {
    document.body.dataset.saved = "yes";
    showResuming(saved);
    followBootProgress(/** @type {HTMLProgressElement} */ (one("#resume .resume-progress")));
  }
  listenToSetup();
  showSetup();
  listenToLanguageChoices();
  listenToRulesButtons();
  listenToHistoryButtons();
  showFirstLanguage(); // placeholders in the chosen language
}
