"""The rules of each profile in plain words, written from the profile's own fields.

Every sentence here is generated from a RuleProfile field (or a club Option of the
profile), so the texts cannot drift from what the engine enforces. Each rule carries
its source as the engine cites it (``"bicycle: Melds"``: document and heading).

- ``explain(profile)``: the profile's rules grouped by topic (``TOPICS``), club options included.
- ``compare(profiles)``: topic by topic, each point with one short value per profile, and
  whether the profiles differ on it.
- ``source_text(profile, cite)``: a citation written out with the document's name.

Every text is in the reader's language (``i18n.py``); the documents' own titles and headings stay as they write them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .explain_rows import ASPECTS
from .explain_words import num
# The rules pages are worded while the page is made, in its reader's language: words now, not facts.
from .i18n import N_, current_locale, list_words
from .i18n import gettext
from .profiles import PROFILES, TOPICS, Option, RuleProfile, profile_options, rule_fields
from .family import NOTES as FAMILY_NOTES
from .tables import NOTES

TOPIC_TITLES = dict(TOPICS)


@dataclass(frozen=True)
class Rule:
    """One rule in plain words, with where it comes from."""

    text: str
    source: str                 # as the engine cites it: "bicycle: Melds"
    option: str | None = None   # the club option's name when the rule is one a club may switch


@dataclass(frozen=True)
class Topic:
    key: str
    title: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class Value:
    """One profile's value on a point of comparison."""

    profile: RuleProfile
    text: str
    source: str


@dataclass(frozen=True)
class Point:
    """A point of comparison: its label and each profile's value."""

    label: str
    values: tuple[Value, ...]

    @property
    def differs(self) -> bool:
        return len({v.text for v in self.values}) > 1


@dataclass(frozen=True)
class Comparison:
    key: str
    title: str
    points: tuple[Point, ...]

    @property
    def differing(self) -> tuple[Point, ...]:
        return tuple(p for p in self.points if p.differs)

    @property
    def same(self) -> tuple[Point, ...]:
        return tuple(p for p in self.points if not p.differs)


#: The project's own notes inside a citation that hold words (``"scoring (docs/RULES.md §3.1, outside sources)"``):
#: these are translated, while the document's title and heading stay as the document writes them.
CITATION_NOTES = frozenset({
    N_("docs/RULES.md §3.1, outside sources"),
    N_("rule of five: docs/RULES.md §3.2, outside sources"),
    N_("docs/RULES.md §2.1 one meld per rank"),
    *NOTES.values(), *FAMILY_NOTES.values(),
})


def source_text(profile: RuleProfile, cite: str) -> str:
    """``"bicycle: Melds"`` written out as ``"000 Canasta General Rules, Melds"``: the title and heading as the
    document writes them, a note of the project's own (``CITATION_NOTES``) in the reader's language."""
    prefix = f"{profile.id}: "
    if not cite.startswith(prefix):
        return cite
    heading = cite[len(prefix):]
    title, bracket, note = heading.partition(" (")
    if bracket and note.endswith(")") and note[:-1] in CITATION_NOTES:
        heading = f"{title} ({gettext(note[:-1])})"
    return f"{profile.source}, {heading}"


def option_topic(option: Option) -> str:
    """The topic of the rules pages a club option belongs to: that of the profile field it is about."""
    return _FIELD_TOPICS[option.field_name]


_FIELD_TOPICS: dict[str, str] = {f.name: f.metadata["topic"] for f in rule_fields()}


def option_value_text(option: Option, value) -> str:
    """One value of a club option in words, in the reader's language: ``yes``, ``no``, ``freezes the pile``,
    ``5,000``."""
    return str(option.value_words(value))


def option_rule(profile: RuleProfile, option: Option) -> Rule:
    value = profile.option_values().get(option.name, option.default)
    others = [c for c in option.choices if c != value]
    label, value_text = gettext(option.label), option_value_text(option, value)
    if option.kind == "int":
        text = gettext("Club option “%(label)s”: %(value)s here (a club may set another multiple of 5).", label=label,
                 value=value_text)
    elif option.kind in ("count", "minimums"):
        text = gettext("Club option “%(label)s”: %(value)s here.", label=label, value=value_text)
    elif others:
        text = gettext("Club option “%(label)s”: %(value)s here (a club may choose %(others)s).", label=label,
                 value=value_text, others=list_words([option_value_text(option, c) for c in others], "or", current_locale()))
    else:
        text = gettext("Club option “%(label)s”: %(value)s here.", label=label, value=value_text)
    return Rule(f"{text} {gettext(option.help)}", option.source, option.name)


def explain(profile: RuleProfile) -> tuple[Topic, ...]:
    """The profile's rules in plain words, topic by topic, with each rule's source, in the reader's language."""
    grouped: dict[str, list[Rule]] = {key: [] for key, _ in TOPICS}
    for aspect in ASPECTS:
        grouped[aspect.topic].append(Rule(aspect.sentence(profile), profile.cite(aspect.key)))
    for option in profile_options(profile):
        grouped[option_topic(option)].append(option_rule(profile, option))
    return tuple(Topic(key, gettext(title), tuple(grouped[key])) for key, title in TOPICS)


def compare(profiles: Iterable[RuleProfile] | None = None) -> tuple[Comparison, ...]:
    """Topic by topic, every point of comparison with one short value per profile."""
    chosen = tuple(profiles) if profiles is not None else tuple(PROFILES.values())
    result = []
    for key, title in TOPICS:
        points = tuple(
            Point(gettext(aspect.label), tuple(Value(p, aspect.short(p), p.cite(aspect.key)) for p in chosen))
            for aspect in ASPECTS if aspect.topic == key
        )
        result.append(Comparison(key, gettext(title), points))
    return tuple(result)


__all__ = [
    "TOPICS", "TOPIC_TITLES", "option_topic", "Rule", "Topic", "Value", "Point", "Comparison",
    "explain", "compare", "option_rule", "option_value_text", "source_text", "num",
]
