"""The rules pages' rows on going out: the canastas it needs, the last discard, its bonus and going out
concealed. Rows of ``explain_rows.ASPECTS``."""
from __future__ import annotations

from .explain_words import Aspect, CANASTAS, count, num
# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, Nn_, gettext
from .profiles import RuleProfile


#: A count of canastas of one kind, for what going out needs ("two clean books", "one escalera").
_KIND_COUNTS = {
    "natural": Nn_("%(num)s natural canasta", "%(num)s natural canastas"),
    "mixed": Nn_("%(num)s mixed canasta", "%(num)s mixed canastas"),
    "samba": Nn_("%(num)s samba", "%(num)s sambas"),
    "escalera": Nn_("%(num)s escalera", "%(num)s escaleras"),
    "bolivia": Nn_("%(num)s bolivia", "%(num)s bolivias"),
    "wild": Nn_("%(num)s wild-card canasta", "%(num)s wild-card canastas"),
}
_BOOK_COUNTS = {
    "natural": Nn_("%(num)s clean book", "%(num)s clean books"),
    "mixed": Nn_("%(num)s dirty book", "%(num)s dirty books"),
    "wild": Nn_("%(num)s wild-card book", "%(num)s wild-card books"),
}


def _going_out_need(p: RuleProfile) -> str:
    """What going out needs: "two canastas", "two clean books and two dirty books", "two canastas, at least one
    escalera among them"."""
    need = count(p.canastas_to_go_out, CANASTAS)
    if not p.canastas_of_kind_to_go_out:
        return need
    book = p.canasta_name == "book"
    kinds = gettext(" and ").join(count(n, (_BOOK_COUNTS if book and kind in _BOOK_COUNTS else _KIND_COUNTS)[kind])
                            for kind, n in p.canastas_of_kind_to_go_out)
    if sum(n for _kind, n in p.canastas_of_kind_to_go_out) == p.canastas_to_go_out:
        return kinds
    return gettext("%(canastas)s, at least %(kinds)s among them", canastas=need, kinds=kinds)


def _canastas_out_short(p: RuleProfile) -> str:
    need = _going_out_need(p)
    if p.canastas_may_complete_when_going_out:
        return gettext("%(canastas)s; may be finished that turn", canastas=need)
    return gettext("%(canastas)s; already down", canastas=need)


def _canastas_out_sentence(p: RuleProfile) -> str:
    need = _going_out_need(p)
    if p.canastas_may_complete_when_going_out:
        return gettext("A player may go out once the side has %(canastas)s, counting one finished in the going-out turn "
                 "itself.", canastas=need)
    return gettext("A player may go out only if the side already had %(canastas)s on the table before that turn.",
             canastas=need)


def _discard_short(p: RuleProfile) -> str:
    if not p.discard_required_to_go_out:
        return gettext("optional")
    return gettext("required; may be a three or a wild") if p.threes_may_be_last_discard else gettext("required")


def _discard_sentence(p: RuleProfile) -> str:
    if p.discard_required_to_go_out:
        if p.threes_may_be_last_discard:
            return gettext("Going out always ends with one last card discarded face down; that card may even be a three or a "
                     "wild card.")
        return gettext("Going out always ends with one last card discarded face down.")
    if p.threes_may_be_last_discard:
        return gettext("A player may go out with or without a last discard, and that discard may even be a three.")
    return gettext("A player may go out with or without a last discard, but a red three is never discarded.")


def _concealed_short(p: RuleProfile) -> str:
    if not p.concealed_allowed:
        return gettext("no concealed going out")
    terms = [gettext("own canasta needed") if p.concealed_needs_canasta else gettext("no canasta of its own needed")]
    if p.concealed_allows_additions:
        terms.append(gettext("may add to partner's melds"))
    return gettext("+%(bonus)s extra; %(terms)s", bonus=num(p.concealed_extra_bonus), terms=", ".join(terms))


def _concealed_sentence(p: RuleProfile) -> str:
    if not p.concealed_allowed:
        return gettext("There is no concealed going out and no bonus for it.")
    if p.concealed_needs_canasta:
        canasta = gettext("at least one of the melds he lays down that turn must be a canasta")
    else:
        canasta = gettext("those melds need not include a canasta of their own")
    if p.concealed_allows_additions:
        partner = gettext("adding cards to the partner's melds in that turn still counts as concealed")
    else:
        partner = gettext("adding any card to the partner's melds spoils it")
    return gettext("Going out concealed means the player lays down all of his melds at once in the turn he goes out, "
             "having melded nothing earlier in the deal; %(canasta)s, and %(partner)s. It earns %(bonus)s on top of "
             "the going-out bonus.", canasta=canasta, partner=partner, bonus=num(p.concealed_extra_bonus))


def _out_bonus_short(p: RuleProfile) -> str:
    return num(p.going_out_bonus)


def _out_bonus_sentence(p: RuleProfile) -> str:
    return gettext("The side of the player who goes out scores %(bonus)s for it.", bonus=num(p.going_out_bonus))


GOING_OUT_ROWS: tuple[Aspect, ...] = (
    Aspect("going_out", N_("Canastas needed"), "going_out", _canastas_out_short, _canastas_out_sentence),
    Aspect("going_out", N_("Last discard"), "going_out", _discard_short, _discard_sentence),
    Aspect("going_out", N_("Going-out bonus"), "scoring", _out_bonus_short, _out_bonus_sentence),
    Aspect("going_out", N_("Concealed going out"), "concealed", _concealed_short, _concealed_sentence),
)
