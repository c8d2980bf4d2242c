// The browser's storage, where it has one: in private modes nothing may be remembered (every
// read and write throws), and everything still works, only not for the next visit.

import { FACTS } from "../facts.js";

/**
 * @param {"localStorage" | "sessionStorage"} area
 * @returns {Storage | null}
 */
function usable(area) {
  try {
    const found = window[area];
    found.getItem(FACTS.storageKeys.language);
    return found;
  } catch {
    return null; // private mode: nothing is remembered, everything still works
  }
}

export const storage = usable("localStorage");
export const session = usable("sessionStorage"); // this window's own, across a reload
