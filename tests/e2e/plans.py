"""A whole game of Bismarck as the browser tests play it: each deal's contract and tricks, and
each player's trump."""

from __future__ import annotations

# What each player declares, in the order of their four turns as forehand (the fourth is the
# one contract left, which the page preselects). Trumps for Valfri by seat.
PLANS = {
    "Anna": ["sang", "valfri", "pass", "spader"],
    "Ben": ["pass", "spader", "valfri", "sang"],
    "Carla": ["valfri", "sang", "spader", "pass"],
}

TRUMPS = {"Anna": "hearts", "Ben": "diamonds", "Carla": "clubs"}
