"""May I go out?"""
from __future__ import annotations

from .cards import Card
from .errors import InvalidRequest
from .kinds import counted
from .melds import Situation, Verdict, as_cards, canasta_kind, violation, words
from .profiles import RuleProfile
from .turn import concealed_play, judge_turn
from .i18n import _, ngettext


def check_go_out(profile: RuleProfile, situation: Situation, *, melds=(), add=None, discard=None,
                 drew: str = "stock") -> Verdict:
    """May the player go out with these melds, additions and last discard?"""
    p = profile
    if drew not in ("stock", "pile"):
        raise InvalidRequest(_('\'drew\' is "stock" or "pile".'), code="request.invalid_field", field="drew")
    last: Card | None = None
    if discard is not None:
        cards = as_cards(discard if not isinstance(discard, Card) else (discard,), "discard", p.sequences)
        if len(cards) > 1:
            raise InvalidRequest(_("'discard' is one card, or null for none."), code="request.invalid_field",
                                 field="discard")
        last = cards[0] if cards else None
    new_melds = [as_cards(m, f"melds[{i}]", p.sequences) for i, m in enumerate(melds)]
    concealed = concealed_play(p, situation, add)
    turn = judge_turn(p, situation, new_melds, add, going_out=True, drew=drew, concealed=concealed)
    out = list(turn.violations)
    size = p.canasta_size
    shapes = [shape for _, shape in turn.results] if p.canastas_may_complete_when_going_out else turn.before
    kinds = [kind for kind in (canasta_kind(p, shape) for shape in shapes if shape.size >= size) if kind]
    canastas = len(kinds)
    if canastas < p.canastas_to_go_out and p.canastas_to_go_out > sum(n for _k, n in p.canastas_of_kind_to_go_out):
        need = p.canastas_to_go_out
        out.append(violation(p, "go_out.too_few_canastas",
                             _going_out_canastas(p, need, canastas), "going_out"))
    for kind, need in p.canastas_of_kind_to_go_out:  # Bolivia: an escalera among them; Hand and Foot: books of each kind
        have = kinds.count(kind)
        if have < need:
            out.append(violation(p, "go_out.too_few_canastas_of_kind",
                                 _("Going out needs %(need)s for the side; it has %(have)s.",
                                   need=counted(p, kind, need), have=have), "going_out"))
    if p.foot_cards and situation.in_foot is False:
        out.append(violation(p, "go_out.foot_not_played",
                             _("A player goes out only from the foot: the hand is played first, then the foot is picked up and played."),
                             "foot"))
    if last is None and p.discard_required_to_go_out:
        out.append(violation(p, "go_out.discard_required", _("Going out ends with one last card discarded."),
                             "going_out"))
    if last is not None and last.is_red_three and not p.threes_may_be_last_discard:
        out.append(violation(p, "go_out.red_three_discard",
                             _("A red three is laid face up as a bonus, never discarded."), "red_threes"))
    if p.concealed_needs_canasta:
        concealed = concealed and any(shape.size >= size and canasta_kind(p, shape) for shape in turn.new_shapes)
    # yahoo: Canasta¶ — concealed means all of the player's melds laid at once in the going-out turn.
    concealed = concealed and bool(turn.new_shapes or add)
    legal = not out
    bonus = (p.going_out_bonus + (p.concealed_extra_bonus if concealed else 0)) if legal else 0
    return Verdict(legal, tuple(out), tuple(turn.infos), turn.points, turn.minimum, concealed=concealed,
                   bonus=bonus, kind="go_out")


def _going_out_canastas(p, need: int, canastas: int) -> str:
    if p.canastas_may_complete_when_going_out:
        return ngettext("Going out needs %(need)s canasta for the side; it has %(canastas)s.",
                        "Going out needs %(need)s canastas for the side; it has %(canastas)s.",
                        need, need=words(need), canastas=words(canastas))
    return ngettext("Going out needs %(need)s canasta for the side already on the table; it has %(canastas)s.",
                    "Going out needs %(need)s canastas for the side already on the table; it has %(canastas)s.",
                    need, need=words(need), canastas=words(canastas))
