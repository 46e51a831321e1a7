"""Sviten Special game records: the codec, the command line (score, import, export, sheet,
rules-card) and round trips that lose nothing."""

from __future__ import annotations

import json

import pytest

from scorekeeper import records
from scorekeeper.cli import main
from scorekeeper.data.db import db
from scorekeeper.games import sviten
from scorekeeper.table import store
from tests.cli.runner import invoke
from tests.printing.pdfs import A4, LETTER, Pdf
from tests.records.examples import RECORDS, example
from tests.web.sviten.client import HANDS, engine_state

SHEET_END = """\
Total                                                                         197   142

E–W wins 142 to 197.
"""


def raw_record() -> dict:
    return json.loads(example("sviten.json"))


# --- the codec ------------------------------------------------------------------------------


def test_the_example_record_scores_the_whole_match():
    record = records.loads(example("sviten.json"))
    state = record.state
    assert state.totals == (197, 142) and state.winner == 1 and state.finished
    # Hand 3's melds were laid by E–W (not the engine's choice), and they make the bid.
    third = state.hands[2]
    assert not third.chosen[1] and third.meld_counts[1] == 3 and third.made
    assert [e.data.get("melds") for e in record.events][:2] == [None, None]


def test_an_export_reads_back_as_the_very_hands_entered():
    state = engine_state()
    events = [sviten.hand_event(n, hand) for n, hand in enumerate(HANDS, 1)]
    text = records.export("sviten", state.setup, events)
    again = records.loads(text)
    assert again.events == tuple(events)
    assert records.dumps(again.to_dict()) == text
    # Without the history the hands are read as entered: the derived melds of hand 2 and 3
    # (the engine's own) are not taken for melds the players laid.
    raw = json.loads(text)
    del raw["history"]
    bare = records.parse(raw)
    assert [event.data.get("melds") for event in bare.events] == [None, None, None]
    assert bare.state.totals == state.totals


def test_every_hand_writes_its_derived_fields():
    record = records.loads(example("sviten.json")).to_dict()
    quick, cards, laid = record["hands"]
    assert list(quick) == [
        "number",
        "dealer",
        "declarer",
        "bid",
        "trump",
        "tricks",
        "melds",
        "meld_points",
        "meld_counts",
        "made",
        "slam",
        "scores",
    ]
    assert quick["melds"] == [None, None]  # typed meld points: the melds are not known
    assert cards["tricks"] == [6, 7] and cards["meld_points"] == [35, 50]
    assert len(cards["captured"][1]) == 28  # the other pile, written out
    assert laid["melds"][1] == [
        ["AS", "2S", "3S"],
        ["4S", "5S", "6S", "7S"],
        ["8S", "9S", "10S", "JS", "QS", "KS"],
    ]
    assert record["totals"] == [197, 142] and record["winner"] == 1


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda h: h[2].update(
                melds=[None, [["AS", "KS", "QS"], ["KS", "QS", "JS"]]],
            ),
            "hand 3: K♠ is in two melds",
        ),
        (
            lambda h: h[1].update(captured=[h[1]["captured"][0][:22], None]),
            "hand 2: N–S captured 22 cards: that is not a whole number of tricks",
        ),
        (
            lambda h: h[0].update(tricks=[7, 7]),
            "hand 1: The tricks add up to 14, but every hand has 13",
        ),
        (
            lambda h: h[0].update(trump="notrump"),
            'hand 1: trump must be one of spades, hearts, diamonds, clubs or null, not "notrump"',
        ),
        (lambda h: h[2].update(scores=[1, 2]), "hand 3: scores should be [139, 74], not [1, 2]"),
        (
            lambda h: h[1].update(melds=[[["KS", "AS", "2S"]], None]),
            "hand 2: a run cannot turn the corner K-A-2",
        ),
    ],
)
def test_an_invalid_record_names_the_hand(change, problem):
    raw = raw_record()
    change(raw["hands"])
    with pytest.raises(records.RecordError) as error:
        records.parse(raw)
    assert error.value.problems == [problem]


def test_derived_fields_that_disagree_are_refused():
    raw = records.loads(example("sviten.json")).to_dict()
    raw["hands"][1]["meld_points"] = [40, 50]
    with pytest.raises(records.RecordError) as error:
        records.parse(raw)
    assert error.value.problems == ["hand 2: N–S's meld points (40) do not match their melds (35)"]
    raw = records.loads(example("sviten.json")).to_dict()
    raw["winner"] = 0
    with pytest.raises(records.RecordError, match="winner should be 1, not 0"):
        records.parse(raw)


def test_the_text_sheet_and_the_csv():
    state = records.loads(example("sviten.json")).state
    sheet = records.score_sheet("sviten", state)
    assert sheet.startswith("Sviten Special: N Anna, E Ben, S Carla, W Dan\n")
    assert "Pairs: N–S (Anna & Carla) v E–W (Ben & Dan)" in sheet
    assert (
        "    3  Carla   W Dan     3 ♠   made      9    4  130 (5)  70 (3)  +139  +74  +197  +142"
        in sheet
    )
    assert sheet.endswith(SHEET_END)
    lines = records.deals_csv("sviten", state).splitlines()
    assert lines[1].startswith("1,Anna,Ben,1,no-trump,yes,7,6,2,1,10,5,17,11,17,11,,")


# --- the command line -----------------------------------------------------------------------


def test_score_prints_the_sheet_and_the_json():
    result = invoke("score", str(RECORDS / "sviten.json"))
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(SHEET_END)
    result = invoke("score", "--json", str(RECORDS / "sviten.json"))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["totals"] == [197, 142]


def test_score_of_an_invalid_record_exits_2_naming_the_hand():
    raw = raw_record()
    raw["hands"][2]["melds"] = [None, [["AS", "KS", "QS"], ["KS", "QS", "JS"]]]
    result = invoke("score", "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "hand 3: K♠ is in two melds\n"


def test_import_then_export_through_the_database(app, runner):
    result = runner.invoke(main, ["import", str(RECORDS / "sviten.json")])
    assert result.exit_code == 0, result.stderr
    assert "Imported a Sviten Special game of Anna, Ben, Carla, Dan as a new game" in result.stderr
    token = result.stdout.strip().rsplit("/g/", 1)[1]
    with app.app_context():
        game = store.load(db.session, token)
    assert game.kind == "sviten" and game.state.totals == (197, 142)
    exported = runner.invoke(main, ["export", "--", token])  # a token may start with "-"
    assert exported.exit_code == 0
    again = json.loads(exported.stdout)
    assert again["hands"][2]["melds"][1][2] == ["8S", "9S", "10S", "JS", "QS", "KS"]
    assert len(again["history"]) == 3


def test_sheets_and_rules_cards_from_the_command_line(tmp_path):
    out = tmp_path / "sheet.pdf"
    result = invoke(
        "sheet",
        str(RECORDS / "sviten.json"),
        "-o",
        str(out),
        "--url",
        "http://192.168.1.20:8000/g/x",
    )
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert pdf.pages == 1 and pdf.size == A4
    assert "E–W (Ben & Dan) wins 142 to 197." in " ".join(pdf.text.split())
    result = invoke(
        "sheet",
        "--blank",
        "--game",
        "sviten",
        "--players",
        "Anna,Ben,Carla,Dan",
        "--first-dealer",
        "Ben",
        "--paper",
        "letter",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert pdf.size == LETTER and "Ben deals first" in pdf.text
    result = invoke("rules-card", "--game", "sviten", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Sviten Special rules card" in Pdf(out.read_bytes()).text
    result = invoke("sheet", "--blank", "--game", "sviten", "--players", "Anna,Ben", "-o", str(out))
    assert result.exit_code == 2
    assert 'give four names separated by commas, clockwise: "Anna,Ben,Carla,Dan"' in result.output
    result = invoke("rules-card", "--game", "sviten", "--target", "500", "-o", str(out))
    assert result.exit_code == 2 and "not for Sviten Special" in result.output
