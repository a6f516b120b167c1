"""Beyond paper: a game's pieces as images, from the print engine's own print-shop pages
(never a second drawing).

    run.py        ExportOptions, export_game(): checks, staging, drawing, rendering, writing
    pages.py      the pieces drawn as print-shop pages, a chunk of pages per PDF, each page keyed
    raster.py     pdfium renders a region of a page at exact pixels (Shot)
    pool.py       rendering spread over worker processes, a bounded amount in flight
    designs.py    each distinct drawing rendered once; equal pictures folded together
    png.py        --to png: one PNG per design and side, manifest.csv
    services.py   --service presets (cards_data/export/print-services.toml)
"""
