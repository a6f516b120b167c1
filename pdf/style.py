"""The print style table: every colour, line weight, font size and distance the engine uses
that is not read from a game's data. Distances are millimetres, line widths and font sizes
points (a printer's habit)."""

from __future__ import annotations

# Page geometry
PAGE_MARGIN_MM = 5.0        # printers cannot print closer than this to the paper's edge
MARK_GAP_MM = 1.0           # crop marks start this far outside the outermost bleed
MARK_MIN_MM = 2.0           # a crop mark shorter than this is not worth cutting to
MARK_MAX_MM = 6.0           # and longer ones only add ink
MARK_WIDTH_PT = 0.25        # hairline
SAFE_ZONE_MM = 3.0          # guides: keep text this far inside the trim
TILE_OVERLAP_MM = 12.0      # boards split over pages overlap by this much (>= 10 mm)
DEFAULT_BLEED_MM = 3.0

# Ink
INK = "#222222"
PAPER = "#ffffff"
MARK_INK = "#000000"
GUIDE_INK = "#00a0e0"       # safe-zone guides: cyan, easy to tell from the art
FOLD_INK = "#888888"
GLUE_FILL = "#e6e6e6"
TILE_INK = "#c0308a"        # alignment marks on tiled boards: magenta, like a printer's register marks
LABEL_INK = "#777777"       # page labels in the margin
TRIM_INK = "#1a1a1a"        # the cut line drawn at the trim of round and hex pieces...
TRIM_HALO = "#ffffff"       # ...over a wider pale line, so it shows on dark pieces too
TRIM_PT = 0.4
TRIM_HALO_PT = 1.2
CUT_LINE_INK = "#8c8c8c"    # shared cut lines between butted cards: seen on light and dark art
CUT_CONTOUR = "CutContour"  # the spot colour print shops read as the die line
DARK_ON_LIGHT = "#111111"   # text on a light fill
LIGHT_ON_DARK = "#ffffff"   # text on a dark fill
RULE_INK = "#999999"        # rules under headings
GRID_INK = "#cfc3a8"        # faint board grid

# Default fills of the generic painters (games override them in options)
DIE_FACE = "#ffffff"
TOKEN_FILL = "#f4efe4"
STANDEE_FILL = "#d9cdb4"
STANDEE_BASE = "#bbbbbb"
SHEET_FILL = "#fbf8f1"
BOARD_FILL = "#efe6d2"
SPACE_FILL = "#ffffff"

# Built-in icon palette
ICON_COLOURS = {
    "coin": "#e8b923", "coin_rim": "#9a7410", "vp": "#7a2230", "skin": "#c98a4b", "helmet": "#f2c230",
    "lamp": "#fff6a0", "quake": "#8a2b0e", "eye": "#ffffff", "iris": "#3a6ea5", "water": "#2f7fd0",
}

# Drawn marks
PLACE_DASH_MM = (2.0, 1.5)  # dash and gap of an outline showing where a piece is laid
STAR_POINTS = 5             # a star mark (Ore's deepest mine level)...
STAR_INNER = 0.45           # ...whose inner corners sit at this share of its radius
ARC_PIECES = 12             # straight pieces a drawn curve is made of when its box does not say
GEAR_TOOTH_DEG = 8          # a gear wheel's tooth tip runs this many degrees either side of its middle

# Players' pieces: each seat's mark (a shape drawn as a glyph of the shipped font) goes on every
# piece of its colour, so no piece is told apart by colour alone, at no less than this size
SEAT_MARKS = ("\u25cf", "\u25a0", "\u25b2", "\u25c6", "\u2605", "\u271a")   # ● ■ ▲ ◆ ★ ✚
SEAT_MARK_MIN_PT = 7.0

# Text
TEXT_MIN_PT = 6.0           # autoshrink never goes below this: smaller is unreadable at the table
REFERENCE_MIN_PT = 7.0      # body text of reference cards and sheets, read across the table
GLYPH_MIN_PT = 5.0          # no letter anywhere, icons included, is printed smaller than this
TEXT_STEP_PT = 0.5
LEADING = 1.18              # line height as a multiple of the font size
ICON_EM = 1.0               # inline icons are this many font sizes wide/high
ICON_RISE = -0.12           # and sit this many font sizes below the baseline (like a descender)
LABEL_PT = 7.0              # small print: tile labels, file notes
TOKEN_WORD_MAX_PT = 8.0     # a token's word under its big letter grows with the token up to this
HEADING_PT = 16.0
BODY_PT = 10.0

# Line weights (points)
HAIRLINE_PT = 0.25
THIN_PT = 0.5
RULE_PT = 1.0

# Score sheets (pdf/scoresheet.py)
SCORESHEET_MARGIN_MM = 15.0
SCORESHEET_GAP_MM = 2.0
SCORESHEET_SECTION_GAP_MM = 6.0 # above and below the table
SCORESHEET_CATEGORY_MM = 55.0   # width of the category column
SCORESHEET_TITLE_PT = 20.0
SCORESHEET_BODY_PT = 11.0
SCORESHEET_CELL_PT = 12.0
SCORESHEET_ROOMY_PLAYERS = 6    # more players than this get the smaller cell text
SCORESHEET_CROWDED_CELL_PT = 10.0
SCORESHEET_CELL_LEADING = 1.2
SCORESHEET_TOTAL_RULE_PT = 1.5  # the rule above the totals
SCORESHEET_LEADING = 1.3
SCORESHEET_PADDING_PT = 6.0
SCORESHEET_HEAD_LINES = 2       # a name heads its column on at most this many lines, else a shorter form
SCORESHEET_SHADE = "#eeeeee"    # the header row
SCORESHEET_WINNER = "#fff2c6"   # the winner's total and rank
