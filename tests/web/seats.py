"""The seat page and the head's "I am …" link, read and chosen through the test client."""

from __future__ import annotations

import re

HEAD = re.compile(r'<a class="small-button you" href="[^"]+/seat">([^<]*)</a>')


def said_in_head(page: str) -> str:
    found = HEAD.search(page)
    assert found, "no 'I am …' in the head"
    return found.group(1)


def changes(page: str) -> list[str]:
    """The changes list's lines, newest first, without their markup."""
    listed = re.search(r'<ol class="changes"[^>]*>(.*?)</ol>', page, re.S)
    assert listed
    lines = re.split(r"<li[^>]*>", listed.group(1))[1:]
    return [re.sub(r"<[^>]+>", "", line).replace("&amp;", "&").strip() for line in lines]


def choose(table, seat: str):
    return table.client.post(f"{table.url}/seat", data={"csrf_token": table.token, "seat": seat})


def seat_page(table) -> str:
    return table.client.get(f"{table.url}/seat").get_data(as_text=True)
