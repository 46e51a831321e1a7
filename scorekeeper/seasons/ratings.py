"""Members' ratings from their games' final rankings, replayed in time order. Pure Python.

Every finished game of the club is a ranking of its sides: in Bismarck three players each on
their own, in Klaberjass two, in Sviten Special two pairs, each pair a team; sides level share
a place. The ratings are openskill's Plackett–Luce model (Weng and Lin's Bayesian
approximation, made for games of several players or teams and for ties) with its defaults:
each member starts at μ 25, σ 25/3, and every game moves the members of its sides by the
model, nothing written here beyond reading the ranking and showing the result.

Shown to players as one number, ``shown``: ``1000 + 40 × (μ − 3σ)`` rounded, the model's
conservative estimate (its "ordinal") on a friendly scale: a new member shows 1000 and rises as
they win. How sure it is: the games played and ``± 80σ`` (two standard deviations on that
scale), which shrinks with every game.

Replaying is deterministic: games in order of when they ended, then of their keys; a member
merged into another (``same_as``) is that other from the start, so a merge changes the ratings
exactly as if the two entries had always been one.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

#: A member: any hashable id (a register's member number, a name in a test).
Member = Any

#: The friendly scale: shown = ORIGIN + SCALE × ordinal (μ − 3σ).
ORIGIN = 1000
SCALE = 40


@dataclass(frozen=True)
class GameResult:
    """A finished game: when it ended, its key (for a stable order), its sides' members and
    each side's place (1 first; equal places are a tie)."""

    key: Hashable
    ended: datetime
    sides: tuple[tuple[Member, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> int:
        return round(ORIGIN + SCALE * (self.mu - 3 * self.sigma))

    @property
    def plus_minus(self) -> int:
        """Two standard deviations on the shown scale: how far off ``shown`` may be."""
        return round(2 * SCALE * self.sigma)


@dataclass(frozen=True)
class Step:
    """One game's change to one member's rating."""

    game: Hashable
    ended: datetime
    before: Rating
    after: Rating


@dataclass
class Ratings:
    """Every member's rating now, and its history game by game."""

    now: dict[Member, Rating] = field(default_factory=dict)
    history: dict[Member, list[Step]] = field(default_factory=dict)

    def of(self, member: Member) -> Rating:
        return self.now.get(member, START)


_MODEL = PlackettLuce()
START = Rating(_MODEL.mu, _MODEL.sigma)


def replay(games: Iterable[GameResult], same_as: Mapping[Member, Member] | None = None) -> Ratings:
    """The ratings after ``games``, in order of when they ended (then by key). ``same_as``
    maps a merged member to the one it was merged into (followed to the end)."""
    return run(games, same_as=same_as).ratings


@dataclass(frozen=True)
class RatingsRun:
    """The ratings after ``games`` (in the order they are rated), kept with those games and the
    merges they were read with, so that the next games rate on from here (:func:`run`)."""

    games: tuple[GameResult, ...]
    same_as: Mapping[Member, Member]
    ratings: Ratings


def in_rating_order(games: Iterable[GameResult]) -> list[GameResult]:
    """``games`` in the order they are rated: when they ended, then by key."""
    return sorted(games, key=lambda g: (g.ended, repr(g.key)))


def run(
    games: Iterable[GameResult],
    since: RatingsRun | None = None,
    same_as: Mapping[Member, Member] | None = None,
) -> RatingsRun:
    """The ratings after ``games`` (see :func:`replay`). Given an earlier run (``since``), the
    games it rated in the same order, with the same merges, are not rated again: the ratings
    run on from the first game that differs (a new game at the end: that game alone; a
    correction of an old one: from that game on). The earlier run is left as it was."""
    ordered = tuple(in_rating_order(games))
    merged = dict(same_as or {})
    start = 0
    ratings = Ratings()
    if since is not None and since.same_as == merged:
        for old, new in zip(since.games, ordered, strict=False):
            if old is not new and old != new:
                break
            start += 1
        ratings = _rewound(since, start)
    rater = _Rater(ratings)
    for game in ordered[start:]:
        sides = [tuple(_kept(member, merged) for member in side) for side in game.sides]
        if len({m for side in sides for m in side}) < sum(len(side) for side in sides):
            continue  # one person on two sides (an entry merged into an opponent): no ranking
        rater.rate(game, sides)
    return RatingsRun(ordered, merged, ratings)


def _rewound(since: RatingsRun, start: int) -> Ratings:
    """The ratings of ``since`` before its game ``start`` (a copy: ``since`` is left as it
    was). Each member's history is in the order of the games, so the games taken back are the
    end of the history of each member who played them."""
    gone = since.games[start:]
    keys = {game.key for game in gone}
    now = dict(since.ratings.now)
    history = dict(since.ratings.history)
    for member in {_kept(m, since.same_as) for game in gone for side in game.sides for m in side}:
        steps = history.get(member, [])
        kept = len(steps)
        while kept and steps[kept - 1].game in keys:
            kept -= 1
        if kept == len(steps):
            continue
        if kept:
            history[member] = steps[:kept]
            now[member] = steps[kept - 1].after
        else:
            history.pop(member, None)
            now.pop(member, None)
    return Ratings(now, history)


class _Rater:
    """Rates games onto ``ratings``, copying a member's history before its first new step
    (the lists may be an earlier run's)."""

    def __init__(self, ratings: Ratings):
        self.ratings = ratings
        self.copied: set[Member] = set()

    def rate(self, game: GameResult, sides: Sequence[tuple[Member, ...]]) -> None:
        ratings = self.ratings
        before = [[ratings.of(member) for member in side] for side in sides]
        teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in before]
        rated = _MODEL.rate(teams, ranks=list(game.places))
        for side, old_side, new_side in zip(sides, before, rated, strict=True):
            for member, old, new in zip(side, old_side, new_side, strict=True):
                after = Rating(new.mu, new.sigma, old.games + 1)
                ratings.now[member] = after
                if member not in self.copied:
                    ratings.history[member] = list(ratings.history.get(member, ()))
                    self.copied.add(member)
                ratings.history[member].append(Step(game.key, game.ended, old, after))


def _kept(member: Member, merged: Mapping[Member, Member]) -> Member:
    seen = {member}
    while member in merged:
        member = merged[member]
        if member in seen:
            raise ValueError("members merged into each other in a circle")
        seen.add(member)
    return member
