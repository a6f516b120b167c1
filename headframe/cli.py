"""``headframe``: the one command-line entry point, its arguments and its exit codes.

Each subcommand's work is in ``commands`` (``simulate``'s in ``simulate``); the room's
``__init__`` says what it may import.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Sequence

from companion.errors import DataError, HeadframeError

from .commands import COMMANDS, DataLines
from .simulate import add_parser as add_simulate

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
    build.add_argument("--print-shop", action="store_true",
                       help="PDF/X-4 files for a print shop: one page per design with bleed, trim and bleed boxes")
    build.add_argument("--cmyk", action="store_true",
                       help="with --print-shop: convert every colour to CMYK for the files' output intent "
                            "(coated FOGRA39), greys on black ink alone")
    build.add_argument("--spaced", action="store_true",
                       help="every card and tile with its own bleed and a gap around it, instead of butted edge to "
                            "edge with shared cut lines (fewer per sheet)")

    _add_export(sub)

    check = sub.add_parser("check", help="validate game data: everything 'build' or 'serve' would stop at",
                           description="Validate game data the way 'build' does, drawing every piece without "
                                       "writing a file (text that does not fit, unknown colours, options and "
                                       "files), then the phone boards' sizes 'serve' draws with "
                                       "([phone.lengths] of layouts.toml); exit 0 when clean, 2 with one line "
                                       "per problem.",
                           epilog=EPILOG)
    check.add_argument("games", nargs="*", metavar="GAME", help="game ids or 'all' (default: all)")
    check.add_argument("--data", type=Path, metavar="DIR", help="check an edited copy of the data")
    check.add_argument("--out", type=Path, default=Path("out"), metavar="DIR",
                       help="where 'build' writes (default: ./out): a build of these games stopped part way "
                            "there is finished or undone first")

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
                            "started with. Data that 'check' refuses, or whose phone boards' sizes "
                            "([phone.lengths] of layouts.toml) are wrong, is refused (exit 2)")
    add_simulate(sub, EPILOG)
    return parser


def _positive(kind: type):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a {'whole ' if kind is int else ''}number, got {text!r}") from None
        if not (math.isfinite(value) and value > 0):
            raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
        return value
    return parse


def _add_export(sub) -> None:
    export = sub.add_parser(
        "export", help="export a game's pieces as PNG images or as a Tabletop Simulator table",
        description="Draw every piece as build --print-shop does and export it: --to png writes one PNG "
                    "per distinct design and side (piece size plus bleed) with manifest.csv into "
                    "DIR/GAME-png/; --to tts writes a Tabletop Simulator saved object (one bag with the "
                    "whole game: decks on face sheets, boards, tiles, dice, a setup notecard) with its "
                    "images into DIR/GAME-tts/.", epilog=EPILOG)
    export.add_argument("games", nargs="+", metavar="GAME", help="game ids, or 'all'")
    export.add_argument("--to", choices=("png", "tts"), required=True, help="png images or a Tabletop Simulator table")
    export.add_argument("--out", type=Path, default=Path("out"), metavar="DIR",
                        help="output folder (default: ./out); DIR/GAME-png or DIR/GAME-tts is replaced only when "
                             "every file is written")
    export.add_argument("--players", type=int, metavar="N", help="export only what N players need, where a game differs")
    export.add_argument("--variant", metavar="V", help="export for this variant or module")
    export.add_argument("--data", type=Path, metavar="DIR", help="export an edited copy of the data")
    export.add_argument("--companion-url", metavar="URL",
                        help="put a QR code to this companion page on the reference cards")
    export.add_argument("--dpi", type=_positive(float), metavar="N",
                        help="resolution (default: 300); for tts the most any picture gets")
    export.add_argument("--bleed", type=_mm, metavar="MM", help="png: bleed around each piece (default: 3)")
    export.add_argument("--service", metavar="NAME",
                        help="png: size and name the files as a print-on-demand service's templates ask "
                             "(thegamecrafter, mbprint; see cards_data/export/print-services.toml)")
    export.add_argument("--base-url", metavar="URL",
                        help="tts: where the images will be hosted (default: file:/// paths on this computer)")
    export.add_argument("--max-px", type=_positive(int), metavar="N",
                        help="tts: longest side of any picture, deck sheets included (default: 4096)")
    export.add_argument("--paper", choices=PAPERS, default="a4", help="the page full-page sheets are drawn on (default: a4)")
    export.add_argument("--workers", type=_positive(int), metavar="N",
                        help="processes rendering pages (default: one per core)")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except DataError as exc:
        from companion.data.files import located

        for problem in located(exc.problems):
            print(problem, file=sys.stderr)
        return 2
    except DataLines as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        return 2
    except HeadframeError as exc:
        print(f"headframe: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a folder that cannot be made or written (a path the user gave)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"headframe: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
