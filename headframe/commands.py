"""What each ``headframe`` subcommand does, once its arguments are parsed (``cli`` parses them)."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any, Sequence

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
    drawn without writing a file, so what stops a build is reported first; then what would
    stop ``serve`` drawing the phone's boards (their sizes in ``[phone.lengths]``); every problem."""
    from companion.data.files import located
    from pdf.build import check_set

    problems: list[str] = []
    for game_id in names:
        try:
            problems.extend(str(p) for p in located(check_set(game_id, data_dir)))
        except HeadframeError as exc:  # a piece too big for the paper: build says the same
            problems.append(f"headframe: {exc}")
    if problems:
        raise DataLines(problems)
    from webapp.serve import board_problems

    boards = board_problems(names, data_dir)
    if boards:
        raise DataLines([str(p) for p in located(boards)])


def _recover(names: Sequence[str], out: Path) -> None:
    """End any swap a stopped build left in ``out`` for these games, saying what was done."""
    from pdf.staging import recover

    for game_id in names:
        note = recover(out / game_id)
        if note:
            print(f"headframe: {note}", file=sys.stderr)


def cmd_check(args: argparse.Namespace) -> int:
    names = _expand(args.games, args.data)
    _recover(names, args.out)
    _check(names, args.data)
    print(f"ok: {', '.join(names)}")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from pdf.build import BuildOptions, build_game
    from .progress import Progress

    names = _expand(args.games, args.data)
    _recover(names, args.out)
    options = BuildOptions(paper=args.paper, sides=args.sides, bleed_mm=args.bleed, guides=args.guides,
                           back_offset_mm=args.back_offset, players=args.players, variant=args.variant,
                           companion_url=args.companion_url, data_dir=args.data,
                           print_shop=args.print_shop, cmyk=args.cmyk, spaced=args.spaced)
    with Progress() as progress:
        for game_id in names:
            manifest = build_game(game_id, args.out, options, progress=progress.update)
            progress.done(f"{game_id}: {len(manifest['components'])} components -> {args.out / game_id}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from pdf.export.run import recover_export, target_of
    from .progress import Progress

    options = _export_options(args)
    names = _expand(args.games, args.data)
    with Progress() as progress:
        for game_id in names:
            note = recover_export(args.out, game_id, args.to)
            if note:
                print(f"headframe: {note}", file=sys.stderr)
            from pdf.export.run import export_game

            done = export_game(game_id, args.out, options, progress=progress.update)
            progress.done(f"{game_id}: {done['pieces']} pieces, {done['designs']} designs, {done['files']} files "
                          f"-> {target_of(args.out, game_id, args.to)}")
    return 0


def _export_options(args: argparse.Namespace):
    """The export's options, refusing those that do not go with its format (one line, exit 2)."""
    from pdf.export.run import ExportOptions

    only = {"png": ("service", "bleed"), "tts": ("base_url", "max_px")}
    for to, names in only.items():
        for name in names:
            if args.to != to and getattr(args, name) is not None:
                raise HeadframeError(f"--{name.replace('_', '-')} is for --to {to}, not --to {args.to}")
    if args.service and (args.dpi is not None or args.bleed is not None):
        raise HeadframeError("--service sets its own resolution and bleed; leave out --dpi and --bleed")
    if args.base_url is not None and not args.base_url.lower().startswith(("http://", "https://")):
        raise HeadframeError(f"--base-url must start with http:// or https://, not {args.base_url!r}")
    return ExportOptions(to=args.to, dpi=args.dpi or 300.0, bleed_mm=3.0 if args.bleed is None else args.bleed,
                         service=args.service, players=args.players, variant=args.variant,
                         companion_url=args.companion_url, data_dir=args.data, base_url=args.base_url,
                         max_px=args.max_px or 4096, paper=args.paper, workers=args.workers or 0)


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
    sheet = game.score_file(_end_of_game(args.file))
    print(json.dumps(sheet.to_json(), indent=2, ensure_ascii=False))
    return 0


MAX_DIGITS = 18  # no count or sum of money in a game comes near a billion


def _end_of_game(path: Path) -> Any:
    """An end-of-game file's JSON: a regular file of at most 1 MiB, numbers of at most
    ``MAX_DIGITS`` digits, text of whole characters; anything else one line naming the file."""
    from companion.data.files import ANYWHERE, file_problem, read_bytes

    problem = file_problem(path, ANYWHERE)
    if problem:
        raise HeadframeError(f"{path}: {problem}")
    text = read_bytes(path, ANYWHERE).decode("utf-8-sig", errors="replace")
    try:
        data = json.loads(text, parse_int=_whole_number)
    except RecursionError:
        raise HeadframeError(f"{path}: nests lists or objects too deep to be an end-of-game file") from None
    except ValueError as exc:
        raise HeadframeError(f"{path}: not valid JSON ({exc})") from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise HeadframeError(f"{path}: text holds {exc.object[exc.start:exc.end]!a}, half of a character pair "
                             f"(a lone surrogate); write the whole character") from None
    return data


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits:,} digits; numbers here have at most {MAX_DIGITS}")
    return int(text)


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
    """Refuse to serve data that ``check`` would refuse (the same pass, the phone boards' sizes
    included): every problem listed, exit 2."""
    if not data_dir.is_dir():
        raise HeadframeError(f"--data {data_dir}: no such folder")
    names = _expand([], data_dir)
    if not names:
        raise HeadframeError(f"--data {data_dir}: no game folder (with a game.toml) in it")
    _check(names, data_dir)


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import run

    return run(args)


COMMANDS = {"simulate": cmd_simulate, "games": cmd_games, "build": cmd_build, "export": cmd_export, "check": cmd_check,
            "calibrate": cmd_calibrate, "data": cmd_data, "score": cmd_score, "serve": cmd_serve}
