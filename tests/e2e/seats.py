"""Choosing who is at a phone, as a player taps it in the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def be(phone, name: str) -> None:
    """Tap "I am …" (or "You: …") in the head, then the seat."""
    phone.locator("a.you").tap()
    expect(phone.get_by_role("heading", name="Who is at this phone?")).to_be_visible()
    phone.get_by_role("button", name=name, exact=True).tap()
    expect(phone).to_have_url(re.compile(r"/g/[\w-]+$"))
    expect(phone.locator("a.you")).to_have_text(f"You: {name}")
