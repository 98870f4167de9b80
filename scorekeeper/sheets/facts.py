"""What a table needs at a glance under a profile, laid out for a printed sheet.

Every number comes from a field of the engine's ``RuleProfile``; this module only chooses words and order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.rules.i18n import _, ngettext

from ..rules.i18n import N_

from ..i18n import format_number, format_signed
from ..rules.explain_game import players_short  # the rules pages' words for the table
from ..rules.kinds import counted
from ..rules import RuleProfile, profile_options, profile_parameters


def points(value: int | None) -> str:
    """A number of points as the reader's locale writes it: ``5000`` -> ``5,000`` (English), ``5000`` (Spanish)."""
    if value is None:
        return ""
    return format_number(value)


def signed(value: int) -> str:
    """``500`` -> ``+500``; ``-100`` -> ``-100``; ``0`` -> ``0``; grouped by the locale like ``points``."""
    return format_signed(value)


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = field(default=())


def minimum_rows(profile: RuleProfile) -> list[tuple[str, int]]:
    """The initial-meld table as (range of the side's total, minimum), merging equal neighbours."""
    bounds = [bound for bound, _ in profile.minimum_table]
    ranges: list[list] = [[None, 0, profile.minimum_below_zero]]  # [from, to (exclusive), minimum]
    for i, (bound, minimum) in enumerate(profile.minimum_table):
        upper = bounds[i + 1] if i + 1 < len(bounds) else None
        if ranges[-1][2] == minimum:
            ranges[-1][1] = upper
        else:
            ranges.append([bound, upper, minimum])
    rows = []
    for low, high, minimum in ranges:
        if low is None and high is None:
            label = _("Any total")
        elif low is None:
            label = _("Below 0") if high == 0 else _("Below %(high)s", high=points(high))
        elif high is None:
            label = _("%(low)s and more", low=points(low))
        else:
            # Scores move in steps of 5, so the last total of a range is 5 below the next bound.
            label = _("%(low)s to %(high)s", low=points(low), high=points(high - 5))
        rows.append((label, minimum))
    return rows


def table_line(profile: RuleProfile) -> str:
    """One line about the table: players, how they team up (the rules pages' words), cards dealt, cards drawn."""
    if profile.foot_cards:
        return _("Players: %(table)s · %(cards)s cards in the hand and %(foot)s in the foot · draw %(draw)s",
                 table=players_short(profile), cards=profile.cards_dealt, foot=profile.foot_cards, draw=profile.draw)
    return _("Players: %(table)s · %(cards)s cards each · draw %(draw)s", table=players_short(profile),
             cards=profile.cards_dealt, draw=profile.draw)


#: What Hand and Foot calls its canastas, on the sheet's list of bonuses.
_BOOKS = {"natural": N_("Clean book"), "mixed": N_("Dirty book"), "wild": N_("Wild-card book")}


def _going_out_need(profile: RuleProfile) -> str:
    """The canastas going out needs: "2", or by kind "2 clean books, 2 dirty books"."""
    if not profile.canastas_of_kind_to_go_out:
        return str(profile.canastas_to_go_out)
    kinds = ", ".join(str(counted(profile, kind, n)) for kind, n in profile.canastas_of_kind_to_go_out)
    if sum(n for _kind, n in profile.canastas_of_kind_to_go_out) == profile.canastas_to_go_out:
        return kinds
    return _("%(count)s, among them %(kinds)s", count=profile.canastas_to_go_out, kinds=kinds)


def _minimum_section(profile: RuleProfile) -> Section:
    if profile.minimum_by_deal:
        last = len(profile.minimum_by_deal)
        rows = tuple((_("Deal %(number)s", number=n) if n < last else _("Deal %(number)s and later", number=n),
                      points(value)) for n, value in enumerate(profile.minimum_by_deal, start=1))
        return Section(_("Initial meld minimum"), rows, (_("Read the row of the deal being played."),))
    return Section(
        _("Initial meld minimum"),
        tuple((label, points(value) if value else "none") for label, value in minimum_rows(profile)),
        (_("Read the row of the side's total before the deal."),),
    )


def _labels(profile: RuleProfile) -> dict[str, str]:
    labels = {}
    for entry in profile_parameters(profile):
        text = entry["label"]  # marked for the catalogue where the engine writes it
        labels[entry["name"]] = _(text)
    return labels


def _cards_section(profile: RuleProfile, labels: dict[str, str]) -> Section:
    card_rows = [
        (labels["joker_points"], points(profile.joker_points)),
        (labels["two_points"], points(profile.two_points)),
        (labels["ace_points"], points(profile.ace_points)),
        (labels["high_points"], points(profile.high_points)),
        (labels["low_points"], points(profile.low_points)),
        (labels["black_three_points"], points(profile.black_three_points)),
    ]
    if profile.eight_nine_points != profile.high_points:
        card_rows.insert(4, (labels["eight_nine_points"], points(profile.eight_nine_points)))
    if profile.black_three_melded_points != profile.black_three_points and profile.black_threes_meld != "never":
        card_rows.append((labels["black_three_melded_points"], points(profile.black_three_melded_points)))
    if profile.red_three_in_hand_points:
        card_rows.append((_("Red three left in hand"), points(profile.red_three_in_hand_points)))
    card_notes = [_("Melded cards count plus, cards left in hand minus.")]
    if profile.melds_count_minus_without_canasta:
        card_notes.append(labels["melds_count_minus_without_canasta"] + ".")
    return Section(_("Card values"), tuple(card_rows), tuple(card_notes))


def reference(profile: RuleProfile) -> list[Section]:
    """The sections printed beside the score columns of a blank sheet."""
    labels = _labels(profile)

    game_rows = [
        (_("Deals in a game"), str(profile.deals_in_game)) if profile.deals_in_game
        else (_("Game target"), points(profile.target)),
        (labels["canastas_to_go_out"], _going_out_need(profile)),
    ]

    minimum = _minimum_section(profile)

    book = profile.canasta_name == "book"
    bonus_rows = [(_(_BOOKS[kind]) if book and kind in _BOOKS else labels[f"{kind}_canasta_bonus"],
                   points(profile.canasta_bonus(kind))) for kind in profile.canasta_kinds]
    bonus_rows.append((labels["going_out_bonus"], points(profile.going_out_bonus)))
    if profile.concealed_allowed and profile.concealed_extra_bonus:
        bonus_rows.append((labels["concealed_extra_bonus"], points(profile.concealed_extra_bonus)))
    threes_notes = []
    if profile.threes_scoring == "per_colour":
        for count in range(1, len(profile.threes_table)):
            bonus_rows.append((ngettext("%(num)d three of one colour", "%(num)d threes of one colour", count),
                               points(profile.threes_table[count])))
        threes_notes.append(_("Red and black threes are counted separately, each colour by this scale."))
    else:
        bonus_rows.append((labels["red_three_bonus"], points(profile.red_three_bonus)))
        if profile.red_threes_in_pack == 4:
            bonus_rows.append((labels["all_four_red_threes_bonus"], points(profile.all_four_red_threes_bonus)))
        elif profile.red_threes_in_pack == 6:  # three packs: four are not all (docs/RULES.md §5, RG-6)
            bonus_rows.append((labels["five_red_threes_bonus"], points(profile.five_red_threes_bonus)))
            bonus_rows.append((labels["six_red_threes_bonus"], points(profile.six_red_threes_bonus)))
    if profile.threes_sign_by == "going_out_canastas":
        threes_notes.append(_("Red threes count minus for a side without the canastas it needs to go out."))
    elif profile.threes_sign_by == "canastas":
        threes_notes.append(_("Whether threes count plus or minus depends on the side's canastas."))
    elif profile.red_threes_negative_without_meld:
        threes_notes.append(_("Red threes count minus for a side that has melded nothing."))
    bonuses = Section(_("Bonuses"), tuple(bonus_rows), tuple(threes_notes))

    cards = _cards_section(profile, labels)

    if profile.penalties:
        penalties = Section(_("Penalties"), tuple((_(p.label), points(-p.points)) for p in profile.penalties))
    else:
        penalties = Section(_("Penalties"), (), (_("These rules name no penalties."),))

    return [Section(_("The game"), tuple(game_rows)), minimum, bonuses, cards, penalties]


def option_lines(profile: RuleProfile, base: RuleProfile) -> list[str]:
    """The club options of ``profile`` that differ from ``base``'s defaults, in plain words."""
    values = profile.option_values()
    lines = []
    for option in profile_options(base):
        value = values.get(option.name, option.default)
        if value != option.default:
            text = str(option.describe(value))
            if option.kind == "int":
                text = _("%(label)s: %(value)s", label=_(option.label), value=points(value))
            lines.append(text)
    return lines
