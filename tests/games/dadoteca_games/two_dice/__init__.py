"""Two dice: a game defined only under tests/, proving that a game is one package on the shelf
(issue 53): the registry, the app, a test build and the browser take it with no line of theirs
naming it."""
