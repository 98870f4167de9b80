"""A club's season of many evenings, made quickly, for the tests and the bench of a season's cost in its history
(bench/season_cost.py, tests/seasons/test_season_cost.py).

One evening is played through the stores as a club plays it (8 pairs, 3 rounds of 4 deals per table, every deal
entered at its table and scored by the engine, then the evening finished); its season is exported as a file
(``stores.season_transfer``), and that file's evening is repeated as many times as wanted, a week apart, each with
its own results link (``season_file``). The repeated evenings have the same 16 players, so a season of 3 evenings
and one of 48 have the same ladder rows, as the issue measures them (but for a stand-in, when one is asked for,
who plays in a member's place on the earlier evenings)."""

from __future__ import annotations

import copy
import datetime
import http.client
import json
import os
import secrets
import sys
import urllib.request
import uuid
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores import clubs

from scorekeeper.stores import season_transfer, seasons
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import game_version
from scorekeeper.stores.tournaments import records, rounds, running
from scorekeeper.tournaments.ladder import Rules

from .ladder_oracle import EveningScore, worked_out

PASSWORD = "green baize 42"
PAIRS = [("Ana", "Bea"), ("Cris", "Dani"), ("Eva", "Fede"), ("Gus", "Hilda"), ("Ines", "Juan"), ("Kai", "Lola"),
         ("Mar", "Nico"), ("Olga", "Pau")]
ROUNDS, DEALS = 3, 4
ALL_EVENINGS = Rules(count="all", minimum=1, ranking="vp", tie_break="best_evening")


def _side(meld: int) -> dict:
    return {"meld_points": meld, "hand_points": 0, "canastas": {"natural": 0, "mixed": 0}, "red_threes": 0,
            "went_out": False}


def played_evening(db, club_id: int, season_id: int | None, name: str = "Monday one", date: str = "2026-01-05") -> int:
    """A finished evening of the club in the season, every deal of every table entered and scored."""
    tid = records.create_tournament(
        db, name=name, date=date, rules="bicycle", options={}, format="pairs", rounds=ROUNDS, round_end="deals",
        round_limit=DEALS, scoring="vp", password=PASSWORD, club_id=club_id)
    db.execute("UPDATE tournaments SET season_id = ? WHERE id = ?", [season_id, tid])
    for pair in PAIRS:
        records.add_entry(db, tid, list(pair), who="director")
    for number in range(1, ROUNDS + 1):
        running.start_round(db, tid, who="director")
        for table in rounds.list_tables(db, tid, number):
            for deal in range(1, DEALS + 1):
                we = 100 + 50 * ((number * 3 + table.number * 5 + deal) % 9)
                they = 100 + 50 * ((number * 2 + table.number * 3 + deal * 7) % 9)
                add_deal(db, table.game_id, {"we": _side(we), "they": _side(they)}, mode="totals",
                         expected_version=game_version(db, table.game_id), locked_ok=True)
        running.close_round(db, tid, who="director")
    running.finish_tournament(db, tid, who="director")
    return tid


def one_evening_file(db, club_id: int) -> dict:
    """The file of a season of one played evening (made in the club, then exported)."""
    season = seasons.create_season(db, club_id, name="Pattern", rules=ALL_EVENINGS)
    played_evening(db, club_id, season.id)
    return season_transfer.export_season(db, season.id)


def season_file(pattern: dict, evenings: int, name: str = "Year", stand_in: tuple[str, str] | None = None,
                rules: Rules = ALL_EVENINGS) -> dict:
    """A season file of ``evenings`` copies of ``pattern``'s one evening, a week apart, each with its own results
    link, and the ladder they add up to under ``rules`` (by VP). ``stand_in`` (a player, another): the other plays
    in the player's place on every evening but the last three, so the player has three evenings whatever the
    season's length."""
    document = copy.deepcopy(pattern)
    document["season"].update(name=name, results_token=secrets.token_urlsafe(18), status="open", ladder=None,
                              count=rules.count, best=rules.best, of=rules.of, minimum=rules.minimum,
                              ranking=rules.ranking, tie_break=rules.tie_break)
    start = datetime.date(2026, 1, 5)
    document["tournaments"], scores = [], []
    figures = {row["name"]: row["points"] for row in pattern["ladder"]}  # one evening's, by player
    for number in range(evenings):
        text = json.dumps(pattern["tournaments"][0])
        if stand_in and number < evenings - 3:
            text = text.replace(stand_in[0], stand_in[1])
        evening = json.loads(text)
        evening["row"].update(name=f"Monday {number + 1}", date=(start + datetime.timedelta(weeks=number)).isoformat(),
                              results_token=secrets.token_urlsafe(18))
        document["tournaments"].append(evening)
        for player, figure in figures.items():
            shown = stand_in[1] if stand_in and player == stand_in[0] and number < evenings - 3 else player
            scores.append(EveningScore(evening=number, date=evening["row"]["date"], player=shown, vp=figure,
                                       match=0, points=0))
    names = {s.player: s.player for s in scores}
    document["ladder"] = [{"rank": r.rank, "name": r.name, "evenings": r.evenings, "points": r.points}
                          for r in worked_out(rules, scores, names)]
    return document


def file_bytes(document: dict) -> bytes:
    """The file as a director downloads it (``web.seasons.export``: JSON, indented by one)."""
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


# --- A season's file uploaded to `scorekeeper serve` over real HTTP -----------------------------------------------

ROOT = Path(__file__).resolve().parent.parent.parent


class Served:
    """``scorekeeper serve`` (waitress, with the settings the command gives it) on a fresh SQLite file in ``folder``,
    with a club whose director has signed in over HTTP; ``close()`` stops it."""

    def __init__(self, folder: Path):
        from tests.recording import Phone
        from tests.test_serve import free_port, start_serving

        self.database = str(Path(folder) / "served.sqlite")
        db = connect(self.database)
        try:
            with create_app({"DATABASE": self.database, "SECRET_KEY": "served"}).test_request_context():
                self.club, _director = clubs.create_club(db, name="Served Club", director="Ana", password=PASSWORD)
        finally:
            db.close()
        self.port = free_port()
        env = {**os.environ, "SCOREKEEPER_DATABASE": self.database, "SCOREKEEPER_INSTANCE": str(folder),
               "PYTHONUNBUFFERED": "1"}
        self.process, _ = start_serving([sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "127.0.0.1",
                                         "--port", str(self.port)], ROOT, env)
        self.phone, self.area = Phone(f"http://127.0.0.1:{self.port}"), f"/director/{self.club.link}"
        status, _, _ = self.phone.call(f"{self.area}/login", {"csrf_token": self.phone.token(f"{self.area}/login"),
                                                              "director": "Ana", "password": PASSWORD})
        assert status == 303, status

    def upload(self, raw: bytes) -> tuple[int, str]:
        """The answer (status, text) to the season's file ``raw`` sent from the import page as a browser sends it.
        A server that answers before reading the whole body and closes the connection is still heard."""
        boundary = uuid.uuid4().hex
        token = self.phone.token(f"{self.area}/seasons/import")
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"season.json\"\r\n"
                "Content-Type: application/json\r\n\r\n").encode() + raw + f"\r\n--{boundary}--\r\n".encode()
        jar = next(h for h in self.phone.opener.handlers if isinstance(h, urllib.request.HTTPCookieProcessor))
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}",
                   "Cookie": "; ".join(f"{c.name}={c.value}" for c in jar.cookiejar)}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        try:
            try:
                connection.request("POST", f"{self.area}/seasons/import", body=body, headers=headers)
            except (BrokenPipeError, ConnectionResetError):
                pass
            answer = connection.getresponse()
            return answer.status, answer.read().decode(errors="replace")
        finally:
            connection.close()

    def close(self) -> None:
        from tests.test_serve import stop

        stop(self.process)
