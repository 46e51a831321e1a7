"""The codec base for games whose log enters one round per event: most of a new game's codec.

Such a game's log has three kinds of event: one named after its round (``hand`` for a game of
hands, ``deal`` for a game of deals) whose data is the round's entered fields and its
``number``, ``correct`` (the same, for an earlier round) and ``undo``. Its state lists the
rounds scored so far and has ``totals``, ``winner`` (a seat, or None) and ``finished``. A game
scored hand by hand on :mod:`scorekeeper.games.hand_log` takes :class:`HandsCodec`, which knows
where its hands are.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.game import GameState
from scorekeeper.games.hand_log import HandResult
from scorekeeper.games.text import Text, ngettext
from scorekeeper.games.text import gettext as _
from scorekeeper.records.codec import Codec, EntryT, SetupT
from scorekeeper.records.history import EventFields
from scorekeeper.records.problems import Problems


class ScoredState(GameState, Protocol):
    """The state of a game of rounds, as this codec reads it."""

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def winner(self) -> int | None: ...


ScoredStateT = TypeVar("ScoredStateT", bound=ScoredState)


class RoundsCodec(Codec[SetupT, ScoredStateT, EntryT]):
    """A codec for a game of rounds. A subclass gives ``kind``, ``entered_fields`` (a round's
    data fields besides ``number``), ``item_derived`` (``number``, ``dealer`` and what else a
    record shows next to a round), and :meth:`parse_round`, :meth:`round_dict`,
    :meth:`rounds`, :meth:`entry_of`, :meth:`derived_dict` and :meth:`csv_rows`."""

    top_fields = ("totals", "winner", "finished")
    number_key = "number"
    #: The most rounds a record may list.
    max_rounds: ClassVar[int] = 1000

    # -- what a game of rounds gives --

    @abstractmethod
    def parse_round(self, setup: SetupT | None, data: dict[str, Any], number: int) -> EntryT:
        """Round ``number`` from its entered fields; RuleError if the rules refuse it. The
        setup is None when the record's is broken (check what can be checked without it)."""
        raise NotImplementedError

    @abstractmethod
    def round_dict(self, entry: EntryT) -> dict[str, Any]:
        """A round's entered fields, as :meth:`parse_round` reads them."""
        raise NotImplementedError

    @abstractmethod
    def rounds(self, state: ScoredStateT) -> Sequence[Any]:
        """The state's rounds, scored."""
        raise NotImplementedError

    @abstractmethod
    def entry_of(self, result: Any) -> EntryT:
        """A scored round's entry, as the log holds it."""
        raise NotImplementedError

    @abstractmethod
    def derived_dict(self, result: Any) -> dict[str, Any]:
        """A scored round's derived fields (``item_derived``), ``number`` and ``dealer`` first."""
        raise NotImplementedError

    def check_item(self, where: Text, raw: dict[str, Any], problems: Problems) -> None:
        """Checks of the record's own strictness before the rules read the round."""

    # -- the rest of the codec, the same for every game of rounds --

    @property
    def event_fields(self) -> EventFields:
        fields = frozenset({self.number_key, *self.entered_fields})
        return {self.item: fields, "correct": fields, "undo": frozenset()}

    def max_items(self, setup: SetupT | None) -> int:
        return self.max_rounds

    def parse_item(
        self, setup: SetupT | None, index: int, raw: dict[str, Any], last: bool, problems: Problems
    ) -> EntryT | None:
        where = self.where(index + 1)
        before = len(problems.lines)
        self.check_item(where, raw, problems)
        if len(problems.lines) > before:
            return None
        data = {name: value for name, value in raw.items() if name not in self.item_derived}
        try:
            return self.parse_round(setup, data, index + 1)
        except RuleError as error:
            problems.add(where, error.text)
            return None

    def events_from(self, setup: SetupT, entries: Sequence[EntryT]) -> list[Event]:
        return [
            Event(self.item, {**self.round_dict(entry), self.number_key: number})
            for number, entry in enumerate(entries, 1)
        ]

    def entered(self, entry: EntryT) -> dict[str, Any]:
        return self.round_dict(entry)

    def state_entries(self, state: ScoredStateT) -> list[EntryT]:
        return [self.entry_of(result) for result in self.rounds(state)]

    def items_list(self, state: ScoredStateT) -> list[dict[str, Any]]:
        items = []
        for result in self.rounds(state):
            derived = self.derived_dict(result)
            item = {"number": derived.pop("number"), "dealer": derived.pop("dealer")}
            item.update(self.round_dict(self.entry_of(result)))
            item.update(derived)
            items.append(item)
        return items

    def top_derived(self, state: ScoredStateT) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "winner": state.winner,
            "finished": state.finished,
        }

    def outcome(self, state: ScoredStateT) -> str:
        winner = state.winner
        if winner is None:
            count = len(self.rounds(state))
            if self.item == "hand":
                return ngettext(
                    "%(num)d hand played, no winner yet.",
                    "%(num)d hands played, no winner yet.",
                    count,
                )
            return ngettext(
                "%(num)d deal played, no winner yet.", "%(num)d deals played, no winner yet.", count
            )
        total = state.totals[winner]
        return _("Winner: %(name)s with %(total)d.", name=state.players[winner], total=total)


class ScoredHands(ScoredState, Protocol):
    """The state of a game scored hand by hand (:class:`scorekeeper.games.hand_log.HandsState`),
    as :class:`HandsCodec` reads it."""

    @property
    def hands(self) -> Sequence[HandResult]: ...


HandsStateT = TypeVar("HandsStateT", bound=ScoredHands)


class HandsCodec(RoundsCodec[SetupT, HandsStateT, EntryT]):
    """A codec for a game scored hand by hand: its rounds are the state's ``hands``, each
    holding the hand as the log has it. A subclass gives what :class:`RoundsCodec` asks but
    :meth:`rounds` and :meth:`entry_of`."""

    def rounds(self, state: HandsStateT) -> Sequence[HandResult]:
        return state.hands

    def entry_of(self, result: HandResult) -> EntryT:
        entry: EntryT = result.hand
        return entry
