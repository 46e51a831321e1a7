"""Klaberjass sequences: three or more cards of one suit in a row (natural order A K Q J 10 9 8
7, in trumps too) score 20, four or more 50. Only the player with the best sequence scores, and
then all of their sequences: longest first, then one in trumps, then the higher top card, and
still equal the non-dealer's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.events import RuleError, Where
from scorekeeper.games.klaberjass.pack import HAND_SIZE, PLAYERS, labels, rank_index
from scorekeeper.games.text import T_, Possessive, Text

#: Each player's declared sequences, seat 0 first.
Sequences = tuple[tuple["Run", ...], tuple["Run", ...]]


@dataclass(frozen=True)
class Run:
    """One declared sequence: three or more cards of one suit in a row, stored high to low."""

    cards: tuple[Card, ...]

    @property
    def suit(self) -> Suit:
        return self.cards[0].suit

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card:
        return self.cards[0]

    @property
    def value(self) -> int:
        """20 for three cards, 50 for four or more."""
        return 50 if self.length >= 4 else 20

    @property
    def label(self) -> str:
        return labels(self.cards)

    @property
    def codes(self) -> list[str]:
        return [card.code for card in self.cards]

    def strength(self, trump: Suit | None) -> tuple[int, bool, int]:
        """Compare runs by this: longer, then in trumps, then the higher top card."""
        return (self.length, self.suit is trump, -rank_index(self.top))


def make_run(cards: list[Card], name: str, deal: int) -> Run:
    """The run of ``cards`` (one of ``name``'s sequences); RuleError if they are not one."""
    where: Where = {"field": "sequences", "deal": deal}
    ordered = sorted(cards, key=lambda card: (rank_index(card), card.suit.value))
    if not ordered:
        raise RuleError(
            T_("One of %(name)s sequences has no cards.", name=Possessive(name)), **where
        )
    if len(ordered) < 3:
        raise RuleError(
            T_(
                "A sequence needs at least three cards: %(name)s %(cards)s is too short.",
                name=Possessive(name),
                cards=labels(ordered),
            ),
            **where,
        )
    _check_once_each(ordered, name, where)
    if len({card.suit for card in ordered}) != 1:
        raise RuleError(
            T_(
                "%(cards)s is not a sequence: its cards must all be of one suit.",
                cards=labels(ordered),
            ),
            **where,
        )
    indices = [rank_index(card) for card in ordered]
    if indices != list(range(indices[0], indices[0] + len(indices))):
        raise RuleError(
            T_(
                "%(cards)s is not a sequence: the cards must follow each other (A K Q J 10 9 8 7).",
                cards=labels(ordered),
            ),
            **where,
        )
    return Run(tuple(ordered))


def _check_once_each(cards: Sequence[Card], name: str, where: Where) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RuleError(
                T_(
                    "%(card)s is listed twice in one of %(name)s sequences.",
                    card=card.label,
                    name=Possessive(name),
                ),
                **where,
            )
        seen.add(card)


def _best_run(runs: Sequence[Run], trump: Suit | None) -> Run | None:
    return max(runs, key=lambda run: run.strength(trump), default=None)


def sequence_contest(
    sequences: Sequences, trump: Suit | None, dealer: int, players: Sequence[str]
) -> tuple[int | None, Text | None]:
    """Who scores sequences (a seat, or None when nobody declared one) and why, in words."""
    a, b = (_best_run(sequences[seat], trump) for seat in range(PLAYERS))
    elder = 1 - dealer
    if a is None and b is None:
        return None, None
    if a is None or b is None:
        seat = 0 if b is None else 1
        return seat, T_("Only %(name)s declared a sequence", name=players[seat])
    if a.strength(trump) == b.strength(trump):
        return elder, T_(
            "%(mine)s %(n)s-card run to the %(top)s ties %(theirs)s; the non-dealer wins the tie",
            mine=Possessive(players[elder]),
            n=a.length,
            top=a.top.rank,
            theirs=Possessive(players[dealer]),
        )
    winner = 0 if a.strength(trump) > b.strength(trump) else 1
    won, lost = (a, b) if winner == 0 else (b, a)
    return winner, _why_won(won, lost, trump, players[winner], players[1 - winner])


def _why_won(won: Run, lost: Run, trump: Suit | None, winner: str, loser: str) -> Text:
    """Why the best run ``won`` beats ``lost``, in words."""
    mine, theirs = Possessive(winner), Possessive(loser)
    if won.length != lost.length:
        return T_(
            "%(mine)s %(n)s-card run beats %(theirs)s %(other)s-card run",
            mine=mine,
            n=won.length,
            theirs=theirs,
            other=lost.length,
        )
    if won.suit is trump:
        return T_(
            "%(mine)s %(n)s-card run in trumps beats %(theirs)s %(other)s-card run",
            mine=mine,
            n=won.length,
            theirs=theirs,
            other=lost.length,
        )
    return T_(
        "%(mine)s %(n)s-card run to the %(top)s beats %(theirs)s to the %(other)s",
        mine=mine,
        n=won.length,
        top=won.top.label,
        theirs=theirs,
        other=lost.top.label,
    )


def parse_sequences(
    per_player: tuple[Any, Any], names: Sequence[str], deal: int, read: Callable[[Any], Card]
) -> Sequences:
    """Each player's sequences from their record (lists of card codes, read by ``read``):
    every card in one sequence at most, no two of a player's runs that follow each other, and
    no more cards than a player holds. RuleError otherwise."""
    where: Where = {"field": "sequences", "deal": deal}
    holder: dict[Card, int] = {}
    result: list[tuple[Run, ...]] = []
    for seat, raw_runs in enumerate(per_player):
        runs = _runs_of(seat, raw_runs, names[seat], holder, deal, read)
        _check_apart(runs, where)
        _check_held(runs, names[seat], where)
        runs.sort(key=lambda run: (-run.length, rank_index(run.top), run.suit.value))
        result.append(tuple(runs))
    return result[0], result[1]


def _runs_of(
    seat: int,
    raw_runs: Any,
    name: str,
    holder: dict[Card, int],
    deal: int,
    read: Callable[[Any], Card],
) -> list[Run]:
    """One player's runs, each card in one run only (``holder``: the seat each card is in)."""
    where: Where = {"field": "sequences", "deal": deal}
    if raw_runs is None:
        raw_runs = []
    if not isinstance(raw_runs, list | tuple):
        raise RuleError(
            T_("%(name)s sequences must be a list of sequences.", name=Possessive(name)), **where
        )
    runs: list[Run] = []
    for raw_run in raw_runs:
        if not isinstance(raw_run, list | tuple):
            raise RuleError(
                T_("Each of %(name)s sequences must be a list of cards.", name=Possessive(name)),
                **where,
            )
        run = make_run([read(code) for code in raw_run], name, deal)
        for card in run.cards:
            if card in holder:
                raise RuleError(T_("%(card)s is in two sequences.", card=card.label), **where)
            holder[card] = seat
        runs.append(run)
    return runs


def _check_apart(runs: Sequence[Run], where: Where) -> None:
    """Refuse two runs of one player that follow each other: they are one sequence."""
    for i, first in enumerate(runs):
        for second in runs[i + 1 :]:
            if first.suit is second.suit and (
                rank_index(first.cards[-1]) + 1 == rank_index(second.top)
                or rank_index(second.cards[-1]) + 1 == rank_index(first.top)
            ):
                joined = sorted((*first.cards, *second.cards), key=rank_index)
                raise RuleError(
                    T_(
                        "%(first)s and %(second)s follow each other: declare %(cards)s as "
                        "one sequence.",
                        first=first.label,
                        second=second.label,
                        cards=labels(joined),
                    ),
                    **where,
                )


def _check_held(runs: Sequence[Run], name: str, where: Where) -> None:
    held = sum(run.length for run in runs)
    if held > HAND_SIZE:
        raise RuleError(
            T_(
                "%(name)s sequences use %(held)s cards, but a player holds only %(n)s.",
                name=Possessive(name),
                held=held,
                n=HAND_SIZE,
            ),
            **where,
        )
