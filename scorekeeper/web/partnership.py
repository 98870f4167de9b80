"""Cut-throat's deal form once a player plays alone (docs/RULES.md §5.3): his block, one block for the
partnership's figures and each partner's own red threes, so that nothing the partners share can be entered twice.

The scorepad, the table phone and the director's correction share the deal form (``forms.deal_form``); this module
holds what only cut-throat needs: which lone hand the posted form chose (``lone_of``), the fields it adds
(``form_fields``), the partnership's figures put into the stored deal (``split``: on the first partner, as the API
takes a cut-throat deal with the partners' figures split) and read back for a correction (``joined_data``), and
the values carried over when the lone hand changes after figures were typed (``carried``). The engine adds the
partners' figures up whichever of them holds them, so the stored deal scores the same either way.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from scorekeeper.rules.i18n import _
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField, RadioField
from wtforms.fields import FormField
from wtforms.fields.choices import SelectChoice

from ..i18n import listed

#: A player's own fields, never joined with another's: his threes and the cards left in his hand.
_OWN = re.compile(r"red_threes|black_threes|hand_\d+")

#: The points fields of a block, added up when blocks are joined (as a sum the field reads: "200+40").
_SUMMED = ("meld_points", "hand_points", "custom_points")


def lone_of(profile, game, values) -> str:
    """The side the form's values mark as playing alone (``lone_hand``), or "" (nobody, or not cut-throat)."""
    if not profile.cut_throat or values is None:
        return ""
    chosen = values.get("lone_hand") if hasattr(values, "get") else None
    return chosen if isinstance(chosen, str) and chosen in {side.key for side in game.sides} else ""


def form_fields(profile, sides: tuple, mode: str, lone: str, block_form) -> dict:
    """The fields cut-throat adds to the deal form: who took the pile first, the lone hand the blocks were shown
    for (``shown_lone``: a form posted under other blocks is shown again, ``carried``), and once a player plays
    alone the partnership's block (``block_form``: the fields of a side's block, the threes left out)."""
    fields = {
        "lone_hand": RadioField(
            _("Who took the pile first"), default="",
            choices=[SelectChoice("", _("Nobody"))] + [SelectChoice(side.key, side.name) for side in sides],
            description=_("That player plays alone this deal; the other two score together as partners, their "
                          "figures entered once. Nobody: a player who went out plays alone all the same; if "
                          "nobody went out either, everyone scores alone.")),
        "shown_lone": HiddenField(default=""),
    }
    if lone:
        partners = [side for side in sides if side.key != lone]
        shown = SimpleNamespace(key="partnership", players=tuple(p.players[0] for p in partners))
        fields["partnership"] = FormField(block_form(profile, shown, mode, threes=False),
                                          label=_("%(partners)s, partners", partners=listed(p.name for p in partners)))
    return fields


def split(out: dict, partners: tuple, figures: dict) -> None:
    """Put the partnership's ``figures`` into the deal's sides ``out`` (each partner holds his threes already):
    on the first partner, and card by card each partner's own cards left in hand on his own entry."""
    hands = figures.pop("hands", None)
    first, second = partners
    out[first.key] = {**figures, **out[first.key]}
    if hands is not None:
        out[first.key]["hands"] = hands[:1]
        out[second.key] = {"melds": [], "hands": hands[1:2], **out[second.key]}


def joined_data(profile, game, deal, lone: str, data_entry) -> dict:
    """The partnership block's values for a correction: both partners' stored figures added up (``data_entry``:
    a stored side's form values), card by card each partner's hand in his place."""
    partners = [side for side in game.sides if side.key != lone]
    entries = [data_entry(profile, deal.sides.get(side.key, {}), deal.mode) for side in partners]
    joined = _joined(entries)
    if deal.mode == "cards":
        for i, entry in enumerate(entries):
            joined[f"hand_{i}"] = entry.get("hand_0", "")
    return joined


def _joined(entries: list[dict]) -> dict:
    """Several blocks' form values as one: counts and points added up, melds one after the other, went out
    (concealed) if any did, the first custom penalty's reason."""
    joined: dict = {}
    for entry in entries:
        for name, value in entry.items():
            if name == "went_out":
                order = ("no", "yes", "concealed")
                joined[name] = max(joined.get(name, "no"), value or "no", key=order.index)
            elif name == "melds":
                joined[name] = "\n".join(part for part in (joined.get(name, ""), value or "") if part)
            elif name in _SUMMED:  # points as typed, a sum the field reads ("200+40")
                joined[name] = _plus(joined.get(name, ""), str(value or "").strip())
            elif name.startswith(("canasta_", "penalty_")):
                joined[name] = (joined.get(name) or 0) + (_number(value) or 0)
            elif name not in joined or not joined[name]:
                joined[name] = value
    return joined


def _plus(left: str, right: str) -> str:
    left, right = ("" if text == "0" else text for text in (left, right))
    if not left or not right:
        return left or right
    return left + right if right.startswith(("+", "-")) else f"{left}+{right}"


def _number(value) -> int:
    try:
        return int(str(value).strip() or 0)
    except ValueError:
        return 0


def carried(profile, game, mode: str, formdata) -> tuple[object, bool]:
    """The posted values read under the blocks of the lone hand they choose: when the form was shown for another
    (``shown_lone``, missing from a form shown before there were such blocks: a phone without script, a change
    of who took the pile after figures were typed), each block's figures go to the block its first player now
    belongs to, added up, each player's cards left in hand to his own place, and True says the blocks changed.
    Returns ``formdata`` itself, untouched, when nothing changed."""
    if not profile.cut_throat or formdata is None:
        return formdata, False
    lone = lone_of(profile, game, formdata)
    shown = lone_of(profile, game, {"lone_hand": formdata.get("shown_lone", "")})
    if lone == shown:
        return formdata, False
    keys = [side.key for side in game.sides]
    hands = {key: formdata.get(f"{key}-hand_0", "") for key in keys}
    old = {key: _block_values(formdata, key) for key in keys if not shown or key == shown}
    if shown:
        partners = [key for key in keys if key != shown]
        hands.update({key: formdata.get(f"partnership-hand_{i}", "") for i, key in enumerate(partners)})
        old[partners[0]] = _block_values(formdata, "partnership")
    new = MultiDict([(name, value) for name, value in formdata.items(multi=True)
                     if not name.startswith("partnership-") and not _is_figure(name, keys)])
    targets: dict[str, list[dict]] = {}
    for key, values in old.items():
        targets.setdefault(key if not lone or key == lone else "partnership", []).append(values)
    for target, entries in targets.items():
        for name, value in _joined(entries).items():
            new[f"{target}-{name}"] = str(value)
    if mode == "cards":
        partners = [key for key in keys if key != lone]
        for key in keys:
            place = f"partnership-hand_{partners.index(key)}" if lone and key != lone else f"{key}-hand_0"
            new[place] = hands[key]
    new["shown_lone"] = lone
    return new, True


def _block_values(formdata, prefix: str) -> dict:
    """A block's posted figures (its threes and cards left in hand aside), by field name."""
    start = f"{prefix}-"
    return {name[len(start):]: value for name, value in formdata.items()
            if name.startswith(start) and not _OWN.fullmatch(name[len(start):])}


def _is_figure(name: str, keys: list[str]) -> bool:
    side, _dash, field = name.partition("-")
    return side in keys and field not in ("red_threes", "black_threes")
