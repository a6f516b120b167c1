"""Tinners' Trail's bots: the simulation lab's ``random`` and ``heuristic`` players (``lab``),
the bot seats of a table (``seats``), and Lord Wallace's decisions (``wallace``): which area he
auctions, what he bids, which mine he works and where each development goes."""
