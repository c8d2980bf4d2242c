// The rules dialog's "Show the first-game tips again": Python's guide (dadoteca_web/guide.py)
// tells the game's lines once more, from the moment on screen; the dialog closes on the game,
// where the line now shows. The guide's own lines are Python's regions, tapped like any control.

import { byId } from "../dom.js";
import { messagesAway } from "./notices.js";
import { send } from "./python.js";
import { shown } from "./shown.js";

const AGAIN = "guide-again"; // dadoteca_web.guide.AGAIN

export function listenToGuideRequests() {
  byId("rules-guide", HTMLButtonElement).addEventListener("click", () => {
    byId("rules", HTMLDialogElement).close();
    messagesAway();
    send({ type: "tap", act: AGAIN, data: {}, moment: shown.moment });
  });
}
