"""What every rules engine shares: the player-facing error and the event log's undo rule.

A game is its setup plus an append-only log of events. Engines never store derived state:
they fold the *effective* events (the log with undone events taken out) into a state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, TypedDict, TypeVar

from scorekeeper.games.text import T_, Text, as_text

T = TypeVar("T")

UNDO = "undo"


class RuleError(ValueError):
    """Something the rules forbid, explained in a sentence a player understands.

    ``text`` is the sentence as a message id and its parameters (:class:`~scorekeeper.games.
    text.Text`), which each layer says in its reader's language; ``message`` and ``str()`` are
    the English. ``field`` names the form field or record field the message belongs to
    (``"tricks"``, ``"contract"``, ``"trump"`` ...) so that a form can show it next to that
    field, and ``deal`` the number of the deal it is about, when there is one (a hand's, in
    Klaberjass and Sviten Special: shared code says deal for both, ``docs/glossary.md``);
    ``other`` another deal the sentence names (the one a contract was already played in), so
    that a page can offer to change that deal too.
    """

    def __init__(
        self,
        message: str | Text,
        *,
        field: str | None = None,
        deal: int | None = None,
        other: int | None = None,
    ):
        self.text = as_text(message)
        self.message = str(self.text)
        super().__init__(self.message)
        self.field = field
        self.deal = deal
        self.other = other

    def __str__(self) -> str:
        return self.message


class Where(TypedDict, total=False):
    """What a refusal is about (:class:`RuleError`'s ``field`` and ``deal``), written once for
    the checks of one field and passed on as ``RuleError(message, **where)``."""

    field: str | None
    deal: int | None


@dataclass(frozen=True)
class Event:
    """One entry of a game's log: a kind (``announce``, ``record``, ``undo`` ...) and its data."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        return cls(kind=str(raw["kind"]), data=dict(raw.get("data") or {}))


def event_data(event: Event) -> Mapping[str, Any]:
    """An event's data; RuleError when it is not a record of fields."""
    if not isinstance(event.data, Mapping):
        raise RuleError(T_("An event's data must be a record of fields."))
    return event.data


def unknown_kind(event: Event) -> RuleError:
    """The refusal of an event of a kind the game does not know."""
    return RuleError(T_("Unknown action %(kind)s.", kind=repr(event.kind)), field="kind")


def effective_events(events: Iterable[Event]) -> list[Event]:
    """The log with every undone event removed.

    An ``undo`` takes back the most recent event that is still in effect; several undos in a
    row take back several events. An undo with nothing left to take back is an error.
    """
    stack: list[Event] = []
    for event in events:
        if event.kind == UNDO:
            if not stack:
                raise RuleError(T_("There is nothing to undo."))
            stack.pop()
        else:
            stack.append(event)
    return stack


@dataclass(frozen=True)
class HistoryEntry:
    """One event of the log described for people (``summary``: a :class:`~scorekeeper.games.
    text.Text`, English as a string); ``undone`` when a later undo took it back."""

    seq: int
    kind: str
    deal: int | None
    summary: Text
    undone: bool


#: Applies one (non-undo) event: returns the new state, a summary for people (a Text) and the
#: deal/hand.
Fold = Callable[[T, Event], tuple[T, str, int | None]]


def _fold_into(
    state: T,
    entries: list[HistoryEntry],
    undoable: list[tuple[int, T]],
    events: Iterable[Event],
    fold: Fold[T],
) -> T:
    """Fold ``events`` onto ``state``, extending ``entries`` and ``undoable`` in place."""
    for event in events:
        seq = len(entries)
        if event.kind == UNDO:
            if not undoable:
                raise RuleError(T_("There is nothing to undo."))
            index, state = undoable.pop()
            target = entries[index] = replace(entries[index], undone=True)
            undid = T_("undid: %(change)s", change=target.summary)
            entries.append(HistoryEntry(seq, UNDO, target.deal, undid, False))
            continue
        new, summary, deal = fold(state, event)
        undoable.append((len(entries), state))
        entries.append(HistoryEntry(seq, str(event.kind), deal, as_text(summary), False))
        state = new
    return state


def fold_log(
    start: T, events: Sequence[Event], fold: Fold[T]
) -> tuple[T, tuple[HistoryEntry, ...]]:
    """Fold a game's whole log into its state and its history, the way every engine does.

    An undo restores the state from before the event it takes back, which is the same as
    folding only the :func:`effective_events`; the history keeps every event, undone ones
    marked. Raises :class:`RuleError` for an illegal event or an undo with nothing to undo.
    """
    entries: list[HistoryEntry] = []
    state = _fold_into(start, entries, [], events, fold)
    return state, tuple(entries)


class HasHistory(Protocol):
    """An engine's state: a frozen dataclass whose ``history`` field the fold fills in."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def history(self) -> tuple[HistoryEntry, ...]: ...


S = TypeVar("S", bound=HasHistory)


@dataclass(frozen=True)
class Played(Generic[S]):
    """A log folded into a state, ready to take one more event without replaying the rest.

    ``state`` carries the whole history; ``undoable`` holds, for each event still in effect,
    its history index and the state from before it (what an undo goes back to).
    """

    state: S
    undoable: tuple[tuple[int, S], ...] = ()

    @property
    def seq(self) -> int:
        """How many events were folded: the log position the next event takes."""
        return len(self.state.history)

    def then(self, events: Iterable[Event], fold: Fold[S]) -> Played[S]:
        """The game after ``events`` as well (each folded once): O(len(events)) rule work.

        Raises :class:`RuleError` for an illegal event or an undo with nothing to undo.
        """
        entries = list(self.state.history)
        undoable = list(self.undoable)
        state = _fold_into(self.state, entries, undoable, events, fold)
        return Played(replace(state, history=tuple(entries)), tuple(undoable))
