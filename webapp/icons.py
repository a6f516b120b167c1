"""Draw the app icons (the headframe mark) as PNG files with zlib and struct only.

Run once after changing the mark: ``python3 -m webapp.icons``; the PNGs are committed in
static/icons/. The shapes match templates/pages/_mark.html and static/icons/icon.svg.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent / "static" / "icons"
BACKGROUND = (0x21, 0x1e, 0x1a)
INK = (0xe5, 0x80, 0x4f)
STROKE = 5.0  # in the mark's 64-unit square
WHEEL = ((32.0, 15.0), 9.0)
LINES = (((19, 58), (31, 25)), ((45, 58), (33, 25)), ((23, 47), (41, 47)), ((27, 36), (37, 36)),
         ((8, 58), (56, 58)))
SAMPLES = 3  # per axis, for smooth edges


def _segment_distance(px: float, py: float, a: tuple, b: tuple) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _on_mark(x: float, y: float) -> bool:
    (cx, cy), r = WHEEL
    if abs(math.hypot(x - cx, y - cy) - r) <= STROKE / 2:
        return True
    return any(_segment_distance(x, y, a, b) <= STROKE / 2 for a, b in LINES)


def _in_rounded_square(x: float, y: float, radius: float) -> bool:
    nx = min(max(x, radius), 64 - radius)
    ny = min(max(y, radius), 64 - radius)
    return math.hypot(x - nx, y - ny) <= radius


def render(size: int, maskable: bool = False) -> bytes:
    """RGBA rows of the icon at ``size`` pixels. A maskable icon fills the square and keeps
    the mark inside the central safe zone; the plain one is a rounded tile."""
    scale = 0.62 if maskable else 0.78
    rows = []
    for j in range(size):
        row = bytearray([0])  # PNG filter type 0 for the row
        for i in range(size):
            back = ink = 0
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    x = (i + (si + 0.5) / SAMPLES) * 64 / size
                    y = (j + (sj + 0.5) / SAMPLES) * 64 / size
                    if not maskable and not _in_rounded_square(x, y, 13):
                        continue
                    back += 1
                    if _on_mark(32 + (x - 32) / scale, 33 + (y - 32) / scale):
                        ink += 1
            total = SAMPLES * SAMPLES
            if back == 0:
                row += bytes((0, 0, 0, 0))
                continue
            mix = ink / back
            colour = [round(BACKGROUND[k] * (1 - mix) + INK[k] * mix) for k in range(3)]
            row += bytes(colour + [round(255 * back / total)])
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon-192.png").write_bytes(render(192))
    (ICONS / "icon-512.png").write_bytes(render(512))
    (ICONS / "icon-maskable-512.png").write_bytes(render(512, maskable=True))


if __name__ == "__main__":
    main()
