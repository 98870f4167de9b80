"""The ``scorekeeper`` command's help in the terminal's language: ``--help`` of the command and of every subcommand,
run as a real process, shows each of its texts in Spanish under ``LANG=es_ES.UTF-8`` and in English otherwise.

The texts are made at import time and translated when click shows them, so the same command objects give both
languages here, and one process shows every command's help in its language. click's own words ("Usage:", "Options:", "Show this message and exit.") are click's, not ours.
"""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest

from scorekeeper.cli import main
from scorekeeper.cli.language import terminal_language
from scorekeeper.rules.i18n import using

from .test_spanish_data import IN_SPANISH, ROOT

IN_ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def _commands(command: click.Command = main, path: tuple[str, ...] = ()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


COMMANDS = dict(_commands())


def _texts(command: click.Command) -> list:
    """Every help text of ours that ``command --help`` shows: its own, its options' and its subcommands' short ones."""
    texts = [command.help, *(param.help for param in command.params if param.help is not None)]
    return texts + [sub.short_help or sub.help for sub in getattr(command, "commands", {}).values()]


def _flat(text: str) -> str:
    return " ".join(text.split())  # click wraps and indents the texts


#: Every command's ``--help`` as one real process shows it, its language chosen by the process's environment; one
#: process per language (a process per command and language cost the suite more than a minute of starting Pythons).
HELP_PAGES = """
import contextlib, io, json, sys
from scorekeeper.cli import main
pages = []
for path in json.loads(sys.argv[1]):
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        main.main([*path, "--help"], prog_name="scorekeeper", standalone_mode=False)
    pages.append(shown.getvalue())
print(json.dumps(pages))
"""


def _help_pages(env: dict) -> dict[tuple[str, ...], str]:
    """``scorekeeper PATH --help`` for every command, in a process started with ``env``."""
    paths = list(COMMANDS)
    run = subprocess.run([sys.executable, "-c", HELP_PAGES, json.dumps(paths)], cwd=ROOT,
                         env={"PATH": "/usr/bin:/bin", **env}, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and not run.stderr, run.stderr
    return {path: _flat(page) for path, page in zip(paths, json.loads(run.stdout))}


def _shown(command: click.Command, env: dict, monkeypatch) -> list[str]:
    """The command's help texts as click shows them in the language ``env`` chooses (a run of the command shows
    every text in the terminal's language: ``cli.language.Group``)."""
    with monkeypatch.context() as m:
        for name, value in env.items():
            m.setenv(name, value)
        with using(*terminal_language()):
            return [_flat(str(text)) for text in _texts(command)]


@pytest.fixture(scope="module")
def pages():
    return {"es": _help_pages(IN_SPANISH), "en": _help_pages(IN_ENGLISH)}


def test_every_command_has_help_of_its_own():
    for path, command in COMMANDS.items():
        assert command.help, path
        assert all(param.help for param in command.params if isinstance(param, click.Option)), path


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda path: " ".join(("scorekeeper", *path)))
@pytest.mark.slow
def test_help_is_in_spanish_under_a_spanish_terminal_and_english_otherwise(path, pages, monkeypatch):
    english = _shown(COMMANDS[path], IN_ENGLISH, monkeypatch)
    spanish = _shown(COMMANDS[path], IN_SPANISH, monkeypatch)
    for en, es in zip(english, spanish):
        assert en != es, f"not translated: {en}"
        assert en in pages["en"][path] and es not in pages["en"][path]
        assert es in pages["es"][path] and en not in pages["es"][path]


def test_the_spanish_help_reads_as_a_club_player_would_say_it(pages):
    # Spot checks written by hand, not read from the catalogue (the test above compares every text with it).
    assert "Anotador de Canasta: pone en marcha la aplicación" in pages["es"][()]
    assert "check Consultar al árbitro sobre un juego, el pozo o el cierre." in pages["es"][()]
    assert "pile ¿Puedo levantar el pozo?" in pages["es"][("check",)]
    assert "Código de salida: 0 válido, 1 no válido" in pages["es"][("check",)]
    assert "--threads INTEGER RANGE Cuántas peticiones se atienden a la vez." in pages["es"][("serve",)]
    assert "Canasta Scorekeeper: serve the app, or ask the rules engine" in pages["en"][()]
