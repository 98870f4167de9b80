"""Words, not keys: every message the game forms can give names things as the screen labels them.

The test posts a battery of bad entries to the new-game form and to the deal form (by totals and card by card,
under every profile) and reads every message in the answers. None may show a snake_case key, a quoted option
key, a dotted code or a raw citation ("bicycle: Melds", a file number, a pilcrow)."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import PROFILES, get_profile, profile_options

from .scorepad_helpers import option_values, start_game
from tests.recording import game_path

MESSAGE = re.compile(
    r'<(p|li|span)[^>]*class="[^"]*(?:field-error|meld-problem)[^"]*"[^>]*>(.*?)</\1>'
    r'|<div class="message message-(?:error|warning)"[^>]*>(.*?)</div>', re.S)
OPTION_KEYS = {option.name for profile in PROFILES.values() for option in profile_options(profile)}
BAD = [
    (re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"), "a snake_case key"),
    (re.compile(r"\b[a-z]+\.[a-z_]+\b"), "a dotted code"),
    (re.compile(r"\b(?:%s):" % "|".join(map(re.escape, PROFILES))), "a raw citation"),
    (re.compile(r"¶|\b0\d\d [A-Za-z]"), "a document's file number"),
    (re.compile(r"'(?:%s)'" % "|".join(map(re.escape, OPTION_KEYS))), "an option key"),
]


def messages(page: str) -> list[str]:
    found = []
    for match in MESSAGE.finditer(page):
        text = re.sub(r"<[^>]+>", " ", match.group(2) or match.group(3) or "")
        found.append(" ".join(html.unescape(text).split()))
    return [m for m in found if m]


def assert_in_words(page: str, seen: set[str]) -> None:
    for message in messages(page):
        seen.add(message)
        for pattern, what in BAD:
            assert not pattern.search(message), f"{what} in: {message}"


def deal_entries(profile) -> list[dict]:
    """Bad and doubtful deals: each field wrong in each way a thumb makes it wrong."""
    kinds = profile.canasta_kinds
    entries = []
    for value in ("-5", "abc", "7", "999999", "1+", "5000"):
        for field in ("meld_points", "hand_points", "custom_points"):
            entries.append({"mode": "totals", f"we-{field}": value, "we-went_out": "yes", "we-canasta_natural": "1"})
    for value in ("-1", "x", "100", "5", "1.5"):
        for field in ("red_threes", *(f"canasta_{k}" for k in kinds), "black_threes"):
            entries.append({"mode": "totals", f"they-{field}": value})
    entries += [
        {"mode": "totals", "we-went_out": "yes", "they-went_out": "concealed"},
        {"mode": "totals", "we-went_out": "maybe"},
        {"mode": "totals", "we-canasta_natural": "9", "we-meld_points": "100"},
        {"mode": "totals", "we-canasta_natural": "2", "we-meld_points": "0", "we-went_out": "yes"},
        {"mode": "totals", "we-custom_points": "50"},
        {"mode": "totals"},
        {"mode": "cards", "we-melds": "K K X\nQ Q Q Q Q Q Q Q Q", "we-hand_0": "ZZ", "we-went_out": "yes"},
        {"mode": "cards", "we-melds": "K K 2 2 2\n5 5 5\n5 5 5\n3 3 3", "they-melds": "JK JK JK JK JK",
         "they-hand_0": "2 2 2 2 2 2 2 2 2", "they-went_out": "yes"},
    ]
    return entries


@pytest.mark.parametrize("rules", list(PROFILES))
@pytest.mark.slow
def test_every_deal_form_message_is_in_words(client, rules):
    game_id = start_game(client, rules=rules, target=5000 if rules != "classic" else 5000)
    seen: set[str] = set()
    for entry in deal_entries(get_profile(rules)):
        data = {"version": "1", **entry}
        assert_in_words(client.post(f"{game_path(client, game_id)}/deals", data=data).get_data(as_text=True), seen)
        preview = client.post(f"{game_path(client, game_id)}/deals/preview", data=data, headers={"HX-Request": "true"})
        assert_in_words(preview.get_data(as_text=True), seen)
    assert len(seen) > 10  # the battery did reach the messages


@pytest.mark.parametrize("rules", list(PROFILES))
@pytest.mark.slow
def test_every_new_game_message_is_in_words(client, rules):
    seen: set[str] = set()
    page = client.get(f"/games/new?rules={rules}").get_data(as_text=True)
    for help_text in re.findall(r'class="help">(.*?)</', page, re.S):
        for pattern, what in BAD:
            assert not pattern.search(help_text), f"{what} in help: {help_text}"
    for option in profile_options(get_profile(rules)):
        for value in ("5001", "-5", "abc", "", "zzz", "0"):
            data = {"rules": rules, "shown_rules": rules, **option_values(rules), f"opt_{option.name}": value,
                    "we_name": "", "they_name": ""}
            assert_in_words(client.post("/games/new", data=data).get_data(as_text=True), seen)
    assert seen
