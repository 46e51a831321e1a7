"""What an evening gives a club's pages (issue 33; ``docs/architecture.md``, "Clubs"): its
:class:`EveningFacts` — each player's line of its standings, whether they are hidden, each game
that scored (sides, totals, places, finished), who sat down — derived from its games, and
:func:`key_of`, exactly what they were derived from (every game's log position with its
confirmations, the reveal, the closing). :mod:`scorekeeper.clubs.kept` keeps them by that key,
in this process and in the database (``kept_evening``, as :func:`facts_dict` writes them, with
the evening's :func:`record_text`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from scorekeeper.clubs import store_kept
from scorekeeper.evenings import record as evening_record
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import suspense
from scorekeeper.evenings.standings import PlayerStanding, Standings
from scorekeeper.evenings.standings import standings as standings_of_evening

#: The form of what is kept: a new one (what is kept is derived another way) derives again
#: every evening a process reads from the database.
FORM = 1


# --- what an evening gives the club's pages -------------------------------------------------


@dataclass(frozen=True)
class GameFacts:
    """A game of the evening that has scored: its token and start (the order of the ratings),
    round and table, its log's length when derived, the evening's player in each seat, each
    side's seats, totals and places (1 first), and whether it is over."""

    token: str
    created_at: datetime
    round: int
    table: int
    seq: int
    seats: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    finished: bool


@dataclass(frozen=True)
class EveningFacts:
    """What an evening gives the club's pages, and what it was derived from (``key``): its
    standings' lines (by player), whether some game is still being played and whether its
    standings are hidden, and its games that have scored."""

    key: str
    kind: str
    hidden: bool
    provisional: bool
    rows: tuple[PlayerStanding, ...]
    games: tuple[GameFacts, ...]
    #: The players seated at a game of the evening (a round of theirs started): a member's
    #: page has a table of statistics of each game they sat down to.
    seated: frozenset[int] = frozenset()

    @property
    def settled(self) -> bool:
        """No game of it is being played: what it gives changes only by a correction."""
        return not self.provisional and all(game.finished for game in self.games)


def key_of(evening: evenings.LoadedEvening) -> str:
    """What the evening's kept results are derived from: the form they are kept in, each
    table's game (round, table, log length, confirmations), how much of its hidden standings
    is revealed, and when it was closed (its record says so)."""
    games = [
        [round_, table, game.seq, game.position - game.seq]
        for (round_, table), game in sorted(evening.games.items())
    ]
    closed = None if evening.closed_at is None else evening.closed_at.isoformat()
    return _key(games, evening.revealed, closed)


def key_of_state(state: store_kept.EveningState) -> str:
    """:func:`key_of` an evening as :func:`scorekeeper.clubs.store_kept.states` reads it."""
    closed = None if state.closed_at is None else state.closed_at.isoformat()
    return _key([list(game) for game in state.games], state.revealed, closed)


def _key(games: list[list[int]], revealed: int | None, closed: str | None) -> str:
    return json.dumps([FORM, games, revealed, closed], separators=(",", ":"))


def hidden(loaded: evenings.LoadedEvening, found: Standings | None = None) -> bool:
    """Whether the evening's standings are hidden (its organiser hides the last rounds and has
    not revealed every place yet, :mod:`scorekeeper.evenings.suspense`): until then the club's
    pages leave its games out, as the evening's own pages hide its standings. (``found``: its
    standings, when worked out already.)"""
    if not loaded.setup.hide_last:
        return False
    found = found or evenings.standings_of(loaded)
    places = [row.place for row in found.rows]
    shown = suspense.curtain(
        loaded.setup.rounds, loaded.setup.hide_last, loaded.started, loaded.revealed, places
    )
    return shown.hidden


def facts_of(loaded: evenings.LoadedEvening) -> EveningFacts:
    """What the evening gives the club's pages, derived from its games. (Its standings are
    worked out here, not kept for the evening's pages: a club's years are read at once when
    a process starts, and would push tonight's out.)"""
    standings = standings_of_evening(
        loaded.setup.players, loaded.setup.scoring, evenings.results(loaded)
    )
    rules = loaded.setup.game
    games = []
    for table in loaded.all_tables():
        game = table.game
        board = None if game is None else rules.scoreboard(game.state)
        if game is None or board is None or not board.started:
            continue
        games.append(
            GameFacts(
                game.token,
                game.created_at,
                table.round,
                table.number,
                game.seq,
                table.seats,
                board.sides,
                board.totals,
                board.places(),
                board.finished,
            )
        )
    seated = frozenset(p for t in loaded.all_tables() if t.game is not None for p in t.seats)
    return EveningFacts(
        key_of(loaded),
        loaded.setup.kind,
        hidden(loaded, standings),
        standings.provisional,
        standings.rows,
        tuple(games),
        seated,
    )


def record_text(loaded: evenings.LoadedEvening) -> str:
    """The evening's record (``scorekeeper-evening/1``) as the club record holds it: on one
    line, from the games' states as loaded (nothing replayed again)."""
    tables = [
        evening_record.RecordTable.of(r, n, game) for (r, n), game in sorted(loaded.games.items())
    ]
    built = evening_record.build_evening(
        loaded.setup, loaded.plan, loaded.seed, tables, loaded.closed_at
    )
    return json.dumps(built, ensure_ascii=False, separators=(",", ":"))


def _fraction(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def _read_fraction(value: Any) -> Fraction | None:
    return None if value is None else Fraction(value)


def facts_dict(facts: EveningFacts) -> dict[str, Any]:
    """The facts as kept in the database (JSON)."""
    return {
        "kind": facts.kind,
        "hidden": facts.hidden,
        "provisional": facts.provisional,
        "rows": [
            [
                r.player,
                r.name,
                r.place,
                r.shared,
                str(r.points),
                r.games,
                r.finished,
                r.wins,
                r.sat_out,
                str(r.sit_out_points),
                _fraction(r.average),
                [_fraction(d) for d in r.details],
            ]
            for r in facts.rows
        ],
        "games": [
            [
                g.token,
                g.created_at.isoformat(),
                g.round,
                g.table,
                g.seq,
                list(g.seats),
                [list(side) for side in g.sides],
                list(g.totals),
                list(g.places),
                g.finished,
            ]
            for g in facts.games
        ],
        "seated": sorted(facts.seated),
    }


def facts_from(key: str, data: Mapping[str, Any]) -> EveningFacts:
    """The facts kept as :func:`facts_dict` wrote them."""
    rows = tuple(
        PlayerStanding(
            player,
            name,
            place,
            shared,
            Fraction(points),
            games,
            finished,
            wins,
            sat_out,
            Fraction(sit_out_points),
            _read_fraction(average),
            tuple(_read_fraction(d) for d in details),
        )
        for (
            player,
            name,
            place,
            shared,
            points,
            games,
            finished,
            wins,
            sat_out,
            sit_out_points,
            average,
            details,
        ) in data["rows"]
    )
    games = tuple(
        GameFacts(
            token,
            datetime.fromisoformat(created_at),
            round_,
            table,
            seq,
            tuple(seats),
            tuple(tuple(side) for side in sides),
            tuple(totals),
            tuple(places),
            finished,
        )
        for token, created_at, round_, table, seq, seats, sides, totals, places, finished in data[
            "games"
        ]
    )
    seated = frozenset(data["seated"])
    return EveningFacts(key, data["kind"], data["hidden"], data["provisional"], rows, games, seated)
