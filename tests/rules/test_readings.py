"""Other readings: would a club that reads the rules differently decide otherwise?"""
from scorekeeper.rules import check_go_out, check_meld, check_pile, other_readings

from .helpers import P, S


def shown(found):
    """The readings as a person reads them (their labels are facts, shown in the reader's language)."""
    return [{**reading, "label": str(reading["label"])} for reading in found]


def test_bicycle_ratio_reading():
    """bicycle: Melds (docs/RULES.md B-A2) — K K 2 2 JK is legal, but not under the other reading."""
    found = shown(other_readings(P("bicycle"), check_meld, situation=S(), melds=["K K 2 2 JK"]))
    assert found == [{"option": "wilds_may_exceed_naturals", "value": False,
                      "label": "Wild cards may outnumber natural cards: no", "legal": False}]


def test_pile_reading():
    """classic: Freezing (docs/RULES.md C-A1) — a buried black three freezes under the other reading."""
    found = shown(other_readings(P("classic"), check_pile, situation=S(opened=True, table=["K K K"]),
                                 pile="Q 3S 9", uses="Q 2"))
    assert {"option": "black_three_effect", "value": "freeze",
            "label": "What a discarded black three does: freezes the pile", "legal": False} in found


def test_go_out_reading():
    """silhill: §7c (docs/RULES.md S-A9) — a canasta finished while going out."""
    found = other_readings(P("silhill"), check_go_out, situation=S(opened=True, player_melded=True,
                                                                  table=["K K K K K"]), add={"K": "K K"})
    assert [f["option"] for f in found] == ["canastas_may_complete_when_going_out"]


def test_no_reading_changes_a_plain_meld():
    """Every profile — a plain natural meld after opening is legal under every reading."""
    for pid in ("bicycle", "yahoo", "modern-american", "silhill", "classic"):
        assert other_readings(P(pid), check_meld, situation=S(opened=True, player_melded=True, table=["Q Q Q"]),
                              melds=["K K K"]) == []


def test_target_and_players_are_not_readings():
    """docs/API.md Profiles — target and players are settings, not readings."""
    found = other_readings(P("yahoo"), check_go_out, situation=S(opened=True, player_melded=True,
                                                                 table=["K K K K K K K"]))
    assert [f["option"] for f in found] == ["canastas_to_go_out"]


def test_silhill_buried_red_three_reading():
    """silhill: §4f, §7b (docs/RULES.md S-A11) — a buried red three freezes the pile under the other reading."""
    found = shown(other_readings(P("silhill"), check_pile, situation=S(opened=True, player_melded=True,
                                                                      table=["K K K"]), pile="Q 9 3H", uses="Q 2"))
    assert found == [{"option": "red_three_freezes_pile", "value": True,
                      "label": "A red three under the top card freezes the pile: yes", "legal": False}]


def test_yahoo_concealed_exemption_reading():
    """yahoo: Initial Meld Req. (docs/RULES.md Y-A6) — the concealed exemption decides differently."""
    found = other_readings(P("yahoo"), check_go_out, situation=S(score=3000), melds=["5 5 5 5 5 5 5", "4 4 4"])
    assert [(f["option"], f["legal"]) for f in found] == [("concealed_exempt_from_minimum", True)]
