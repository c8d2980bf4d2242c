"""Draw the app icons (a tilted die showing five, with pips in the score-sheet colours).

Run once by hand when the design changes; the PNGs in assets/icons/ are committed.
Pure stdlib: shapes are signed distance fields, anti-aliased by pixel coverage, written as PNG
with zlib + struct.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "assets" / "icons"

Colour = tuple[int, int, int]
INK: Colour = (0x2B, 0x2D, 0x42)  # theme colour
PAPER: Colour = (0xF6, 0xF1, 0xE7)  # background colour
PIPS: tuple[Colour, ...] = (
    (0xD6, 0x28, 0x28),  # red
    (0xF4, 0xB4, 0x00),  # yellow
    (0x2A, 0x9D, 0x3F),  # green
    (0x1D, 0x5F, 0xBF),  # blue
    INK,
)
TILT = math.radians(-10)

# A shape: distance (in unit coordinates, negative inside) from a point to its outline.
Shape = Callable[[float, float], float]


def rounded_box(cx: float, cy: float, half: float, radius: float, angle: float = 0.0) -> Shape:
    cos, sin = math.cos(angle), math.sin(angle)

    def distance(x: float, y: float) -> float:
        dx, dy = x - cx, y - cy
        u, v = abs(dx * cos + dy * sin), abs(-dx * sin + dy * cos)
        qx, qy = u - half + radius, v - half + radius
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius

    return distance


def circle(cx: float, cy: float, radius: float) -> Shape:
    return lambda x, y: math.hypot(x - cx, y - cy) - radius


def die(size: float) -> list[tuple[Shape, Colour]]:
    """A die of the given side (unit coordinates) centred in the icon, showing five."""
    half = size / 2
    cos, sin = math.cos(TILT), math.sin(TILT)
    offsets = ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0))
    layers: list[tuple[Shape, Colour]] = [(rounded_box(0.5, 0.5, half, size * 0.18, TILT), PAPER)]
    for (i, j), colour in zip(offsets, PIPS, strict=True):
        u, v = i * size * 0.27, j * size * 0.27
        layers.append(
            (circle(0.5 + u * cos - v * sin, 0.5 + u * sin + v * cos, size * 0.1), colour)
        )
    return layers


def render(px: int, background: Shape, die_size: float) -> bytes:
    """RGBA rows (PNG filter byte first) of the icon at `px` pixels."""
    layers = [(background, INK), *die(die_size)]
    rows = bytearray()
    for row in range(px):
        rows.append(0)
        for col in range(px):
            x, y = (col + 0.5) / px, (row + 0.5) / px
            r = g = b = a = 0.0
            for shape, colour in layers:
                # Coverage of this pixel by the shape: a one-pixel-wide linear ramp at the edge.
                cover = min(max(0.5 - shape(x, y) * px, 0.0), 1.0)
                if cover:
                    # Porter-Duff "over" with straight (not premultiplied) alpha.
                    alpha = cover + a * (1 - cover)
                    r, g, b = (
                        (n * cover + c * a * (1 - cover)) / alpha
                        for c, n in zip((r, g, b), colour, strict=True)
                    )
                    a = alpha
            rows += bytes((round(r), round(g), round(b), round(a * 255)))
    return bytes(rows)


def png(px: int, pixels: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", px, px, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    rounded = rounded_box(0.5, 0.5, 0.5, 0.2)
    full_bleed = rounded_box(0.5, 0.5, 1.0, 0.0)
    icons = {
        # "any" icons: rounded square, transparent corners.
        "icon-192.png": (192, rounded, 0.56),
        "icon-512.png": (512, rounded, 0.56),
        # Maskable: full-bleed background, the die inside the 80% safe circle.
        "icon-maskable-512.png": (512, full_bleed, 0.48),
        # iOS draws its own rounded corners and shows transparency as black.
        "apple-touch-icon.png": (180, full_bleed, 0.56),
    }
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, (px, background, die_size) in icons.items():
        (ICONS / name).write_bytes(png(px, render(px, background, die_size)))
        print(f"wrote {ICONS / name}")


if __name__ == "__main__":
    main()
