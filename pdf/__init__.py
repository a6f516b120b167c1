"""The print engine: a game's data in, print-and-play PDFs out.

    build.py      BuildOptions, build_game(): every deck and component, checklist, manifest
    geometry.py   paper, piece specs, n-up imposition, crop marks, duplex/gutterfold backs
    sheets.py     Document (one PDF) and print_pieces()/print_shop(): pieces onto pages
    jobs.py       a deck's pieces made on demand (its rows, not a closure per card)
    tiling.py     boards larger than the paper, split into overlapping tiles; full-page sheets
    seams.py      where a tiled board is cut: seams clear of text and spaces (keepclear.py records them)
    seampath.py   a seam that steps sideways round what it must keep clear of
    tileshape.py  each tile's outline and glue strips from the plan of its seams (stepped tiles are polygons)
    parts.py      Part (one output file), its stock and the sheets per stock
    pdfx.py       print-shop files finished as PDF/X-4; the colour-managed conversion to CMYK
    pen.py        Pen: drawing in a piece's own millimetres (the painter's tool)
    richtext.py   wrapped text with :icons: and **bold**, autoshrink, overflow errors
    icons.py      vector glyphs for resources and built-in icons, drawn once per PDF
    decks.py      CSV rows bound to layouts.toml boxes (no game code)
    painters.py   @painter registry for [components.*]; pdf/games/<module>.py add their own
    generic.py    painters any game can use: die-net, token, standee, reference, board
    checklist.py  the what-to-print page;  calibrate.py  the duplex calibration sheet
    fonts.py, style.py, units.py   shipped fonts, the style table, mm -> pt (only there)
    export/       headframe export: the print-shop pages as PNGs and a Tabletop Simulator table
"""
