"""Helpers for the club tests: a club made through its pages (``Club``), and its evenings played through the
tournament stores (tests/seasons/helpers.py) so that each ladder's figures are the ones worked out by hand."""

from __future__ import annotations

import re

from scorekeeper.db import connect
from scorekeeper.stores import clubs
from tests.web.formparse import form_values

PASSWORD = "green baize 42"
LINK = r"[A-Za-z0-9_-]{22}"
SEASON_FORM = {"name": "Autumn", "count": "best", "best": "2", "of": "3", "minimum": "1", "ranking": "vp",
               "tie_break": "best_evening"}


class Club:
    """A club made at /clubs/new by ``director``, whose test client stays signed in as that director."""

    def __init__(self, app, name: str, director: str, password: str = PASSWORD):
        self.app, self.name = app, name
        self.client = app.test_client()
        made = self.client.post("/clubs/new", data={"name": name, "director": director, "password": password,
                                                   "password_again": password})
        assert made.status_code == 303, made.get_data(as_text=True)[:2000]
        self.area = made.headers["Location"]  # /director/<link>
        assert re.fullmatch(rf"/director/{LINK}", self.area), self.area
        home = self.client.get(self.area).get_data(as_text=True)
        self.public = re.search(rf"/clubs/({LINK})", home).group(1)
        self.id = self.row("SELECT id FROM clubs WHERE public_link = ?", self.public)[0]

    def row(self, sql: str, *params):
        db = connect(self.app.config["DATABASE"])
        try:
            return db.execute(sql, list(params)).fetchone()
        finally:
            db.close()

    def season(self, **fields) -> str:
        """A new season of the club; its results link's secret."""
        made = self.client.post(f"{self.area}/seasons/new", data={**SEASON_FORM, **fields})
        assert made.status_code == 303, made.get_data(as_text=True)[:2000]
        return re.fullmatch(rf"{self.area}/seasons/([A-Za-z0-9_-]+)", made.headers["Location"]).group(1)

    def rule_set(self, name: str, **options) -> str:
        """A new rule set of the club, made through the page's own form; its id (``club-...``)."""
        values = form_values(self.client.get(f"{self.area}/rules/new").get_data(as_text=True), "rule-set")
        values.update(name=name, **{f"opt_{k}": str(v) for k, v in options.items()})
        made = self.client.post(f"{self.area}/rules/new", data=values)
        assert made.status_code == 303, made.get_data(as_text=True)[:2000]
        return made.headers["Location"].rsplit("/", 1)[1]

    def player(self, name: str) -> str:
        """The link of the club's player ``name``."""
        return self.row("SELECT link FROM club_players WHERE club_id = ? AND name = ? AND merged_into IS NULL",
                        self.id, name)[0]

    def season_id(self, token: str) -> int:
        return self.row("SELECT id FROM seasons WHERE results_token = ?", token)[0]


def store_club(db, name: str = "Tuesday Club") -> int:
    """A club made in the store (no page), for a test that needs only what a club owns, a rule set say."""
    return clubs.create_club(db, name=name, director="Ana", password=PASSWORD)[0].id


def ladder(client, token: str) -> list[tuple]:
    """A season's ladder as the API answers it."""
    answer = client.get(f"/api/v1/seasons/{token}")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return [(r["rank"], tuple(r["players"]), r["evenings"], r["points"]) for r in answer.get_json()["rows"]]
