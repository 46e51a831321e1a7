"""When a table's game of an evening is no longer the table's to change: once it is over and
the organiser has started a later round, a correction needs the organiser (issue 26, "finished
means finished"); a closed evening is the organiser's alone, its rounds included, and one with
no organiser (no club's) is nobody's (issue 35). The words of each refusal. Pure: no Flask, no
database."""

from __future__ import annotations

from scorekeeper.games.text import T_, Text


def after_its_round(game_round: int, finished: bool, started: int) -> Text | None:
    """Why the game of round ``game_round`` is locked when the evening has started ``started``
    rounds, or None while it is still the table's: a game still being played stays open (the
    organiser may have started the next round anyway), and so does any game of the latest
    round."""
    if finished and started > game_round:
        return T_(
            "This game is over and round %(n)s has started: only the organiser can change it "
            "now, with the club's PIN.",
            n=started,
        )
    return None


def closed() -> Text:
    """Why no table may change a game of a closed evening."""
    return T_(
        "This evening is closed: only the organiser can change its games, with the club's PIN."
    )


def closed_for_good() -> Text:
    """Why nobody may change a closed evening of no club (an imported copy of a closed
    evening, say): it has no organiser to open it again, so its results stay as they are."""
    return T_("This evening is closed and has no organiser: its games can no longer be changed.")


def rounds_are_the_organisers() -> Text:
    """Why a phone without the club's PIN may not start a round of a club's evening: starting
    one locks the finished games of the rounds before it, which is the organiser's act."""
    return T_("Only the organiser starts the rounds of a club's evening, with the club's PIN.")
