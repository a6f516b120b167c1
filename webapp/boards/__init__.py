"""Pictures of the game boards for the phone: server-drawn SVG built from each game's data.

One module per game (``tinners_trail``, ``ore``, ``mine_shaft``). Each returns markup that is
complete without script, so a page shows the board even where JavaScript is off; shapes and
positions come from ``cards_data/<game>/`` so the phone and the printed board never disagree.
"""
