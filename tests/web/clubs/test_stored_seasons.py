"""A club's seasons kept by its organisers: made and changed only with the PIN (each logged),
a season's table by its stored rule over its own evenings only, moved by a correction in one
of its games, and its ratings openskill's over just its games."""

from __future__ import annotations

import re
from datetime import datetime

import sqlalchemy as sa

from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.web.clubs.club import add, make_club, member_ids, post
from tests.web.clubs.seasons import (
    evening_ids,
    new_club_evening,
    new_season,
    play_round_one,
    points_text,
    season_id_of,
)

#: The days the test's evenings were held: three Thursdays of March 2026, at eight.
HELD = (datetime(2026, 3, 5, 20), datetime(2026, 3, 12, 20), datetime(2026, 3, 19, 20))


def _held_on(app, tokens) -> None:
    """Each evening held on its day of :data:`HELD` (they were all made today)."""
    with app.app_context():
        for token, day in zip(tokens, HELD, strict=True):
            db.session.execute(
                sa.update(models.Evening)
                .where(models.Evening.token == token)
                .values(created_at=day)
            )
        db.session.commit()


def _three_evenings(app, client):
    """Anna, Ben, Carla and Dag; Vecka 1 (Anna, Ben, Carla), Vecka 2 (Anna, Ben, Dag), Vecka 3
    (Anna, Ben, Carla), one deal of Sang each, held a week apart: the club, the evenings and
    each deal's scores by hand."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    nights = (("Anna", "Ben", "Carla"), ("Anna", "Ben", "Dag"), ("Anna", "Ben", "Carla"))
    made = [
        new_club_evening(client, token, f"Vecka {n}", [ids[m] for m in members])
        for n, members in enumerate(nights, 1)
    ]
    _held_on(app, made)
    scores = [
        play_round_one(app, made[0], {"Anna": 8, "Ben": 4, "Carla": 4}),
        play_round_one(app, made[1], {"Anna": 2, "Ben": 7, "Dag": 7}),
        play_round_one(app, made[2], {"Anna": 1, "Ben": 1, "Carla": 14}),
    ]
    return token, made, scores


def season_rows(client, url: str) -> dict[str, str]:
    """Each member's points as the season's table shows them."""
    page = client.get(url).get_data(as_text=True)
    row = (
        r'<tr>\s*<td>[^<]*</td>\s*<th scope="row"><a [^>]+>([^<]+?)</a>'
        r'\s*<span class="hint places">.*?</span></th>\s*<td>.*?</td>\s*<td>([^<]+)</td>'
    )
    return dict(re.findall(row, page, re.S))


def test_a_dated_season_counts_its_evenings_by_its_stored_rule(app, client):
    token, _made, (one, two, three) = _three_evenings(app, client)
    # Best one evening, a missed evening at its lowest, from Vecka 1's day to Vecka 2's (both
    # days included): Vecka 3 is not the season's.
    season = season_id_of(
        new_season(
            client,
            token,
            name="Mars",
            rule="best",
            n="1",
            absence="lowest",
            by="dates",
            date_from="2026-03-05",
            date_to="2026-03-12",
        )
    )
    url = f"/c/{token}/s/{season}"
    by_hand = {
        "Anna": max(one["Anna"], two["Anna"]),
        "Ben": max(one["Ben"], two["Ben"]),
        # Carla missed Vecka 2: it counts its lowest, and the better of the two counts.
        "Carla": max(one["Carla"], min(two.values())),
        "Dag": two["Dag"],  # Vecka 1 was before his first evening: not his to miss
    }
    assert season_rows(client, url) == {name: points_text(value) for name, value in by_hand.items()}
    page = app.test_client().get(url).get_data(as_text=True)  # no PIN needed to look
    assert "<h1>Mars</h1>" in page
    assert "Each member’s best evening counts." in page
    assert "A missed evening scores that evening’s lowest." in page
    assert "both days included" in page
    assert "Vecka 1" in page and "Vecka 2" in page and "Vecka 3" not in page
    assert 'action="/c/' not in page.split("<h1>")[1]  # no reader's rule form: the rule is kept
    # The club's own table still has every evening, by the reader's rule.
    everything = season_rows(client, f"/c/{token}/season")
    assert everything["Carla"] == points_text(one["Carla"] + three["Carla"])
    # The club's page lists the season, linked.
    assert f'href="{url}">Mars</a>' in client.get(f"/c/{token}").get_data(as_text=True)
    client.set_cookie("lang", "sv")
    page = client.get(url).get_data(as_text=True)
    assert "Varje medlems bästa kväll räknas." in page
    assert "En missad kväll ger kvällens lägsta poäng." in page


def test_a_chosen_season_counts_only_the_evenings_ticked(app, client):
    token, _made, (one, _two, three) = _three_evenings(app, client)
    ids = evening_ids(client, token)
    season = season_id_of(
        new_season(
            client,
            token,
            name="Udda veckor",
            rule="total",
            absence="none",
            by="chosen",
            evenings=[ids["Vecka 1"], ids["Vecka 3"]],
        )
    )
    by_hand = {name: one[name] + three[name] for name in ("Anna", "Ben", "Carla")}
    table = season_rows(client, f"/c/{token}/s/{season}")
    assert table == {name: points_text(value) for name, value in by_hand.items()}  # no Dag
    assert "2 evenings chosen by the organisers." in client.get(f"/c/{token}/s/{season}").get_data(
        as_text=True
    )
    # Its form, to change it, comes with the season as kept: the two evenings ticked.
    form = client.get(f"/c/{token}/s/{season}/edit").get_data(as_text=True)
    ticked = re.findall(
        r'checked id="evenings-\d+" name="evenings" type="checkbox" value="(\d+)"', form
    )
    assert sorted(map(int, ticked)) == sorted([ids["Vecka 1"], ids["Vecka 3"]])
    assert 'value="Udda veckor"' in form and re.search(r'checked[^>]*value="chosen"', form)
    # Changed to an average over the first two evenings by date, ranked from two played.
    edit = post(
        client,
        f"/c/{token}/s/{season}/edit",
        name="Udda veckor",
        rule="average",
        n="2",
        absence="none",
        by="dates",
        date_from="2026-03-05",
        date_to="2026-03-12",
    )
    assert edit.status_code == 303
    page = client.get(f"/c/{token}/s/{season}").get_data(as_text=True)
    assert "Vecka 3" not in page and "ranked from 2 evenings played" in page
    log = client.get(f"/c/{token}/log").get_data(as_text=True)
    assert "Season made" in log and "Season changed" in log


def test_a_correction_in_a_game_of_the_season_moves_its_table(app, client):
    token, made, (one, two, _three) = _three_evenings(app, client)
    season = season_id_of(
        new_season(client, token, name="Början", rule="total", absence="none", date_to="2026-03-12")
    )
    url = f"/c/{token}/s/{season}"
    before = season_rows(client, url)
    assert before["Anna"] == points_text(one["Anna"] + two["Anna"])
    # Vecka 1's only deal corrected: Anna took 2 tricks, Ben 12 (the quotas stay: 8 for the
    # declarer, 4 for the others).
    with app.app_context():
        game = evenings.load(made[0]).tables(1)[0].game
        players = game.setup.players
        declarer = players[game.state.deals[0].declarer]
        tricks = {"Anna": 2, "Ben": 12, "Carla": 2}
        store.append(
            db.session,
            game,
            Event("correct", {"deal": 1, "tricks": [tricks[p] for p in players]}),
            game.seq,
        )
    corrected = {n: t - (8 if n == declarer else 4) for n, t in tricks.items()}
    after = season_rows(client, url)
    assert after["Anna"] == points_text(corrected["Anna"] + two["Anna"])
    assert after["Carla"] == points_text(corrected["Carla"])
    assert after != before


def test_a_phone_without_the_pin_sees_a_season_but_cannot_make_or_change_one(app, client):
    token = make_club(client)
    season = season_id_of(new_season(client, token, name="Våren", rule="total", absence="none"))
    other = app.test_client()
    assert other.get(f"/c/{token}/s/{season}").status_code == 200
    assert "Change the season" not in other.get(f"/c/{token}/s/{season}").get_data(as_text=True)
    assert "Change the season" in client.get(f"/c/{token}/s/{season}").get_data(as_text=True)
    for url in (f"/c/{token}/seasons/new", f"/c/{token}/s/{season}/edit"):
        response = other.get(url)
        assert response.status_code == 303
        assert response.headers["Location"].startswith(f"/c/{token}/pin?next=")
        data = {"csrf_token": csrf_token(other, "/club/new"), "name": "Intrång", "rule": "total"}
        assert other.post(url, data={**data, "absence": "none"}).status_code == 403
    with app.app_context():
        assert list(db.session.scalars(sa.select(models.Season.name))) == ["Våren"]
    assert other.get(f"/c/{token}/s/{season + 1}").status_code == 404
    elsewhere = make_club(client, name="Grannklubben")  # another club: not its season
    assert other.get(f"/c/{elsewhere}/s/{season}").status_code == 404
    assert client.get(f"/c/{elsewhere}/s/{season}/edit").status_code == 404
    assert client.get(f"/c/{token}/s/{season + 1}/edit").status_code == 404


def test_a_name_another_season_has_is_refused_beside_the_field_keeping_what_was_typed(app, client):
    token = make_club(client)
    season_id_of(new_season(client, token, name="Våren", rule="total", absence="none"))
    response = new_season(
        client, token, name="  VÅREN ", rule="best", n="4", absence="lowest", date_from="2026-01-01"
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'id="name-error"' in page and "The club already has a season called VÅREN." in page
    assert 'value="  VÅREN "' in page and 'value="4"' in page and 'value="2026-01-01"' in page
    assert re.search(r'value="best"[^>]*checked|checked[^>]*value="best"', page)
    # Renamed onto another's name: refused too; a season may keep its own name.
    autumn = season_id_of(new_season(client, token, name="Hösten", rule="total", absence="none"))
    fields = {"rule": "total", "absence": "none"}
    refused = post(client, f"/c/{token}/s/{autumn}/edit", name="våren", **fields)
    assert refused.status_code == 422 and 'id="name-error"' in refused.get_data(as_text=True)
    assert ">Hösten</a>" in client.get(f"/c/{token}").get_data(as_text=True)
    assert post(client, f"/c/{token}/s/{autumn}/edit", name="HÖSTEN", **fields).status_code == 303
    # The change is logged, so the club's kept page is drawn anew with the new name.
    assert ">HÖSTEN</a>" in client.get(f"/c/{token}").get_data(as_text=True)
    client.set_cookie("lang", "sv")
    page = new_season(client, token, name="våren", **fields).get_data(as_text=True)
    assert "Klubben har redan en säsong som heter våren." in page
    # Dates the wrong way round, and a chosen season with nothing ticked.
    page = new_season(
        client, token, name="Bakvänd", date_from="2026-05-01", date_to="2026-04-01", **fields
    ).get_data(as_text=True)
    assert 'id="date_to-error"' in page
    page = new_season(client, token, name="Tom", by="chosen", **fields).get_data(as_text=True)
    assert 'id="evenings-error"' in page
    page = new_season(client, token, name="Fel", by="chosen", evenings=["999999"], **fields)
    assert 'id="evenings-error"' in page.get_data(as_text=True)  # not an evening of the club
    with app.app_context():
        assert sorted(db.session.scalars(sa.select(models.Season.name))) == ["HÖSTEN", "Våren"]


def test_a_seasons_ratings_are_openskills_over_just_its_games(app, client):
    """Three evenings of one finished game each; the season holds the last two. Its ratings
    are openskill's replayed over those two games only, the all-time ones over all three."""
    from openskill.models import PlackettLuce

    from tests.e2e.table import example_events

    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    played = []
    nights = (
        ("Vecka 1", ("Anna", "Ben", "Carla")),
        ("Vecka 2", ("Ben", "Carla", "Dag")),
        ("Vecka 3", ("Anna", "Carla", "Dag")),
    )
    for name, members in nights:
        evening = new_club_evening(client, token, name, [ids[m] for m in members])
        with app.app_context():
            (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
            game = table.game
            for seq, event in enumerate(example_events(12)):
                game = store.append(db.session, game, event, seq)
            board = game.rules.scoreboard(game.state)
            assert board.finished
            played.append((game.setup.players, board.places()))
    chosen = evening_ids(client, token)
    season = season_id_of(
        new_season(
            client,
            token,
            name="Sena",
            rule="total",
            absence="none",
            by="chosen",
            evenings=[chosen["Vecka 2"], chosen["Vecka 3"]],
        )
    )

    def replayed(games):
        model = PlackettLuce()
        ratings = {}
        for players, places in games:
            teams = [[ratings.get(p, model.rating())] for p in players]
            for player, (new,) in zip(players, model.rate(teams, ranks=list(places)), strict=True):
                ratings[player] = new
        return {n: str(round(1000 + 40 * (r.mu - 3 * r.sigma))) for n, r in ratings.items()}

    page = client.get(f"/c/{token}/s/{season}").get_data(as_text=True)
    shown = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td>(\d+) <span class="hint">± \d+</span></td>'
        r"<td>(\d+)</td><td>(\d+)</td></tr>",
        page,
    )
    in_season = replayed(played[1:])
    all_time = replayed(played)
    assert {name: rating for name, rating, _games, _all in shown} == in_season
    assert {name: rating for name, _rating, _games, rating in shown} == {
        name: all_time[name] for name in in_season
    }
    assert {name: games for name, _r, games, _a in shown} == {
        "Anna": "1",
        "Ben": "1",
        "Carla": "2",
        "Dag": "2",
    }
    assert in_season["Carla"] != all_time["Carla"]  # her Vecka 1 counts only all-time
