"""``export_game``: a game's pieces as images (``png``) or as a Tabletop Simulator table
(``tts``), in ``out/<game>-png/`` or ``out/<game>-tts/``, swapped in only when every file is
written (``pdf.staging``), from the same data checks and the same painters as ``build``."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from companion.errors import DataError, HeadframeError, InvalidDimension

from ..build import BuildOptions, _check_players_and_variant, companion_part, load_checked, plan_parts
from ..geometry import Paper
from ..parts import Part
from ..staging import recover, staged_set
from . import pages
from .pool import Pool, default_workers

Progress = Callable[[int, int, str], None]
FORMATS = ("png", "tts")
MAX_DPI = 1200


@dataclass(frozen=True)
class ExportOptions:
    """``to``: png | tts. ``dpi`` and ``bleed_mm`` for PNGs without a ``service``; ``dpi`` is
    also the most the simulator's tiles and boards get. ``max_px``: the longest side of a
    simulator image; ``base_url``: where a group hosts the simulator's images (default: the
    files on this computer)."""

    to: str = "png"
    dpi: float = 300.0
    bleed_mm: float = 3.0
    service: str | None = None
    players: int | None = None
    variant: str | None = None
    companion_url: str | None = None
    data_dir: Path | str | None = None
    base_url: str | None = None
    max_px: int = 4096
    paper: str = "a4"     # the page a full-page sheet (score sheet, player aid) is drawn on
    workers: int = 0      # 0: every core

    def __post_init__(self):
        if self.to not in FORMATS:
            raise HeadframeError(f"unknown export format {self.to!r}; formats: {', '.join(FORMATS)}")
        if not (math.isfinite(self.dpi) and 30 <= self.dpi <= MAX_DPI):
            raise InvalidDimension(f"--dpi must be from 30 to {MAX_DPI}, not {self.dpi:g}")
        if not 256 <= self.max_px <= 16384:
            raise InvalidDimension(f"--max-px must be from 256 to 16384, not {self.max_px}")
        if self.workers < 0:
            raise HeadframeError(f"--workers must be 1 or more, not {self.workers}")

    def build(self, bleed_mm: float | None = None) -> BuildOptions:
        return BuildOptions(paper=self.paper, sides=pages.SIDES, bleed_mm=self.bleed_mm if bleed_mm is None else bleed_mm,
                            players=self.players, variant=self.variant, companion_url=self.companion_url,
                            data_dir=self.data_dir, print_shop=True)


def target_of(out_dir: Path | str, game_id: str, to: str) -> Path:
    return Path(out_dir) / f"{game_id}-{to}"


def exported_file(path: Path) -> bool:
    """The export's own files in its folder (replaced by the next export): its folders of
    images and its PNG, CSV and JSON files. Anything else there is the user's and is kept."""
    return path.is_dir() or path.suffix.lower() in (".png", ".csv", ".json") or path.name.endswith(".tmp")


def export_game(game_id: str, out_dir: Path | str, options: ExportOptions,
                progress: Progress | None = None) -> dict:
    """Export ``game_id`` and return a summary (files written, pieces, designs)."""
    game = load_checked(game_id, options.data_dir)
    build = options.build()
    _check_players_and_variant(game, build)
    exporter = _exporter(options.to).prepare(game, options)
    target = target_of(out_dir, game_id, options.to)
    with staged_set(target, game.toml_path.parent, exported_file) as staging:
        summary = _run(exporter, game, staging, target, options, progress)
    return summary


def _exporter(to: str):
    if to == "png":
        from .png import PngExport

        return PngExport
    from .tts import TtsExport

    return TtsExport


def recover_export(out_dir: Path | str, game_id: str, to: str) -> str | None:
    return recover(target_of(out_dir, game_id, to), exported_file)


def _run(exporter, game, staging: Path, target: Path, options: ExportOptions, progress: Progress | None) -> dict:
    paper = Paper.named(options.paper)
    # the parts as planned, before a home build's spills and shared sheets: each component
    # whole, as a print-shop build (which the export's options are) keeps them too
    parts, problems = plan_parts(game, exporter.build_options, paper)
    parts = exporter.adjust(parts)
    total = sum(_pages(p) for p in parts)
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(min(done, total), total, f"{game.id}: {options.to}")

    workers = options.workers or default_workers()
    with Pool(workers) as pool:
        exporter.start(parts, staging, target, pool, step)
        qr_codes = _draw(exporter, parts, paper, game, 0)
        if options.companion_url and not qr_codes:
            # no reference carries the companion's code: it gets a card of its own, as in a build
            extra = exporter.adjust([companion_part(game, exporter.build_options)])
            total += sum(_pages(p) for p in extra)
            exporter.more(extra)
            _draw(exporter, extra, paper, game, len(parts))
            parts = parts + extra
        exporter.finish_rendering()
    if problems:
        raise DataError(list(dict.fromkeys(problems)))
    return exporter.write(game, parts)


def _draw(exporter, parts: list[Part], paper: Paper, game, first: int) -> int:
    qr_codes = 0
    for chunk in pages.chunks(parts, paper, game, first_part=first):
        qr_codes += chunk.qr_codes
        exporter.take(chunk)
    return qr_codes


def _pages(part: Part) -> int:
    return sum(2 if job.back is not None else 1 for job in part.jobs)
