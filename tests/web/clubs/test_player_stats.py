"""A player's page tells each game's own statistics of them (Bismarck by contract and as
declarer or not, Klaberjass as maker, Sviten Special bids), worked out here by hand from games
entered through the services; its games are listed by their evening's name; an evening of a
club links each player to their page, and a merge says who became whom."""

from __future__ import annotations

import re
from fractions import Fraction

from scorekeeper.clubs import services as clubs
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.e2e.table import example_events
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.clubs.club import add, make_club, member_ids, post
from tests.web.evenings.helpers import evening_token, new_evening


def _evening(app, token: str, name: str, members: list[int], kind: str, **settings):
    """A club evening of one round made through the club's service, its round started: the
    evening's token and its one table's game."""
    with app.app_context():
        club = clubs.load(token)
        setup = {"name": name, "kind": kind, "rounds": 1, "scoring": "placings"}
        made = clubs.new_evening(club, members, [], {**setup, "settings": settings}, "test")
        (table,) = evenings.start_round(evenings.load(made.token), 1).tables(1)
        return made.token, table.game


def _play(app, game, events) -> object:
    with app.app_context():
        for event in events:
            game = store.append(db.session, game, event, game.seq)
        return game


def _rows(page: str, heading: str) -> dict[str, tuple[str, ...]]:
    """The rows of the statistics table under the ``<h2>`` ``heading``: label → cells."""
    part = page.split(f">{heading}</h2>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>((?:<td>[^<]*</td>)+)</tr>', part)
    return {label: tuple(re.findall(r"<td>([^<]*)</td>", cells)) for label, cells in rows}


def _shown(value: Fraction) -> str:
    """An average as the page writes it (+1.5, −3, 0, +0.13)."""
    sign = "−" if value < 0 else "+" if value > 0 else ""
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        return f"{sign}{whole}"
    return f"{sign}{float(abs(value)):.2f}".rstrip("0")


def _bismarck_by_hand(players, first_dealer, name, deals):
    """The member's deals declared by contract and all declaring / not, with the scores, from
    the tricks: a modern game's deal k is declared by the dealer's left, (d + k) mod 3; the
    declarer's quota is 8 (4 in Pass), the others' 4 (6 in Pass); Pass scores quota − tricks."""
    seat = players.index(name)
    by_contract: dict[str, list[int]] = {}
    declaring, not_declaring = [], []
    for number, (contract, _trump, tricks) in enumerate(deals, start=1):
        declarer = (first_dealer + number) % 3
        passing = contract == "pass"
        quota = (4 if passing else 8) if seat == declarer else (6 if passing else 4)
        score = quota - tricks[seat] if passing else tricks[seat] - quota
        if seat == declarer:
            by_contract.setdefault(contract.capitalize(), []).append(score)
            declaring.append(score)
        else:
            not_declaring.append(score)
    return by_contract, declaring, not_declaring


def test_a_bismarck_players_averages_by_contract_and_declaring(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    ids = member_ids(client, token)
    members = [ids["Anna"], ids["Ben"], ids["Carla"]]
    by_contract: dict[str, list[int]] = {}
    declaring: list[int] = []
    not_declaring: list[int] = []
    for night in ("Vecka 1", "Vecka 2"):
        _token, game = _evening(app, token, night, members, "bismarck")
        game = _play(app, game, example_events(12))
        assert game.state.finished
        contracts, mine, theirs = _bismarck_by_hand(
            game.setup.players, game.setup.first_dealer, "Anna", MODERN_GAME
        )
        for contract, scores in contracts.items():
            by_contract.setdefault(contract, []).extend(scores)
        declaring += mine
        not_declaring += theirs
    # A third evening's game still in play counts for none of it.
    _token, game = _evening(app, token, "Vecka 3", members, "bismarck")
    _play(app, game, example_events(4))
    page = client.get(f"/c/{token}/p/{ids['Anna']}").get_data(as_text=True)
    rows = _rows(page, "Bismarck")
    for contract, scores in by_contract.items():
        assert rows[contract] == (str(len(scores)), _shown(Fraction(sum(scores), len(scores))))
    assert rows["As declarer"] == (
        str(len(declaring)),
        _shown(Fraction(sum(declaring), len(declaring))),
    )
    assert rows["Not declaring"] == (
        str(len(not_declaring)),
        _shown(Fraction(sum(not_declaring), len(not_declaring))),
    )
    assert "2 finished games" in page
    # Each game is listed by its evening's name, linking to the game.
    assert re.search(r'<a href="/g/[\w-]+">Vecka 3, ', page)
    assert re.search(r'<a href="/g/[\w-]+">Vecka 1, ', page)
    swedish = client.get(f"/c/{token}/p/{ids['Anna']}?lang=sv").get_data(as_text=True)
    assert "Som spelförare" in swedish and "2 avslutade partier" in swedish


def _klaberjass_hand(maker: int, points: tuple[int, int], last: int) -> dict:
    return {
        "maker": maker,
        "trump": "hearts",
        "sequences": [[], []],
        "bella": None,
        "last_trick": last,
        "card_points": list(points),
    }


def test_klaberjass_and_sviten_players_are_told_their_making_and_their_bids(app, client):
    token = make_club(client, games=("klaberjass", "sviten"))
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    page = client.get(f"/c/{token}/evening/new/klaberjass").get_data(as_text=True)
    found = re.findall(r'name="members" type="checkbox" value="(\d+)"> <span>([^<]+)</span>', page)
    ids = {name: int(value) for value, name in found}
    _token, game = _evening(
        app, token, "Klabberjass", [ids["Anna"], ids["Ben"]], "klaberjass", options={"target": 300}
    )
    anna, ben = (game.setup.players.index(name) for name in ("Anna", "Ben"))
    # Anna makes it (140 + the last trick's 10), Ben ties at 60 (bete: Anna takes her 60), a
    # hand is thrown in, and Anna makes it again: 150, 210, 360, over.
    hands = [
        _klaberjass_hand(anna, (140, 0) if anna == 0 else (0, 140), anna),
        _klaberjass_hand(ben, (60, 50) if ben == 1 else (50, 60), ben),
        {"thrown_in": True},
        _klaberjass_hand(anna, (140, 0) if anna == 0 else (0, 140), anna),
    ]
    events = [Event("hand", {**data, "number": n}) for n, data in enumerate(hands, start=1)]
    game = _play(app, game, events)
    assert game.state.finished
    # Sviten: the pairs are seats 0 and 2, 1 and 3; Anna's pair bids twice (made once), the
    # other pair once (failed); then Anna's pair wins with a slam.
    _token, match = _evening(
        app, token, "Sviten", [ids[n] for n in ("Anna", "Ben", "Carla", "Dag")], "sviten"
    )
    seat = match.setup.players.index("Anna")
    partner, other = (seat + 2) % 4, (seat + 1) % 4
    ours = seat % 2

    def quick(declarer, bid, tricks, points, counts):
        mine = ours == 0
        flip = (lambda pair: list(pair)) if mine else (lambda pair: [pair[1], pair[0]])
        return {
            "declarer": declarer,
            "bid": bid,
            "trump": None,
            "tricks": flip(tricks),
            "meld_points": flip(points),
            "meld_counts": flip(counts),
        }

    played = [
        quick(seat, 2, (8, 5), (20, 10), (2, 1)),  # made
        quick(partner, 3, (7, 6), (10, 10), (1, 2)),  # failed
        quick(other, 2, (6, 7), (5, 10), (1, 1)),  # the others fail
        quick(seat, 1, (13, 0), (55, 0), (1, 0)),  # made, slam: over
    ]
    events = [Event("hand", {**data, "number": n}) for n, data in enumerate(played, start=1)]
    match = _play(app, match, events)
    assert match.state.finished
    page = client.get(f"/c/{token}/p/{ids['Anna']}").get_data(as_text=True)
    rows = _rows(page, "Klaberjass")
    assert rows == {"As maker": ("2", "2", "0"), "The other as maker": ("1", "0", "1")}
    assert "Hands thrown in: 1." in page
    rows = _rows(page, "Sviten Special")
    assert rows == {
        "Their pair": ("3", "2", "1"),
        "Of which their own": ("2", "2", "0"),
        "The other pair": ("1", "0", "1"),
    }
    assert page.index(">Klaberjass</h2>") < page.index(">Sviten Special</h2>")
    # Dag played no Klaberjass: his page has no table of it.
    dag = client.get(f"/c/{token}/p/{ids['Dag']}").get_data(as_text=True)
    assert ">Klaberjass</h2>" not in dag and ">Sviten Special</h2>" in dag


def test_a_game_still_in_play_is_said_to_count_later(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    ids = member_ids(client, token)
    _token, game = _evening(app, token, "Vecka 1", list(ids.values()), "bismarck")
    _play(app, game, example_events(3))
    page = client.get(f"/c/{token}/p/{ids['Anna']}").get_data(as_text=True)
    assert ">Bismarck</h2>" in page
    assert (
        "No game of this kind is over yet" in page
        and "<caption" not in page.split(">Bismarck</h2>")[1].split("<h2")[0]
    )


def test_a_club_evening_links_each_player_to_their_page(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    evening, game = _evening(app, token, "Vecka 1", list(ids.values()), "bismarck")
    _play(app, game, example_events(2))
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    for name, member in ids.items():
        assert f'<a href="/c/{token}/p/{member}">{name}</a>' in page
    # The projector's view is not for tapping: its names stay plain.
    assert "/p/" not in client.get(f"/e/{evening}/screen").get_data(as_text=True)
    # A plain evening (of no club) names its players as before, without links.
    plain = evening_token(new_evening(client))
    assert "/p/" not in client.get(f"/e/{plain}").get_data(as_text=True)


def test_the_merge_notice_names_the_two_entries(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Anna S.")
    ids = member_ids(client, token)
    response = post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Anna S."])
    assert response.status_code == 303
    page = client.get(f"/c/{token}/members").get_data(as_text=True)
    assert "Anna S. is Anna now." in page
    add(client, token, "Bo", "Bo K.")
    ids = member_ids(client, token)
    post(client, f"/c/{token}/members/merge?lang=sv", keep=ids["Bo"], merged=ids["Bo K."])
    page = client.get(f"/c/{token}/members?lang=sv").get_data(as_text=True)
    assert "Bo K. är Bo nu." in page


def test_after_a_merge_the_entry_merged_counts_for_the_member_kept(app, client):
    """Anna S. played the first evening, Anna the second; merged, Anna's statistics count both
    games (the deals she declared in each), and Anna S.'s page leads to Anna's."""
    token = make_club(client)
    add(client, token, "Anna", "Anna S.", "Ben", "Carla")
    ids = member_ids(client, token)
    for night, anna in (("Vecka 1", "Anna S."), ("Vecka 2", "Anna")):
        _token, game = _evening(
            app, token, night, [ids[anna], ids["Ben"], ids["Carla"]], "bismarck"
        )
        _play(app, game, example_events(12))
    before = _rows(client.get(f"/c/{token}/p/{ids['Anna']}").get_data(as_text=True), "Bismarck")
    assert before["As declarer"][0] == "4" and before["Not declaring"][0] == "8"
    post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Anna S."])
    page = client.get(f"/c/{token}/p/{ids['Anna']}").get_data(as_text=True)
    after = _rows(page, "Bismarck")
    assert after["As declarer"][0] == "8" and after["Not declaring"][0] == "16"
    assert "2 finished games" in page
    merged = client.get(f"/c/{token}/p/{ids['Anna S.']}")
    assert merged.status_code == 302 and merged.headers["Location"].endswith(f"/p/{ids['Anna']}")
