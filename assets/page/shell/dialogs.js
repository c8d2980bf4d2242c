// The open dialogs take one step of the browser's history, however many are open: Back
// closes them rather than leaving the app, as a phone's Back button should. One step, taken
// only from a step that is not one, and given back only while no return is under way (a
// dialog's close event and history.back() both come later, so quick taps open and close
// dialogs in between): a return can only land on this page, never leave it.

let returning = false;
const dialogStep = () => history.state?.dialogs === true;
const anyDialogOpen = () => document.querySelector("dialog[open]") !== null;

/** @param {HTMLDialogElement} dialog */
export function openDialog(dialog) {
  if (dialog.open) return;
  dialog.showModal();
  if (!dialogStep()) history.pushState({ dialogs: true }, "");
}

export function listenForBack() {
  // A dialog's close event does not bubble: heard on its way down.
  document.addEventListener("close", (event) => {
    if (!(event.target instanceof HTMLDialogElement) || anyDialogOpen()) return;
    if (dialogStep() && !returning) {
      returning = true;
      history.back();
    }
  }, true);

  // A reload keeps the step's state, with no dialog open any more.
  if (dialogStep()) history.replaceState(null, "");

  window.addEventListener("popstate", () => {
    const ours = returning;
    returning = false;
    if (dialogStep()) return;
    // A dialog opened while our return was on its way keeps its step; Back closes them all.
    if (ours && anyDialogOpen()) history.pushState({ dialogs: true }, "");
    else {
      for (const dialog of document.querySelectorAll("dialog[open]")) {
        /** @type {HTMLDialogElement} */ (dialog).close("back");
      }
    }
  });
}
