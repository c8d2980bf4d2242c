// What the page shares with Python, written into index.html by the build from Python's own
// constants (dadoteca_web/shell.py): storage keys, languages, formats, seats.

import { byId } from "./dom.js";

/** @import { Facts } from "./protocol.js" */

/** @type {Facts} */
export const FACTS = JSON.parse(byId("dadoteca-facts").textContent ?? "");
