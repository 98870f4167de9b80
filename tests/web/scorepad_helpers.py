"""Shared helpers for the scorepad's web tests: start games and post deals through the real forms."""

from __future__ import annotations

from scorekeeper.rules import get_profile, profile_options
from scorekeeper.web.forms import option_text  # what the form itself shows and posts
from tests.recording import started_id


def option_values(rules: str, **chosen) -> dict:
    """Form values of every club option of ``rules``: its defaults, with ``chosen`` overriding."""
    data = {}
    for option in profile_options(get_profile(rules)):
        data[f"opt_{option.name}"] = option_text(option, chosen.get(option.name, option.default))
    return data


def start_game(client, rules="bicycle", first_dealer=0, **options) -> int:
    data = {"rules": rules, "first_dealer": str(first_dealer), **option_values(rules, **options)}
    data.update({"we_name": "Us", "they_name": "Them", "we_player0": "Ann", "we_player1": "Cy",
                 "they_player0": "Bo", "they_player1": "Di"})
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return started_id(client, response.headers["Location"])


def totals_form(version: int, **overrides) -> dict:
    """A typical deal by totals: we go out with a natural and a mixed canasta."""
    data = {
        "version": str(version), "mode": "totals",
        "we-went_out": "yes", "we-canasta_natural": "1", "we-canasta_mixed": "1", "we-meld_points": "100+85",
        "we-red_threes": "1", "we-hand_points": "",
        "they-went_out": "no", "they-canasta_mixed": "1", "they-meld_points": "120", "they-hand_points": "45",
    }
    data.update({k: str(v) for k, v in overrides.items()})
    return data


def counts(db) -> tuple[int, int, int]:
    return tuple(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("games", "deals", "changes"))
