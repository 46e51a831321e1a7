"""gzip put together from pieces compressed once (scorekeeper/web/gzip_pieces.py): every
decoder reads back exactly the parts joined by what goes between them."""

from __future__ import annotations

import gzip
import zlib

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.web import gzip_pieces

texts = st.binary(max_size=3000) | st.text(max_size=1500).map(str.encode)


@given(parts=st.lists(texts, min_size=1, max_size=6), between=texts)
def test_the_pieces_read_back_as_the_parts_joined(parts, between):
    body = gzip_pieces.joined(parts, [gzip_pieces.deflated(p) for p in parts], between)
    assert gzip.decompress(body) == between.join(parts)
    stream = zlib.decompressobj(16 + zlib.MAX_WBITS)  # as a browser reads it: to the end
    assert stream.decompress(body) == between.join(parts)
    assert stream.eof and stream.unused_data == b""


def test_what_goes_between_may_be_longer_than_one_stored_block():
    between = bytes(range(256)) * 300  # 76 800 bytes: two stored blocks
    body = gzip_pieces.joined([b"a", b"a"], [gzip_pieces.deflated(b"a")] * 2, between)
    assert gzip.decompress(body) == b"a" + between + b"a"


def test_a_page_in_pieces_is_about_as_small_as_in_one():
    page = b"".join(b"<tr><td>Anna</td><td>%d</td></tr>" % n for n in range(400))
    parts = page.split(b"<td>Anna</td><td>200")
    pieces = gzip_pieces.joined(parts, [gzip_pieces.deflated(p) for p in parts], b"TOKEN")
    assert len(pieces) < 1.1 * len(gzip.compress(page.replace(b"<td>Anna</td><td>200", b"TOKEN")))


def test_one_compressed_piece_per_part():
    try:
        gzip_pieces.joined([b"a", b"b"], [gzip_pieces.deflated(b"a")], b"-")
    except ValueError:
        return
    raise AssertionError("a missing piece was not noticed")
