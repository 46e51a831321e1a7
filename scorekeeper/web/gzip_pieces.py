"""A gzip file put together from pieces compressed once: the parts of a kept page that are the
same for every reader are compressed when the page is drawn, and each reader's copy only adds
its own CSRF token, stored as it is.

A deflate stream is a run of blocks; only the last one is marked final. Each part here is
compressed on its own and ended with a sync flush (an empty stored block, so the part ends on a
byte boundary and is not final); a token goes in as one stored block; an empty final block ends
the stream. The gzip header and trailer (CRC-32 and length of the whole text) wrap it (RFC 1952,
RFC 1951). Every decoder reads such a stream: it is what ``gzip`` writes after a flush.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

#: A gzip header: deflate, no name or time, unknown system.
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

#: The last block of the stream: final, fixed codes, nothing in it.
FINAL_BLOCK = b"\x03\x00"

#: zlib's default level, as Flask-Compress uses for gzip.
LEVEL = 6


def deflated(part: bytes, level: int = LEVEL) -> bytes:
    """``part`` as deflate blocks that end on a byte boundary, none of them final."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(part) + compressor.flush(zlib.Z_SYNC_FLUSH)


def stored(data: bytes) -> bytes:
    """``data`` as stored (uncompressed) deflate blocks, none of them final."""
    blocks = []
    for start in range(0, len(data), 0xFFFF):
        chunk = data[start : start + 0xFFFF]
        blocks.append(b"\x00" + struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF) + chunk)
    return b"".join(blocks)


def joined(parts: Sequence[bytes], compressed: Sequence[bytes], between: bytes) -> bytes:
    """The gzip file of ``parts`` joined by ``between`` (``between.join(parts)``), given each
    part already :func:`deflated` (``compressed``, in the same order)."""
    if len(parts) != len(compressed):
        raise ValueError("one compressed piece per part")
    crc, body = 0, [HEADER]
    gap = stored(between)
    for index, (part, piece) in enumerate(zip(parts, compressed, strict=True)):
        if index:
            crc = zlib.crc32(between, crc)
            body.append(gap)
        crc = zlib.crc32(part, crc)
        body.append(piece)
    size = sum(map(len, parts)) + len(between) * (len(parts) - 1)
    body.append(FINAL_BLOCK)
    body.append(struct.pack("<II", crc & 0xFFFFFFFF, size & 0xFFFFFFFF))
    return b"".join(body)
