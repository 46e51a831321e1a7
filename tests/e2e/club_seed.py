"""A club seeded straight into the database: its members and an evening of theirs (for the
page budget and the benchmarks)."""

from __future__ import annotations

from scorekeeper.clubs import services as clubs
from scorekeeper.clubs import store_evenings as club_store
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from tests.e2e.live import LiveServer


def seed_club(server: LiveServer, evening: str, extra_members: int = 8) -> str:
    """A club of Bismarck whose members are ``evening``'s players (and ``extra_members``
    more), with that evening as its own; the club's token."""

    def seed() -> str:
        club = clubs.create("Friday club", ["bismarck"], "4711", ["bismarck"], "seed")
        loaded = evenings.load(evening)
        members = [clubs.add_member(club, name, "seed") for name in loaded.setup.players]
        for number in range(extra_members):
            clubs.add_member(club, f"Member {number + 1}", "seed")
        club_store.link_evening(db.session, club.id, loaded.id, members)
        db.session.commit()
        return club.token

    return server.in_app(seed)


def first_member(server: LiveServer, club: str) -> int:
    """The id of the club's first member in the register."""
    return server.in_app(lambda: clubs.page_of(clubs.load(club)).entries[0].id)
