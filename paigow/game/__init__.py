"""The game theory of Pai Gow: the setting game (one player's hand against the banker's, both
set by strategies) and its solutions.

- :mod:`paigow.game.handtypes`: the 35,960 hands, their 4,285 types, and the setting game a
  rule set plays (:class:`~paigow.game.handtypes.SettingGame`, the key of what depends on it)
- :mod:`paigow.game.values`: the game's counts and values, best responses, exploitability
- :mod:`paigow.game.equilibria`: the catalogue of shipped solutions
- :mod:`paigow.game.solver`: the numerical solver and its certificate
- :mod:`paigow.game.proof`: exact strategies, exact counts and the proof of an equilibrium
- :mod:`paigow.game.lemke`: complementary pivoting and exact linear algebra on a small game
- :mod:`paigow.game.exact`: the exact equilibria (solved, proven, saved, shipped)
- :mod:`paigow.game.edges`, :mod:`paigow.game.waygame`: the house-edge tables, and the game
  against a house way
- :mod:`paigow.game.seen`: the game left when some tiles are seen by both seats

The package imports nothing itself: its modules are imported by name. Hand-setting advice
(:mod:`paigow.advice`) sits above it.
"""
