"""Every game's print set carries a QR code to the table companion that a phone can read:
the pages are rendered as a printer would and the codes decoded with zbar."""

import os
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from print_sets import COMPANION_URL, build, games

# Under CI (which installs both) a missing tool fails the run instead of skipping it.
pytestmark = pytest.mark.skipif((shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None)
                                and os.environ.get("CI") != "true",
                                reason="needs zbarimg (zbar-tools) and pdftoppm (poppler-utils)")


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return build(tmp_path_factory)


def _companion_pages(folder):
    """(pdf, page number) of every page that names the table companion."""
    found = []
    for pdf in sorted(folder.glob("*.pdf")):
        if pdf.name == "checklist.pdf":  # names the files, prints no code
            continue
        for number, page in enumerate(PdfReader(pdf).pages, start=1):
            if "Table companion" in (page.extract_text() or ""):
                found.append((pdf, number))
    return found


def _decode(pdf, number, tmp_path):
    stem = tmp_path / f"{pdf.parent.name}-{pdf.stem}-{number}"
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", str(number), "-l", str(number), "-singlefile",
                    str(pdf), str(stem)], check=True)
    run = subprocess.run(["zbarimg", "--quiet", "--raw", f"{stem}.png"], capture_output=True, text=True)
    return [line for line in run.stdout.splitlines() if line]


def test_build_all_with_a_companion_url_succeeds_for_every_game(out):
    assert {g.name for g in games(out)} >= {"ore", "mine-shaft", "tinners-trail"}


def test_every_games_qr_codes_decode_to_the_companion_url(out, tmp_path):
    for folder in games(out):
        pages = _companion_pages(folder)
        assert pages, f"{folder.name}: no page carries the table companion's QR code"
        for pdf, number in pages:
            codes = _decode(pdf, number, tmp_path)
            assert codes and set(codes) == {COMPANION_URL}, f"{pdf.name} page {number}: decoded {codes}"


def test_without_a_url_no_qr_code_is_printed(tmp_path):
    from headframe.cli import main

    assert main(["build", "mine-shaft", "--out", str(tmp_path)]) == 0
    assert _companion_pages(tmp_path / "mine-shaft") == []


def test_a_game_without_a_reference_card_gets_a_companion_card(out):
    from print_sets import manifest

    for folder in games(out):
        ids = [c["id"] for c in manifest(folder)["components"]]
        has_reference = any("reference" in i for i in ids)
        assert ("companion-card" in ids) == (not has_reference), f"{folder.name}: {ids}"
