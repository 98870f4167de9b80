"""How a timed round ends, as the director chose: finish the deal in play, or stop.

The director chooses when starting a round and may change it while the round runs (both are logged):

* ``finish``: once time is up no new deal may start, but a deal begun before then may still be played out and
  recorded;
* ``stop``: once time is up no deal is recorded at all, not even one being played.

How a deal "in play" is known: the table taps "Deal N started" on its phone when the cards of deal N are dealt,
and the server writes down that deal's number and its own time (``tournament_tables.deal_started_number`` and
``deal_started_at``). After time is up, under ``finish``, the table may record deal N only when that tap came
before the end of the time, and only deal N. This is the simplest design that is honest: the time is the
server's, taken when the table said so, not a time a phone reports about itself afterwards, nor a guess made
from when the previous deal was saved (a table that saved a deal just before the bell and only then dealt again
would look the same as one in the middle of a deal). A table that forgets to tap finds out from the phone's
warning in the last minutes, and the director can still set its score. The tap is logged, so a disagreement
about it can be looked up.
"""

from __future__ import annotations

from scorekeeper.rules.i18n import _

from .. import clock
from scorekeeper.tournaments.errors import TournamentError
from .rows import Round, Table

#: What happens when a round's time is up; the first is what a round does unless the director says otherwise.
TIME_UP = {"finish": _("Finish the deal in play"), "stop": _("Stop at once")}
DEFAULT_TIME_UP = "finish"


def check_choice(choice: str | None) -> str:
    if choice not in TIME_UP:
        raise TournamentError(_("Choose what happens when time is up: finish the deal in play, or stop."))
    return choice


def choice_words(choice: str | None) -> str:
    """The choice in a few words, for the log: "finish the deal in play" or "stop at once"."""
    return {"finish": _("finish the deal in play"), "stop": _("stop at once")}.get(choice, str(choice))


def rule_text(choice: str | None) -> str:
    """What the table phone says all round long about the end of the time."""
    if choice == "stop":
        return _("When time is up, play stops: no deal is recorded after that, not even one being played.")
    return _("When time is up, a deal started before then may be finished and recorded; no new deal after it.")


def time_is_up(round_row: Round) -> bool:
    ends_at = clock.parse(round_row.ends_at)
    return bool(ends_at) and clock.now() >= ends_at


def started_in_time(round_row: Round, table: Table, deals: int) -> bool:
    """The table tapped "Deal N started" for its next deal (``deals`` + 1) before the round's time was up."""
    started = clock.parse(table.deal_started_at)
    return (table.deal_started_number == deals + 1 and started is not None
            and started < clock.parse(round_row.ends_at))


def refusal(round_row: Round, table: Table, deals: int) -> str | None:
    """Why a table of a timed round may record no more deals now, or None when it may."""
    if not round_row.time_up or not time_is_up(round_row):
        return None
    if round_row.time_up == "stop":
        return _("Time is up, and the director chose to stop there: no more deals are recorded in this round, not "
                 "even one being played. Check the score and confirm it.")
    if started_in_time(round_row, table, deals):
        return None
    return _("Time is up: no new deal may start, and this table had not marked a deal as started before time was "
             "up. Check the score and confirm it, or ask the director.")


def warning(round_row: Round, table: Table | None, deals: int, seconds_left: float,
            warn_before: int) -> str | None:
    """The warning on a table phone near and after the end of a timed round (``warn_before``: seconds)."""
    choice = round_row.time_up
    if choice is None:  # a round started before the director chose (an older database): deals are not held back
        if seconds_left <= 0:
            return _("Time is up: finish the deal you are playing. It is the last one.")
        return _("Last minutes: do not start a deal you cannot finish in time.") if seconds_left <= warn_before \
            else None
    if seconds_left <= 0:
        if table is None:
            return _("Time is up.")
        return refusal(round_row, table, deals) or _(
            "Time is up: finish deal %(deal)s, which started in time, and record it. No new deal after it.",
            deal=deals + 1)
    if seconds_left > warn_before:
        return None
    if choice == "stop":
        return _("Last minutes: when time is up, play stops and a deal being played is not recorded. Do not start "
                 "a deal you cannot finish.")
    return _("Last minutes: when you deal, tap “Deal %(deal)s started”, so that you may finish it after time is up.",
             deal=deals + 1)


def may_mark(round_row: Round, table: Table, deals: int) -> bool:
    """The phone offers "Deal N started": a round that finishes the deal in play, time not up, not yet marked."""
    return (round_row.time_up == "finish" and round_row.status == "playing"
            and not time_is_up(round_row) and table.deal_started_number != deals + 1)
