"""The small phones' screens the browser tests use, and the buttons and number pad tapped on
them."""

from __future__ import annotations

from typing import Any

#: The screens of the issue, each in both languages and one of the colour schemes.
SCREENS: dict[str, dict[str, Any]] = {
    "320-en": {"viewport": {"width": 320, "height": 568}, "locale": "en-GB"},
    "320-sv": {
        "viewport": {"width": 320, "height": 568},
        "locale": "sv-SE",
        "color_scheme": "dark",
    },
    "360-en": {
        "viewport": {"width": 360, "height": 740},
        "locale": "en-GB",
        "color_scheme": "dark",
    },
    "360-sv": {"viewport": {"width": 360, "height": 740}, "locale": "sv-SE"},
}


def button(page, form: str):
    return page.locator(f'form[action*="/{form}"] button[type=submit]')


def pad(page, n: int):
    return page.locator(".pad button").nth(n)
