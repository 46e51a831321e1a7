"""A club driven through its pages, as a phone would: the CSRF token read from a page, a club
record uploaded through the import form."""

from __future__ import annotations

import re

from tests.conftest import csrf_token

PIN = "908172635412"


def new_club(client, name="Torsdagsklubben", games=("bismarck",), pin=PIN, again=None):
    data = {
        "csrf_token": csrf_token(client, "/club/new"),
        "name": name,
        "games": list(games),
        "pin": pin,
        "pin_again": pin if again is None else again,
    }
    return client.post("/club/new", data=data)


def club_token(response) -> str:
    match = re.search(r"/c/([\w-]+)$", response.headers["Location"])
    assert match, response.headers.get("Location")
    return match.group(1)


def make_club(client, **fields) -> str:
    response = new_club(client, **fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    return club_token(response)


def post(client, url: str, **data):
    return client.post(url, data={"csrf_token": csrf_token(client, "/club/new"), **data})


def add(client, token: str, *names: str) -> None:
    for name in names:
        response = post(client, f"/c/{token}/members/add", name=name)
        assert response.status_code == 303, response.get_data(as_text=True)


def member_ids(client, token: str) -> dict[str, int]:
    """The register's active members by name, read from the club's evening form's tick boxes
    (in their order: most recent first)."""
    page = client.get(f"/c/{token}/evening/new/bismarck").get_data(as_text=True)
    found = re.findall(r'name="members" type="checkbox" value="(\d+)"> <span>([^<]+)</span>', page)
    return {name: int(value) for value, name in found}


def plan_evening(client, token: str, **fields):
    """The club's evening form for Bismarck (modern, game totals) sent with every active
    member ticked and ``fields`` (name, rounds, hide_last, confirms …): its response."""
    data = {"scoring": "totals", "variant": "modern", **fields}
    members = list(member_ids(client, token).values())
    return post(client, f"/c/{token}/evening/new/bismarck", members=members, **data)


def evening_token(response) -> str:
    """The token of the evening a planned evening's response redirects to."""
    return re.search(r"/e/([\w-]+)$", response.headers["Location"]).group(1)


NEW_PIN = "246813"


def upload(client, body: bytes | str, pin: str = NEW_PIN, again: str | None = None, **headers):
    """Post ``body`` as the import form's file, as a browser does. The multipart body is built
    here, in memory: the test client spools a body over 500 kB to a temporary file it never
    closes (a ResourceWarning, an error under -W error, in whichever test the collector runs)."""
    boundary = "scorekeeper-test-boundary"
    fields = {
        "csrf_token": csrf_token(client, "/club/import"),
        "pin": pin,
        "pin_again": pin if again is None else again,
    }
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    data = b"".join(
        [
            *parts,
            f"--{boundary}\r\n"
            'Content-Disposition: form-data; name="club_record"; filename="c.json"\r\n'
            "Content-Type: application/json\r\n\r\n".encode(),
            body if isinstance(body, bytes) else body.encode(),
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    return client.post(
        "/club/import",
        data=data,
        content_type=f"multipart/form-data; boundary={boundary}",
        headers=headers,
    )
