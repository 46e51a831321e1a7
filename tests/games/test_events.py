"""The log rule every engine shares: an undo takes back the latest action still in effect."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.events import Event, RuleError, effective_events, fold_log


def add(total: int, event: Event) -> tuple[int, str, int | None]:
    value = event.data["n"]
    if value < 0:
        raise RuleError("no negatives", field="n")
    return total + value, f"+{value}", None


logs = st.lists(
    st.one_of(
        st.builds(lambda n: Event("add", {"n": n}), st.integers(0, 9)), st.just(Event("undo"))
    ),
    max_size=30,
)


@given(logs)
def test_folding_with_undo_equals_folding_the_effective_events(events):
    try:
        effective = effective_events(events)
    except RuleError:
        with pytest.raises(RuleError, match="nothing to undo"):
            fold_log(0, events, add)
        return
    total, history = fold_log(0, events, add)
    assert total == sum(event.data["n"] for event in effective)
    assert [entry.seq for entry in history] == list(range(len(events)))
    assert sum(1 for entry in history if entry.kind == "add" and not entry.undone) == len(effective)


def test_history_names_what_an_undo_took_back():
    total, history = fold_log(
        0, [Event("add", {"n": 3}), Event("add", {"n": 4}), Event("undo")], add
    )
    assert total == 3
    assert [(h.summary, h.undone) for h in history] == [
        ("+3", False),
        ("+4", True),
        ("undid: +4", False),
    ]


def test_an_illegal_event_stops_the_fold():
    with pytest.raises(RuleError, match="no negatives"):
        fold_log(0, [Event("add", {"n": 1}), Event("add", {"n": -1})], add)
