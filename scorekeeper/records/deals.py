"""The codec base for games whose log enters one deal per event: most of a new game's codec.

Such a game's log has three kinds of event: one named after its deal (``hand`` for a game of
hands, ``deal`` for a game of deals) whose data is the deal's entered fields and its
``number``, ``correct`` (the same, for an earlier deal) and ``undo``. Its state lists the
deals scored so far and has ``totals``, ``winner`` (a seat, or None) and ``finished``. A game
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
    """The state of a game of deals, as this codec reads it."""

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def winner(self) -> int | None: ...


ScoredStateT = TypeVar("ScoredStateT", bound=ScoredState)


class DealsCodec(Codec[SetupT, ScoredStateT, EntryT]):
    """A codec for a game of deals. A subclass gives ``kind``, ``entered_fields`` (a deal's
    data fields besides ``number``), ``item_derived`` (``number``, ``dealer`` and what else a
    record shows next to a deal), and :meth:`parse_deal`, :meth:`deal_dict`,
    :meth:`deals`, :meth:`entry_of`, :meth:`derived_dict` and :meth:`csv_rows`."""

    top_fields = ("totals", "winner", "finished")
    number_key = "number"
    #: The most deals a record may list.
    max_deals: ClassVar[int] = 1000

    # -- what a game of deals gives --

    @abstractmethod
    def parse_deal(self, setup: SetupT | None, data: dict[str, Any], number: int) -> EntryT:
        """Deal ``number`` from its entered fields; RuleError if the rules refuse it. The
        setup is None when the record's is broken (check what can be checked without it)."""
        raise NotImplementedError

    @abstractmethod
    def deal_dict(self, entry: EntryT) -> dict[str, Any]:
        """A deal's entered fields, as :meth:`parse_deal` reads them."""
        raise NotImplementedError

    @abstractmethod
    def deals(self, state: ScoredStateT) -> Sequence[Any]:
        """The state's deals, scored."""
        raise NotImplementedError

    @abstractmethod
    def entry_of(self, result: Any) -> EntryT:
        """A scored deal's entry, as the log holds it."""
        raise NotImplementedError

    @abstractmethod
    def derived_dict(self, result: Any) -> dict[str, Any]:
        """A scored deal's derived fields (``item_derived``), ``number`` and ``dealer`` first."""
        raise NotImplementedError

    def check_item(self, where: Text, raw: dict[str, Any], problems: Problems) -> None:
        """Checks of the record's own strictness before the rules read the deal."""

    # -- the rest of the codec, the same for every game of deals --

    @property
    def event_fields(self) -> EventFields:
        fields = frozenset({self.number_key, *self.entered_fields})
        return {self.item: fields, "correct": fields, "undo": frozenset()}

    def max_items(self, setup: SetupT | None) -> int:
        return self.max_deals

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
            return self.parse_deal(setup, data, index + 1)
        except RuleError as error:
            problems.add(where, error.text)
            return None

    def events_from(self, setup: SetupT, entries: Sequence[EntryT]) -> list[Event]:
        return [
            Event(self.item, {**self.deal_dict(entry), self.number_key: number})
            for number, entry in enumerate(entries, 1)
        ]

    def entered(self, entry: EntryT) -> dict[str, Any]:
        return self.deal_dict(entry)

    def state_entries(self, state: ScoredStateT) -> list[EntryT]:
        return [self.entry_of(result) for result in self.deals(state)]

    def items_list(self, state: ScoredStateT) -> list[dict[str, Any]]:
        items = []
        for result in self.deals(state):
            derived = self.derived_dict(result)
            item = {"number": derived.pop("number"), "dealer": derived.pop("dealer")}
            item.update(self.deal_dict(self.entry_of(result)))
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
            count = len(self.deals(state))
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


class HandsCodec(DealsCodec[SetupT, HandsStateT, EntryT]):
    """A codec for a game scored hand by hand: its deals are the state's ``hands``, each
    holding the hand as the log has it. A subclass gives what :class:`DealsCodec` asks but
    :meth:`deals` and :meth:`entry_of`."""

    def deals(self, state: HandsStateT) -> Sequence[HandResult]:
        return state.hands

    def entry_of(self, result: HandResult) -> EntryT:
        entry: EntryT = result.hand
        return entry
