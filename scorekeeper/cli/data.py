"""The ``scorekeeper`` commands that look after the club's data: backup (and export/import)."""

from __future__ import annotations

import signal
from pathlib import Path

import click
from flask import Config

from scorekeeper.ops.backup import DEFAULT_INTERVAL, DEFAULT_KEEP, BackupError, BackupKeeper, backup_database
# The terminal's language: the ``scorekeeper`` group sets it for every command (cli.py, ``main``).
from scorekeeper.rules.i18n import _, ngettext, number
from scorekeeper import create_app
from scorekeeper.db import StorageError, connect, migrate
from scorekeeper.db.copy import CopyRefused, copy_to
from scorekeeper.ops.trouble import DatabaseTrouble, check_server, server_name
from scorekeeper.paths import beside_database, instance_dir, is_server_database
from scorekeeper.stores import games
from scorekeeper.stores.imports import MAX_FILE_BYTES, ImportRefused, import_file
from scorekeeper.stores.transfer import export_all


def instance_config(server_wins: bool = True) -> Config:
    """The configuration the server would use (instance/config.py, then SCOREKEEPER_* variables), read without
    starting the app, so a command that only reads the database never creates or upgrades one. ``DATABASE_URL``
    takes the place of ``DATABASE`` unless ``server_wins`` is False (``copy-to`` reads the SQLite file)."""

    instance = instance_dir()
    config = Config(str(instance))
    config.from_mapping(DATABASE=str(instance / "scorekeeper.sqlite"))
    config.from_pyfile("config.py", silent=True)
    config.from_prefixed_env("SCOREKEEPER")
    if server_wins and config.get("DATABASE_URL"):
        config["DATABASE"] = config["DATABASE_URL"]
    return config


def app_or_exit():
    """``create_app()``, or one plain line on stderr and exit status 1 when the database cannot be used."""

    try:
        return create_app()
    except DatabaseTrouble as trouble:
        _fail(str(trouble))


def _fail(message: str) -> None:
    click.echo(_("Error: %(message)s", message=message), err=True)
    raise SystemExit(1)


@click.command(short_help=_("Copy the database to a file or a folder."),
               help=_("Write a consistent copy of the database to PATH (a file, or a folder for a dated file).\n\n"
                        "Safe while the server runs: it uses SQLite's online backup API. To restore, stop the server "
                        "and put the copy in place of the database file (see the README)."))
@click.argument("path", type=click.Path(dir_okay=True, file_okay=True, writable=True))
def backup(path: str) -> None:
    """Write a consistent copy of the database to PATH (a file, or a folder for a dated file).

    Safe while the server runs: it uses SQLite's online backup API. To restore, stop the server and put the
    copy in place of the database file (see the README)."""
    database = instance_config()["DATABASE"]
    if is_server_database(database):
        _fail(_("The database is on a PostgreSQL server, which keeps it: back it up with the server's own tool, "
                "pg_dump (for example: pg_dump --format=custom --file=club.dump \"$SCOREKEEPER_DATABASE_URL\"; "
                "see the README)."))
    try:
        made = backup_database(database, path)
    except BackupError as error:
        _fail(str(error))
    click.echo(_("Backup of %(database)s written to %(path)s", database=database, path=made))


@click.command("export", short_help=_("Write every game and tournament as JSON files."),
               help=_("Write every game and every tournament as JSON files into FOLDER (a game's file "
                       "imports elsewhere)."))
@click.argument("folder", type=click.Path(file_okay=False, writable=True))
def export_command(folder: str) -> None:
    """Write every game and every tournament as JSON files into FOLDER (a game's file imports elsewhere)."""

    database = instance_config()["DATABASE"]
    if not is_server_database(database) and not Path(database).is_file():
        _fail(_("There is no database at %(database)s: nothing to export. Check DATABASE in the configuration.",
                database=database))
    db = connect(database)
    try:
        written = export_all(db, folder)
    except OSError as error:
        _fail(_("The files could not be written to %(folder)s (%(error)s).", folder=folder,
                error=error.strerror or error))
    finally:
        db.close()
    click.echo(ngettext("%(num)d file written to %(folder)s", "%(num)d files written to %(folder)s", len(written),
                        folder=folder))
    config = instance_config()
    for name, path in written:
        click.echo(f"    {name}  {address(config, path)}")
    _whole_address_hint(config)


@click.command("import", short_help=_("Import a game from a JSON file."),
               help=_('Import a game from FILE (the JSON a game\'s "Download (JSON)" link or '
                       "`scorekeeper export` wrote)."))
@click.argument("file", type=click.Path(exists=True, dir_okay=False, readable=True))
def import_command(file: str) -> None:
    """Import a game from FILE (the JSON a game's "Download (JSON)" link or `scorekeeper export` wrote)."""
    app = app_or_exit()
    try:
        with open(file, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        _fail(_("The file %(file)s could not be read (%(error)s).", file=file, error=error.strerror or error))
    db = connect(app.config["DATABASE"])
    try:
        game_id, again = import_file(db, raw, who="scorekeeper import")  # i18n: not for people (stored; see who_words)
        link = games.get_game(db, game_id).link
    except ImportRefused as refused:
        _fail(refused.message)
    finally:
        db.close()
    where = address(app.config, f"/games/{link}")
    if again:
        click.echo(_("%(file)s was already imported; nothing was added. The game opens at %(address)s",
                     file=file, address=where))
    else:
        click.echo(_("Imported %(file)s: the game opens at %(address)s", file=file, address=where))
    _whole_address_hint(app.config)


def address(config, path: str) -> str:
    """Where a phone opens ``path`` (``/games/<link>``): after ``PUBLIC_URL`` when it is set; else the path, the
    server's own name being something a command cannot know."""
    return str(config.get("PUBLIC_URL") or "").strip().rstrip("/") + path


def _whole_address_hint(config) -> None:
    if not str(config.get("PUBLIC_URL") or "").strip():
        click.echo(_("(Each address follows the server's own, such as http://192.168.1.20:8000; set PUBLIC_URL to "
                     "have it written whole.)"))


@click.command("copy-to", short_help=_("Copy the SQLite database into an empty PostgreSQL database."),
               help=_("Copy every game, tournament, season and player of the SQLite database into the empty "
                       "PostgreSQL database at URL (postgresql://user:password@host/name), which is brought to "
                       "the same schema first. Stop the server while copying; then start it with "
                       "SCOREKEEPER_DATABASE_URL set to URL."))
@click.argument("url")
def copy_to_command(url: str) -> None:
    """Copy the SQLite database into the empty PostgreSQL database at URL."""
    database = instance_config(server_wins=False)["DATABASE"]
    if not is_server_database(url):
        _fail(_("%(url)s is not a PostgreSQL address: write it as postgresql://user:password@host/name.",
                url=url))
    if is_server_database(database) or not Path(database).is_file():
        _fail(_("There is no SQLite database at %(database)s to copy. Check DATABASE in the configuration.",
                database=database))
    try:
        check_server(url, migrate, (StorageError,))
        target = connect(url)
    except DatabaseTrouble as trouble:
        _fail(str(trouble))
    except StorageError as error:
        _fail(str(error))
    try:
        copied = copy_to(database, target)
    except CopyRefused as refused:
        _fail(_("The PostgreSQL database %(where)s already holds data (%(tables)s): copy into an empty database.",
                where=server_name(url), tables=refused.detail))
    finally:
        target.close()
    click.echo(ngettext("Copied %(num)d row from %(database)s into %(where)s.",
                        "Copied %(num)d rows from %(database)s into %(where)s.", sum(copied.values()),
                        database=database, where=server_name(url)))


def register(group: click.Group) -> None:
    for command in (backup, export_command, import_command, copy_to_command):
        group.add_command(command)


def backup_folder(config) -> Path:
    """Where the server keeps its rotating backups: BACKUP_DIR, or instance/backups/."""
    return Path(config.get("BACKUP_DIR") or beside_database(config) / "backups")


class NoBackups:
    """A PostgreSQL database is backed up by its server's tools (pg_dump), not by the app."""

    def stop(self) -> None:
        """Nothing to finish."""


def start_backups(config) -> BackupKeeper | NoBackups:
    """Start the server's rotating backups (BACKUP_INTERVAL seconds, the last BACKUP_KEEP kept)."""
    if is_server_database(config["DATABASE"]):
        click.echo(_("Backups: the database is on a PostgreSQL server; back it up with pg_dump (see the README)."))
        return NoBackups()
    keeper = BackupKeeper(config["DATABASE"], str(backup_folder(config)),
                          interval=float(config.get("BACKUP_INTERVAL") or DEFAULT_INTERVAL),
                          keep=int(config.get("BACKUP_KEEP") or DEFAULT_KEEP))
    keeper.start()
    # A service manager stops the server with SIGTERM: end the way Ctrl+C does, so the last backup is made.
    signal.signal(signal.SIGTERM, _interrupt)
    click.echo(ngettext("Backups: every %(interval)s s when something changed, the last one kept in %(folder)s",
                        "Backups: every %(interval)s s when something changed, the last %(num)d kept in %(folder)s",
                        keeper.keep, interval=number(keeper.interval), folder=keeper.folder))
    return keeper


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
