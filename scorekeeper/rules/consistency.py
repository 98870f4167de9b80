"""A profile's fields against each other: the checks ``RuleProfile`` runs on itself when it is built.

They find mistakes in the code of a profile, never in a person's choice (every club option is checked before it
is applied, and no combination of them reaches these), so their words are for programmers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import pack_size
from .kinds import CLASSIC_CANASTAS, SEQUENCE_CANASTAS, SPECIAL_CANASTAS, WILD_CANASTAS

if TYPE_CHECKING:  # pragma: no cover
    from .rule_profile import RuleProfile


def consistency_problems(p: "RuleProfile") -> list[str]:
    """The fields against each other."""
    checks = (
        (not isinstance(p.target, int) or p.target <= 0 or p.target % 5,
         "the game target must be a positive multiple of 5"),  # i18n: not for people
        (_minimum_table_unsorted(p.minimum_table),
         "the minimum table must start at 0 and be sorted by score"),  # i18n: not for people
        (any(m < 0 or m % 5 for _, m in p.minimum_table),
         "every initial-meld minimum must be a non-negative multiple of 5"),  # i18n: not for people
        (p.partnerships and p.players < 4, "partnerships need four or more players"),  # i18n: not for people
        (p.cut_throat and (p.players != 3 or p.partnerships),
         "cut-throat is three players, each keeping a score of his own"),  # i18n: not for people
        (p.teams == "two_teams" and (p.players != 6 or not p.partnerships),
         "two teams of three are six players in partnerships"),  # i18n: not for people
        (p.trio_sits_out and 3 not in p.side_sizes,
         "only a team of three can have a player sit out"),  # i18n: not for people
        (p.packs != 2 and p.threes_scoring != "red_each",
         "more than two packs are scored with red threes each"),  # i18n: not for people
        ((p.players - p.side_sizes.count(3) * p.trio_sits_out) * (p.cards_dealt + p.foot_cards)
         >= pack_size(p.packs),
         "the players at the table are dealt more cards than the pack holds"),  # i18n: not for people
        (p.foot_cards < 0, "a foot holds no cards or some"),  # i18n: not for people
        (p.pile_take_count == 1 or not 0 <= p.pile_take_count <= 99,
         "a limited take from the pile is two cards or more"),  # i18n: not for people
        (p.min_meld_size < 2 or p.canasta_size < p.min_meld_size,
         "a meld has at least two cards and a canasta at least as many as a meld"),  # i18n: not for people
        (p.max_wilds < 0 or p.min_naturals < 0 or p.min_naturals > p.canasta_size,
         "the natural and wild card limits of a meld must be counts that fit in a canasta"),  # i18n: not for people
        (p.pile_existing_meld_max is not None and not 0 <= p.pile_existing_meld_max < p.canasta_size,
         "the largest meld a picked pair may join must be smaller than a canasta"),  # i18n: not for people
        (p.cards_dealt < 1, "every player is dealt at least one card"),  # i18n: not for people
        (not 0 <= p.deals_in_game <= 99, "a game of a fixed number of deals has 1 to 99 of them"),  # i18n: not for people
        (len(p.minimum_by_deal) > 12, "a minimum by deal number lists at most 12 deals"),  # i18n: not for people
        (p.min_naturals < 1 and not p.all_wild_melds,
         "melds need natural cards unless all-wild melds are allowed"),  # i18n: not for people
        (p.max_meld_size is not None and p.max_meld_size < p.canasta_size,
         "melds may not be capped below the size of a canasta"),  # i18n: not for people
        (p.wild_meld_may_open_alone and not p.all_wild_melds,
         "a wild-card opening needs all-wild melds"),  # i18n: not for people
        (_kinds_problem(p), "canasta kinds are natural and mixed, all seven special ones, or natural and mixed with "
                            "a sequence kind and a wild-card kind where wild cards are melded alone"),  # i18n: not for people
        (_going_out_kinds_problem(p),
         "the canastas of a kind needed to go out are the profile's own kinds, each wanted once or more, and no "
         "more than the canastas needed in all"),  # i18n: not for people
        (len(p.threes_table) != 5, "the threes table has one value for 0 to 4 threes"),  # i18n: not for people
    )
    return [message for failed, message in checks if failed]


def _kinds_problem(p: "RuleProfile") -> bool:
    """The kinds of canasta against each other and against what may be melded."""
    kinds = set(p.canasta_kinds)
    if len(kinds) != len(p.canasta_kinds):
        return True
    if kinds == set(SPECIAL_CANASTAS):
        return False
    extra = kinds - set(CLASSIC_CANASTAS)
    sequence = extra & set(SEQUENCE_CANASTAS)
    wild = extra & set(WILD_CANASTAS)
    return (not set(CLASSIC_CANASTAS) <= kinds or extra != sequence | wild or len(sequence) > 1 or len(wild) > 1
            or bool(wild) and not p.all_wild_melds)


def _going_out_kinds_problem(p: "RuleProfile") -> bool:
    wanted = p.canastas_of_kind_to_go_out
    kinds = [kind for kind, _count in wanted]
    return (len(set(kinds)) != len(kinds) or not set(kinds) <= set(p.canasta_kinds)
            or any(not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 9 for _kind, n in wanted)
            or sum(n for _kind, n in wanted) > p.canastas_to_go_out)


def _minimum_table_unsorted(table) -> bool:
    bounds = [b for b, _ in table]
    return not bounds or bounds[0] != 0 or bounds != sorted(bounds) or len(set(bounds)) != len(bounds)
