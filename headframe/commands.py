"""What each ``headframe`` subcommand does, once its arguments are parsed (``cli`` parses them)."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Sequence

from companion.errors import HeadframeError


class DataLines(HeadframeError):
    """Several problems, each already a whole line (``path:line: field: message``)."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("\n".join(lines))


def _expand(names: Sequence[str], data_dir: Path | None) -> list[str]:
    from companion.data import game_ids

    known = game_ids(data_dir)
    if not names or list(names) == ["all"]:
        return known
    if data_dir is not None and (Path(data_dir) / "game.toml").is_file():
        return list(names)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise HeadframeError(f"unknown game {unknown[0]!r}; known games: {', '.join(known)}")
    return list(names)


def cmd_games(args: argparse.Namespace) -> int:
    from companion.data import game_ids, load_game

    for game_id in game_ids(args.data):
        data = load_game(game_id, args.data)
        low, high = data.players
        players = f"{low}" if low == high else f"{low}-{high}"
        variants = ", ".join(v.id for v in data.variants) or "-"
        print(f"{data.id:<16} {data.name:<40} players {players:<5} variants: {variants}")
    return 0


def _check(names: Sequence[str], data_dir: Path | None) -> None:
    """The same pass as ``build`` (pdf.build.check_set): the data checks, then every piece
    drawn without writing a file, so what stops a build is reported first; every problem."""
    from pdf.build import check_set

    problems: list[str] = []
    for game_id in names:
        try:
            problems.extend(str(p) for p in check_set(game_id, data_dir))
        except HeadframeError as exc:  # a piece too big for the paper: build says the same
            problems.append(f"headframe: {exc}")
    if problems:
        raise DataLines(problems)


def cmd_check(args: argparse.Namespace) -> int:
    names = _expand(args.games, args.data)
    _check(names, args.data)
    print(f"ok: {', '.join(names)}")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from pdf.build import BuildOptions, build_game
    from .progress import Progress

    names = _expand(args.games, args.data)
    options = BuildOptions(paper=args.paper, sides=args.sides, bleed_mm=args.bleed, guides=args.guides,
                           back_offset_mm=args.back_offset, players=args.players, variant=args.variant,
                           companion_url=args.companion_url, data_dir=args.data,
                           print_shop=args.print_shop, spaced=args.spaced)
    with Progress() as progress:
        for game_id in names:
            manifest = build_game(game_id, args.out, options, progress=progress.update)
            progress.done(f"{game_id}: {len(manifest['components'])} components -> {args.out / game_id}")
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from pdf.calibrate import write_calibration

    write_calibration(args.out, args.paper)
    print(f"wrote {args.out}")
    return 0


def cmd_data(args: argparse.Namespace) -> int:
    from companion.data import game_dir, load_game

    load_game(args.game)  # unknown or broken games fail here, before anything is copied
    target = args.dir / args.game
    if target.exists():
        raise HeadframeError(f"{target} already exists; choose an empty folder")
    shutil.copytree(game_dir(args.game), target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    print(f"copied {args.game} to {target}; edit it, then: headframe build {args.game} --data {args.dir}")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from companion import find_game

    game = find_game(args.game)
    try:
        data = json.loads(args.file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise HeadframeError(f"{args.file}: not found") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise HeadframeError(f"{args.file}: not valid JSON ({exc})") from None
    print(json.dumps(game.score_file(data).to_json(), indent=2, ensure_ascii=False))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from webapp.serve import default_workers, run

    if args.threads < 1:
        raise HeadframeError(f"--threads must be at least 1, not {args.threads}")
    workers = default_workers() if args.workers is None else args.workers
    if workers < 1:
        raise HeadframeError(f"--workers must be at least 1, not {workers}")
    if args.data is not None:
        _check_served_data(args.data)
    run(host=args.host, port=args.port, instance=args.instance, threads=args.threads, workers=workers,
        data=args.data)
    return 0


def _check_served_data(data_dir: Path) -> None:
    """Refuse to serve data that ``check`` would refuse: the same pass, every problem listed, exit 2."""
    if not data_dir.is_dir():
        raise HeadframeError(f"--data {data_dir}: no such folder")
    names = _expand([], data_dir)
    if not names:
        raise HeadframeError(f"--data {data_dir}: no game folder (with a game.toml) in it")
    _check(names, data_dir)


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import run

    return run(args)


COMMANDS = {"simulate": cmd_simulate, "games": cmd_games, "build": cmd_build, "check": cmd_check,
            "calibrate": cmd_calibrate, "data": cmd_data, "score": cmd_score, "serve": cmd_serve}
