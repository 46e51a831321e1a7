"""A second phone confirms (issue 26): in a game that confirms, an entry that scores waits until
a phone at another seat (or the organiser) confirms it; the phones' polled position counts the
confirmations, so every phone shows the news; the same player's other phone cannot confirm its
own entry; two phones that typed the same deal confirm each other."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import records
from scorekeeper.data.db import db
from scorekeeper.games import bismarck, free
from scorekeeper.games.confirming import ORGANISER, Waiting, held, waiting_entries, why_not
from scorekeeper.games.events import Event, HistoryEntry
from scorekeeper.table import services, store

PLAYERS = ("Anna", "Ben", "Carla")


def _deal_one(game: services.LoadedGame, seat: str) -> services.LoadedGame:
    """Deal 1 announced and its tricks recorded, both from ``seat``."""
    announced = services.enter(
        game, Event("announce", {"deal": 1, "contract": "sang"}), 0, seat=seat
    )
    assert isinstance(announced, services.LoadedGame)
    recorded = services.enter(
        announced, Event("record", {"deal": 1, "tricks": [8, 4, 4]}), 1, seat=seat, about=1
    )
    assert isinstance(recorded, services.LoadedGame)
    return recorded


@pytest.fixture
def confirming_game(app):
    with app.app_context():
        yield services.create("bismarck", bismarck.Setup(PLAYERS), confirms=True)


def test_a_recorded_deal_waits_for_another_seat_and_the_poll_counts_the_confirmation(
    app, confirming_game
):
    with app.app_context():
        game = _deal_one(confirming_game, "0")
        assert [w.seq for w in game.waiting] == [1]  # the tricks, not the announcement
        assert store.position_of(db.session, game.token) == 2
        refused = services.confirm(game, 1, "0")  # Anna's other phone
        assert isinstance(refused, services.Refused) and refused.error.field == "confirm"
        nobody = services.confirm(game, 1, None)
        assert isinstance(nobody, services.Refused)
        confirmed = services.confirm(game, 1, "2")
        assert isinstance(confirmed, services.LoadedGame)
        assert confirmed.waiting == () and confirmed.position == 3
        assert store.position_of(db.session, game.token) == 3
        loaded = store.load(db.session, game.token)
        assert loaded.confirmed == {1: frozenset({"2"})} and loaded.waiting == ()
        again = services.confirm(confirmed, 1, "1")
        assert isinstance(again, services.Refused)  # not waiting any more


def test_a_game_that_does_not_confirm_has_nothing_waiting_and_polls_its_log_length(app):
    with app.app_context():
        game = _deal_one(services.create("bismarck", bismarck.Setup(PLAYERS)), "0")
        assert game.waiting == () and game.position == game.seq == 2
        assert isinstance(services.confirm(game, 1, "1"), services.Refused)


def test_a_correction_waits_in_place_of_what_it_corrects(app, confirming_game):
    with app.app_context():
        game = _deal_one(confirming_game, "0")
        game = services.confirm(game, 1, "1")
        assert isinstance(game, services.LoadedGame) and game.waiting == ()
        fixed = Event("correct", {"deal": 1, "contract": "sang", "tricks": [7, 5, 4]})
        corrected = services.correct(game, fixed, game.seq, deals=[1], was=None, seat="1")
        assert isinstance(corrected, services.LoadedGame)
        assert [(w.seq, w.deal, w.seat) for w in corrected.waiting] == [(2, 1, "1")]
        assert isinstance(services.confirm(corrected, 2, "1"), services.Refused)
        assert isinstance(services.confirm(corrected, 2, "0"), services.LoadedGame)


def test_two_phones_that_typed_the_same_deal_confirm_each_other(app, confirming_game):
    with app.app_context():
        announce = Event("announce", {"deal": 1, "contract": "sang"})
        announced = services.enter(confirming_game, announce, 0, seat="0")
        assert isinstance(announced, services.LoadedGame)
        same = Event("record", {"deal": 1, "tricks": [8, 4, 4]})
        first = services.enter(announced, same, 1, seat="0", about=1)
        assert isinstance(first, services.LoadedGame) and len(first.waiting) == 1
        # Ben's phone typed the same tricks on the page from before Anna's went in.
        second = services.enter(announced, same, 1, seat="1", about=1)
        assert isinstance(second, services.AlreadyEntered)
        assert second.game.waiting == () and second.game.confirmed == {1: frozenset({"1"})}
        # Anna's own second phone typing it too confirms nothing.
        own = services.enter(announced, same, 1, seat="0", about=1)
        assert isinstance(own, services.AlreadyEntered)


def test_the_organiser_confirms_and_the_organisers_entries_do_not_wait(app, confirming_game):
    with app.app_context():
        game = _deal_one(confirming_game, "0")
        by_organiser = services.confirm(game, 1, "0", organiser=True)
        assert isinstance(by_organiser, services.LoadedGame)
        assert by_organiser.confirmed == {1: frozenset({ORGANISER})}
        assert by_organiser.waiting == ()


def _history(kinds_deals_undone):
    return [
        HistoryEntry(seq, kind, deal, "", undone)
        for seq, (kind, deal, undone) in enumerate(kinds_deals_undone)
    ]


def test_waiting_entries_worked_example():
    history = _history(
        [
            ("announce", 1, False),
            ("record", 1, False),  # confirmed by seat 1
            ("announce", 2, False),
            ("record", 2, True),  # undone
            ("undo", None, False),
            ("record", 2, False),  # waits: entered by 2, confirmed only by 2's other phone
            ("correct", 1, False),  # waits in place of deal 1's record
        ]
    )
    seats = {1: "0", 5: "2", 6: ORGANISER}
    confirmed = {1: frozenset({"1"}), 5: frozenset({"2"})}
    found = waiting_entries(history, seats.get, confirmed, {"record", "correct"})
    assert found == (Waiting(5, 2, "2"),)  # the organiser's correction does not wait
    assert why_not(found[0], "2") is not None and why_not(found[0], "0") is None
    assert why_not(None, "0") is not None and why_not(found[0], None) is not None


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["announce", "record", "correct"]),
            st.integers(1, 4),
            st.booleans(),
            st.sampled_from(["0", "1", "2", None]),
            st.sets(st.sampled_from(["0", "1", "2"]), max_size=2),
        ),
        max_size=20,
    )
)
def test_waiting_entries_properties(entries):
    """At most one waiting entry a round, each the latest scoring entry of its round still in
    effect, none confirmed by a seat other than its own."""
    history = [
        HistoryEntry(seq, kind, deal, "", undone)
        for seq, (kind, deal, undone, _s, _c) in enumerate(entries)
    ]
    seats = {seq: e[3] for seq, e in enumerate(entries)}
    confirmed = {seq: frozenset(e[4]) for seq, e in enumerate(entries)}
    found = waiting_entries(history, seats.get, confirmed, {"record", "correct"})
    deals = [w.deal for w in found]
    assert len(deals) == len(set(deals))
    for w in found:
        live = [h for h in history if not h.undone and h.kind != "announce" and h.deal == w.deal]
        assert live[-1].seq == w.seq
        assert all(seat == w.seat for seat in confirmed[w.seq])


# --- a confirmation comes from another person's phone (issue 35) ----------------------------


def _deal_one_from(game: services.LoadedGame, seat: str | None, phone: str) -> services.LoadedGame:
    """Deal 1 announced and recorded from ``phone`` at ``seat``."""
    announce = Event("announce", {"deal": 1, "contract": "sang"})
    announced = services.enter(game, announce, 0, seat=seat, phone=phone)
    assert isinstance(announced, services.LoadedGame)
    tricks = Event("record", {"deal": 1, "tricks": [8, 4, 4]})
    recorded = services.enter(announced, tricks, 1, seat=seat, phone=phone, about=1)
    assert isinstance(recorded, services.LoadedGame)
    return recorded


def test_the_phone_that_entered_never_confirms_it_whatever_seat_it_names(app, confirming_game):
    with app.app_context():
        game = _deal_one_from(confirming_game, "0", "annas-phone")
        assert [(w.seq, w.seat, w.phone) for w in game.waiting] == [(1, "0", "annas-phone")]
        for seat in ("1", "2", None):
            refused = services.confirm(game, 1, seat, phone="annas-phone")
            assert isinstance(refused, services.Refused), seat
            assert str(refused.error.text).startswith("This phone entered it")
        as_organiser = services.confirm(game, 1, "0", phone="annas-phone", organiser=True)
        assert isinstance(as_organiser, services.Refused)
        store.REPLAYS.clear()
        assert store.load(db.session, game.token).confirmed == {}
        by_ben = services.confirm(game, 1, "1", phone="bens-phone")
        assert isinstance(by_ben, services.LoadedGame) and by_ben.waiting == ()


def test_a_phones_seat_is_the_one_it_entered_or_confirmed_at_as_stored(app, confirming_game):
    """Which phone made each entry and confirmation is stored, so the seat it holds is known
    to every process (read again from the database, not from this process's memory)."""
    with app.app_context():
        game = _deal_one_from(confirming_game, None, "annas-phone")  # at no seat: holds none
        assert game.seat_held_by("annas-phone") is None
        confirmed = services.confirm(game, 1, "1", phone="bens-phone")
        assert isinstance(confirmed, services.LoadedGame)
        assert confirmed.seat_held_by("bens-phone") == "1"
        announce = Event("announce", {"deal": 2, "contract": "pass"})
        later = services.enter(confirmed, announce, 2, seat="2", phone="annas-phone")
        assert isinstance(later, services.LoadedGame)
        store.REPLAYS.clear()
        loaded = store.load(db.session, game.token)
        assert loaded.phones == ("annas-phone", "annas-phone", "annas-phone")
        assert loaded.seat_held_by("annas-phone") == "2"
        assert loaded.seat_held_by("bens-phone") == "1"
        assert loaded.seat_held_by("carlas-phone") is None
        by_organiser = services.confirm(
            _deal_one_from(
                services.create("bismarck", bismarck.Setup(PLAYERS), confirms=True), "0", "a"
            ),
            1,
            None,
            phone="organisers-phone",
            organiser=True,
        )
        assert isinstance(by_organiser, services.LoadedGame)
        store.REPLAYS.clear()
        assert store.load(db.session, by_organiser.token).seat_held_by("organisers-phone") is None


def test_two_phones_that_typed_the_same_deal_are_two_phones(app, confirming_game):
    """The same phone typing the same deal again under another seat confirms nothing."""
    with app.app_context():
        announce = Event("announce", {"deal": 1, "contract": "sang"})
        announced = services.enter(confirming_game, announce, 0, seat="0", phone="p")
        assert isinstance(announced, services.LoadedGame)
        same = Event("record", {"deal": 1, "tricks": [8, 4, 4]})
        first = services.enter(announced, same, 1, seat="0", phone="p", about=1)
        assert isinstance(first, services.LoadedGame)
        again = services.enter(announced, same, 1, seat="1", phone="p", about=1)
        assert isinstance(again, services.AlreadyEntered) and again.game.confirmed == {}
        other = services.enter(announced, same, 1, seat="1", phone="q", about=1)
        assert isinstance(other, services.AlreadyEntered)
        assert other.game.confirmed == {1: frozenset({"1"})}


def test_why_not_worked_example():
    entry = Waiting(4, 2, "0", "p")
    assert why_not(entry, "1", "p") is not None  # its own phone, at another seat
    assert why_not(entry, ORGANISER, "p") is not None  # its own phone, as the organiser
    assert why_not(entry, ORGANISER, "q", elsewhere=2) is None  # the organiser, anywhere
    said = why_not(entry, "1", "q", elsewhere=2)
    assert said is not None and "table 2 of this round" in said
    assert why_not(entry, "1", "q") is None
    assert why_not(Waiting(4, 2, "0"), "1", "p") is None  # an entry from a phone not known


def test_a_seat_of_the_entering_side_does_not_confirm_where_seats_score_together():
    """A free game of two teams, seats 0 and 2 against 1 and 3 (its sides by seat)."""
    sides = free.GAME.sides_of_seats(
        free.Setup(("Anna", "Ben", "Carla", "Dan"), 0, teams=((0, 2), (1, 3))), 4
    )
    assert sides == {"0": "0", "1": "1", "2": "0", "3": "1"}
    entry = Waiting(4, 2, "0", "p")
    assert why_not(entry, "2", "q", sides=sides) is not None  # Anna's partner
    assert why_not(entry, "2", "q") is None  # where each seat is its own side
    assert why_not(entry, "3", "q", sides=sides) is None  # an opponent
    assert why_not(entry, ORGANISER, "q", sides=sides) is None
    assert free.GAME.sides_of_seats(free.Setup(("Anna", "Ben"), 0), 2) == {"0": "0", "1": "1"}
    assert bismarck.GAME.sides_of_seats(None, 3) == {}  # each seat its own side


def test_held_worked_example():
    seats = ("0", None, ORGANISER, "1", "2")
    phones = ("p", "q", "r", "q", None)
    assert held(seats, phones, {"s": "2", "p": "1"}) == {"p": "0", "q": "1", "s": "2"}
    assert held((), ("p",), {}) == {}  # entered at no seat known: holds none


@given(
    st.lists(
        st.tuples(st.sampled_from(["0", "1", "2", ORGANISER, None]), st.sampled_from("pqr")),
        max_size=12,
    ),
    st.dictionaries(st.sampled_from("pqr"), st.sampled_from(["0", "1", "2"]), max_size=3),
)
def test_held_properties(entries, confirmers):
    """A phone holds the seat of its latest entry at a player's seat, else the seat it
    confirmed at, and never the organiser's."""
    seats = tuple(seat for seat, _ in entries)
    phones = tuple(phone for _, phone in entries)
    found = held(seats, phones, confirmers)
    assert ORGANISER not in found.values()
    for phone in "pqr":
        at_seats = [s for s, p in entries if p == phone and s not in (None, ORGANISER)]
        expected = at_seats[-1] if at_seats else confirmers.get(phone)
        assert found.get(phone) == expected


def test_a_phone_is_at_one_table_a_round(app):
    """``evenings.table_elsewhere``: the other table of the same round where a phone entered
    or confirmed at a seat; not a table of another round, nor one it entered at no seat."""
    from scorekeeper.evenings import services as evenings
    from scorekeeper.evenings import store as evening_store
    from scorekeeper.evenings.setup import EveningSetup

    six = ("Anna", "Ben", "Carla", "Dora", "Emil", "Frida")
    with app.app_context():
        setup = EveningSetup("Vecka 3", "bismarck", six, 2, "totals", confirms=True)
        evening = evenings.start_round(evenings.create(setup), 1)
        one, two = (table.game for table in evening.tables(1))
        assert evenings.table_elsewhere(two, "p") is None
        _deal_one_from(one, None, "p")
        assert evenings.table_elsewhere(two, "p") is None  # entered at no seat
        _deal_one_from(two, "1", "q")
        assert (
            evenings.table_elsewhere(one, "q") == 2 and evenings.table_elsewhere(two, "q") is None
        )
        evening = evening_store.start_round(db.session, evenings.load(evening.token), 2, [0, 0])
        later = evening.tables(2)[0].game
        assert evenings.table_elsewhere(later, "q") is None  # another round
        loaded_two = store.load(db.session, two.token)
        confirmed = services.confirm(loaded_two, 1, "0", phone="r")
        assert isinstance(confirmed, services.LoadedGame)
        assert evenings.table_elsewhere(one, "r") == 2
        assert evenings.table_elsewhere(one, None) is None
        plain = services.create("bismarck", bismarck.Setup(PLAYERS), confirms=True)
        assert evenings.table_elsewhere(plain, "q") is None  # a game of no evening


# --- records: version 2 carries who confirmed what ------------------------------------------


def _waiting_game(confirmed: bool) -> services.LoadedGame:
    """Deal 1 entered by Anna (seat 0) in a game that confirms, confirmed by Ben when asked."""
    game = _deal_one(services.create("bismarck", bismarck.Setup(PLAYERS), confirms=True), "0")
    if confirmed:
        game = services.confirm(game, 1, "1")
        assert isinstance(game, services.LoadedGame)
    return game


def test_a_confirming_games_record_is_version_2_and_imports_with_its_confirmations(app):
    with app.app_context():
        game = _waiting_game(confirmed=True)
        text = services.record_text(game)
        raw = json.loads(text)
        assert raw["format"] == records.CONFIRMING_FORMAT and raw["confirms"] is True
        assert (
            raw["history"][1]["confirmed_by"] == ["1"] and "confirmed_by" not in raw["history"][0]
        )
        again = services.import_record(records.loads(text.encode()))
        assert again.confirms and again.confirmed == {1: frozenset({"1"})}
        assert services.record_text(store.load(db.session, again.token)) == text
        plain = services.create("bismarck", bismarck.Setup(PLAYERS))
        assert json.loads(services.record_text(plain))["format"] == records.FORMAT


def test_a_version_1_record_cannot_say_who_confirmed(app):
    with app.app_context():
        raw = json.loads(services.record_text(_waiting_game(confirmed=True)))
    raw["format"] = records.FORMAT
    with pytest.raises(records.RecordError) as refused:
        records.parse(raw)
    said = " ".join(refused.value.lines_in(None))
    assert "confirms" in said and "confirmed_by" in said
    raw["format"] = records.CONFIRMING_FORMAT
    raw["history"][1]["confirmed_by"] = ["7"]
    with pytest.raises(records.RecordError) as refused:
        records.parse(raw)
    assert "seat 7: this game has seats 0 to 2" in " ".join(refused.value.lines_in(None))


def test_score_shows_the_entries_not_yet_confirmed(app):
    from tests.cli.runner import invoke

    with app.app_context():
        waiting = services.record_text(_waiting_game(confirmed=False))
        confirmed = services.record_text(_waiting_game(confirmed=True))
    shown = invoke("score", "-", input=waiting.encode())
    assert shown.exit_code == 0, shown.output
    assert "Not yet confirmed (counted above as entered):" in shown.stdout
    assert "Deal 1: tricks 8/4/4 (by Anna)" in shown.stdout
    done = invoke("score", "-", input=confirmed.encode())
    assert done.exit_code == 0 and "Not yet confirmed" not in done.stdout


def test_an_evening_record_carries_each_tables_confirmations(app):
    """A confirming evening's record holds each table's game as version 2, with who confirmed
    what; import stores it all, and exports the same bytes again."""
    from scorekeeper.evenings import services as evenings
    from scorekeeper.evenings.setup import EveningSetup
    from tests.records.schemas import EVENING, errors

    with app.app_context():
        setup = EveningSetup("Vecka 1", "bismarck", PLAYERS, 1, "totals", confirms=True)
        evening = evenings.start_round(evenings.create(setup), 1)
        (table,) = evening.tables(1)
        game = _deal_one(table.game, "0")
        assert game.confirms and isinstance(services.confirm(game, 1, "2"), services.LoadedGame)
        text = evenings.record_of(evenings.load(evening.token))
        raw = json.loads(text)
        assert raw["tables"][0]["record"]["format"] == records.CONFIRMING_FORMAT
        assert raw["tables"][0]["record"]["history"][1]["confirmed_by"] == ["2"]
        assert not errors(EVENING, raw)
        again = evenings.import_record(text)
        (copy,) = again.tables(1)
        assert copy.game.confirms and copy.game.confirmed == {1: frozenset({"2"})}
        assert evenings.record_of(evenings.load(again.token)) == text


def test_a_closed_evenings_record_says_so_and_imports_closed(app):
    from scorekeeper.evenings import services as evenings
    from scorekeeper.evenings.setup import EveningSetup
    from tests.cli.runner import invoke
    from tests.records.schemas import EVENING, errors

    with app.app_context():
        setup = EveningSetup("Vecka 2", "bismarck", PLAYERS, 1, "totals")
        evening = evenings.start_round(evenings.create(setup), 1)
        open_text = evenings.record_of(evenings.load(evening.token))
        evenings.close(evenings.load(evening.token))
        text = evenings.record_of(evenings.load(evening.token))
        raw = json.loads(text)
        assert "closed_at" not in json.loads(open_text) and raw["closed_at"].endswith("Z")
        assert not errors(EVENING, raw)
        again = evenings.import_record(text)
        assert again.closed_at is not None
        assert evenings.record_of(evenings.load(again.token)) == text
    shown = invoke("score", "-", input=text.encode())
    assert "This evening is closed: its results are final." in shown.stdout
    raw["closed_at"] = "yesterday"
    refused = invoke("score", "-", input=json.dumps(raw).encode())
    assert refused.exit_code == 2 and "closed_at must be a time" in refused.stderr
