"""A club record as the terminal shows it (``scorekeeper club score``): its season tables
(every evening's, each stored season's by its rule) and its members' ratings, worked out from
the record alone as the club's pages work them out from the database, and written as text
tables in the current words. Pure Python: no Flask, no database."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper import seasons
from scorekeeper.clubs import season
from scorekeeper.clubs.record_format import ClubRecord, Season
from scorekeeper.evenings.record import evening_standings
from scorekeeper.evenings.record_text import points_text
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import ngettext
from scorekeeper.records.text import table


def follow(kept: Mapping[int, int | None], member: int) -> int:
    """The member an entry stands for now: itself, or the one it was merged into (in turn)."""
    seen = set()
    while (into := kept.get(member)) is not None and member not in seen:
        seen.add(member)
        member = into
    return member


def names_now(read: ClubRecord) -> dict[int, str]:
    """Every entry's display name now, a merged one by the member kept."""
    kept = {m.id: m.merged_into for m in read.members}
    by_id = {m.id: m.name for m in read.members}
    return {m.id: by_id[follow(kept, m.id)] for m in read.members}


def _key(number: int) -> str:
    return f"{number:05d}"


def evening_results(read: ClubRecord) -> list[season.EveningResult]:
    """Each evening's result for every member who played it (a merged entry counted as the
    member kept), as :func:`scorekeeper.clubs.services.season_of` works it out from the
    database; each evening keyed by its number in the record."""
    kept = {m.id: m.merged_into for m in read.members}
    found = []
    for number, evening in enumerate(read.evenings, start=1):
        standings = evening_standings(evening.evening)
        results = season.member_results(
            standings.rows, evening.members, lambda member: follow(kept, member)
        )
        found.append(
            season.EveningResult(
                _key(number),
                evening.evening.setup.name,
                evening.date,
                results,
                standings.provisional,
            )
        )
    return found


def season_rows(
    read: ClubRecord,
    rule: seasons.SeasonRule = season.DEFAULT_RULE,
    of: Season | None = None,
    results: Sequence[season.EveningResult] | None = None,
) -> list[season.SeasonRow]:
    """The season table of all the record's evenings, or of the stored season ``of``'s
    (``results``: the evenings' :func:`evening_results`, when worked out already)."""
    results = evening_results(read) if results is None else results
    if of is not None:
        results = [
            r
            for number, (r, e) in enumerate(zip(results, read.evenings, strict=True), start=1)
            if of.holds(number, e.date)
        ]
        rule = of.rule
    return season.season_table(results, names_now(read), rule, _first_evenings(read))


def _first_evenings(read: ClubRecord) -> dict[int, season.Order]:
    """Each member's first evening of the record's club (by its date and number), as
    :func:`scorekeeper.clubs.season.first_evenings` tells it."""
    kept = {m.id: m.merged_into for m in read.members}
    return season.first_evenings(
        ((e.date, _key(number)), (follow(kept, m) for m in e.members))
        for number, e in enumerate(read.evenings, start=1)
    )


def club_games(read: ClubRecord) -> list[seasons.TableGame]:
    """Every game of the club's evenings that has scored, as the ratings read them: each
    side's members (a merged entry as the member kept), totals and places. They are replayed
    in the order they were played: evening by evening (by date), round by round."""
    kept = {m.id: m.merged_into for m in read.members}
    found = []
    for number, evening in enumerate(read.evenings, start=1):
        rules = evening.evening.setup.game
        plan = evening.evening.plan
        for round_, table_number, game in evening.evening.tables:
            board = rules.scoreboard(game.state)
            if board is None or not board.started:
                continue
            seats = plan.rounds[round_ - 1].tables[table_number - 1]
            sides = tuple(
                tuple(follow(kept, evening.members[seats[seat]]) for seat in side)
                for side in board.sides
            )
            found.append(
                seasons.TableGame(
                    f"{_key(number)}.{round_:03d}.{table_number:03d}",
                    evening.date,
                    sides,
                    board.totals,
                    board.places(),
                    board.finished,
                )
            )
    return found


def ratings(read: ClubRecord, games: Sequence[seasons.TableGame] | None = None) -> seasons.Ratings:
    """Every member's rating from the record's finished games (see :func:`club_games`: the
    ``games``, when worked out already)."""
    return seasons.replay(
        seasons.GameResult(g.key, g.ended, g.sides, g.places)
        for g in (club_games(read) if games is None else games)
        if g.finished
    )


def season_text(
    read: ClubRecord,
    rule: seasons.SeasonRule = season.DEFAULT_RULE,
    of: Season | None = None,
    results: Sequence[season.EveningResult] | None = None,
) -> str:
    """A season table for the terminal: place (shared as ``=2``), member, points, evenings."""
    rows = season_rows(read, rule, of, results)
    body = [
        [
            "–" if row.place is None else f"={row.place}" if row.shared else str(row.place),
            row.name,
            points_text(row.points),
            str(row.evenings),
        ]
        for row in rows
    ]
    headers = [_("Place"), _("Member"), _("Points"), _("Evenings")]
    return "\n".join(table(headers, body, right={0, 2, 3}))


def ratings_text(read: ClubRecord, games: Sequence[seasons.TableGame] | None = None) -> str:
    """The members' ratings for the terminal, highest first: the shown number, ± how sure,
    games played."""
    found = ratings(read, games).now
    names = {m.id: m.name for m in read.members}
    ordered = sorted(found.items(), key=lambda item: (-item[1].shown, names[item[0]].casefold()))
    body = [
        [names[member], str(rating.shown), f"±{rating.plus_minus}", str(rating.games)]
        for member, rating in ordered
    ]
    headers = [_("Member"), _("Rating"), "±", _("Games")]
    return "\n".join(table(headers, body, right={1, 2, 3}))


def club_text(read: ClubRecord) -> str:
    """What ``scorekeeper club score`` prints: the season table of every evening (total), each
    stored season's table by its rule, and the ratings. Each evening's results and games are
    worked out once (not once a season): the time grows as the record does."""
    active = sum(1 for m in read.members if m.merged_into is None and not m.retired)
    results, games = evening_results(read), club_games(read)
    lines = [
        read.name,
        " · ".join(
            [
                ngettext("%(num)d evening", "%(num)d evenings", len(read.evenings)),
                ngettext("%(num)d member", "%(num)d members", active),
            ]
        ),
        "",
        _("Season table: every evening, total of evening results"),
        "",
        season_text(read, results=results),
    ]
    for stored in read.seasons:
        held = season_text(read, of=stored, results=results)
        lines += ["", _("Season %(name)s", name=stored.name), "", held]
    lines += ["", _("Ratings"), ""]
    lines.append(
        ratings_text(read, games) if any(g.finished for g in games) else _("No finished games yet.")
    )
    return "\n".join(lines) + "\n"
