"""A chart's picture as PNG, at half the cost of Qt's writer, with exactly the same pixels.

Writing the charts' PNGs took a fifth of the report export's chart CPU: Qt's writer stores the alpha
channel (a chart has none: its background is opaque white), tries every PNG filter on each row and
packs at zlib level 6. Here an opaque picture is written as RGB, every row with the "Up" filter
(a chart is mostly rows that repeat the one above), at zlib level 1: files about as small (flat areas
pack well at any level) in less than half the time. Anything not opaque goes through Qt's writer
unchanged, alpha channel and all.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1
"""zlib level: 1 packs a chart within a few per cent of level 6, several times faster."""
UP = 2
"""PNG filter type "Up": each byte minus the byte above it."""


def png_bytes(image: QImage) -> bytes:
    """The image as PNG: RGB when every pixel is opaque (a chart), else Qt's own RGBA file."""
    argb = QImage.Format.Format_ARGB32
    if not _opaque(image if image.format() == argb else image.convertToFormat(argb)):
        return _qt_png(image)
    width, height = image.width(), image.height()
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    rows = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.sizeInBytes())
    rows = rows.reshape(height, rgb.bytesPerLine())[:, :3 * width]
    filtered = np.empty((height, 3 * width + 1), dtype=np.uint8)
    filtered[:, 0] = UP
    filtered[0, 1:] = rows[0]  # above the first row is a row of zeros
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])  # modulo 256, as the filter is defined
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, colour type 2 (RGB)
    density = struct.pack(">IIB", image.dotsPerMeterX(), image.dotsPerMeterY(), 1)  # as Qt writes it
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"pHYs", density),
                     _chunk(b"IDAT", zlib.compress(filtered.tobytes(), LEVEL)), _chunk(b"IEND", b"")))


def _opaque(argb: QImage) -> bool:
    """Whether every pixel of a Format_ARGB32 image (0xAARRGGBB words) has alpha 255."""
    words = np.frombuffer(argb.constBits(), dtype=np.uint32, count=argb.sizeInBytes() // 4)
    words = words.reshape(argb.height(), argb.bytesPerLine() // 4)[:, :argb.width()]
    return bool((words >= 0xFF000000).all())


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _qt_png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # (the stubs say bytes; PySide6 takes str)
    buffer.close()
    return bytes(data.data())
