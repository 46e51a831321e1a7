"""What a club's pages derive of its evenings at one version of the club (issue 33;
``docs/architecture.md``, "Clubs"): a :class:`View` of all its evenings or a season's, worked
out from the evenings' kept facts (:mod:`scorekeeper.clubs.evening_facts`) when first asked
for, each going on from what the version before had derived of the same evenings: the season
table prepared again only for the evenings that changed, the ratings run forward from the first
game that changed (a game that ends tonight is rated alone; a correction of a game of the first
year rates from that game on, once), a player's story and statistics.
:mod:`scorekeeper.clubs.kept` keeps the club at its version, and each of its views with it
(:meth:`~scorekeeper.clubs.kept.Kept.view`).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import orm

from scorekeeper import seasons
from scorekeeper.clubs import season, store_members
from scorekeeper.clubs.evening_facts import EveningFacts, GameFacts
from scorekeeper.clubs.store_evenings import ClubEvening
from scorekeeper.data.cache import LRUCache
from scorekeeper.evenings import services as evenings
from scorekeeper.games import registry
from scorekeeper.games.stats import StatsTable

if TYPE_CHECKING:
    from scorekeeper.clubs.kept import Kept


@dataclass(frozen=True)
class GamePlace:
    """Where a game of a club's evening was played: the evening, its round and table."""

    evening: ClubEvening
    round: int
    table: int


@dataclass(frozen=True)
class Mapped:
    """An evening as the club's pages read it, its players made members (an entry merged into
    another counts as that one): its result, its games that scored, its finished games as the
    ratings read them, and each game's member in each seat."""

    facts: EveningFacts
    result: season.EveningResult
    games: tuple[seasons.TableGame, ...]
    rated: tuple[seasons.GameResult, ...]
    seats: tuple[tuple[GameFacts, Mapping[int, int]], ...]
    #: The members who sat down to a game of the evening.
    seated: frozenset[int]


def _mapped(evening: ClubEvening, facts: EveningFacts, merges: dict[int, int | None]) -> Mapped:
    def merges_to(entry: int) -> int:
        return store_members.follow(merges, entry)

    def member(player: int) -> int:
        return merges_to(evening.members[player])

    results = season.member_results(facts.rows, evening.members, merges_to)
    result = season.EveningResult(
        evening.token, evening.name, evening.created_at, results, facts.provisional
    )
    games, seats = [], []
    for game in facts.games:
        sides = tuple(tuple(member(game.seats[seat]) for seat in side) for side in game.sides)
        # In the order the games were played: a correction typed in next week does not move a
        # game after the games played since.
        games.append(
            seasons.TableGame(
                game.token, game.created_at, sides, game.totals, game.places, game.finished
            )
        )
        sat: dict[int, int] = {}
        for seat, player in enumerate(game.seats):
            if player < len(evening.members):
                sat.setdefault(member(player), seat)
        seats.append((game, sat))
    rated = tuple(
        seasons.GameResult(g.key, g.ended, g.sides, g.places) for g in games if g.finished
    )
    seated = frozenset(member(p) for p in facts.seated if p < len(evening.members))
    return Mapped(facts, result, tuple(games), rated, tuple(seats), seated)


#: Finished games' states (a player's statistics read them), by token and log length.
_STATES: LRUCache[Any] = LRUCache(2048)


class View:
    """What the club's pages derive of some of its evenings at one version of the club (all
    of them, or a season's): worked out when first asked for, going on from what the version
    before had derived of the same evenings (``before``)."""

    def __init__(self, kept: Kept, listed: Sequence[ClubEvening], before: View | None):
        self.kept = kept
        merges = kept.merges
        same_register = before is not None and before.kept.merges == merges
        self.names = kept.names()
        known = before.mapped if before is not None and same_register else {}
        self.mapped: dict[str, Mapped] = {}
        shown: list[tuple[ClubEvening, Mapped]] = []
        left_out: list[tuple[ClubEvening, Mapped]] = []
        for evening in listed:
            facts = kept.facts[evening.token]
            was = known.get(evening.token)
            mapped = was if was is not None and was.facts is facts else None
            mapped = mapped or _mapped(evening, facts, merges)
            self.mapped[evening.token] = mapped
            (left_out if facts.hidden else shown).append((evening, mapped))
        self.shown = shown
        #: Oldest first.
        self.left_out = [evening for evening, _mapped in reversed(left_out)]
        self.before: View | None = before if same_register else None
        # Nothing these evenings give changed (another season's evening did, or nothing): what
        # the version before derived is this version's.
        self._cache: dict[Any, Any] = {}
        previous = self.before
        if (
            previous is not None
            and self.names == previous.names
            and len(shown) == len(previous.shown)
            and all(m is n for (_e, m), (_f, n) in zip(shown, previous.shown, strict=True))
        ):
            self._cache = dict(previous._cache)
            earlier = previous.kept
            if earlier.first_evenings is not kept.first_evenings and earlier.joined != kept.joined:
                # A member's first evening of the club moved: the tables charge absences anew.
                self._cache = {
                    k: v
                    for k, v in self._cache.items()
                    if not (type(k) is tuple and k[0] == "table")
                }
        self._lock = threading.RLock()

    def _once(self, key: Any, make: Any) -> Any:
        found = self._cache.get(key)
        if found is None:
            with self._lock:
                found = self._cache.get(key)
                if found is None:
                    found = self._cache[key] = make()
        return found

    @property
    def prepared(self) -> season.Prepared:
        """The season's evenings prepared for its table (again only for those that changed)."""

        def make() -> season.Prepared:
            since = None if self.before is None else self.before.prepared
            return season.prepared([m.result for _e, m in self.shown], since)

        result: season.Prepared = self._once("prepared", make)
        return result

    def table(self, rule: seasons.SeasonRule) -> list[season.SeasonRow]:
        rows: list[season.SeasonRow] = self._once(
            ("table", rule),
            lambda: season.season_table(self.prepared, self.names, rule, self.kept.joined),
        )
        return rows

    @property
    def games(self) -> list[seasons.TableGame]:
        found: list[seasons.TableGame] = self._once(
            "games", lambda: [g for _e, m in self.shown for g in m.games]
        )
        return found

    @property
    def ratings(self) -> seasons.Ratings:
        """Every member's rating, run on from the ratings the version before had."""

        def make() -> seasons.RatingsRun:
            before: seasons.RatingsRun | None = (
                None if self.before is None else self.before._cache.get("ratings")
            )
            if before is None:  # other evenings (one more of the club's): any run goes on
                before = self._any_run()
            rated = [m.rated for _e, m in self.shown]
            if before is not None and self.before is not None:
                was = [m.rated for _e, m in self.before.shown]
                if len(was) == len(rated) and all(
                    a is b or a == b for a, b in zip(was, rated, strict=True)
                ):
                    return before  # no game ended or changed its places
            return seasons.run([g for games in rated for g in games], since=before)

        found: seasons.RatingsRun = self._once("ratings", make)
        return found.ratings

    def _any_run(self) -> seasons.RatingsRun | None:
        """The ratings of the most evenings a version before ran, with the same register: a
        run goes on from the first game that differs, whichever games it rated."""
        if self.kept.before is None:
            return None
        views = [
            v
            for v in self.kept.before.values()
            if "ratings" in v._cache and v.kept.merges == self.kept.merges
        ]
        best = max(views, key=lambda v: len(v.shown), default=None)
        found: seasons.RatingsRun | None = None if best is None else best._cache["ratings"]
        return found

    def story(self, member: int) -> seasons.Story:
        """The member's games (those of the evenings they sat down to), places and meetings."""
        games = [g for _e, m in self.shown if member in m.seated for g in m.games]
        return seasons.story(member, games)

    def evening_of_games(self) -> dict[str, ClubEvening]:
        """The evening of each game that scored, by the game's token (the version before's,
        with the games of the evenings changed since)."""

        def make() -> dict[str, ClubEvening]:
            before = None if self.before is None else self.before._cache.get("evening of")
            if before is None:
                return {g.token: e for e, m in self.shown for g, _sat in m.seats}
            found = dict(before)
            known = self.before.mapped if self.before is not None else {}
            for evening, mapped in self.shown:
                if known.get(evening.token) is not mapped:
                    found.update((g.token, evening) for g, _sat in mapped.seats)
            return found

        found: dict[str, ClubEvening] = self._once("evening of", make)
        return found

    def places_of_games(self) -> dict[str, GamePlace]:
        """Where each game that scored was played, by the game's token."""

        def make() -> dict[str, GamePlace]:
            return {
                g.token: GamePlace(e, g.round, g.table)
                for e, m in self.shown
                for g, _sat in m.seats
            }

        found: dict[str, GamePlace] = self._once("places of games", make)
        return found

    def stats(self, member: int, session: orm.Session) -> list[StatsTable]:
        """The member's statistics of each game they played (see
        :func:`scorekeeper.clubs.club_page.stats_of`)."""
        kinds = {m.facts.kind for _e, m in self.shown if member in m.seated}
        played = [
            (m.facts.kind, game, sat[member])
            for _evening, m in self.shown
            for game, sat in m.seats
            if game.finished and member in sat
        ]
        key = (
            member,
            tuple(sorted(kinds)),
            tuple((game.token, game.seq, seat) for _k, game, seat in played),
        )
        kept = _STATS.get((self.kept.club.token, key))
        if kept is not None:
            return kept
        states = _states(session, [game for _kind, game, _seat in played])
        by_kind: dict[str, list[tuple[Any, int]]] = {kind: [] for kind in kinds}
        for kind, game, seat in played:
            by_kind.setdefault(kind, []).append((states[game.token], seat))
        order = {kind: i for i, kind in enumerate(self.kept.club.games)}
        tables = []
        for kind in sorted(by_kind, key=lambda kind: (order.get(kind, len(order)), kind)):
            stats = registry.stats_for(kind)
            if stats is not None:
                tables.append(stats(by_kind[kind]))
        _STATS.put((self.kept.club.token, key), tables)
        return tables


#: Players' statistics, by club and what they were derived from (each finished game's
#: position and the member's seat).
_STATS: LRUCache[list[StatsTable]] = LRUCache(256)


def _states(session: orm.Session, games: Sequence[GameFacts]) -> dict[str, Any]:
    """Each finished game's state at the log position it was derived at, from memory or read
    (in two queries) and replayed once."""
    found: dict[str, Any] = {}
    missing = []
    for game in games:
        state = _STATES.get((game.token, game.seq))
        if state is None:
            missing.append(game)
        else:
            found[game.token] = state
    if missing:
        loaded = evenings.load_games([g.token for g in missing], session=session, keep=False)
        for game in missing:
            state = _slim(loaded[game.token].state)
            _STATES.put((game.token, game.seq), state)
            found[game.token] = state
    return found


def _slim(state: Any) -> Any:
    """A finished game's state as its statistics read it: without its history (the changes
    list, a few hundred objects a game), which no statistics read."""
    fields = getattr(state, "__dataclass_fields__", {})
    return dataclasses.replace(state, history=()) if "history" in fields else state


def forget() -> None:
    """Forget the finished games' states and the players' statistics this process keeps (of
    every club: :func:`scorekeeper.clubs.kept.forget`)."""
    _STATES.clear()
    _STATS.clear()
