"""A game record uploaded through the import form, and the errors a refused one shows."""

from __future__ import annotations

import re

from tests.conftest import csrf_token
from tests.web import text

ERRORS = re.compile(
    r'<div class="error" id="record-error" role="alert" tabindex="-1"><ul>(.*?)</ul>', re.S
)


def upload(client, data: bytes, filename: str = "game.json", token: str | None = None):
    """Post ``data`` as the import form's file, as a browser does. The multipart body is built
    here, in memory, so that a refused upload leaves no temporary file of the test client open."""
    token = token or csrf_token(client, "/")
    boundary = "scorekeeper-test-boundary"
    body = b"".join(
        [
            f"--{boundary}\r\n"
            'Content-Disposition: form-data; name="csrf_token"\r\n\r\n'
            f"{token}\r\n"
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="record"; filename="{filename}"\r\n'
            "Content-Type: application/json\r\n\r\n".encode(),
            data,
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    return client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )


def field_errors(page: str) -> list[str]:
    match = ERRORS.search(page)
    assert match, "no errors next to the file field"
    return [text(item).strip() for item in re.findall(r"<li>(.*?)</li>", match.group(1), re.S)]
