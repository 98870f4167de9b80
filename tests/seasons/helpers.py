"""Helpers for the season tests: an evening run through the tournament stores, each table's result set by the
director (``results.set_result``), so the figures are the ones worked out by hand in each test."""

from __future__ import annotations

from scorekeeper.stores import clubs
from scorekeeper.stores.games import create_game
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.tournaments import records, results, rounds, running

PASSWORD = "green baize 42"


def make_club(db, name: str = "Monday Club", director: str = "Ana"):
    """A club and its first director, made through the store (the tests of its pages sign in through them)."""
    return clubs.create_club(db, name=name, director=director, password=PASSWORD)


def evening(db, name: str, date: str, pairs: list[tuple[str, str]], scores: list[dict], *, season_id=None,
            club_id=None) -> int:
    """A finished pairs tournament of ``len(scores)`` rounds: ``scores[r]`` maps the two entries of a table
    (a frozenset of their names, "Ana & Bea") to the points of each ({"Ana & Bea": 2600, ...}); an evening of
    the club ``club_id`` when given."""
    tid = records.create_tournament(
        db, name=name, date=date, rules="bicycle", options={}, format="pairs", rounds=len(scores),
        round_end="deals", round_limit=2, scoring="vp", password=PASSWORD, club_id=club_id)
    if season_id is not None:
        db.execute("UPDATE tournaments SET season_id = ? WHERE id = ?", [season_id, tid])
    for pair in pairs:
        records.add_entry(db, tid, list(pair), who="director")
    entries = {e.id: e.name for e in records.list_entries(db, tid)}
    for number, table_scores in enumerate(scores, start=1):
        running.start_round(db, tid, who="director")
        for table in rounds.list_tables(db, tid, number):
            we, they = entries[table.we_entries[0]], entries[table.they_entries[0]]
            points = table_scores[frozenset((we, they))]
            results.set_result(db, table, kind="adjusted", we=points[we], they=points[they], reason="as agreed",
                               who="director")
        running.close_round(db, tid, who="director")
    running.finish_tournament(db, tid, who="director")
    return tid


def table_of(db, tournament_id: int, round_number: int, entry_name: str):
    entries = {e.id: e.name for e in records.list_entries(db, tournament_id)}
    for table in rounds.list_tables(db, tournament_id, round_number):
        if any(entries[i] == entry_name for i in table.we_entries + table.they_entries):
            return table, entries
    raise AssertionError(entry_name)


def correct(db, tournament_id: int, round_number: int, points: dict) -> None:
    """The director's correction of one table's result after the evening: ``points`` by entry name."""
    table, entries = table_of(db, tournament_id, round_number, next(iter(points)))
    results.set_result(db, table, kind="corrected", we=points[entries[table.we_entries[0]]],
                       they=points[entries[table.they_entries[0]]], reason="score sheet misread", who="director")


def casual_game(db, we: list[str], they: list[str], deals: list[tuple[dict, dict]]) -> int:
    """A casual Bicycle game with ``deals`` entered by totals ({"meld_points": 200, ...} per side)."""
    game_id = create_game(db, rules="bicycle", options={}, sides=[
        {"key": "we", "name": " & ".join(we), "players": we}, {"key": "they", "name": " & ".join(they), "players": they}])
    for number, (mine, theirs) in enumerate(deals, start=1):
        sides = {key: {"meld_points": 0, "hand_points": 0, "canastas": {"natural": 0, "mixed": 0}, "red_threes": 0,
                       "went_out": False, **values} for key, values in (("we", mine), ("they", theirs))}
        add_deal(db, game_id, sides, mode="totals", expected_version=number)
    return game_id
