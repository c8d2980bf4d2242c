// What the page shows now, as the last update painted it: the moment of the game (a tap sends
// it, and Python takes no tap made on a screen gone by), and whose screen it is.

export const shown = {
  moment: 0,
  /** @type {string | null} */
  hands: null, // none painted yet
  handovers: 0, // the changes of hands guarded so far (paint.js)
};

// A tap this soon after the screen (or, around a table-top, a person's place) changed hands was
// meant for the screen before: a double tap on Pass must not pass for the next player too.
export const HANDOVER_GUARD_MS = 450;
