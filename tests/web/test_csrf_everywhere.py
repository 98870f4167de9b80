"""CSRF on everything that changes something: every form the app can post and every route that takes a POST
(outside the token-free JSON API) refuses a request without the token, before the view runs."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import ROOT
from scorekeeper.db import connect
from scorekeeper.stores import clubs
from scorekeeper.stores.games import create_game, get_game
from scorekeeper.stores.tournaments import records

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def fill(rule, links: dict[str, str]) -> str:
    """The rule's path with every parameter replaced by something it accepts (the token check comes first): a
    game, a tournament or a season by the link of a real one, since no other address matches."""
    def value(match):
        if match["converter"] in links:
            return links[match["converter"]]
        return "1" if match["converter"] in ("int", "id") else "x"
    return re.sub(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>", value, rule.rule)


def test_every_route_that_takes_a_post_refuses_it_without_a_token(csrf_app):
    client = csrf_app.test_client()
    db = connect(csrf_app.config["DATABASE"])
    game = get_game(db, create_game(db, rules="bicycle", options={}, sides=[
        {"key": "we", "name": "We", "players": ["Ann", "Bob"]}, {"key": "they", "name": "They", "players": ["Cy", "Di"]}]))
    tournament = records.get_tournament(db, records.create_tournament(
        db, name="Club", date="2026-11-26", rules="bicycle", options={}, format="pairs", rounds=2, round_end="deals",
        round_limit=2, scoring="points", password="green baize 42"))
    club, _first = clubs.create_club(db, name="Club", director="Ann", password="green baize 42")
    db.close()
    links = {"game": game.link, "tournament": tournament.link, "club": club.link, "public_club": club.public_link}
    checked = []
    for rule in csrf_app.url_map.iter_rules():
        methods = (rule.methods or set()) & WRITE_METHODS
        if not methods or rule.endpoint.startswith("api.") or rule.endpoint == "static":
            continue
        for method in sorted(methods):
            response = client.open(fill(rule, links), method=method, data={"x": "1"})
            assert response.status_code == 400, (method, rule.rule, response.status_code)
            assert "Reload the page" in response.get_data(as_text=True), rule.rule
            checked.append(rule.endpoint)
    # The nouns that change something are all there.
    for prefix in ("games.", "deals.", "tournaments.", "clubs.", "directors.", "evenings.", "players.", "seasons."):
        assert any(endpoint.startswith(prefix) for endpoint in checked), prefix


def test_the_api_takes_posts_without_a_token(csrf_app):
    client = csrf_app.test_client()
    response = client.post("/api/v1/check/meld", json={"rules": "bicycle", "opened": True, "melds": ["K K K"]})
    assert response.status_code == 200


def test_every_form_that_posts_carries_the_token():
    templates = Path(ROOT) / "templates"
    forms = 0
    for path in sorted(templates.rglob("*.html")):
        text = path.read_text()
        for match in re.finditer(r"<form\b[^>]*>", text, flags=re.IGNORECASE):
            if not re.search(r'method="post"', match[0], flags=re.IGNORECASE):
                continue
            forms += 1
            body = text[match.end(): text.find("</form>", match.end())]
            # {{ csrf_token() }}, a WTForms form's {{ form.csrf_token }} or hidden_tag(), or the referee's
            # hidden_setup() (templates/referee/_fields.html), which holds the token.
            assert re.search(r"csrf_token|hidden_tag\(|hidden_setup\(", body), \
                f"{path.relative_to(templates)}: a form posting without csrf_token()"
    assert forms > 10
