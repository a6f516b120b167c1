"""Pictures of the game boards for the phone: server-drawn SVG built from each game's data.

One module per game (``tinners_trail``, ``ore``, ``ore_published``, ``mine_shaft``, and ``ardevur``,
whose moves come as steps: what, then which). Each board returns markup that is
complete without script, so a page shows the board even where JavaScript is off; shapes and
positions come from ``cards_data/<game>/`` so the phone and the printed board never disagree.
"""


def init_app(app) -> None:
    """Make each game's picture callable from its page partial."""
    from companion.marks import marks, short_names

    from . import ardevur, mine_shaft, ore, ore_published, tinners_trail

    app.jinja_env.globals.update(ardevur_steps=ardevur.steps, ardevur_by_seat=ardevur.by_seat,
                                 mine_shaft_board=mine_shaft.mine_board, ore_board=ore.board_svg,
                                 ore_published_board=ore_published.board_svg,
                                 ore_published_chip=ore_published.chip, ore_published_marks=marks,
                                 tinners_trail_areas=tinners_trail.area_facts,
                                 tinners_trail_auction_cards=tinners_trail.auction_cards,
                                 tinners_trail_board=tinners_trail.board_svg,
                                 tinners_trail_placements=tinners_trail.placements,
                                 tinners_trail_marks=marks,
                                 # one rule for every seat's mark and short name (companion/marks.py)
                                 seat_marks=marks, short_names=short_names)
