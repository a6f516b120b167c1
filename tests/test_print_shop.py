"""Files a print shop accepts, read back with pikepdf from every game's --print-shop build:
each file is PDF/X-4 as a preflight checks it (GTS_PDFXVersion in the document information and
the XMP metadata, an output intent with an embedded ICC profile, every font embedded, TrimBox
inside BleedBox inside MediaBox on every page, no encryption, PDF 1.6, DeviceRGB tagged as
sRGB); one page per design with its quantity in the manifest; a checklist written for the
shop; and with --cmyk every colour converted through the profile, round-tripping within a
stated CIEDE2000."""

import json

import pikepdf
import pytest
from pypdf import PdfReader

from colour_measure import ciede2000
from pdf.build import BuildOptions, build_game

GAMES = ("tinners-trail", "ore", "ore-published", "mine-shaft", "ardevur")
# every colour of every game comes back from CMYK within this CIEDE2000 of what it was...
ROUND_TRIP_DE = 5.0
# ...but the few the press cannot print (a vivid violet, the darkest greys on black ink alone),
# which come back within this
OUT_OF_GAMUT_DE = 12.0
OUT_OF_GAMUT_MOST = 3


def _build(out, **kw):
    for game in GAMES:
        build_game(game, out, BuildOptions(print_shop=True, **kw))
    return out


@pytest.fixture(scope="module")
def rgb(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("shop"))


@pytest.fixture(scope="module")
def cmyk(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("shopcmyk"), cmyk=True)


def _pdfs(out):
    return sorted(out.glob("*/*.pdf"))


def _streams(pdf):
    """Every content stream: the pages' and the forms' (icons)."""
    forms = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Form]
    return [p.obj.Contents for p in pdf.pages] + forms, forms


def _fonts(pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font:
            yield obj


def _box(page, name):
    value = page.obj.get(name)
    return [float(v) for v in value] if value is not None else None


def _inside(inner, outer, eps=0.01):
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps and inner[2] <= outer[2] + eps
            and inner[3] <= outer[3] + eps)


def _preflight(path, colour: str) -> list[str]:
    """What a PDF/X-4 preflight would reject in one file."""
    found = []
    with pikepdf.open(path) as pdf:
        if pdf.is_encrypted:
            found.append("encrypted")
        if pdf.pdf_version < "1.6":
            found.append(f"PDF {pdf.pdf_version}")
        if str(pdf.docinfo.get("/GTS_PDFXVersion")) != "PDF/X-4":
            found.append("no GTS_PDFXVersion PDF/X-4 in the document information")
        if str(pdf.docinfo.get("/Trapped")) not in ("/True", "/False"):
            found.append("Trapped is not True or False")
        with pdf.open_metadata() as meta:
            if meta.get("pdfxid:GTS_PDFXVersion") != "PDF/X-4":
                found.append("no pdfxid:GTS_PDFXVersion in the XMP metadata")
            for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmpMM:DocumentID", "dc:title"):
                if not meta.get(key):
                    found.append(f"XMP lacks {key}")
        intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == pikepdf.Name.GTS_PDFX]
        if len(intents) != 1:
            found.append(f"{len(intents)} PDF/X output intents")
        else:
            profile = intents[0].get("/DestOutputProfile")
            data = profile.read_bytes() if profile is not None else b""
            if data[36:40] != b"acsp" or data[16:20] != b"CMYK" or int(profile.get("/N", 0)) != 4:
                found.append("the output intent's profile is not an embedded CMYK ICC profile")
            if not str(intents[0].get("/OutputConditionIdentifier", "")):
                found.append("no OutputConditionIdentifier")
        for font in _fonts(pdf):
            fonts = [font] + list(font.get("/DescendantFonts", []))
            described = [f.get("/FontDescriptor") for f in fonts if f.get("/FontDescriptor") is not None]
            if not any(any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")) for d in described):
                found.append(f"font {font.get('/BaseFont')} is not embedded")
        for n, page in enumerate(pdf.pages, start=1):
            media, trim = _box(page, "/MediaBox"), _box(page, "/TrimBox")
            bleed = _box(page, "/BleedBox") or media
            if trim is None or not (_inside(trim, bleed) and _inside(bleed, media)):
                found.append(f"page {n}: TrimBox {trim} BleedBox {bleed} MediaBox {media}")
        for n, page in enumerate(pdf.pages, start=1):   # every form a page calls is in its resources
            called = {str(args[0]) for args, op in pikepdf.parse_content_stream(page) if str(op) == "Do"}
            have = set(page.obj.get("/Resources", {}).get("/XObject", {}).keys())
            if called - have:
                found.append(f"page {n} calls {sorted(called - have)} without them in its resources")
        streams, forms = _streams(pdf)
        ops = {str(op) for s in streams for _, op in pikepdf.parse_content_stream(s)}
        if colour == "cmyk" and ops & {"rg", "RG"}:
            found.append("RGB colour left in a CMYK file")
        if colour == "rgb" and ops & {"rg", "RG"}:
            holders = [p.obj for p in pdf.pages] + [f for f in forms if "/Resources" in f]   # others use the page's
            untagged = [h for h in holders if "/DefaultRGB" not in h.get("/Resources", {}).get("/ColorSpace", {})]
            if untagged:
                found.append(f"{len(untagged)} pages or forms use RGB without DefaultRGB")
        found += [f"qpdf: {problem}" for problem in pdf.check_pdf_syntax()]   # what qpdf --check reads
    return found


@pytest.mark.parametrize("colour", ["rgb", "cmyk"])
def test_every_print_shop_file_is_pdf_x4(rgb, cmyk, colour):
    out = rgb if colour == "rgb" else cmyk
    problems = {f"{p.parent.name}/{p.name}": _preflight(p, colour) for p in _pdfs(out)}
    assert len(problems) > 60
    assert {k: v for k, v in problems.items() if v} == {}


def test_the_preflight_rejects_a_plain_pdf(tmp_path):
    """The check itself: a home-printing file fails it on each count it should."""
    build_game("mine-shaft", tmp_path, BuildOptions())
    found = " | ".join(_preflight(tmp_path / "mine-shaft" / "minerals.pdf", "rgb"))
    for words in ("GTS_PDFXVersion", "XMP", "output intents", "DefaultRGB"):
        assert words in found


def test_one_page_per_design_and_its_quantity_in_the_manifest(rgb):
    for folder in sorted(p for p in rgb.iterdir() if p.is_dir()):
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        for entry in manifest["components"]:
            designs = entry["designs"]
            assert sum(d["quantity"] for d in designs) == entry["count"], entry["id"]
            pages = [n for d in designs for n in (d["front"], d["back"]) if n]
            assert sorted(pages) == list(range(1, entry["pages"] + 1)), entry["id"]
            reader = PdfReader(folder / entry["file"])
            assert len(reader.pages) == entry["pages"]
    money = {c["id"]: c for c in json.loads((rgb / "ore" / "manifest.json").read_text())["components"]}["money"]
    assert money["count"] == 100 and len(money["designs"]) < 10   # a hundred bills, a few designs


def test_the_checklist_is_written_for_the_print_shop(rgb):
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(rgb / "ore" / "checklist.pdf").pages)
    assert "For the print shop" in text and "PDF/X-4" in text and "TrimBox" in text
    assert "crop marks" not in text and "A4" not in text and "100 %" not in text
    assert "money.pdf" in text and "100 pieces" in text


def test_cmyk_colours_round_trip_within_the_stated_difference(rgb, cmyk):
    """Every RGB colour of every game, converted as the build converts it, read back from the
    CMYK through the profile: CIEDE2000 to the sRGB original."""
    from pdf.pdfx import converter

    colours = set()
    for path in _pdfs(rgb):
        with pikepdf.open(path) as pdf:
            for stream in _streams(pdf)[0]:
                for operands, op in pikepdf.parse_content_stream(stream):
                    if str(op) in ("rg", "RG"):
                        colours.add(tuple(round(float(v) * 255) for v in operands))
    conv = converter()
    differences = sorted(((ciede2000(conv.lab_of_rgb(c), conv.lab_of_cmyk(conv.cmyk(tuple(v / 255 for v in c)))), c)
                          for c in colours), reverse=True)
    assert len(colours) > 100
    assert differences[0][0] <= OUT_OF_GAMUT_DE, differences[:3]
    beyond = [(round(d, 1), c) for d, c in differences if d > ROUND_TRIP_DE]
    assert len(beyond) <= OUT_OF_GAMUT_MOST, beyond
    # and the CMYK files hold exactly those conversions
    inks = set()
    with pikepdf.open(cmyk / "mine-shaft" / "minerals.pdf") as pdf:
        for stream in _streams(pdf)[0]:
            inks |= {tuple(round(float(v), 4) for v in operands)
                     for operands, op in pikepdf.parse_content_stream(stream) if str(op) in ("k", "K")}
    assert inks and inks <= {conv.cmyk(tuple(v / 255 for v in c)) for c in colours}


def test_greys_print_on_black_ink_alone(cmyk):
    from pdf.pdfx import converter

    c, m, y, k = converter().cmyk((0.1333, 0.1333, 0.1333))    # the body text's #222222
    assert (c, m, y) == (0, 0, 0) and k > 0.8


def test_cmyk_needs_print_shop_files():
    from companion.errors import HeadframeError

    with pytest.raises(HeadframeError, match="print-shop"):
        BuildOptions(cmyk=True)


def test_print_shop_files_are_reproducible(tmp_path):
    for name in ("a", "b"):
        build_game("mine-shaft", tmp_path / name, BuildOptions(print_shop=True, cmyk=name == "b"))
        build_game("mine-shaft", tmp_path / (name + "2"), BuildOptions(print_shop=True, cmyk=name == "b"))
        for path in sorted((tmp_path / name / "mine-shaft").glob("*.pdf")):
            assert path.read_bytes() == (tmp_path / (name + "2") / "mine-shaft" / path.name).read_bytes(), path.name
