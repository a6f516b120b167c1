"""``headframe``: the one command-line entry point.

It lives in ``webapp`` because that is the room allowed to reach both ``pdf`` and the web
server; heavy imports (reportlab, Flask) happen inside each subcommand so ``--help`` and
``check`` stay quick.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
from pathlib import Path
from typing import Sequence

from companion.errors import DataError, HeadframeError

SIDES = ("duplex-long", "duplex-short", "gutterfold", "fronts")
PAPERS = ("a4", "letter")

EPILOG = """exit codes: 0 success, 2 bad input or data (one line per problem on stderr),
1 internal error"""


def _mm(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected millimetres as a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number of millimetres, got {text!r}")
    return value


def _offset(text: str) -> tuple[float, float]:
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected X,Y in millimetres such as 0.5,-1, got {text!r}")
    return _mm(parts[0]), _mm(parts[1])


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="headframe",
        description="Print-and-play sets and a table companion for mining board games.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    games = sub.add_parser("games", help="list the games, their player counts and variants",
                           description="List every game: id, name, player counts and variants.", epilog=EPILOG)
    games.add_argument("--data", type=Path, metavar="DIR", help="read games from DIR instead of the shipped data")

    build = sub.add_parser("build", help="build print-and-play PDFs for one or more games",
                           description="Build every printed component of the named games into DIR/<game>/, "
                                       "with manifest.json and a checklist page.", epilog=EPILOG)
    build.add_argument("games", nargs="+", metavar="GAME", help="game ids, or 'all'")
    build.add_argument("--out", type=Path, default=Path("out"), metavar="DIR",
                       help="output folder (default: ./out); DIR/GAME is replaced only when every file is written")
    build.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default: a4)")
    build.add_argument("--players", type=int, metavar="N", help="print only what N players need, where a game differs")
    build.add_argument("--variant", metavar="V", help="print for this variant or module")
    build.add_argument("--sides", choices=SIDES, default="duplex-long",
                       help="how backs are printed (default: duplex-long)")
    build.add_argument("--bleed", type=_mm, default=3.0, metavar="MM", help="bleed around each piece (default: 3)")
    build.add_argument("--guides", action="store_true", help="draw safe-zone guides inside each trim")
    build.add_argument("--back-offset", type=_offset, default=(0.0, 0.0), metavar="X,Y",
                       help="shift back pages by X,Y mm to correct a printer's drift (see 'calibrate'); "
                            "finite numbers, at most 20; write --back-offset=-1,0.5 when X is negative")
    build.add_argument("--companion-url", metavar="URL", help="put a QR code to this companion page on reference cards")
    build.add_argument("--data", type=Path, metavar="DIR", help="build from an edited copy of the data")
    build.add_argument("--print-shop", action="store_true", help="one piece per page with bleed, for print shops")
    build.add_argument("--spaced", action="store_true",
                       help="every card and tile with its own bleed and a gap around it, instead of butted edge to "
                            "edge with shared cut lines (fewer per sheet)")

    check = sub.add_parser("check", help="validate game data: everything 'build' would stop at",
                           description="Validate game data the way 'build' does, drawing every piece without "
                                       "writing a file (text that does not fit, unknown colours, options and "
                                       "files); exit 0 when clean, 2 with one line per problem.",
                           epilog=EPILOG)
    check.add_argument("games", nargs="*", metavar="GAME", help="game ids or 'all' (default: all)")
    check.add_argument("--data", type=Path, metavar="DIR", help="check an edited copy of the data")

    cal = sub.add_parser("calibrate", help="print a one-page duplex calibration sheet",
                         description="Write a duplex calibration sheet. Print it two-sided at 100%%, hold it to "
                                     "the light, read the offset scales and pass the result as --back-offset X,Y.",
                         epilog=EPILOG)
    cal.add_argument("--out", type=Path, required=True, metavar="FILE", help="PDF file to write")
    cal.add_argument("--paper", choices=PAPERS, default="a4")

    data = sub.add_parser("data", help="work with a game's data files",
                          description="Copy a game's data out to edit it, then build with --data DIR.", epilog=EPILOG)
    data_sub = data.add_subparsers(dest="data_command", metavar="ACTION", required=True)
    export = data_sub.add_parser("export", help="copy a game's data files into DIR",
                                 description="Copy GAME's data (game.toml, CSVs, layouts, NOTES.md) into DIR/GAME.",
                                 epilog=EPILOG)
    export.add_argument("game", metavar="GAME")
    export.add_argument("dir", type=Path, metavar="DIR")

    score = sub.add_parser("score", help="score an end-of-game file and print the sheet as JSON",
                           description="Read a documented end-of-game JSON file (see cards_data/<game>/examples/) "
                                       "and print the score sheet as JSON.", epilog=EPILOG)
    score.add_argument("game", metavar="GAME")
    score.add_argument("file", type=Path, metavar="FILE.json")

    serve = sub.add_parser("serve", help="run the table companion for phones on the local network",
                           description="Serve the companion with waitress. Phones on the same network join "
                                       "by the printed address or QR code.", epilog=EPILOG)
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: 0.0.0.0, every interface)")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--instance", type=Path, metavar="DIR",
                       help="folder for the database and secret key (default: ./instance)")
    serve.add_argument("--threads", type=int, default=4,
                       help="threads per server process (default: 4); phones waiting for their table to "
                            "change hold none")
    serve.add_argument("--workers", type=int, metavar="N",
                       help="server processes sharing the port (default: one per core, at most 4; "
                            "1 where the system cannot fork)")
    serve.add_argument("--data", type=Path, metavar="DIR",
                       help="start new tables from an edited copy of the data (as 'data export' writes it; "
                            "games not in DIR use the shipped data); running tables keep the data they "
                            "started with")
    from lab.cli import add_parser as add_simulate

    add_simulate(sub, EPILOG)
    return parser


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


def cmd_check(args: argparse.Namespace) -> int:
    # The same pass as ``build`` (pdf.build.check_set): the data checks, then every piece
    # drawn without writing a file, so what stops a build is reported here first.
    from pdf.build import check_set

    problems: list[str] = []
    names = _expand(args.games, args.data)
    for game_id in names:
        try:
            problems.extend(str(p) for p in check_set(game_id, args.data))
        except HeadframeError as exc:  # a piece too big for the paper: build says the same
            problems.append(f"headframe: {exc}")
    if problems:
        raise _DataLines(problems)
    print(f"ok: {', '.join(names)}")
    return 0


class _DataLines(HeadframeError):
    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("\n".join(lines))


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
    from .serve import default_workers, run

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
    from pdf.build import check_set

    if not data_dir.is_dir():
        raise HeadframeError(f"--data {data_dir}: no such folder")
    names = _expand([], data_dir)
    if not names:
        raise HeadframeError(f"--data {data_dir}: no game folder (with a game.toml) in it")
    problems: list[str] = []
    for game_id in names:
        try:
            problems.extend(str(p) for p in check_set(game_id, data_dir))
        except HeadframeError as exc:
            problems.append(f"headframe: {exc}")
    if problems:
        raise _DataLines(problems)


def cmd_simulate(args: argparse.Namespace) -> int:
    from lab.cli import run

    return run(args)


COMMANDS = {"simulate": cmd_simulate, "games": cmd_games, "build": cmd_build, "check": cmd_check, "calibrate": cmd_calibrate,
            "data": cmd_data, "score": cmd_score, "serve": cmd_serve}


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except DataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    except _DataLines as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        return 2
    except HeadframeError as exc:
        print(f"headframe: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
