"""Charts drawn on the server: a line per side through its running totals (from 0), values
placed on the scale the axis says, end labels kept apart, places upside down (1 at the top),
and the chart on a game page (in play and finished) and an evening page once there is
something to draw."""

from __future__ import annotations

import itertools
import re

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.web.charts import BOTTOM, HEIGHT, LABEL_GAP, TOP, progression


def lines(svg: str) -> list[list[tuple[float, float]]]:
    """Each line's points: a path ``M x y x y …`` of class c0 … c5 (the grid is class g)."""
    found = []
    for path in re.findall(r'<path class=c\d d="M([^"]*)"/>', svg):
        numbers = [float(n) for n in path.split()]
        found.append(list(zip(numbers[::2], numbers[1::2], strict=True)))
    return found


def _near(drawn: list[float], exact: list[float]) -> bool:
    if len(drawn) != len(exact):
        return False
    return all(abs(d - e) <= 0.5 for d, e in zip(drawn, exact, strict=True))


def test_a_worked_progression():
    svg = str(
        progression(
            ["Anna", "Ben", "Carla"],
            [(4, -4, 0), (2, -4, 2)],
            title="Score progression",
            description="The sheet has the same numbers.",
        )
    )
    assert "role=img" in svg and "<title" in svg and "The sheet has the same numbers." in svg
    anna, ben, _carla = lines(svg)
    # From 0 before the first deal; the scale runs from −4 (bottom) to +4 (top).
    bottom, top = HEIGHT - BOTTOM, TOP
    # Coordinates are drawn in whole units: each within half a unit of where it belongs.
    assert _near([y for _, y in anna], [(top + bottom) / 2, top, top + (bottom - top) / 4])
    assert _near([y for _, y in ben], [(top + bottom) / 2, bottom, bottom])
    assert anna[0][0] < anna[1][0] < anna[2][0]
    assert ">−4<" in svg and ">4<" in svg and ">0<" in svg


def test_places_run_from_first_at_the_top():
    svg = str(
        progression(
            ["Anna", "Ben"], [(1, 2), (2, 1)], title="t", description="d", places=True, first=1
        )
    )
    anna, ben = lines(svg)
    assert anna[0][1] == TOP and anna[1][1] == HEIGHT - BOTTOM
    assert ben[0][1] == HEIGHT - BOTTOM and ben[1][1] == TOP


@given(st.lists(st.lists(st.integers(-300, 300), min_size=3, max_size=3), min_size=1, max_size=30))
def test_every_point_is_inside_the_plot_and_labels_never_overlap(rounds):
    svg = str(progression(["A", "B", "C"], rounds, title="t", description="d"))
    for line in lines(svg):
        assert len(line) == len(rounds) + 1
        assert all(TOP - 0.5 <= y <= HEIGHT - BOTTOM + 0.5 for _, y in line)
    ends = sorted(float(y) for y in re.findall(r"<text class=n x=\d+ y=(-?\d+)>", svg))
    assert all(b - a >= LABEL_GAP - 0.11 for a, b in itertools.pairwise(ends))


def test_names_are_escaped():
    svg = str(progression(["<b>Anna</b>"], [(1,)], title="a & b", description="d"))
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "a &amp; b" in svg


def test_a_game_page_shows_its_progression_in_play_and_finished(client, app):
    from pathlib import Path

    from scorekeeper import records
    from scorekeeper.table import services

    record = records.loads(
        (Path(__file__).parent.parent / "records" / "modern-full-history.json").read_bytes()
    )
    with app.app_context():
        game = services.import_game(record.kind, record.setup, record.events, record.times)
        in_play = services.import_game(
            record.kind, record.setup, record.events[:-1], record.times[:-1]
        )
    assert in_play.state.finished is False
    playing = client.get(f"/g/{in_play.token}").get_data(as_text=True)
    assert 'id="chart-h">Score progression' in playing
    start = playing.index("<svg class=chart")
    deals = len(in_play.state.scored)
    found = lines(playing[start : playing.index("</svg>", start)])
    assert len(found) == 3 and all(len(line) == 1 + deals for line in found)
    assert "<style" not in playing  # the looks are the stylesheet's (no inline style)
    page = client.get(f"/g/{game.token}").get_data(as_text=True)
    assert 'id="chart-h">Score progression' in page
    start = page.index("<svg class=chart")
    svg = page[start : page.index("</svg>", start)]
    found = lines(svg)
    assert len(found) == 3 and all(len(line) == 13 for line in found)  # 0, then 12 deals
    for name in game.setup.players:
        assert f">{name}<" in svg
    # The highest end is the winner's.
    ends = [line[-1][1] for line in found]
    winner = game.setup.players.index(game.state.winner_names[0])
    assert ends[winner] == min(ends)


def test_the_evening_page_charts_places_from_the_second_round(client, app):
    from scorekeeper.evenings import services as evenings
    from tests.web.evenings.helpers import evening_token, new_evening, play_deal, start

    token = evening_token(
        new_evening(client, players="Anna\nBen\nCarla", rounds="2", variant="classic")
    )
    start(client, token, 1)
    with app.app_context():
        play_deal(evenings.load(token).tables(1)[0].game, 1)
    assert 'aria-labelledby="places-t places-d"' not in client.get(f"/e/{token}").get_data(
        as_text=True
    )
    start(client, token, 2, anyway=True)
    with app.app_context():
        play_deal(evenings.load(token).tables(2)[0].game, 1)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert 'aria-labelledby="places-t places-d"' in page
    svg = page[page.index('aria-labelledby="places-t') :]
    assert len(lines(svg[: svg.index("</svg>")])) == 3


def test_a_pair_is_labelled_a_partner_a_line_and_neither_cut_short(client):
    """Issue 23, point 10: the chart cut "Eva & Wilhelmina" to "Eva & Wilhe…"."""
    from tests.web.sviten.client import HANDS, SvitenTable

    table = SvitenTable(client)
    table.start(players=("Eva", "Ben", "Wilhelmina", "Bartholomew-Fitzwilliam"))
    table.hand(1, HANDS[0])
    page = client.get(table.url).get_data(as_text=True)
    svg = page[page.index("<svg class=chart") :]
    svg = svg[: svg.index("</svg>")]
    labels = re.findall(r"<text class=n [^>]*>(.*?)</text>", svg)
    assert "Eva &amp;<tspan x=266 dy=11>Wilhelmina</tspan>" in labels
    # a name too long for the margin is cut short on its own line, its partner's kept whole
    assert "Ben &amp;<tspan x=266 dy=11>Bartholom…</tspan>" in labels


@given(st.lists(st.lists(st.integers(-300, 300), min_size=2, max_size=2), min_size=1, max_size=30))
def test_labels_of_two_lines_never_overlap(rounds):
    names = [("Eva &", "Wilhelmina"), ("Ben &", "Dan")]
    svg = str(progression(names, rounds, title="t", description="d"))
    tops = sorted(float(y) for y in re.findall(r"<text class=n x=\d+ y=(-?\d+)>", svg))
    assert len(tops) == 2 and tops[1] - tops[0] >= 2 * LABEL_GAP - 0.6
    assert tops[1] + LABEL_GAP <= HEIGHT
