// A line to share (Python's update.share): the Web Share API where the device has it, the
// clipboard otherwise. Python is told which was used, and says it in words.

import { send } from "./python.js";

/**
 * Share ``text`` followed by ``link`` made absolute against the app's own address.
 * @param {{text: string, link: string}} share
 */
export async function share({ text, link }) {
  const line = `${text} ${new URL(link, location.href).href}`;
  /** @type {"share" | "clipboard" | "cancelled" | "failed"} */
  let how = "failed";
  try {
    if (typeof navigator.share === "function") {
      await navigator.share({ text: line });
      how = "share";
    } else {
      await navigator.clipboard.writeText(line);
      how = "clipboard";
    }
  } catch (error) {
    // The person closed the share sheet: nothing failed.
    if (error instanceof DOMException && error.name === "AbortError") how = "cancelled";
  }
  await send({ type: "shared", how });
}
