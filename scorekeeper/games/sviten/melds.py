"""Rummy melds for Sviten Special: an exact, fast solver and the checks for laid melds.

A **set** is 3 or 4 cards of one rank (5 or 10 points). A **run** is n >= 3 cards of one suit in
a row, worth 5n - 10 points; the ace is high (Q-K-A) or low (A-2-3), never both (no K-A-2). Runs
in the trump suit count ``trump_run_factor`` times (2, or 3 for double-trump runs); sets never
do. With the joker variant a joker stands for any one card of its meld (even one the pair holds
and lays elsewhere); a meld holds at most one joker and at least two natural cards.

Every meld is worth 5 x (its cards, joker included) - 10, times the factor for a trump run. The
solver works in *units* of 5 points.

How :func:`best_melds` is exact and fast
----------------------------------------
A search over the 14 rank *positions* (1 is the ace low, 2..13 the two to the king, 14 the ace
high), then a step that closes every run. Its state code holds, for each suit, the run open in
that suit: none; one or two natural cards (they must go on; two may also close with a joker
at the end); three or more (may go on or close); a run that holds its joker and needs one more
natural card; one that holds its joker and may close. Position by position, and suit by suit
within a position, each card goes on an open run, starts a run, goes into the rank's set or
stays out; a run may close and a new one start at once (a long run laid as several). Within a
position the code also holds the suits whose card goes into the rank's set.

The *value* of a state code is a Python integer used as a bit set with one bit for each
reachable (loss, melds, jokers used, aces kept back for the high end): a step is a shift and
an OR of whole integers, done in C. The *loss* is what the cards could at best have added
(their suit's multiplier each, the largest multiplier per joker) minus what they did add; it
is stored less two units per meld, so that a meld never looks like a loss of its own. It
never goes down along a path, and each suit's state gives lower bounds on what it will still
lose (worked out per suit, backwards, once per suit pattern), so a search told the most loss
worth finding for each meld count drops everything that cannot end within it.

:func:`best_melds` first runs a quick search that keeps only a few likely states per step, to
find a good arrangement with enough melds. Lower bounds for the whole pile (for several losses
per meld, following the ace and sharing the jokers out between the suits) then leave out every
meld count that cannot beat it; the exact search looks only for a strictly better arrangement
(less loss, or as little with more melds) at the counts left, and its own bounds usually rule
that out within a few steps. When no quick arrangement has enough melds, exact searches look
from the lower bound up. :func:`meld_tradeoff` finds arrangements for many counts quickly
(dropping the cheapest melds for fewer, splitting long runs for more), proves most of them by
the lower bounds and searches only the rest (a start of sets of three and short runs, joined
run by run, gives many counts a witness no quick search finds); those exact searches only
count, so they merge the states of suits that hold the same cards and can trade places (the
whole pack's three or four). The melds are rebuilt by walking back through the stored steps
of the search that found them.

Jokers take no position of their own. A set's joker is an extra card. A joker at the *end* of
a run is added when the run closes (it can stand for a card the pair lays elsewhere); a suit
held whole takes it when the run starts instead, below its first card, so that A..K and 2..A
never get one. Only a joker filling a *gap* inside a run takes the run's place at that rank,
and the natural card of the gap may still join the rank's set. Once every joker is used, a run
holding one is folded into the natural run it now behaves like. Any arrangement can be
rewritten into this form with the same melds count and points.

Every call is bounded (:data:`WORK_LIMIT`, about a quarter of a second; meld_tradeoff, which no
request calls, :data:`TRADEOFF_WORK_LIMIT`): past it the solver gives up with a RuleError rather
than hold a server thread. Answers are remembered (the last :data:`MEMO_SIZE` piles, whatever
the order of their cards), so the melds shown and the hand recorded for the same pile cost one
search.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorekeeper.games.cards import Suit, parse_card
from scorekeeper.games.sviten.meld_check import (
    _POSITION,
    _SUIT_INDEX,
    _SUITS,
    JOKER,
    _check_int,
    _prepare,
    meld_points,
)
from scorekeeper.games.sviten.meld_counts import _tradeoff
from scorekeeper.games.sviten.meld_problem import _count_bits, _Problem
from scorekeeper.games.sviten.meld_search import (
    _BEAM,
    MEMO_SIZE,
    _Budget,
    _Search,
)
from scorekeeper.games.sviten.meld_steps import _REFUND, _STEEP

__all__ = ["TRADEOFF_WORK_LIMIT", "WORK_LIMIT", "MeldPlan", "best_melds", "meld_tradeoff"]


@dataclass(frozen=True)
class MeldPlan:
    """An arrangement of melds: each meld a tuple of card codes (a joker is ``"JOKER"``)."""

    melds: tuple[tuple[str, ...], ...]
    points: int
    count: int


def _sort_melds(melds: Iterable[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """Runs suit by suit from the lowest card, then sets by rank."""

    def key(meld: tuple[str, ...]) -> tuple[int, int, int, tuple[str, ...]]:
        natural = [parse_card(code) for code in meld if code != JOKER]
        if len({card.rank for card in natural}) == 1:
            return (1, _POSITION[natural[0].rank], 0, meld)
        low = 1 if natural[0].rank == "A" and natural[-1].rank != "A" else None
        start = low or _POSITION[natural[0].rank]
        return (0, _SUIT_INDEX[natural[0].suit], start, meld)

    return tuple(sorted(melds, key=key))


def best_melds(
    cards: Iterable[str],
    *,
    trump: str | Suit | None = None,
    min_melds: int = 0,
    jokers: int = 0,
    trump_run_factor: int = 2,
) -> MeldPlan:
    """The best way to lay ``cards`` (card codes like ``"QS"``, ``"10H"``) as melds.

    Among the arrangements with at least ``min_melds`` melds, one with the most points; if no
    arrangement has that many melds, one with the most points overall. Of those with the most
    points, one with the most melds; other ties are broken deterministically. ``trump``: a
    suit name or None for no-trump; ``jokers``: 0 to 2 wild cards; ``trump_run_factor``: 2, or
    3 for double-trump runs. Raises ValueError for unknown or repeated card codes and bad
    arguments, and :class:`RuleError` (a ValueError) when the answer would take too long to
    work out (see :data:`WORK_LIMIT`).

    Answers are remembered (the last :data:`MEMO_SIZE` piles), so asking again with the same
    cards in any order costs nothing.
    """
    _check_int(min_melds, "min_melds", 0, 1000)
    held, mult = _prepare(cards, trump, jokers, trump_run_factor)
    most = (sum(_count_bits(h >> 2) for h in held) + jokers) // 3
    return _plan(held, mult, jokers, min(min_melds, most + 1))


def meld_tradeoff(
    cards: Iterable[str],
    *,
    trump: str | Suit | None = None,
    jokers: int = 0,
    trump_run_factor: int = 2,
) -> dict[int, int]:
    """For each number of melds the cards can be laid as, the most points with exactly that many.

    A full suit in no-trump: ``{0: 0, 1: 55, 2: 45, 3: 35, 4: 25}``. Remembered like
    :func:`best_melds`; raises :class:`RuleError` when it would take too long to work out.
    """
    held, mult = _prepare(cards, trump, jokers, trump_run_factor)
    return dict(_tradeoff(held, mult, jokers, TRADEOFF_WORK_LIMIT))


#: The most work one call may do, in moves tried (weighted by the size of their bit sets): about
#: a fifth of a second of CPU (some 0.3 microseconds a unit on the 2-core reference machine).
#: No pile the rules can produce (bids of 1 to 6) comes near it: benchmarks/melds.py reports the
#: largest share used, a few per cent; past it the call gives up with a RuleError rather than
#: hold a server thread. Asking for 15 melds or more of a whole pack with a trump and two jokers
#: can reach it.
WORK_LIMIT = 650_000
#: The work limit of meld_tradeoff, which no request of the web app calls (random piles of 39
#: cards with two jokers take the most of benchmarks/melds.py's: about a tenth of this; the
#: whole pack, whose counts the quick searches and bounds settle, a few per cent).
TRADEOFF_WORK_LIMIT = 3_000_000
_STEEP_FROM = 13  # best_melds also bounds what many melds cost when asked for more than this
_RATES = (0, _REFUND, _STEEP)  # losses per meld for lower bounds on a whole pile
_MOST_BID = 6  # the highest bid (Sviten Special rulings, rule 2)
_PUSHES = (_REFUND, 4, 8)  # how eagerly successive quick searches make melds


@lru_cache(maxsize=MEMO_SIZE)
def _plan(
    held: tuple[int, int, int, int], mult: tuple[int, int, int, int], jokers: int, want: int
) -> MeldPlan:
    """The answer of :func:`best_melds`, remembered: a MeldPlan is immutable."""
    # Very many melds: also bound what many melds cost (it takes longer to set up).
    problem = _Problem(held, mult, jokers, steep=want > _STEEP_FROM)
    melds, units = _solve(problem, want, _Budget(WORK_LIMIT))
    laid = _sort_melds(melds)
    trump = next((_SUITS[s] for s in range(4) if mult[s] > 1), None)
    points = meld_points(laid, trump, trump_run_factor=max(mult), jokers=jokers)
    assert points == 5 * units, "the melds laid out must score what the search found"
    return MeldPlan(melds=laid, points=points, count=len(laid))


def _solve(problem: _Problem, want: int, budget: _Budget) -> tuple[list[tuple[str, ...]], int]:
    """The melds and units of the best arrangement with at least ``want`` melds.

    Quick searches (a few states per step) look for a good arrangement; the exact search then
    only looks for a strictly better one (less loss, or as little with more melds), which its
    lower bounds usually rule out within a few steps. When the quick searches find nothing
    (many melds asked for, or more than the cards can make), exact searches look from a lower
    bound up.
    """
    ceiling, rows = problem.ceiling, problem.rows
    if want >= rows:  # more melds than the cards can make: the most points
        want = 0
    loose = [ceiling if final >= want else None for final in range(rows)]
    for push in _PUSHES:
        quick = budget.search(problem, loose, beam=_BEAM, want=want, push=push)
        found = _best_reaching(quick, want)
        if found is not None:
            loss, count = found
            # Strictly better: less loss, or as little with more melds; counts whose lower
            # bound (for a whole pile, sharper than the search's own) rules that out are left out.
            rates = _RATES if want > _MOST_BID else _RATES[:2]
            strict = [
                None if final < want or problem.least_loss(final, rates) > most else most
                for final, most in (
                    (final, loss - 1 if final <= count else loss) for final in range(rows)
                )
            ]
            if all(bound is None for bound in strict):
                return quick.rebuild(count), ceiling - loss
            exact = budget.search(problem, strict)
            better = _best_reaching(exact, want)
            if better is not None:
                loss, count = better
                return exact.rebuild(count), ceiling - loss
            return quick.rebuild(count), ceiling - loss
    # No quick arrangement: look for the least loss from the lower bound up (the same most
    # loss for every count, so that the least found is the least there is).
    least = {final: problem.least_loss(final, _RATES) for final in range(want, rows)}
    most, step = min(least.values()), 1
    while True:
        bounds = [most if final >= want and least[final] <= most else None for final in range(rows)]
        exact = budget.search(problem, bounds)
        found = _best_reaching(exact, want)
        if found is not None:
            loss, count = found
            return exact.rebuild(count), ceiling - loss
        if most >= ceiling:  # no arrangement has that many melds: the most points
            return _solve(problem, 0, budget)
        most, step = min(ceiling, most + step), 2 * step


def _best_reaching(search: _Search, want: int) -> tuple[int, int] | None:
    """The least loss found with at least ``want`` melds, and the most melds with it."""
    found = {count: loss for count, loss in search.frontier().items() if count >= want}
    if not found:
        return None
    loss = min(found.values())
    return loss, max(count for count, value in found.items() if value == loss)
