"""What every game's CPU players share: keyed generators that no player can compute
(:mod:`engine.bots.seeds`) and the matrix-game solvers (:mod:`engine.bots.matrix`). Each game's
bots live in its own package (``engine.chifootmi.bots``, ``engine.fotboll.bots``, ...), all of
them :class:`engine.protocol.Bot`: ``choose(view, legal, rng)``."""
