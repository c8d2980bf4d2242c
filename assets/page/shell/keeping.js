// Games that last: browsers clear a site's storage when the device runs short of space, and
// Safari after 7 days without a visit, unless the site's storage is persistent. Asked for
// once the player shows they keep the app: it is installed, or a game has been finished
// (Chromium grants or refuses without asking; Firefox asks the player, at that moment).

import { byId, one } from "../dom.js";
import { FACTS } from "../facts.js";
import { storage } from "./storage.js";

let askedToKeep = false; // once a visit: Firefox asks the player each time

async function keepStorage() {
  if (askedToKeep || !navigator.storage?.persist) return;
  askedToKeep = true;
  try {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    return; // refused outright (a private window): the games are kept as before
  }
  showKept();
}

// History says whether the browser keeps the games (nothing where it cannot tell).
export async function showKept() {
  const kept = await navigator.storage?.persisted?.().catch(() => null);
  const line = one("#history .history-kept");
  line.dataset.state = kept === true ? "kept" : kept === false ? "may-clear" : "";
}

// iOS Safari clears the storage of a site not visited for 7 days unless it was added to the
// Home Screen: said once, in the player's language, where nothing else says it.
export function tellOfHomeScreen() {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent)
    || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1); // iPadOS's Safari
  // navigator.standalone: Safari's own, false in a tab, true from the Home Screen.
  const told = storage?.getItem(FACTS.storageKeys.homeScreenTold);
  if (!ios || navigator.standalone !== false || told) return;
  const hint = byId("home-screen");
  hint.hidden = false;
  byId("home-screen-ok").addEventListener("click", () => {
    hint.hidden = true;
  });
  try {
    storage?.setItem(FACTS.storageKeys.homeScreenTold, "told");
  } catch {
    // Storage full or refused: said again at the next visit.
  }
}

export function askToKeepStorageWhenKept() {
  const installed = matchMedia("(display-mode: standalone)").matches
    || navigator.standalone === true; // iOS Safari, from the Home Screen
  if (installed) keepStorage();
  window.addEventListener("appinstalled", keepStorage);
  window.addEventListener("dadoteca:painted", ({ detail }) => {
    if (detail.screen === "over") keepStorage();
  });
}
