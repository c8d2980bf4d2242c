// The setup as typed, kept in this window's sessionStorage across a reload (a new version
// reloads every window: assets/page/shell/service-worker.js).

import { countField, firstField, setup } from "./setup-form.js";
import { session } from "./storage.js";

const SETUP_KEPT = "dadoteca.setup-kept";
const setupFields = () => /** @type {(HTMLInputElement | HTMLSelectElement)[]} */ (
  [...setup.querySelectorAll("input, select")]
);

export function keepSetupForReload() {
  const values = setupFields().map((field) => (
    field instanceof HTMLInputElement && field.type === "radio" ? field.checked : field.value
  ));
  try {
    session?.setItem(SETUP_KEPT, JSON.stringify(values));
  } catch {
    // Storage full: the setup comes back empty, nothing else is lost.
  }
}

/**
 * The setup kept before the reload put back, once: every field but how many play and who
 * starts, whose options follow the game chosen; those two are returned, for the caller to set
 * once the seats of that game are shown (null: nothing kept, or another version's setup).
 * @returns {{ count: string, first: string } | null}
 */
export function restoreKeptFields() {
  const text = session?.getItem(SETUP_KEPT);
  session?.removeItem(SETUP_KEPT);
  let values = null;
  try {
    values = JSON.parse(/** @type {string} */ (text));
  } catch {
    return null;
  }
  const fields = setupFields();
  if (!Array.isArray(values) || values.length !== fields.length) return null; // another version's
  fields.forEach((field, index) => {
    if (field instanceof HTMLInputElement && field.type === "radio") {
      field.checked = values[index] === true;
    } else if (field !== countField && field !== firstField) {
      field.value = String(values[index]);
    }
  });
  return {
    count: String(values[fields.indexOf(countField)]),
    first: String(values[fields.indexOf(firstField)]),
  };
}
