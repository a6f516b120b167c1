"""Beyond paper: a game's pieces as images and as a Tabletop Simulator table, from the print
engine's own print-shop pages (never a second drawing).

    run.py        ExportOptions, export_game(): checks, staging, drawing, rendering, writing
    pages.py      the pieces drawn as print-shop pages, a chunk of pages per PDF, each page keyed
    raster.py     pdfium renders a region of a page at exact pixels (Shot)
    pool.py       rendering spread over worker processes, a bounded amount in flight
    designs.py    each distinct drawing rendered once; equal pictures folded together
    png.py        --to png: one PNG per design and side, manifest.csv
    services.py   --service presets (cards_data/export/print-services.toml)
    tts*.py       --to tts: deck sheets, tiles, boards, dice and the saved-object bag
"""
