"""Merging two records of one person in a club's roster, safely (issue 30): first a plan that says what will
change, then the merge, logged with everything needed to undo it, and the undo from the club's log.

A merge is refused for two people who played in the same evening, as partners or as opponents: one person
cannot sit at two places of one evening, so they are two people. The record kept takes the other's entries; the
other's name (and every name merged into it) stays as an alias that finds the person kept when typed again; the
public pages show the person by the stricter of the two choices (``players.SHOWN``). Undoing puts back exactly the
entries the merge moved, the aliases and the choice, and is refused when something changed since (the person kept
was merged again, or an entry moved).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.db.contract import Database


from .club_log import LogItem, log, mark_undone
from .players import SHOWN, Player, PlayerError, get_player


@dataclass(frozen=True)
class MergePlan:
    """What a merge of ``gone`` into ``keep`` changes, for the page that asks before it is done."""

    keep: Player
    gone: Player
    keep_evenings: int
    gone_evenings: int
    together: tuple[str, ...]  # the evenings both played in: while any, the merge is refused
    shown: str  # the choice for public pages after the merge: the stricter of the two
    aliases: tuple[str, ...]  # the names that will find ``keep`` when typed

    @property
    def allowed(self) -> bool:
        return not self.together


def _evening_count(db: Database, player_id: int) -> int:
    return db.execute("SELECT COUNT(DISTINCT e.tournament_id) FROM entry_players ep JOIN tournament_entries e "
                      "ON e.id = ep.entry_id WHERE ep.player_id = ?", [player_id]).fetchone()[0]


def plan(db: Database, keep: Player, gone: Player) -> MergePlan:
    """What merging ``gone`` into ``keep`` (two people of one club's roster) would change; raises PlayerError
    ("same", "merged", "missing") for a merge that cannot even be planned."""
    if keep.club_id is None or keep.club_id != gone.club_id:
        raise PlayerError("missing")
    if keep.id == gone.id:
        raise PlayerError("same")
    if keep.merged_into or gone.merged_into:
        raise PlayerError("merged")
    together = tuple(r[0] for r in db.execute(
        "SELECT DISTINCT t.name, t.date FROM entry_players a JOIN tournament_entries ea ON ea.id = a.entry_id "
        "JOIN tournament_entries eb ON eb.tournament_id = ea.tournament_id JOIN entry_players b "
        "ON b.entry_id = eb.id JOIN tournaments t ON t.id = ea.tournament_id WHERE a.player_id = ? "
        "AND b.player_id = ? ORDER BY t.date", [keep.id, gone.id]).fetchall())
    aliases = [gone.name] + [r[0] for r in db.execute(
        "SELECT name FROM club_players WHERE club_id = ? AND merged_into = ? ORDER BY key",
        [gone.club_id, gone.id]).fetchall()]
    return MergePlan(keep=keep, gone=gone, keep_evenings=_evening_count(db, keep.id),
                     gone_evenings=_evening_count(db, gone.id), together=together,
                     shown=max(keep.shown, gone.shown, key=SHOWN.index), aliases=tuple(aliases))


def merge(db: Database, club_id: int, keep_id: int, gone_id: int, *, director) -> int:
    """Merge ``gone`` into ``keep`` (both of ``club_id``) as ``plan`` says; returns the log line that undoes it.
    Raises PlayerError ("missing", "same", "merged", "together")."""
    with db.write(key="clubs"):
        keep, gone = get_player(db, club_id, keep_id), get_player(db, club_id, gone_id)
        if keep is None or gone is None:
            raise PlayerError("missing")
        planned = plan(db, keep, gone)
        if not planned.allowed:
            raise PlayerError("together")
        moved = [[r[0], r[1]] for r in db.execute(
            "SELECT entry_id, position FROM entry_players WHERE player_id = ? ORDER BY entry_id, position",
            [gone.id]).fetchall()]
        aliases = [r[0] for r in db.execute("SELECT id FROM club_players WHERE club_id = ? AND merged_into = ?",
                                            [club_id, gone.id]).fetchall()]
        db.execute("UPDATE entry_players SET player_id = ? WHERE player_id = ?", [keep.id, gone.id])
        db.execute("UPDATE club_players SET merged_into = ? WHERE club_id = ? AND (id = ? OR merged_into = ?)",
                   [keep.id, club_id, gone.id, gone.id])
        db.execute("UPDATE club_players SET shown = ? WHERE club_id = ? AND id = ?", [planned.shown, club_id, keep.id])
        return log(db, club_id, action="players_merged", director=director, subject=keep.name,
                   before={"keep": keep.id, "keep_name": keep.name, "gone": gone.id, "gone_name": gone.name,
                           "keep_shown": keep.shown, "moved": moved, "aliases": aliases},
                   after={"shown": planned.shown, "evenings": planned.keep_evenings + planned.gone_evenings})


def undo_merge(db: Database, club_id: int, item: LogItem, *, director) -> Player:
    """Undo a logged merge: the other record is a person again, with exactly the entries the merge moved; returns
    them. Raises PlayerError ("undone": already undone, "changed": something changed since)."""
    with db.write(key="clubs"):
        if item.club_id != club_id or item.action != "players_merged" or item.undone_at:
            raise PlayerError("undone")
        facts = item.before
        keep, gone = get_player(db, club_id, facts["keep"]), get_player(db, club_id, facts["gone"])
        if keep is None or gone is None or keep.merged_into or gone.merged_into != keep.id:
            raise PlayerError("changed")
        for entry_id, position in facts["moved"]:
            row = db.execute("SELECT player_id FROM entry_players WHERE entry_id = ? AND position = ?",
                             [entry_id, position]).fetchone()
            if row is None or row[0] != keep.id:
                raise PlayerError("changed")
            db.execute("UPDATE entry_players SET player_id = ? WHERE entry_id = ? AND position = ?",
                       [gone.id, entry_id, position])
        db.execute("UPDATE club_players SET merged_into = NULL WHERE club_id = ? AND id = ?", [club_id, gone.id])
        for alias in facts["aliases"]:
            db.execute("UPDATE club_players SET merged_into = ? WHERE club_id = ? AND id = ? AND merged_into = ?",
                       [gone.id, club_id, alias, keep.id])
        db.execute("UPDATE club_players SET shown = ? WHERE club_id = ? AND id = ?",
                   [facts["keep_shown"], club_id, keep.id])
        if not mark_undone(db, item, director):
            raise PlayerError("undone")
        log(db, club_id, action="merge_undone", director=director, subject=gone.name,
            before={"keep_name": keep.name}, after={"gone_name": gone.name})
        return get_player(db, club_id, gone.id)
