"""The words of clubs (issue 30), chosen here for the codes the club stores hand up: refusals
(``ClubError.code``, ``PlayerError.code``), a player's choice for public pages, and each line of the club's log
(``stores.club_log``: an action code with its facts). Shared by the club's pages."""

from __future__ import annotations

from scorekeeper.rules.i18n import _, ngettext

from ..stores.club_log import LogItem

CLUB_ERRORS = {
    "club_name": ("name", _("Give the club a name.")),
    "name": ("director", _("Give your name, as the other directors know you.")),
    "name_taken": ("director", _("The club already has a director of that name: choose another.")),
    "invitation": ("director", _("This invitation has been used, withdrawn or has expired: ask a director of the "
                                  "club for a new one.")),
    "claimed": ("director", _("This club already has a director: ask them for an invitation.")),
    "self": (None, _("You cannot revoke yourself: another director can, or sign out.")),
    "missing": (None, _("That director is no longer in the club's list. Reload the page.")),
}
SHOWN = {"name": _("Full name"), "initials": _("Initials only"), "hidden": _("Not shown")}
MERGE_REFUSALS = {
    "same": _("Choose another player: a record cannot be merged with itself."),
    "missing": _("That player is not in the club's roster any more. Reload the page."),
    "merged": _("That record was already merged into another player. Reload the page."),
    "together": _("These two played in the same evening, so they are two people: they cannot be merged."),
    "changed": _("This merge cannot be undone: the players have changed since (another merge, or an entry). "
                  "Undo the later change first."),
    "undone": _("This was already undone."),
    "shown": _("Choose from the list."),
}


def hidden_name() -> str:
    """How public pages write a player who chose not to be shown."""
    return _("Name not shown")


def _evening_names(facts: dict | None) -> str:
    return ", ".join((facts or {}).get("evenings", []))


def sentence(item: LogItem) -> str:
    """A line of the club's log, in the reader's words."""
    subject, before, after = item.subject or "", item.before or {}, item.after or {}
    words = {
        "club_made": lambda: _("made the club %(name)s", name=subject),
        "club_claimed": lambda: _("became the first director of the club"),
        "club_changed": lambda: _("renamed the club from %(before)s to %(after)s", before=before.get("name"),
                                  after=after.get("name")) if before.get("name") != after.get("name")
        else _("changed when the club meets"),
        "director_invited": lambda: _("invited a new director"),
        "director_joined": lambda: _("joined as a director"),
        "director_revoked": lambda: _("revoked the director %(name)s", name=subject),
        "invitation_revoked": lambda: _("withdrew an invitation"),
        "season_made": lambda: _("made the season %(name)s", name=subject),
        "season_imported": lambda: _("imported the season %(name)s", name=subject),
        "season_archived": lambda: _("archived the season %(name)s", name=subject),
        "season_reopened": lambda: _("reopened the season %(name)s", name=subject),
        "evenings_attached": lambda: ngettext("added %(num)d evening to %(name)s: %(evenings)s",
                                              "added %(num)d evenings to %(name)s: %(evenings)s",
                                              len(after.get("evenings", [])), name=subject,
                                              evenings=_evening_names(after)),
        "evenings_detached": lambda: ngettext("took %(num)d evening out of %(name)s: %(evenings)s",
                                              "took %(num)d evenings out of %(name)s: %(evenings)s",
                                              len(after.get("evenings", [])), name=subject,
                                              evenings=_evening_names(after)),
        "evening_made": lambda: _("made the evening %(name)s", name=subject),
        "rule_set_made": lambda: _("made the rule set %(name)s", name=subject),
        "rule_set_versioned": lambda: _("made version %(version)s of the rule set %(name)s",
                                        version=after.get("version"), name=subject),
        "rule_set_retired": lambda: _("retired the rule set %(name)s", name=subject),
        "rule_set_restored": lambda: _("offered the rule set %(name)s again", name=subject),
        "player_shown": lambda: _("set how %(name)s appears on public pages: %(shown)s", name=subject,
                                  shown=str(SHOWN.get(after.get("shown"), ""))),
        "players_merged": lambda: _("merged %(gone)s into %(keep)s", gone=before.get("gone_name"),
                                    keep=before.get("keep_name")),
        "merge_undone": lambda: _("undid the merge: %(gone)s and %(keep)s are two players again",
                                  gone=after.get("gone_name"), keep=before.get("keep_name")),
    }
    word = words.get(item.action)
    return word() if word else item.action
