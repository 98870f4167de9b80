"""Private by link: the addresses of games and tournaments, and the phone each request comes from.

A game lives at ``/games/<link>``, a tournament at ``/tournaments/<link>`` and a club's director area at
``/director/<link>`` (its seasons at ``/director/<link>/seasons/<the season's secret>``), where the link is 128
random bits (``stores.devices.new_link``): a sequential number would let anyone read and change every family's games on a
server open to the internet. Routes name them with the ``game`` and ``tournament`` converters, which turn a link
into the row id the views and stores work with, and a row id back into its link for ``url_for``, so views and
templates keep passing ids. An address that is not a known link (a number, a typo) matches nothing: 404.

A phone is known by a random device id (``secrets.token_urlsafe(32)``) kept in its signed session cookie, which
lasts 400 days from its last visit. Decided over a cookie of its own: the session is already signed, already
sent by every client the tests use, and already kept across browser restarts; a cookie's content cannot be
forged without the server's secret key. Losing the cookie (another browser, cleared data) loses only the list:
every game still opens from its link, and opening it puts it back.
"""

from __future__ import annotations

import re
import secrets

from flask import g, session
from werkzeug.routing import BaseConverter, ValidationError

from scorekeeper.db import StorageError, get_db
from scorekeeper.stores import clubs, devices, games
from scorekeeper.stores.tournaments import access
from scorekeeper.web.trouble import TroubleWhileRouting

SESSION_KEY = "device"
_DEVICE = re.compile(r"[A-Za-z0-9_-]{43}")


def device_id() -> str:
    """This phone's id, made on its first request and kept in its session."""
    current = session.get(SESSION_KEY)
    if not isinstance(current, str) or not _DEVICE.fullmatch(current):
        current = session[SESSION_KEY] = secrets.token_urlsafe(32)
    return current


def current_device() -> str | None:
    """This phone's id when it has one already; None for a visitor that brought no cookie (nothing is made)."""
    current = session.get(SESSION_KEY)
    return current if isinstance(current, str) and _DEVICE.fullmatch(current) else None


def remember_game(game_id: int) -> None:
    devices.remember(get_db(), device_id(), "game", game_id)


def remember_tournament(tournament_id: int) -> None:
    devices.remember(get_db(), device_id(), "tournament", tournament_id)


def remember_rule_set(key: str) -> None:
    devices.remember(get_db(), device_id(), "rule_set", key)


class LinkConverter(BaseConverter):
    """``<game:game_id>``, ``<tournament:tournament_id>``, ``<season:season_id>``: the URL holds the link, the
    view gets the row id."""

    regex = devices.LINK_PATTERN
    kind = "game"

    def _known(self) -> dict:
        if "links" not in g:
            g.links = {}
        return g.links.setdefault(self.kind, {})

    def _id(self, link: str) -> int | None:
        return devices.id_for_link(get_db(), self.kind, link)

    def _link(self, row_id: int) -> str | None:
        return devices.link_for_id(get_db(), self.kind, row_id)

    def to_python(self, value: str) -> int:
        try:
            row_id = self._id(value)
        except StorageError as error:  # answered 503 through the error handlers (web/trouble.py)
            raise TroubleWhileRouting(error) from error
        if row_id is None:
            raise ValidationError()
        self._known()[row_id] = value
        return row_id

    def to_url(self, value) -> str:
        link = getattr(value, "link", None)
        if link:
            return link
        if isinstance(value, str) and re.fullmatch(devices.LINK_PATTERN, value):
            return value
        known = self._known()
        row_id = int(value)
        if row_id not in known:
            known[row_id] = self._link(row_id) or str(row_id)
        return known[row_id]


class GameLink(LinkConverter):
    """A game's link: the game's row and the language it fixes are read with its id, in one statement
    (``games.game_at_link``), and kept for the request (``routed_game``, ``routed_language``)."""

    kind = "game"

    def _id(self, link: str) -> int | None:
        found = games.game_at_link(get_db(), link)
        if found is None:
            return None
        row_id, game, language = found
        if "routed_games" not in g:
            g.routed_games, g.routed_languages = {}, {}
        g.routed_games[row_id], g.routed_languages[row_id] = game, language
        return row_id


def routed_game(game_id: int):
    """The row of game ``game_id`` as this request's routing read it, handed over once (None when it was not, or
    was handed over already: whatever reads the game after a write reads it again)."""
    return g.get("routed_games", {}).pop(game_id, None)


def routed_language(game_id: int) -> tuple[bool, str | None]:
    """(whether routing read game ``game_id``, the language it fixes)."""
    languages = g.get("routed_languages", {})
    return game_id in languages, languages.get(game_id)


def route_table(token: str) -> str | None:
    """The language the table at ``token`` fixes, read with the table's row in one statement
    (``access.table_at_token``); the row is kept for the request's view (``routed_table``)."""
    found = access.table_at_token(get_db(), token)
    if found is None:
        return None
    g.routed_table = found[0]
    return found[1]


def routed_table(token: str):
    """The row of the table at ``token`` as this request's routing read it, handed over once (None when it was
    not, or was handed over already: whatever reads the table after a write reads it again)."""
    table = g.pop("routed_table", None)
    return table if table is not None and table.token == token else None


class TournamentLink(LinkConverter):
    kind = "tournament"


class ClubLink(LinkConverter):
    """``<club:club_id>``: a club's director area (``/director/<link>``); ``<public_club:club_id>``: its public
    page (``/clubs/<public link>``). Two links of one club, neither telling the other."""

    kind = "area"

    def _id(self, link: str) -> int | None:
        return clubs.id_for_link(get_db(), self.kind, link)

    def _link(self, row_id: int) -> str | None:
        return clubs.link_for_id(get_db(), self.kind, row_id)

    def to_url(self, value) -> str:
        if getattr(value, "public_link", None):  # a Club row
            return value.public_link if self.kind == "public" else value.link
        return super().to_url(value)


class PublicClubLink(ClubLink):
    kind = "public"


def init_app(app) -> None:
    app.url_map.converters["game"] = GameLink
    app.url_map.converters["tournament"] = TournamentLink
    app.url_map.converters["club"] = ClubLink
    app.url_map.converters["public_club"] = PublicClubLink
