"""Print-shop files: PDF/X-4, and the colour-managed conversion to CMYK.

A file reportlab wrote is finished in place with pikepdf:

- an output intent for coated offset paper (``FOGRA39``) carrying the ICC profile shipped in
  ``cards_data/icc`` (how it was made and its licence: ``LICENSE.txt`` there);
- the RGB colours tagged as sRGB (a ``DefaultRGB`` colour space on every page and form), or,
  with ``cmyk``, every RGB colour converted to CMYK through that profile by littleCMS (Pillow's
  ``ImageCms``, relative colorimetric with black point compensation). Greys convert to black
  ink alone, with the lightness the profile gives them: text and hairlines never need four
  plates in register;
- the PDF/X-4 identification: PDF 1.6, ``GTS_PDFXVersion`` and ``Trapped`` in the document
  information and in XMP metadata, a TrimBox on every page (a page without one is trimmed at
  its edge), and a document ID made from the content, so the same set gives the same bytes.
"""

from __future__ import annotations

import zlib
from functools import lru_cache
from importlib import resources as importlib_resources
from pathlib import Path

PDFX_VERSION = "PDF/X-4"
CONDITION = "FOGRA39"
CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004)"
REGISTRY = "http://www.color.org"
CMYK_PROFILE = "FOGRA39-headframe.icc"
RGB_PROFILE = "sRGB.icc"

XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{producer}</xmp:CreatorTool>
   <xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def profile_path(name: str) -> Path:
    return Path(str(importlib_resources.files("cards_data"))) / "icc" / name


@lru_cache(maxsize=None)
def _profile_bytes(name: str) -> bytes:
    return profile_path(name).read_bytes()


class Converter:
    """sRGB to the print condition's CMYK, one colour at a time (each colour once)."""

    def __init__(self):
        from PIL import ImageCms

        srgb = ImageCms.getOpenProfile(str(profile_path(RGB_PROFILE)))
        cmyk = ImageCms.getOpenProfile(str(profile_path(CMYK_PROFILE)))
        lab = ImageCms.createProfile("LAB")
        flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self._to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", intent, flags=flags)
        self._rgb_lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", intent, flags=flags)
        self._cmyk_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", intent, flags=flags)
        # the lightness black ink alone gives, 0..255 of it: greys are matched on it
        self._k_lightness = [self._lab_of_cmyk((0, 0, 0, k))[0] for k in range(256)]
        self._cache: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    @staticmethod
    def _pixel(transform, mode: str, value):
        from PIL import Image, ImageCms

        return ImageCms.applyTransform(Image.new(mode, (1, 1), value), transform).getpixel((0, 0))

    def _lab_of_cmyk(self, cmyk255) -> tuple[float, float, float]:
        return _lab_from_pil(self._pixel(self._cmyk_lab, "CMYK", tuple(cmyk255)))

    def lab_of_rgb(self, rgb255) -> tuple[float, float, float]:
        return _lab_from_pil(self._pixel(self._rgb_lab, "RGB", tuple(rgb255)))

    def lab_of_cmyk(self, cmyk: tuple[float, float, float, float]) -> tuple[float, float, float]:
        return self._lab_of_cmyk(tuple(round(v * 255) for v in cmyk))

    def cmyk(self, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        """The CMYK (0..1) for an sRGB colour (0..1)."""
        key = tuple(round(min(1.0, max(0.0, v)) * 255) for v in rgb)
        if key not in self._cache:
            if key[0] == key[1] == key[2]:
                lightness = self.lab_of_rgb(key)[0]
                k = min(range(256), key=lambda i: abs(self._k_lightness[i] - lightness))
                self._cache[key] = (0.0, 0.0, 0.0, round(k / 255, 4))
            else:
                c, m, y, k = self._pixel(self._to_cmyk, "RGB", key)
                self._cache[key] = tuple(round(v / 255, 4) for v in (c, m, y, k))
        return self._cache[key]


def _lab_from_pil(value) -> tuple[float, float, float]:
    # Pillow's LAB: L 0..255 for 0..100, a and b offset by 128
    lightness, a, b = value
    return lightness * 100 / 255, a - 128, b - 128


@lru_cache(maxsize=1)
def converter() -> Converter:
    return Converter()


def finish(path: Path | str, title: str, producer: str, cmyk: bool = False) -> None:
    """Make the PDF at ``path`` a PDF/X-4 file in place (and CMYK when ``cmyk``)."""
    import pikepdf

    with pikepdf.open(str(path), allow_overwriting_input=True) as pdf:
        forms = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream)
                 and obj.get("/Subtype") == pikepdf.Name.Form]
        if cmyk:
            for page in pdf.pages:
                page.contents_coalesce()
                _convert(pdf, page.obj.Contents, pikepdf)
            for form in forms:
                _convert(pdf, form, pikepdf)
        else:
            srgb = _packed(pdf, pikepdf, _profile_bytes(RGB_PROFILE), N=3, Alternate=pikepdf.Name.DeviceRGB)
            space = pikepdf.Array([pikepdf.Name.ICCBased, srgb])
            # a form without resources of its own draws with its page's, DefaultRGB included
            for holder in [page.obj for page in pdf.pages] + [f for f in forms if "/Resources" in f]:
                resources = holder.get("/Resources")
                if resources is None:
                    resources = holder.Resources = pikepdf.Dictionary()
                spaces = resources.get("/ColorSpace")
                if spaces is None:
                    spaces = resources.ColorSpace = pikepdf.Dictionary()
                spaces.DefaultRGB = space
        for page in pdf.pages:
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = page.obj.MediaBox
        _identify(pdf, pikepdf, title, producer)
        # streams are packed where they are made; the XMP metadata stays plain text, as readers expect
        pdf.save(str(path), force_version="1.6", deterministic_id=True, compress_streams=False)


def _packed(pdf, pikepdf, data: bytes, **keys):
    stream = pdf.make_stream(zlib.compress(data, 9), **keys)
    stream.Filter = pikepdf.Name.FlateDecode
    return stream


def _convert(pdf, stream, pikepdf) -> None:
    """Every rg/RG in a content stream becomes k/K through the profile."""
    ops = pikepdf.parse_content_stream(stream)
    out = []
    for operands, op in ops:
        name = str(op)
        if name in ("rg", "RG") and len(operands) == 3:
            c, m, y, k = converter().cmyk(tuple(float(v) for v in operands))
            out.append(([c, m, y, k], pikepdf.Operator("k" if name == "rg" else "K")))
        else:
            out.append((operands, op))
    stream.write(zlib.compress(pikepdf.unparse_content_stream(out), 9), filter=pikepdf.Name.FlateDecode)


def _identify(pdf, pikepdf, title: str, producer: str) -> None:
    import hashlib
    import uuid
    from xml.sax.saxutils import escape

    profile = _packed(pdf, pikepdf, _profile_bytes(CMYK_PROFILE), N=4)
    pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=CONDITION,
        OutputCondition=CONDITION_INFO, Info=CONDITION_INFO, RegistryName=REGISTRY, DestOutputProfile=profile)])
    info = pdf.docinfo
    info.GTS_PDFXVersion = PDFX_VERSION
    info.Trapped = pikepdf.Name("/False")
    info.Title = title
    info.Producer = producer
    info.Creator = producer
    date = str(info.get("/CreationDate", "D:20000101000000+00'00'"))
    info.ModDate = date
    iso = f"{date[2:6]}-{date[6:8]}-{date[8:10]}T{date[10:12]}:{date[12:14]}:{date[14:16]}+00:00"
    # the document's id is a name made from its title, so the same set always gets the same one
    ident = uuid.UUID(bytes=hashlib.sha256(title.encode("utf-8")).digest()[:16])
    xmp = XMP.format(title=escape(title), date=iso, producer=escape(producer), uuid=ident, version=PDFX_VERSION)
    pdf.Root.Metadata = pdf.make_stream(xmp.encode("utf-8"), Type=pikepdf.Name.Metadata,
                                        Subtype=pikepdf.Name.XML)
