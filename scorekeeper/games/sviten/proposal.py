"""What the score keeper sees before a Sviten Special hand is recorded: the solver's melds for
each pair, and the declarers' choice between fewer, richer melds and more, poorer ones.

A pair lays its captured cards as it likes (rulings, rule 5); the app proposes the arrangement
that serves it best. For the defenders that is simply the most points. For the declarers the
meld count matters too (they must lay at least their bid), so they are shown every arrangement
worth considering: the one that reaches their bid with the most points and, when fewer melds
would score more, those too, with the most points for each count ("2 melds: 45 · 1 meld: 55 —
bid 2 needs 2").

Pure: no web, no database. The web shows a :class:`Proposal`; the hand is then recorded with
the melds left to the engine (``None``) or laid explicitly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from scorekeeper.games.sviten.hand import Hand
from scorekeeper.games.sviten.melds import MeldPlan, best_melds
from scorekeeper.games.sviten.scoring import HandResult, score_hand
from scorekeeper.games.sviten.setup import Setup

Meld = tuple[str, ...]

__all__ = ["Arrangement", "Proposal", "arrangements", "meld_key", "melds_for", "propose"]


@dataclass(frozen=True)
class Arrangement:
    """One way for the declarers to lay their melds, and what the hand then scores for them."""

    count: int
    points: int
    melds: tuple[Meld, ...]
    made: bool
    score: int


@dataclass(frozen=True)
class Proposal:
    """A hand as the engine scores it when the solver lays every pair's melds, with the
    declarers' arrangements (fewest melds first) and the one proposed to them."""

    result: HandResult
    arrangements: tuple[Arrangement, ...]
    proposed: int  # the meld count of the arrangement proposed to the declarers

    @property
    def declarers(self) -> int:
        return self.result.declarers

    def arrangement(self, count: int) -> Arrangement | None:
        return next((a for a in self.arrangements if a.count == count), None)

    def melds(self, pair: int) -> tuple[Meld, ...]:
        """The melds proposed to ``pair``."""
        if pair == self.declarers:
            chosen = self.arrangement(self.proposed)
            assert chosen is not None
            return chosen.melds
        return self.result.melds[pair]

    def points(self, pair: int) -> int:
        """The points of the melds proposed to ``pair``."""
        if pair == self.declarers:
            chosen = self.arrangement(self.proposed)
            assert chosen is not None
            return chosen.points
        return self.result.meld_points[pair]

    def leftover(self, pair: int) -> tuple[str, ...]:
        """The pair's captured cards that are in none of its proposed melds (deadwood)."""
        captured = self.result.hand.captured
        assert captured is not None
        used = {code for meld in self.melds(pair) for code in meld}
        return tuple(card.code for card in captured[pair] if card.code not in used)


def meld_key(melds: Iterable[Sequence[str]]) -> list[tuple[str, ...]]:
    """Melds compared as what they are: the same cards in the same melds, in any order."""
    return sorted(tuple(sorted(meld)) for meld in melds)


def arrangements(setup: Setup, hand: Hand, number: int) -> tuple[Arrangement, ...]:
    """The declarers' arrangements worth considering, fewest melds first.

    The one that reaches the bid with the most points (the engine's own choice), and, when the
    most points overall need fewer melds than the bid, those and each count in between with its
    most points: the trade-off between points and melds. More melds than needed only lose
    points, so they are left out. (Each is one exact, fast :func:`best_melds` call, remembered by
    the solver, so recording the hand asks again for free.)
    """
    assert hand.captured is not None, "arrangements need the captured cards"
    pair = hand.declarers
    pile = [card.code for card in hand.captured[pair]]
    factor = setup.options.trump_run_factor
    jokers = hand.jokers[pair]

    def plan(least: int) -> MeldPlan:
        return best_melds(
            pile, trump=hand.trump, min_melds=least, jokers=jokers, trump_run_factor=factor
        )

    richest = plan(0)
    reaching = plan(hand.bid)
    plans = {richest.count: richest, reaching.count: reaching}
    for least in range(richest.count + 1, min(reaching.count, hand.bid)):
        found = plan(least)
        plans.setdefault(found.count, found)
    result = []
    for count in sorted(plans):
        melds = plans[count].melds
        scored = score_hand(setup, _with_melds(hand, pair, melds), number)
        result.append(
            Arrangement(
                count=count,
                points=plans[count].points,
                melds=melds,
                made=scored.made,
                score=scored.scores[pair],
            )
        )
    return tuple(result)


def propose(setup: Setup, hand: Hand, number: int, before: tuple[int, int] = (0, 0)) -> Proposal:
    """The proposal for a hand recorded by its captured cards (``hand.melds`` are ignored).

    The declarers are proposed the arrangement the engine would lay: at least their bid's melds
    if they can, then the most points (of equal points, the one with more melds).
    """
    bare = replace(hand, melds=(None, None), meld_points=(None, None), meld_counts=(None, None))
    result = score_hand(setup, bare, number, before)
    found = arrangements(setup, bare, number)
    reaching = [a for a in found if a.count >= hand.bid] or list(found)
    best = max(reaching, key=lambda a: (a.points, a.count))
    return Proposal(result=result, arrangements=found, proposed=best.count)


def melds_for(
    proposal: Proposal, count: int | None, typed: Sequence[Sequence[Meld] | None]
) -> tuple[tuple[Meld, ...] | None, tuple[Meld, ...] | None]:
    """The melds to record for each pair: ``None`` where the engine's own choice stands, else
    the arrangement laid (the declarers' arrangement with ``count`` melds, or melds typed).

    ``typed`` holds, by pair, melds the players wrote themselves, or None."""
    result = proposal.result
    chosen: list[tuple[Meld, ...] | None] = [None, None]
    for pair in range(2):
        laid: Sequence[Meld] | None = typed[pair]
        if laid is None and pair == proposal.declarers and count is not None:
            arrangement = proposal.arrangement(count)
            laid = arrangement.melds if arrangement is not None else None
        if laid is not None and meld_key(laid) != meld_key(result.melds[pair]):
            chosen[pair] = tuple(tuple(meld) for meld in laid)
    return chosen[0], chosen[1]


def _with_melds(hand: Hand, pair: int, melds: tuple[Meld, ...]) -> Hand:
    laid = list(hand.melds)
    laid[pair] = melds
    return replace(hand, melds=(laid[0], laid[1]))
