"""What meld points a Sviten Special pair can have when only its tricks are known (quick entry).

The rulings (``shared/rules/README.md``, Sviten Special 4 and 8) fix what a meld is worth: a set
of 3 or 4 cards 5 or 10, a run of n cards 5n − 10, a run in trumps twice that (three times with
double-trump runs), a joker one more card of its meld. All of these are 5 × (cards in the meld
− 2), times the trump factor for a trump run. So a pair that lays ``k`` runs in trumps and ``m``
other melds scores

    5 × (factor × (trump-run cards − 2k) + (other meld cards − 2m))

and what it can score depends only on how many cards go into each kind of meld. A quick entry
gives the pair's tricks (4 cards each), jokers and meld count, not its cards, so the cards may
be the best the pack holds. :func:`possible_points` lists every total any such arrangement
reaches, under these limits, each of which every real arrangement obeys:

* a meld has at least 3 cards, at least 2 of them natural, at most one joker, and at most 13
  cards (a run covers each rank once, the ace high or low; a set has at most 4);
* the trump suit has 13 cards, and no card is in two melds (a joker may stand for one that is);
* the natural cards number at most the pair's 4 × tricks, and at most the 52 of the pack.

It is a true bound: no entry a table can produce is refused. It is also tight where it matters
most (one meld from one trick, the whole pack in no-trump: 220); a total it lets through that
no cards make would need the suits' exact packing, which the typed entry does not tell.

Pure: no web, no database.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["possible_points"]

PACK = 52
SUIT = 13
#: The most cards a meld can hold: a run over all 13 ranks.
LONGEST = 13


@lru_cache(maxsize=1024)
def possible_points(
    cards: int, jokers: int, melds: int, *, trumps: bool, factor: int
) -> frozenset[int]:
    """Every meld-point total a pair holding ``cards`` natural cards and ``jokers`` jokers can
    score with exactly ``melds`` melds; ``trumps``: whether the hand has a trump suit, whose
    runs count ``factor`` times. Empty when that many melds cannot be laid."""
    found: set[int] = set()
    for in_trumps in range(melds + 1 if trumps else 1):
        others = melds - in_trumps
        for trump_jokers in range(min(jokers, in_trumps) + 1):
            for other_jokers in range(min(jokers - trump_jokers, others) + 1):
                # The trump suit's natural cards in its runs (none without trump runs).
                most = min(SUIT, cards) if in_trumps else 0
                for trump_cards in range(2 * in_trumps, most + 1):
                    size = trump_cards + trump_jokers
                    if in_trumps and not 3 * in_trumps <= size <= LONGEST * in_trumps:
                        continue
                    trump_units = size - 2 * in_trumps
                    if others:
                        low = max(2 * others, 3 * others - other_jokers)
                        high = min(cards, PACK) - trump_cards
                        high = min(high, LONGEST * others - other_jokers)
                    else:
                        low = high = 0
                    for other_cards in range(low, high + 1):
                        other_units = other_cards + other_jokers - 2 * others
                        found.add(5 * (factor * trump_units + other_units))
    return frozenset(found)
