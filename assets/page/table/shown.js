// What the page shows now, as the last update painted it: the moment of the game (a tap sends
// it, and Python takes no tap made on a screen gone by), and whose screen it is.

export const shown = {
  moment: 0,
  /** @type {string | null} */
  hands: null, // none painted yet
};
