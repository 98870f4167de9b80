"""Golden deals (tests/data/*.json) scored under every profile, card by card and by totals."""
import json
from pathlib import Path

import pytest

from scorekeeper.rules import PROFILES, get_profile, parse_deal, score_deal

DATA = Path(__file__).resolve().parent.parent / "data"
DEALS = sorted(DATA.glob("deal_*.json"))


def test_at_least_five_golden_deals():
    """DEVELOPING.md, principle 4 — golden deals are data files."""
    assert len(DEALS) >= 5


def _score(pid, sides, before):
    body = {"rules": pid, "sides": sides, "before": before}
    parsed, before = parse_deal(body)
    return score_deal(get_profile(pid), parsed, before)


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem)
@pytest.mark.parametrize("pid", list(PROFILES))
def test_golden_deal(path, pid):
    """docs/API.md "What does this deal score?" — hand-computed results; both ways of giving a side agree."""
    deal = json.loads(path.read_text())
    expected = deal["expected"][pid]
    assert expected["why"]
    by_cards = _score(pid, deal["by_cards"], deal["before"])
    totals_sides = dict(deal["by_totals"])
    totals_sides.update(deal.get("by_totals_for", {}).get(pid, {}))
    by_totals = _score(pid, totals_sides, deal["before"])
    for result in (by_cards, by_totals):
        for name, side in result.sides.items():
            assert {"deal": side.deal, "total": side.total, "minimum": side.minimum} == expected[name], name
            assert sum(line.points for line in side.breakdown) == side.deal
        assert result.game_over is expected["game_over"]
        assert result.winner == expected["winner"]
    assert by_cards.to_dict()["sides"].keys() == by_totals.to_dict()["sides"].keys()
