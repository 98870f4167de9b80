"""The message catalogues: where they live, and compiling them (``.po`` to ``.mo``).

Pure Babel, no Flask: ``setup.py`` loads this file by path to compile the catalogues into a wheel, the Makefile runs
it at install and test time (``python -m scorekeeper.i18n compile``), and the app reads the result.

A catalogue is ``translations/<locale>/LC_MESSAGES/messages.po`` beside this file. A fuzzy entry (a guess Babel
made when an English text changed) is never compiled: the English shows until a person checks the translation.
"""

from __future__ import annotations

import sys
from pathlib import Path

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
DOMAIN = "messages"
#: The language every text is written in first; it needs no catalogue.
SOURCE_LOCALE = "en"


def catalogue_files(root: Path = TRANSLATIONS) -> list[Path]:
    """Every ``.po`` catalogue under ``root``, sorted by locale."""
    return sorted(root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def locales(root: Path = TRANSLATIONS) -> list[str]:
    """The locales the app speaks: English plus one per catalogue (a new folder is a new language)."""
    return [SOURCE_LOCALE] + [po.parent.parent.name for po in catalogue_files(root)]


def compile_catalogue(po: Path) -> Path:
    """Write ``po``'s ``.mo`` beside it, leaving out fuzzy entries; return the ``.mo`` path."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalogue = read_po(source, locale=po.parent.parent.name, domain=DOMAIN)
    mo = po.with_suffix(".mo")
    with mo.open("wb") as target:
        write_mo(target, catalogue, use_fuzzy=False)
    return mo


def compile_all(root: Path = TRANSLATIONS, *, only_stale: bool = False) -> list[Path]:
    """Compile every catalogue under ``root`` (only those older than their ``.po`` when ``only_stale``)."""
    done = []
    for po in catalogue_files(root):
        mo = po.with_suffix(".mo")
        if only_stale and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        done.append(compile_catalogue(po))
    return done


def main(argv: list[str]) -> int:
    if argv != ["compile"]:
        print("usage: python -m scorekeeper.i18n compile", file=sys.stderr)
        return 2
    for mo in compile_all():
        print(f"compiled {mo.relative_to(TRANSLATIONS.parent.parent)}")
    return 0
