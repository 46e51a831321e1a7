"""The club's season table on its page: derived from the evenings' games (a correction moves
it), shown to anyone with the link."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import pairwise

from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.table import store
from tests.web.clubs.club import add, make_club, member_ids, post
from tests.web.clubs.seasons import (
    new_club_evening,
    play_round_one,
    points_text,
    sang_deal,
    season_points,
    season_rows,
    two_evenings,
)


def _places(page: str, name: str) -> str:
    """The line of places under ``name`` in the season table, as it reads."""
    line = re.search(rf'{name}</a>\s*<span class="hint places">(.*?)</span></th>', page)
    assert line, name
    return " ".join(re.sub(r"<[^>]+>", " ", line.group(1)).split())


def test_the_season_table_adds_up_the_evenings_standings(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    assert "Season table" not in client.get(f"/c/{token}").get_data(as_text=True)
    first = new_club_evening(client, token, "Vecka 1", [ids["Anna"], ids["Ben"], ids["Carla"]])
    second = new_club_evening(client, token, "Vecka 2", [ids["Anna"], ids["Ben"], ids["Dag"]])
    scores = [
        play_round_one(app, first, {"Anna": 8, "Ben": 4, "Carla": 4}),
        play_round_one(app, second, {"Anna": 2, "Ben": 7, "Dag": 7}),
    ]
    by_hand = {
        name: sum(s.get(name, 0) for s in scores) for name in ("Anna", "Ben", "Carla", "Dag")
    }
    shown = season_points(client, token)
    assert shown == {name: points_text(value) for name, value in by_hand.items()}
    page = client.get(f"/c/{token}/season").get_data(as_text=True)
    assert re.fullmatch(r"places \d · –", _places(page, "Carla"))  # absent from Vecka 2
    assert "Vecka 1" in page and "Vecka 2" in page
    # Nothing is stored: another deal at Vecka 1 moves the table at once.
    with app.app_context():
        game = evenings.load(first).tables(1)[0].game
        more = sang_deal(game, 2, {"Anna": 2, "Ben": 12, "Carla": 2})[1]
    by_hand = {name: by_hand[name] + more.get(name, 0) for name in by_hand}
    assert season_points(client, token) == {
        name: points_text(value) for name, value in by_hand.items()
    }
    assert 'href="/c/' in client.get(f"/c/{token}").get_data(as_text=True)


def test_a_phone_without_the_pin_sees_the_season_table(app, client):
    token = make_club(client)
    assert app.test_client().get(f"/c/{token}/season").status_code == 200
    assert client.get("/c/nope/season").status_code == 404


def test_after_a_merge_both_entries_evenings_count_for_the_member_kept(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Anna S", "Ben", "Carla")
    ids = member_ids(client, token)
    first = new_club_evening(client, token, "Vecka 1", [ids["Anna"], ids["Ben"], ids["Carla"]])
    second = new_club_evening(client, token, "Vecka 2", [ids["Anna S"], ids["Ben"], ids["Carla"]])
    one = play_round_one(app, first, {"Anna": 8, "Ben": 4, "Carla": 4})
    two = play_round_one(app, second, {"Anna S": 2, "Ben": 7, "Carla": 7})
    assert set(season_points(client, token)) == {"Anna", "Anna S", "Ben", "Carla"}
    merged = post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Anna S"])
    assert merged.status_code == 303
    assert season_points(client, token) == {
        "Anna": points_text(one["Anna"] + two["Anna S"]),
        "Ben": points_text(one["Ben"] + two["Ben"]),
        "Carla": points_text(one["Carla"] + two["Carla"]),
    }
    page = client.get(f"/c/{token}/season").get_data(as_text=True)
    assert re.fullmatch(r"places \d · \d", _places(page, "Anna"))
    assert re.search(r"Anna</a>(?:(?!</th>).)*</th>\s*<td>2</td>", page, re.S)


def test_the_reader_chooses_the_seasons_rule_and_its_absences(app, client):
    token, _ids, one, two = two_evenings(app, client)
    # Best one evening each: the better of Anna's and Ben's two, Carla's and Dag's only one.
    best = {n: max(s[n] for s in (one, two) if n in s) for n in ("Anna", "Ben", "Carla", "Dag")}
    shown = {name: points for _place, name, points in season_rows(client, token, "rule=best&n=1")}
    assert shown == {name: points_text(value) for name, value in best.items()}
    # Total, a missed evening at that evening's lowest: Carla missed Vecka 2 (Dag had not
    # joined before it, so Vecka 1 is not his to miss).
    lowest = {n: one.get(n, 0) + two.get(n, 0) for n in best}
    lowest["Carla"] += min(two.values())
    shown = {name: points for _place, name, points in season_rows(client, token, "absence=lowest")}
    assert shown == {name: points_text(value) for name, value in lowest.items()}
    # An average ranks only after two evenings: Carla and Dag are listed, unranked.
    rows = season_rows(client, token, "rule=average&n=2")
    assert [place for place, *_ in rows][2:] == ["–", "–"]
    assert {name for _p, name, _pts in rows[:2]} == {"Anna", "Ben"}


def test_a_rule_that_is_not_one_is_said_beside_its_field(client):
    token = make_club(client)
    response = client.get(f"/c/{token}/season?rule=best&n=1_0")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'id="n-error"' in page and 'value="1_0"' in page
    assert client.get(f"/c/{token}/season?rule=most").status_code == 422
    client.set_cookie("lang", "sv")
    page = client.get(f"/c/{token}/season?rule=best&n=0").get_data(as_text=True)
    assert "Ange ett antal kvällar från 1 till 366." in page


def test_finished_games_rate_their_players_as_the_rating_library_does(app, client):
    """Two evenings of one finished game each; the ratings on the season page are openskill's,
    replayed in the order the games ended: winners up, losers down."""
    from openskill.models import PlackettLuce

    from tests.e2e.table import example_events

    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    played = []
    nights = (("Vecka 1", ("Anna", "Ben", "Carla")), ("Vecka 2", ("Ben", "Carla", "Dag")))
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
    model = PlackettLuce()
    ratings = {name: model.rating() for name in ids}
    for players, places in played:
        rated = model.rate([[ratings[p]] for p in players], ranks=list(places))
        for player, (new,) in zip(players, rated, strict=True):
            ratings[player] = new
    page = client.get(f"/c/{token}/season").get_data(as_text=True)
    shown = dict(
        re.findall(r'<tr><th scope="row">([^<]+)</th><td>(\d+) <span class="hint">±', page)
    )
    assert shown == {
        name: str(round(1000 + 40 * (r.mu - 3 * r.sigma))) for name, r in ratings.items()
    }
    # Dag played once, after the others: the second game's winner is above its last.
    last_players, last_places = played[1]
    winner = last_players[last_places.index(min(last_places))]
    loser = last_players[last_places.index(max(last_places))]
    assert ratings[winner].mu > ratings[loser].mu and int(shown[winner]) > int(shown[loser])


def test_a_players_page_tells_their_games_and_meetings(app, client):
    """Reachable from the season table: the member's games, wins, average place and score, and
    how they placed against each member they met, worked out by hand from one deal each."""
    token, ids, one, two = two_evenings(app, client)
    season = client.get(f"/c/{token}/season").get_data(as_text=True)
    address = f"/c/{token}/p/{ids['Anna']}"
    assert f'href="{address}"' in season
    page = client.get(address).get_data(as_text=True)

    def place(scores, name):
        return 1 + sum(v > scores[name] for v in scores.values())

    places = [place(one, "Anna"), place(two, "Anna")]
    facts = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)", page))
    assert facts["Games"].strip() == "2" and facts["Wins"].strip() == str(places.count(1))
    shown = facts["Average score"].strip().replace("−", "-").lstrip("+")
    assert Fraction(shown) == Fraction(one["Anna"] + two["Anna"], 2)
    assert Fraction(facts["Average place"].strip()) == Fraction(sum(places), 2)
    meetings = re.findall(
        r'<tr><th scope="row"><a [^>]+>([^<]+)</a></th><td>(\d+)</td><td>(\d+)</td>'
        r"<td>(\d+)</td><td>(\d+)</td></tr>",
        page,
    )
    by_name = {name: tuple(map(int, counts)) for name, *counts in meetings}
    assert by_name["Ben"][0] == 2 and by_name["Carla"][0] == 1 and by_name["Dag"][0] == 1
    ben_above = sum(place(s, "Anna") < place(s, "Ben") for s in (one, two))
    assert by_name["Ben"][1] == ben_above
    assert client.get(f"/c/{token}/p/999999").status_code == 404
    assert app.test_client().get(address).status_code == 200  # no PIN needed to look


def test_a_players_page_charts_their_rating_game_by_game(app, client):
    """Two finished games of Ben's: his page draws his rating before the first and after each,
    a line that goes up where the list says it went up (SVG's y grows downwards)."""
    from tests.e2e.table import example_events

    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    for name, members in (
        ("Vecka 1", ("Anna", "Ben", "Carla")),
        ("Vecka 2", ("Ben", "Carla", "Dag")),
    ):
        evening = new_club_evening(client, token, name, [ids[m] for m in members])
        with app.app_context():
            (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
            game = table.game
            for seq, event in enumerate(example_events(12)):
                game = store.append(db.session, game, event, seq)
    page = client.get(f"/c/{token}/p/{ids['Ben']}").get_data(as_text=True)
    chart = re.search(r"<svg class=chart.*?</svg>", page, re.S)
    assert chart and "<title id=rating-t>Rating over time</title>" in chart[0]
    (line,) = re.findall(r'<path class=c0 d="M([^"]+)"', chart[0])
    numbers = [float(n) for n in line.split()]
    ys = numbers[1::2]
    assert len(ys) == 3
    steps = re.findall(r"<li>(?:(?!</li>).)*: (\d+) → <strong>(\d+)</strong></li>", page)
    assert len(steps) == 2  # newest first
    shown = [int(steps[1][0]), int(steps[1][1]), int(steps[0][1])]
    for (a, b), (ya, yb) in zip(pairwise(shown), pairwise(ys), strict=True):
        assert (b > a) == (yb < ya) and (b < a) == (yb > ya)
    # Dag's one game: a line from where everyone starts to where it left him.
    dag = client.get(f"/c/{token}/p/{ids['Dag']}").get_data(as_text=True)
    (line,) = re.findall(r'<path class=c0 d="M([^"]+)"', dag)
    assert len(line.split()) == 4
