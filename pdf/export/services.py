"""Print-on-demand presets (``--service NAME``): read from ``cards_data/export/print-services.toml``,
checked, and applied to a part: the bleed to draw it with and the region and pixels of its
image. Without a service the same rules apply with ``--dpi`` and ``--bleed`` and no products.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

from companion.data.units import parse_length, parse_size
from companion.errors import DataError, HeadframeError, Problem

from ..units import pt
from .raster import Shot

FIELDS = {"component", "design", "side", "order", "w", "h", "product"}
DEFAULT_FILES = "{component}/{design}-{side}.png"
DEFAULT_SHARED_BACK = "{component}/back.png"
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Product:
    name: str
    trim: tuple[float, float]    # mm
    pixels: tuple[int, int]      # the template's whole image: trim and bleed


@dataclass(frozen=True)
class Service:
    id: str
    name: str
    dpi: float
    bleed: float                 # mm on each side
    files: str = DEFAULT_FILES
    shared_back: str | None = DEFAULT_SHARED_BACK
    match: float = 0.0           # mm a piece's trim may differ from a product's
    products: tuple[Product, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Fit:
    """How one part is drawn and rendered for a service."""

    bleed: float                 # mm to draw the part with
    product: str                 # the template it fills, or ""
    shown: float = 0.0           # mm of bleed on the picture (the template's, when fitted to one)
    turned: bool = False         # a landscape piece on a portrait template
    pad: tuple[float, float] | None = None   # points beyond the trim, when fitted to a product
    pixels: tuple[int, int] | None = None    # rendered size before any turn

    def shot(self, dpi: float) -> Shot:
        if self.pad is None:
            return Shot(0, "bleed", dpi)
        return Shot(0, "trim", dpi, self.pixels, self.pad, self.turned)


def services_file() -> Path:
    from companion.data.loader import builtin_data_dir

    return builtin_data_dir() / "export" / "print-services.toml"


def names(path: Path | None = None) -> list[str]:
    from companion.data.files import ANYWHERE, read_toml

    raw, _ = read_toml(path or services_file(), ANYWHERE)
    return sorted(k for k, v in raw.items() if isinstance(v, dict))


def load(name: str, path: Path | None = None) -> Service:
    """The preset ``name``; a DataError (``path:line: field: message``) for a broken preset."""
    from companion.data.files import ANYWHERE, read_toml

    path = path or services_file()
    raw, lines = read_toml(path, ANYWHERE)
    table = raw.get(name)
    if not isinstance(table, dict):
        known = ", ".join(sorted(k for k, v in raw.items() if isinstance(v, dict))) or "(none)"
        raise HeadframeError(f"unknown print service {name!r}; services: {known}")
    problems: list[Problem] = []

    def bad(key: str, message: str) -> None:
        problems.append(Problem(str(path), lines.line(f"{name}.{key}"), f"{name}.{key}", message))

    service = _service(name, table, bad)
    if problems:
        raise DataError(problems)
    return service


def _value(table: dict, key: str, parse, bad, default=None):
    if key not in table:
        if default is None:
            bad(key, "missing")
        return default
    try:
        return parse(table[key])
    except (TypeError, ValueError) as exc:
        bad(key, str(exc))
        return default


def _dpi(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 30 <= value <= 1200:
        raise ValueError(f"expected dots per inch from 30 to 1200, got {value!r}")
    return float(value)


def _pixels(value) -> tuple[int, int]:
    found = re.fullmatch(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", str(value))
    if not found or isinstance(value, bool):
        raise ValueError(f"expected pixels as \"W x H\" such as \"825 x 1125\", got {value!r}")
    return int(found.group(1)), int(found.group(2))


def _template(value, needs: tuple[str, ...]) -> str:
    if not isinstance(value, str) or not value.endswith(".png"):
        raise ValueError(f"expected a file name template ending in .png, got {value!r}")
    used = {f for _, f, _, _ in string.Formatter().parse(value) if f is not None}
    unknown = used - FIELDS
    if unknown:
        raise ValueError(f"unknown field {{{sorted(unknown)[0]}}}; fields: {', '.join(sorted(FIELDS))}")
    missing = [n for n in needs if not used & set(n.split("|"))]
    if missing:
        raise ValueError(f"names would repeat: the template needs {{{missing[0].replace('|', '} or {')}}}")
    if value.startswith("/") or ".." in value.split("/"):
        raise ValueError(f"a file name inside the export folder, got {value!r}")
    return value


def _service(name: str, table: dict, bad) -> Service:
    dpi = _value(table, "dpi", _dpi, bad, 300.0)
    bleed = _value(table, "bleed", _bleed, bad, 3.0)
    products = []
    for number, spec in enumerate(table.get("products", []) or []):
        where = f"products.{number}"
        product = _product(spec, lambda key, message, w=where: bad(f"{w}.{key}", message))
        if product is None:
            continue
        want = tuple(round((t + 2 * bleed) / MM_PER_INCH * dpi) for t in product.trim)
        if want != product.pixels:  # a preset typed wrong: its numbers must agree with each other
            bad(f"{where}.pixels", f"{product.pixels[0]} x {product.pixels[1]} px is not the {want[0]} x {want[1]} px "
                                   f"of {product.trim[0]:g} x {product.trim[1]:g} mm with {bleed:g} mm bleed at {dpi:g} dpi")
        products.append(product)
    files = _value(table, "files", lambda v: _template(v, ("component", "design", "side|order")), bad,
                   DEFAULT_FILES)
    shared = table.get("shared_back")
    if shared is not None:
        shared = _value(table, "shared_back", lambda v: _template(v, ("component",)), bad, DEFAULT_SHARED_BACK)
    return Service(name, str(table.get("name", name)), dpi, bleed, files, shared,
                   _value(table, "match", parse_length, bad, 0.0), tuple(products))


def _bleed(value) -> float:
    mm = parse_length(value)
    if not 0 <= mm <= 20:
        raise ValueError(f"bleed must be from 0 to 20 mm, got {mm:g} mm")
    return mm


def _product(spec, bad) -> Product | None:
    if not isinstance(spec, dict):
        bad("name", "each product is a table with name, trim and pixels")
        return None
    trim = _value(spec, "trim", parse_size, bad)
    pixels = _value(spec, "pixels", _pixels, bad)
    if trim is None or pixels is None:
        return None
    return Product(str(spec.get("name", "product")), trim, pixels)


def plain(dpi: float, bleed: float) -> Service:
    """No service: every piece at its own size, ``dpi`` and ``bleed``."""
    return Service("", "", dpi, bleed)


def fit(service: Service, size: tuple[float, float] | None) -> Fit:
    """How a piece of trim ``size`` (mm; None for a full-page sheet) is drawn and rendered."""
    if size is None:
        return Fit(service.bleed, "", 0.0)
    w, h = size
    for product in service.products:
        tw, th = product.trim
        for turned, (pw, ph) in ((False, (tw, th)), (True, (th, tw))):
            if abs(w - pw) <= service.match + 1e-9 and abs(h - ph) <= service.match + 1e-9:
                return _fitted(service, product, w, h, pw, ph, turned)
    return Fit(service.bleed, "", service.bleed)


def _fitted(service: Service, product: Product, w: float, h: float, pw: float, ph: float, turned: bool) -> Fit:
    b = service.bleed
    s = max(pw / w, ph / h)              # the piece is scaled to cover the product's trim
    region_w, region_h = (pw + 2 * b) / s, (ph + 2 * b) / s
    pad_w, pad_h = (region_w - w) / 2, (region_h - h) / 2
    bleed = max(b, math.ceil(max(pad_w, pad_h) * 100) / 100)
    pixels = product.pixels[::-1] if turned else product.pixels
    return Fit(bleed, product.name, b, turned, (pt(pad_w), pt(pad_h)), pixels)
