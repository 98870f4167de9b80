"""The ``scorekeeper`` command."""

from __future__ import annotations

import logging
import sys

import click

from scorekeeper.cli.language import Group, _, ngettext, option
from scorekeeper.rules import RulesError
from scorekeeper.rules.profiles import PROFILES


@click.group(cls=Group, help=_("Canasta Scorekeeper: serve the app, or ask the rules engine from a terminal."))
def main() -> None:
    """Canasta Scorekeeper: serve the app, or ask the rules engine from a terminal."""


def _instance_option(command):
    """``--instance DIR``: where the database and secret key live (also $SCOREKEEPER_INSTANCE)."""

    def choose(ctx, param, value):
        if value:
            import os

            os.environ["SCOREKEEPER_INSTANCE"] = value
        return value

    return option("--instance", metavar="DIR", expose_value=False, callback=choose,
                        type=click.Path(file_okay=False),
                        help=_("Folder for the database and secret key (default: instance/ in a checkout, else your user data folder; also $SCOREKEEPER_INSTANCE)."))(command)


#: How waitress serves a club of 20 tables with 4 phones each and a projector (docs/HOSTING.md, "A room full of phones").
#: Connections: Chromium keeps up to 6 open to one server, so 81 screens and the director's laptop may hold about
#: 500; 1000 leaves room for as many again from slow or stalled clients before anyone waits to be let in.
#: select() can watch only 512 sockets on Windows, so there the limit is 500; elsewhere poll() has no such limit.
#: A connection idle for 20 s is closed (checked every 5 s): a phone polls every 3 s, so only a locked phone's
#: spare connections and stalled clients are cut, and Chromium opens a new one when it needs it. Waitress reads a
#: request whole before a thread sees it and buffers the answer, so a slow client never holds a thread; threads
#: are for work: a PDF render and the one request waiting for it may hold two, four are left for saves and polls.
SERVER = {"threads": 6, "connection_limit": 500 if sys.platform == "win32" else 1000, "channel_timeout": 20,
          "cleanup_interval": 5, "asyncore_use_poll": True}


def _connection_limit(wanted: int, spare: int = 64) -> int:
    """The connection limit this process can keep: its soft limit of open files is raised to fit ``wanted``
    connections and ``spare`` other files where the hard limit allows (many systems start at 1024, macOS at
    256); where it cannot be raised enough, the limit shrinks to fit, so the server never runs out of files."""
    try:
        import resource
    except ImportError:  # Windows: sockets are not counted against such a limit
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + spare
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return wanted
    target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        target = soft
    return max(1, min(wanted, target - spare))


@main.command(short_help=_("Serve the app to the phones at the club."),
              help=_("Serve the app with waitress, and show the address phones should open."))
@option("--host", default="0.0.0.0", show_default=True, help=_("Address to listen on."))
@option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help=_("Port to listen on."))
@option("--threads", default=SERVER["threads"], show_default=True, type=click.IntRange(1, 64),
              help=_("How many requests are answered at the same time."))
@option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
        help=_("How many server processes answer (each with its own threads); more than one uses gunicorn, "
                "which runs on Linux and macOS."))
@_instance_option
def serve(host: str, port: int, threads: int, workers: int) -> None:
    """Serve the app with waitress, and show the address phones should open."""
    # Waitress notes every moment all its threads are busy; at a club that is normal, not news.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    if workers > 1 and sys.platform == "win32":
        click.echo(_("Several workers need gunicorn, which does not run on Windows: serving with one."), err=True)
        workers = 1
    app = app_or_exit()
    app.config["LISTEN_HOST"] = host  # the Host check answers to the address it was told to listen on
    backups = start_backups(app.config)  # in this process only: gunicorn's workers are forked without it
    # From here on a stop (Ctrl+C, or SIGTERM turned into KeyboardInterrupt) may land anywhere, even before the
    # server runs: whatever it interrupts, the last backup is made.
    try:
        _serve(app, host, port, threads, workers)
    except KeyboardInterrupt:
        click.echo(_("Stopped."))
    finally:
        backups.stop()  # one last copy of the evening


def _serve(app, host: str, port: int, threads: int, workers: int) -> None:
    """Serve until stopped: waitress, or gunicorn's workers when there are several."""
    settings = {**SERVER, "threads": threads, "connection_limit": _connection_limit(SERVER["connection_limit"]),
                "max_request_body_size": largest_body(app)}
    if workers > 1:
        server = workers_server(app, gunicorn_settings(host, port, workers, threads, settings))
        _welcome(app, host, port)
        server.run()  # gunicorn handles Ctrl+C and SIGTERM, and ends with SystemExit
        return
    from waitress.server import create_server

    server = create_server(app, host=host, port=port, **settings, **waitress_proxy(app))
    try:
        _welcome(app, host, server.effective_port)
        server.run()
    finally:
        server.close()


def _welcome(app, host: str, port: int) -> None:
    """Where the data is, and the address and QR code phones should open."""
    import segno

    click.echo(_("Canasta Scorekeeper is running."))
    click.echo(_("Data folder: %(instance_path)s", instance_path=app.instance_path))
    click.echo(_("Database: %(DATABASE)s", DATABASE=shown_database(app.config["DATABASE"])))
    urls = _advertised(app, host, port)
    qr = segno.make(urls[0], error="m")
    qr.terminal(compact=True)
    click.echo(_("Press Ctrl+C to stop."))


def _advertised(app, host: str, port: int) -> list[str]:
    """Say plainly which address the links, QR codes and table cards carry (``web.addresses``); return it."""
    public = str(app.config.get("PUBLIC_URL") or "").strip().rstrip("/")
    if public:
        click.echo(_("Links, QR codes and table cards give phones the public address (PUBLIC_URL):"))
        click.echo(f"    {public}/")
        click.echo(_("This server listens on %(host)s, port %(port)s, behind it.", host=host, port=port))
        return [public + "/"]
    urls = public_urls(host, port)
    if is_loopback(host):
        click.echo(_("Listening on %(host)s only: only this computer can open it, and every link and QR code says "
                     "%(host)s, so phones cannot use them. For phones on the Wi-Fi, start it with --host 0.0.0.0; "
                     "behind a public address, set PUBLIC_URL.", host=host))
        click.echo(f"    {urls[0]}")
        return urls
    click.echo(_("On phones connected to the same Wi-Fi, open (links and QR codes give this address):"))
    for url in urls:
        click.echo(f"    {url}")
    click.echo(_("or scan this code with the phone's camera:"))
    return urls


@main.command("init-db", help=_("Create the database, or bring an old one up to date."))
@_instance_option
def init_db() -> None:
    """Create the database, or bring an old one up to date."""

    app = app_or_exit()
    applied = migrate(app.config["DATABASE"])
    click.echo(_("Database ready at %(DATABASE)s (%(applied)s migration(s) applied).", DATABASE=shown_database(app.config["DATABASE"]), applied=len(applied)))



# --- asking the rules engine from a terminal ------------------------------------------------
#
# The commands below only build a request body like the JSON API's and hand it to
# scorekeeper.api.parsing, the one place where requests are read; the engine decides everything.
# Exit status: 0 legal (or scored), 1 not legal, 2 input that cannot be understood.

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2


def _fail(message: str, field: str | None = None) -> None:
    """Print one plain line on stderr and stop with status 2."""
    where = _(" (in %(field)s)", field=field) if field else ""
    click.echo(_("Error: %(message)s%(where)s", message=message, where=where), err=True)
    raise SystemExit(EXIT_BAD_INPUT)


def _pairs(values: tuple[str, ...], what: str, example: str) -> list[tuple[str, str]]:
    pairs = []
    for text in values:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            _fail(_("Write %(what)s as NAME=VALUE, for example %(example)s; got '%(text)s'.", what=what, example=example, text=text))
        pairs.append((name.strip(), value.strip()))
    return pairs


def _options(rules: str | None, values: tuple[str, ...]) -> dict:
    """Club options from the command line, read by the options of the profile named (as text otherwise: the
    unknown profile is then refused with its own message)."""
    raw = dict(_pairs(values, _("an option"), "target=3000"))
    profile = PROFILES.get(rules) if isinstance(rules, str) else None
    return profile.read_options(raw) if profile is not None else raw


def _situation(rules, options, score, opened, player_melded, table) -> dict:
    body: dict = {
        "options": _options(rules, options),
        # Melds on the table mean the side has opened; saying so again is not needed.
        "opened": opened or bool(table),
        "player_melded": player_melded,
        "table": list(table),
    }
    if rules is not None:
        body["rules"] = rules
    if score is not None:

        try:
            body["score"] = parse_int_text(score, "--score")
        except RulesError as err:
            _fail(err.message)
    return body


def _additions(values: tuple[str, ...]) -> dict:
    add: dict[str, str] = {}
    for rank, cards in _pairs(values, _("an addition"), 'K="2"'):
        add[rank] = f"{add[rank]} {cards}" if rank in add else cards
    return add


def _ask(kind: str, body: dict):

    try:
        return answer(kind, body)
    except RulesError as err:
        _fail(err.message, err.field)


def _profile_name(body: dict) -> str:
    profile = PROFILES.get(body.get("rules"))
    return _(profile.name) if profile is not None else str(body.get("rules"))


def _show_verdict(verdict, body: dict) -> None:
    if verdict.legal:
        click.echo(_("LEGAL under %(rules)s", rules=_profile_name(body)))
    else:
        click.echo(_("NOT LEGAL under %(rules)s", rules=_profile_name(body)))
    for v in verdict.violations:
        click.echo(f"  x {v.message}")
        click.echo("    " + _("%(code)s, from %(source)s", code=v.code, source=v.source))
    for meld in verdict.melds:
        kind = _(", %(kind)s canasta (+%(bonus)s)", kind=meld.canasta, bonus=meld.bonus) if meld.canasta else ""
        click.echo("  " + _("meld %(cards)s: %(naturals)s natural, %(wilds)s wild, %(points)s points",
                            cards=" ".join(str(c) for c in meld.cards), naturals=meld.naturals, wilds=meld.wilds,
                            points=meld.points) + kind)
    if verdict.minimum is not None:
        click.echo("  " + _("counts %(points)s toward an initial-meld minimum of %(minimum)s",
                            points=verdict.points, minimum=verdict.minimum))
    if verdict.takes is not None:
        click.echo("  " + ngettext("takes %(num)d card from the pile into the hand",
                                   "takes %(num)d cards from the pile into the hand", verdict.takes))
    if verdict.concealed is not None:
        concealed = _("yes") if verdict.concealed else _("no")
        click.echo("  " + _("concealed: %(concealed)s; going-out bonus %(bonus)s", concealed=concealed,
                            bonus=verdict.bonus or 0))
    for w in getattr(verdict, "warnings", ()):
        click.echo("  " + _("note: %(message)s (%(source)s)", message=w.message, source=w.source))
    raise SystemExit(EXIT_LEGAL if verdict.legal else EXIT_ILLEGAL)


def _situation_options(command):
    """The options every referee question shares: the profile, club options and the side's situation."""
    decorators = [
        option("--rules", "-r", metavar="ID", help=_("Profile: %(profiles)s.", profiles=", ".join(PROFILES))),
        option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
                     help=_("A club option, such as target=3000 or rule_of_five=true. Repeatable.")),
        option("--score", metavar="N", help=_("The side's total before this deal (default 0).")),
        option("--opened", is_flag=True, help=_("The side has already made its initial meld this deal.")),
        option("--player-melded", is_flag=True,
                     help=_("This player has already melded earlier in the deal (decides 'concealed').")),
        option("--table", "-t", multiple=True, metavar="CARDS",
                     help=_('A meld the side already has on the table, such as "Q Q Q". Repeatable; implies --opened.')),
    ]
    for decorate in reversed(decorators):
        command = decorate(command)
    return command


@main.group(short_help=_("Ask the referee about a meld, the pile or going out."),
            help=_("Ask the referee: is a meld legal, may a player take the pile, may a player go out?\n\n"
                      "Exit status: 0 legal, 1 not legal, 2 input that cannot be understood."))
def check() -> None:
    """Ask the referee: is a meld legal, may a player take the pile, may a player go out?

    Exit status: 0 legal, 1 not legal, 2 input that cannot be understood.
    """


@check.command("meld", short_help=_("Is this meld legal?"),
               help=_('Is this meld legal? Each MELD is one card string, such as "K K 2".'))
@_situation_options
@click.argument("melds", nargs=-1, metavar="[MELD]...")
@option("--add", "-a", "adds", multiple=True, metavar="RANK=CARDS",
              help=_('Cards added to a meld on the table, such as K="2" or wild=JK. Repeatable.'))
@option("--going-out", is_flag=True, help=_("The player goes out with this turn."))
def check_meld(rules, options, score, opened, player_melded, table, melds, adds, going_out) -> None:
    """Is this meld legal? Each MELD is one card string, such as "K K 2"."""
    body = _situation(rules, options, score, opened, player_melded, table)
    body.update(melds=list(melds), add=_additions(adds), going_out=going_out)
    _show_verdict(_ask("meld", body), body)


@check.command("pile", short_help=_("May I take the pile?"),
               help=_("May I take the pile? Each MELD is a further meld shown from the hand in the same turn."))
@_situation_options
@click.argument("melds", nargs=-1, metavar="[MELD]...")
@option("--pile", "pile", metavar="CARDS", help=_('The whole pile from the top card down, such as "9 4 7".'))
@option("--top", metavar="CARD", help=_("Instead of --pile: only the top card."))
@option("--frozen", is_flag=True, help=_("With --top: the pile is frozen."))
@option("--uses", "-u", default="", metavar="CARDS",
              help=_('Hand cards shown with the top card, such as "9 9"; leave out to lay it on a meld.'))
@option("--hand-size", metavar="N", help=_("Cards in the hand before taking."))
def check_pile(rules, options, score, opened, player_melded, table, melds, pile, top, frozen, uses,
               hand_size) -> None:
    """May I take the pile? Each MELD is a further meld shown from the hand in the same turn."""
    body = _situation(rules, options, score, opened, player_melded, table)
    body.update(melds=list(melds), uses=uses)
    if pile is not None:
        body["pile"] = pile
    if top is not None:
        body["top"] = top
    if frozen:
        body["frozen"] = True
    if hand_size is not None:

        try:
            body["hand_size"] = parse_int_text(hand_size, "--hand-size")
        except RulesError as err:
            _fail(err.message)
    _show_verdict(_ask("pile", body), body)


@check.command("go-out", short_help=_("May I go out?"),
               help=_("May I go out? Each MELD is one card string laid down while going out."))
@_situation_options
@click.argument("melds", nargs=-1, metavar="[MELD]...")
@option("--add", "-a", "adds", multiple=True, metavar="RANK=CARDS",
              help=_('Cards added to a meld on the table, such as K="2". Repeatable.'))
@option("--discard", "-d", metavar="CARD", help=_("The last card discarded (leave out for none)."))
@option("--drew", type=click.Choice(["stock", "pile"]), default="stock", show_default=True,
              help=_("Where the player drew from this turn."))
@option("--in-foot/--in-hand", "in_foot", default=None,
        help=_("Hand and Foot: whether the player has picked up the foot (not asked when left out)."))
def check_go_out(rules, options, score, opened, player_melded, table, melds, adds, discard, drew, in_foot) -> None:
    """May I go out? Each MELD is one card string laid down while going out."""
    body = _situation(rules, options, score, opened, player_melded, table)
    body.update(melds=list(melds), add=_additions(adds), discard=discard, drew=drew)
    if in_foot is not None:
        body["in_foot"] = in_foot
    _show_verdict(_ask("go-out", body), body)


@main.command(short_help=_("Score one deal written as JSON."),
              help=_('Score one deal written as JSON (the body of POST /api/v1/score/deal); "-" reads standard input.\n\n'
                        "Prints each side's breakdown, the deal, the new total and next minimum, and whether the game "
                        "is over. Exit status: 0 scored, 2 input that cannot be understood."))
@click.argument("deal_file", metavar="DEAL.json")
@option("--rules", "-r", metavar="ID", help=_("Profile to score by, when the file does not name one."))
def score(deal_file: str, rules: str | None) -> None:
    """Score one deal written as JSON (the body of POST /api/v1/score/deal); "-" reads standard input.

    Prints each side's breakdown, the deal, the new total and next minimum, and whether the game is over.
    Exit status: 0 scored, 2 input that cannot be understood.
    """
    import json
    import sys

    try:
        if deal_file == "-":
            text = sys.stdin.read()
        else:
            with open(deal_file, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as err:
        _fail(_("Cannot read %(deal_file)s: %(err)s.", deal_file=deal_file, err=getattr(err, 'strerror', None) or err))
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):
        _fail(_("Standard input is not valid JSON.") if deal_file == "-" else _("%(file)s is not valid JSON.", file=deal_file))
    if isinstance(body, dict) and rules is not None and body.get("rules") is None:
        body["rules"] = rules
    result = _ask("deal", body)
    click.echo(_("Deal scored under %(body)s", body=_profile_name(body)))
    if result.lone_hand is not None:  # cut-throat: the other two scored as a partnership (docs/RULES.md §5.3)
        click.echo(_("%(side)s played alone; the other two scored together.", side=result.lone_hand))
    # The engine's labels are facts: written here, in the terminal's language.
    labels = {id(line): str(line.label) for side in result.sides.values() for line in side.breakdown}
    width = max([*map(len, labels.values()), len(_("Next initial-meld minimum"))])
    for name, side in result.sides.items():
        click.echo("")
        click.echo(name)
        for line in side.breakdown:
            click.echo(f"  {labels[id(line)]:<{width}} {line.points:+6d}")
        click.echo(f"  {_('Deal'):<{width}} {side.deal:+6d}")
        click.echo(f"  {_('Total'):<{width}} {side.total:6d}")
        click.echo(f"  {_('Next initial-meld minimum'):<{width}} {side.minimum:6d}")
    click.echo("")
    if not result.game_over:
        click.echo(_("The game goes on."))
    elif result.winner is None:
        click.echo(_("Game over: a tie."))
    else:
        click.echo(_("Game over: %(winner)s wins.", winner=result.winner))
    for w in result.warnings:
        click.echo(_("Note: %(message)s (%(source)s)", message=w.message, source=w.source))
    raise SystemExit(EXIT_LEGAL)

from scorekeeper.cli.data import app_or_exit, register as _register_data_commands, start_backups
from scorekeeper.api.parsing import answer, parse_int_text
from scorekeeper.db import migrate
from scorekeeper.ops.netinfo import is_loopback, public_urls
from scorekeeper.ops.trouble import shown_database
from scorekeeper.cli.workers import server as workers_server, settings as gunicorn_settings
from scorekeeper.web.hosting import waitress_proxy
from scorekeeper.web.limits import largest_body

_register_data_commands(main)
