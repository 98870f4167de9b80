"""A tournament evening in Spanish, from the director's set-up to the log: every page, fragment, refusal, log
sentence and PDF asks the catalogue only for messages it holds and shows no English of its own."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.tournaments import access
from tests.tournaments.conftest import PASSWORD, create_tournament, deal_form, enter

from .test_spanish_complete import SPANISH, Walk, missing  # noqa: F401  (a fixture)
from tests.recording import game_path, tournament_path


@pytest.fixture
def evening(client):
    """A pairs tournament of three partnerships with round 1 started, set up in English; its facts."""
    tournament_id = create_tournament(client, format="pairs", round_end="minutes", round_limit="45")
    for names in (("Ana", "Ciro"), ("Beto", "Dora"), ("Eva", "Fede")):
        enter(client, tournament_id, *names)
    db = connect(client.application.config["DATABASE"])
    try:
        phone = access.device(db, tournament_id, 1).token
        assert client.post(f"{tournament_path(client, tournament_id)}/rounds").status_code == 303
        token, table_id, game_id = db.execute(
            "SELECT token, id, game_id FROM tournament_tables WHERE tournament_id = ? AND number = 1",
            [tournament_id]).fetchone()
    finally:
        db.close()
    client.get("/")  # the set-up's English flashes are shown there
    return {"id": tournament_id, "phone": phone, "token": token, "table_id": table_id, "game_id": game_id}


def _read(client, sql: str, game_id: int) -> int:
    db = connect(client.application.config["DATABASE"])
    try:
        return db.execute(sql, [game_id]).fetchone()[0]
    finally:
        db.close()


def _version(client, game_id: int) -> int:
    return _read(client, "SELECT version FROM games WHERE id = ?", game_id)


def _deal_id(client, game_id: int) -> int:
    return _read(client, "SELECT id FROM deals WHERE game_id = ? ORDER BY seq LIMIT 1", game_id)


def test_a_tables_phone_and_its_writes_speak_spanish(client, missing, evening):  # noqa: F811
    walk, token = Walk(client, missing), evening["token"]
    walk.visit(f"{tournament_path(client, evening['id'])}/join")
    walk.visit(f"{tournament_path(client, evening['id'])}/join?table=1&code=ZZZZZZ", status=(404, 422))
    walk.visit(f"{tournament_path(client, evening['id'])}/join?table=x&code=", status=(404, 422))
    walk.visit(f"/tournaments/phone/{evening['phone']}")
    walk.visit(f"/tournaments/table/{token}/deals", method="post", status=303,
               data=deal_form(_version(client, evening["game_id"]), {"meld": 200, "hand": 30, "natural": 1,
                                                                     "out": "yes"}, {"meld": 90}, who="Ana"))
    walk.visit(f"/tournaments/table/{token}")
    walk.visit(f"/tournaments/table/{token}/confirm", method="post",
               data={"side": "they", "version": _version(client, evening["game_id"])})
    walk.visit(f"/tournaments/table/{token}/undo", method="post", status=409,
               data={"side": "they", "version": _version(client, evening["game_id"])})
    walk.visit(f"/tournaments/table/{token}/deals", method="post", status=303,
               data=deal_form(_version(client, evening["game_id"]), {"meld": 50}, {"meld": 120, "natural": 1, "out": "yes"},
                              side="they"))
    walk.visit(f"/tournaments/table/{token}/dispute", method="post", status=422, data={"side": "we", "reason": ""})
    walk.visit(f"/tournaments/table/{token}/dispute", method="post", status=303,
               data={"side": "we", "reason": "faltó un tres rojo"})
    walk.visit(f"/tournaments/table/{token}")
    walk.check()


def test_the_directors_evening_and_its_log_speak_spanish(client, missing, evening):  # noqa: F811
    walk, tid, table_id = Walk(client, missing), evening["id"], evening["table_id"]
    # The table's writes, each answered as it should be (the log read at the end names them).
    for action, data in (
            ("deals", lambda: deal_form(_version(client, evening["game_id"]), {"meld": 200, "natural": 1, "out": "yes"},
                                        {"meld": 90}, who="Ana")),
            ("confirm", lambda: {"side": "we", "version": _version(client, evening["game_id"])}),
            ("dispute", lambda: {"side": "they", "reason": "mal sumado"})):
        answer = client.post(f"/tournaments/table/{evening['token']}/{action}", data=data())
        assert answer.status_code in (200, 303), (action, answer.status_code, answer.get_data(as_text=True)[:500])
    client.get("/")  # the English flashes of the table's writes are shown there
    walk.visit(tournament_path(client, tid))
    walk.visit(f"{tournament_path(client, tid)}/tables/{table_id}/settle", method="post", status=303, data={"reason": ""})
    walk.visit(f"{tournament_path(client, tid)}/tables/{table_id}/settle", method="post", status=303,
               data={"reason": "se contó de nuevo"})
    deal_id = _deal_id(client, evening["game_id"])
    walk.visit(f"{tournament_path(client, tid)}/tables/{table_id}/deals/{deal_id}")
    correction = {**deal_form(_version(client, evening["game_id"]), {"meld": 210, "natural": 1, "out": "yes"}, {"meld": 90}),
                  "reason": ""}
    walk.visit(f"{tournament_path(client, tid)}/tables/{table_id}/deals/{deal_id}", method="post", status=422, data=correction)
    walk.visit(f"{tournament_path(client, tid)}/tables/{table_id}/deals/{deal_id}", method="post", status=303,
               data={**correction, "reason": "faltaban diez"})
    walk.visit(f"{tournament_path(client, tid)}/tables/{table_id}/result", method="post", status=303,
               data={"kind": "adjusted", "we": "1500", "they": "700", "reason": "no terminaron"})
    walk.visit(f"{tournament_path(client, tid)}/round/1")
    walk.visit(f"{tournament_path(client, tid)}/log")
    walk.visit(f"{tournament_path(client, tid)}/log?round=1&table=1")
    walk.visit(f"{game_path(client, evening['game_id'])}/changes")
    walk.visit(f"{tournament_path(client, tid)}/cards.pdf")
    walk.visit(f"{tournament_path(client, tid)}/round/1/close", method="post", status=(200, 303))
    walk.visit(f"{tournament_path(client, tid)}/results.pdf")
    walk.check()
    log = client.get(f"{tournament_path(client, tid)}/log", headers=SPANISH).get_data(as_text=True)
    assert "mesa 1 Norte-Sur (Ana)" in log and "1500 – 700 (ajustado)" in log


def test_the_directors_password_page_speaks_spanish(client, missing, evening):  # noqa: F811
    walk, tid = Walk(client, missing), evening["id"]
    walk.visit(f"{tournament_path(client, tid)}/password")
    walk.visit(f"{tournament_path(client, tid)}/password", method="post", status=422,
               data={"current": "", "password": "abc", "password_again": "abd"})
    walk.visit(f"{tournament_path(client, tid)}/password", method="post", status=422,
               data={"current": "not it at all", "password": "a new one 7", "password_again": "a new one 7"})
    walk.visit(f"{tournament_path(client, tid)}/password", method="post", status=303,
               data={"current": PASSWORD, "password": "a new one 7", "password_again": "a new one 7"})
    page = walk.visit(tournament_path(client, tid)).get_data(as_text=True)
    assert "Contraseña cambiada" in page
    walk.visit(f"{tournament_path(client, tid)}/log")
    walk.check()


def test_the_phone_waiting_for_the_first_round_and_a_refused_sign_in_speak_spanish(client, missing):  # noqa: F811
    walk = Walk(client, missing)
    tournament_id = create_tournament(client, format="pairs")
    db = connect(client.application.config["DATABASE"])
    try:
        phone = access.device(db, tournament_id, 2).token
    finally:
        db.close()
    client.get("/")
    page = walk.visit(f"/tournaments/phone/{phone}").get_data(as_text=True)
    assert "Este es el teléfono de la mesa 2." in page
    walk.visit(f"/tournaments/phone/{phone}/status?table=")
    walk.visit("/tournaments/new", method="post", status=422, data={"name": " ", "rounds": "99"})
    client.post(f"{tournament_path(client, tournament_id)}/logout")
    client.get("/")
    for _ in range(4):  # three free tries, then a wait; the one after that finds sign-in paused
        walk.visit(f"{tournament_path(client, tournament_id)}/login", method="post", status=(422, 429),
                   data={"password": "not the password"})
    walk.visit(f"{tournament_path(client, tournament_id)}/login", method="post", status=429, data={"password": PASSWORD})
    walk.check()


def _the_table(client, tournament_id: int) -> tuple[str, int, int]:
    db = connect(client.application.config["DATABASE"])
    try:
        return db.execute("SELECT token, id, game_id FROM tournament_tables WHERE tournament_id = ? "
                          "ORDER BY round_number DESC, number LIMIT 1", [tournament_id]).fetchone()
    finally:
        db.close()


def _play_and_correct(walk, client, tid: int) -> None:
    """Round 1's table scores, confirms, changes after the confirmation, disagrees; the director settles,
    corrects a deal, corrects the score, goes back to the game's score and gives an adjusted score."""
    token, table_id, game_id = _the_table(client, tid)
    tables = f"{tournament_path(client, tid)}/tables/{table_id}"
    walk.visit(f"/tournaments/table/{token}/deals", method="post", status=303, data=deal_form(
        _version(client, game_id), {"meld": 200, "natural": 1, "out": "yes"}, {"meld": 90}, who="Ana"))
    walk.visit(f"/tournaments/table/{token}/confirm", method="post",
               data={"side": "we", "version": _version(client, game_id)})
    walk.visit(f"/tournaments/table/{token}/deals", method="post", status=303, data=deal_form(
        _version(client, game_id), {"meld": 50}, {"meld": 120, "natural": 1, "out": "yes"}, side="they"))
    walk.visit(f"/tournaments/table/{token}/dispute", method="post", status=303,
               data={"side": "we", "reason": "la segunda mano está mal"})
    walk.visit(f"{tables}/settle", method="post", status=303, data={"reason": "se revisó con la mesa"})
    deal_id = _deal_id(client, game_id)
    walk.visit(f"{tables}/deals/{deal_id}", method="post", status=303, data={**deal_form(
        _version(client, game_id), {"meld": 210, "natural": 1, "out": "yes"}, {"meld": 90}), "reason": "diez más"})
    for kind, reason in (("corrected", "mal copiado"), ("clear", "era correcto"), ("adjusted", "no terminaron")):
        data = {"kind": kind, "we": "1500", "they": "700", "reason": reason}
        if kind == "clear":
            data = {"action": "clear", "reason": reason}
        walk.visit(f"{tables}/result", method="post", status=303, data=data)


@pytest.mark.slow
def test_every_sentence_of_the_directors_log_speaks_spanish(client, missing):  # noqa: F811
    from scorekeeper.stores.tournaments.log import SENTENCES

    walk = Walk(client, missing)
    tid = create_tournament(client, format="pairs", round_end="minutes", round_limit="45")
    client.get("/")
    walk.visit(f"{tournament_path(client, tid)}/entries", method="post", status=303, data={"player1": "Ana", "player2": ""})
    walk.visit(f"{tournament_path(client, tid)}/entries", method="post", status=303, data={"player1": "Ana", "player2": "Ciro"})
    walk.visit(f"{tournament_path(client, tid)}/entries/paste", method="post", data={"names": "Beto & Dora\nEva\nFede & Gil"})
    walk.visit(f"{tournament_path(client, tid)}/entries/3/name", method="post", status=303,
               data={"player1": "Federico", "player2": "Gil"})
    walk.visit(f"{tournament_path(client, tid)}/rounds", method="post", status=303)
    walk.visit(f"/tournaments/table/{_the_table(client, tid)[0]}/started", method="post", status=303)
    walk.visit(f"{tournament_path(client, tid)}/round/1/time-up", method="post", status=303, data={"time_up": "stop"})
    walk.visit(f"{tournament_path(client, tid)}/round/1/time-up", method="post", status=303, data={"time_up": "finish"})
    _play_and_correct(walk, client, tid)
    walk.visit(f"{tournament_path(client, tid)}/entries/3/withdraw", method="post", status=303)
    walk.visit(f"{tournament_path(client, tid)}/entries/3/return", method="post", status=303)
    walk.visit(f"{tournament_path(client, tid)}/round/1/close", method="post", status=303)  # the adjusted table is done
    walk.visit(f"{tournament_path(client, tid)}/round/1/reopen", method="post", status=303)
    walk.visit(f"/tournaments/table/{_the_table(client, tid)[0]}/dispute", method="post", status=303,
               data={"side": "they", "reason": "otra vez"})
    walk.visit(f"{tournament_path(client, tid)}/round/1/close", method="post")  # asks first: a table disagrees
    walk.visit(f"{tournament_path(client, tid)}/round/1/close", method="post", status=303, data={"confirm": "yes"})
    walk.visit(f"{tournament_path(client, tid)}/round/1/reopen", method="post", status=303)
    walk.visit(f"{tournament_path(client, tid)}/finish", method="post")
    walk.visit(f"{tournament_path(client, tid)}/finish", method="post", status=303, data={"confirm": "yes"})
    walk.visit(f"{tournament_path(client, tid)}/standings")
    walk.visit(f"{tournament_path(client, tid)}/standings?big=1")
    walk.visit(f"{tournament_path(client, tid)}/reopen", method="post", status=303)
    walk.visit(f"{tournament_path(client, tid)}/password", method="post", status=303,
               data={"current": PASSWORD, "password": "another one 8", "password_again": "another one 8"})
    page = walk.visit(f"{tournament_path(client, tid)}/log").get_data(as_text=True)
    walk.visit(f"{tournament_path(client, tid)}/players/1")
    walk.visit(tournament_path(client, tid))
    walk.check()
    assert {action for action in SENTENCES if f"log-{action}" not in page} == set()
    assert "log-deal_add_after_confirmation" in page and "mesa 1 Este-Oeste" in page
