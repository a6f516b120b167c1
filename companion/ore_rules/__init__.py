"""Rules both editions of Ore share word for word: reading the tables their cards come from,
how miners go down a mine after gathering, and reading the players of an end-of-game file.

Ore (``companion/ore``) plays by these; Ore published (``companion/ore_published``) can use
them too. Only what is the same rule in both editions belongs here, never a shape that merely
looks alike (the editions fill contracts and pay for cards differently).
"""
