"""Rules both editions of Ore share word for word: reading the tables their cards come from
(``tables``), the two cell formats printed on their cards, a mine's spaces and a contract's rows
(``cells``), how miners go down a mine after gathering (``descent``), and reading the players of
an end-of-game file (``scorefile``).

Ore (``companion/ore``) and Ore published (``companion/ore_published``) both play by these. Only
what is the same rule in both editions belongs here, never a shape that merely looks alike (the
editions fill contracts, price cards and pay for them differently).
"""
