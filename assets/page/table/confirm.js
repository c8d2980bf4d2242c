// Confirmations: a question Python asks before an act that cannot be taken back easily, in a
// dialog. Yes sends the act; No, Escape or Back dismisses it.

import { byId } from "../dom.js";
import { openDialog } from "../shell/dialogs.js";
import { messagesAway } from "./notices.js";
import { send } from "./python.js";
import { shown } from "./shown.js";

/** @import { Confirm } from "../protocol.js" */

const dialog = byId("confirm", HTMLDialogElement);
const yes = byId("confirm-yes", HTMLButtonElement);
const no = byId("confirm-no", HTMLButtonElement);
/** @type {Confirm | null} */
let asking = null;

/** @param {Confirm | null} confirm the question, or none: any asked is answered */
export function confirmIfAsked(confirm) {
  asking = confirm;
  if (!confirm) {
    if (dialog.open) dialog.close("answered");
    return;
  }
  byId("confirm-text").textContent = confirm.text;
  byId("confirm-text-turned").textContent = confirm.text; // shown around a table-top
  yes.textContent = confirm.yes_label;
  yes.dataset.yes = confirm.yes; // what Yes does, for tests
  no.textContent = confirm.no_label;
  // Escape closes the dialog without a value of its own: the last question's "yes" or
  // "answered" would still be there, and this one would never be answered No.
  if (!dialog.open) dialog.returnValue = "";
  openDialog(dialog);
  no.focus();
}

export function listenToConfirmations() {
  yes.addEventListener("click", () => {
    const act = asking?.yes;
    dialog.close("yes");
    if (!act) return;
    messagesAway();
    send({ type: "tap", act, data: {}, moment: shown.moment });
  });
  // No is said to Python in its own tap's task, not at the dialog's close event, which comes in
  // a later task: a message sent meanwhile (a history file chosen at once) would overtake it,
  // be taken for an answer, and then be dismissed with the question.
  no.addEventListener("click", () => {
    dismiss();
    dialog.close("no");
  });
  dialog.addEventListener("close", () => {
    if (dialog.returnValue !== "yes" && dialog.returnValue !== "answered") dismiss(); // Escape
  });
}

/** The question asked, if any, answered No. */
function dismiss() {
  if (!asking) return;
  asking = null;
  send({ type: "tap", act: "dismiss", data: {}, moment: shown.moment });
}
