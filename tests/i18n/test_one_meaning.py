"""One meaning of ``_()`` across the package (issue 32): in every module, ``_`` is ``rules.i18n._`` and makes a
``Text`` (words kept as a fact and shown in the reader's language), ``ngettext`` is ``rules.i18n.ngettext``, and no
module has a second, "lazy" kind (``_l``, Flask-Babel's ``lazy_gettext``) or an eager ``_``. Words that must be had
now are written with ``gettext()`` by that name."""

from __future__ import annotations

import importlib
import pkgutil

import scorekeeper
from scorekeeper.rules import i18n


def _modules():
    for info in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if info.name.startswith("scorekeeper.translations") or info.name.endswith("__main__"):
            continue
        yield importlib.import_module(info.name)


def test_every_module_means_the_same_by_underscore():
    found = {}
    for module in _modules():
        for name, meant in (("_", i18n._), ("ngettext", i18n.ngettext)):
            bound = module.__dict__.get(name)
            if bound is not None and bound is not meant and module is not i18n:
                found[f"{module.__name__}.{name}"] = f"{getattr(bound, '__module__', '?')}.{bound.__name__}"
        for second in ("_l", "lazy_gettext", "lazy_ngettext", "LazyString"):
            if second in module.__dict__:
                found[f"{module.__name__}.{second}"] = "a second lazy kind"
    assert not found


def test_underscore_keeps_words_as_a_fact_until_they_are_shown():
    english, spanish = i18n.NullTranslations(), _spanish()
    text = i18n._("Deal %(number)s saved.", number=3)
    assert isinstance(text, i18n.Text)
    with i18n.using(english, "en"):
        assert f"{text}" == "Deal 3 saved."
    with i18n.using(spanish, "es"):
        assert str(text) == "Mano 3 anotada." and len(text) == len("Mano 3 anotada.") and "anotada" in text


def _spanish():
    from babel.support import Translations

    from scorekeeper.i18n.catalogues import TRANSLATIONS

    return Translations.load(str(TRANSLATIONS), ["es"])
