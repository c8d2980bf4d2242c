// Work a paint leaves for the next frame (the table-top's layout, a scroll to the new player,
// a map framed), counted: the tests' drawn() (table/main.js) waits for it, as a person sees
// the screen only once that frame is drawn.

let pending = 0;

/**
 * ``work`` as the next frame is drawn (requestAnimationFrame), counted until it is done.
 * @param {() => void} work
 */
export function atNextFrame(work) {
  pending += 1;
  requestAnimationFrame(() => {
    try {
      work();
    } finally {
      pending -= 1;
    }
  });
}

/** Whether work waits for the next frame. */
export function frameWorkWaits() {
  return pending > 0;
}
