"""Pictures of the game boards for the phone: server-drawn SVG built from each game's data.

One module per game (``tinners_trail``, ``ore``, ``ore_published``, ``mine_shaft``). Each returns markup that is
complete without script, so a page shows the board even where JavaScript is off; shapes and
positions come from ``cards_data/<game>/`` so the phone and the printed board never disagree.
"""


def init_app(app) -> None:
    """Make each game's picture callable from its page partial."""
    from . import mine_shaft, ore, ore_published, tinners_trail

    app.jinja_env.globals.update(mine_shaft_board=mine_shaft.mine_board, ore_board=ore.board_svg,
                                 ore_published_board=ore_published.board_svg,
                                 ore_published_chip=ore_published.chip, ore_published_marks=ore_published.marks,
                                 tinners_trail_areas=tinners_trail.area_facts,
                                 tinners_trail_auction_cards=tinners_trail.auction_cards,
                                 tinners_trail_board=tinners_trail.board_svg,
                                 tinners_trail_placements=tinners_trail.placements,
                                 tinners_trail_marks=tinners_trail.marks,
                                 # the score page heads five or more columns with the same marks
                                 seat_marks=tinners_trail.marks)
