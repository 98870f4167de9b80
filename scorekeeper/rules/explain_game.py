"""The rules pages' rows on a deal's score and on the game: what a deal scores, melds of a side without a
canasta, unfinished melds and cards kept, penalties; then the players and how they team up, the cards dealt and
drawn, the pile's first card, the end of the stock and the game's target. Rows of ``explain_rows.ASPECTS``.

``players_short`` is also the printed sheets' words for the table (``sheets/facts.py``)."""
from __future__ import annotations

from .explain_words import Aspect, CARDS, PLAYERS, count, num
# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, gettext, gettext_plural
from .profiles import RuleProfile


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _minus_short(p: RuleProfile) -> str:
    return gettext("count minus") if p.melds_count_minus_without_canasta else gettext("count plus")


def _minus_sentence(p: RuleProfile) -> str:
    if p.melds_count_minus_without_canasta:
        return gettext("A side that ends the deal without any canasta loses the value of the cards it melded.")
    return gettext("Melded cards count for the side even if it has no canasta.")


def _unfinished(p: RuleProfile) -> list[tuple[str, int]]:
    """Penalties the score applies by itself when a deal is given card by card."""
    parts = []
    if p.incomplete_sevens_penalty:
        parts.append((gettext("an unfinished meld of sevens"), p.incomplete_sevens_penalty))
    if p.incomplete_aces_penalty:
        what = (gettext("an unfinished meld of aces") if p.incomplete_mixed_aces_penalised
                else gettext("an unfinished meld of aces without wild cards"))
        parts.append((what, p.incomplete_aces_penalty))
    if p.incomplete_wild_penalty:
        parts.append((gettext("an unfinished meld of wild cards"), p.incomplete_wild_penalty))
    if p.sevens_in_hand_penalty:
        parts.append((gettext("three or more sevens left in one hand"), p.sevens_in_hand_penalty))
    if p.aces_in_hand_penalty:
        parts.append((gettext("three or more aces left in one hand"), p.aces_in_hand_penalty))
    return parts


def _unfinished_short(p: RuleProfile) -> str:
    parts = _unfinished(p)
    return " · ".join(f"{what} −{num(points)}" for what, points in parts) if parts else gettext("nothing extra")


def _unfinished_sentence(p: RuleProfile) -> str:
    parts = _unfinished(p)
    if not parts:
        return gettext("Unfinished melds and cards left in a hand cost nothing beyond their own value.")
    return gettext("When a deal is scored card by card, the score charges these by itself, on top of the cards' value: "
             "%(charges)s.", charges="; ".join(f"{what}, {num(points)}" for what, points in parts))


def _penalties_short(p: RuleProfile) -> str:
    if not p.penalties:
        return gettext("no penalties")
    return " · ".join(f"{gettext(pen.label)} −{num(pen.points)}" for pen in p.penalties)


def _penalties_sentence(p: RuleProfile) -> str:
    if not p.penalties:
        return gettext("The document sets no penalties beyond the scoring itself.")
    penalties = "; ".join(gettext("%(penalty)s, minus %(points)s", penalty=gettext(pen.label).lower(), points=num(pen.points))
                          for pen in p.penalties)
    return gettext("Penalties: %(penalties)s.", penalties=penalties)


def _deal_sentence(p: RuleProfile) -> str:
    text = gettext("A side's score for a deal adds its bonuses (canastas, threes, going out) and the value of its melded "
             "cards, then takes off the value of the cards left in its players' hands.")
    if not p.cut_throat:
        return text
    return text + " " + gettext("In cut-throat the lone hand scores alone; the two partners of the deal add up everything "
                          "they score but their red threes, cards left in either hand included, and each receives "
                          "that total plus or minus his own red threes, counted minus when the partnership melded "
                          "nothing.")


def _teams_short(p: RuleProfile) -> str:
    if p.cut_throat:
        return gettext("cut-throat")
    if not p.partnerships:
        return gettext("each alone")
    return {(2, 2): gettext("two partnerships"), (2, 3): gettext("two against three"), (2, 2, 2): gettext("three partnerships"),
            (3, 3): gettext("two teams of three")}[p.side_sizes]


def players_short(p: RuleProfile) -> str:
    text = gettext("%(players)s, %(teams)s", players=num(p.players), teams=_teams_short(p))
    return gettext("%(text)s, one of three sits out", text=text) if p.trio_sits_out else text


def _teams_sentence(p: RuleProfile) -> str:
    players = count(p.players, PLAYERS)
    if p.cut_throat:
        return _capital(gettext("%(players)s play cut-throat: the first to take the pile plays alone for the rest of the "
                          "deal against the other two, who are partners for that deal; if someone goes out before "
                          "anyone took it, he plays alone; if nobody took it, everyone scores alone. Each keeps a "
                          "score of his own and needs the minimum of his own total.", players=players))
    if not p.partnerships:
        return _capital(gettext("%(players)s play, each for themselves.", players=players))
    return {
        (2, 2): _capital(gettext("%(players)s play in partnerships of two, partners sitting opposite.", players=players)),
        (2, 3): _capital(gettext("%(players)s play, two against three.", players=players)),
        (2, 2, 2): _capital(gettext("%(players)s play in three partnerships of two, partners sitting opposite.",
                              players=players)),
        (3, 3): _capital(gettext("%(players)s play in two teams of three, sitting one of each team in turn.",
                           players=players)),
    }[p.side_sizes]


def _players_sentence(p: RuleProfile) -> str:
    text = _teams_sentence(p)
    if p.trio_sits_out:
        text += " " + gettext("Each deal one player of a team of three sits out, in turn, and does not advise.")
    return text


def _dealt_short(p: RuleProfile) -> str:
    if p.foot_cards:
        return gettext("%(cards)s in the hand and %(foot)s in the foot", cards=num(p.cards_dealt), foot=num(p.foot_cards))
    return gettext("%(cards)s each", cards=num(p.cards_dealt))


def _dealt_sentence(p: RuleProfile) -> str:
    if p.foot_cards:
        return gettext("Each player is dealt a hand of %(cards)s and a foot of %(foot)s, from %(packs)s decks with their "
                 "jokers (%(total)s cards). The foot stays face down until the hand is used up; then the player picks "
                 "it up and plays on, and goes out only from the foot.", cards=count(p.cards_dealt, CARDS),
                 foot=count(p.foot_cards, CARDS), packs=num(p.packs), total=num(54 * p.packs))
    if p.packs not in (2, 3):
        return gettext("Each player is dealt %(cards)s from %(packs)s decks with their jokers, %(total)s cards.",
                 cards=count(p.cards_dealt, CARDS), packs=num(p.packs), total=num(54 * p.packs))
    if p.packs == 3:
        return gettext("Each player is dealt %(cards)s from a pack of three decks and six jokers, 162 cards.",
                 cards=count(p.cards_dealt, CARDS))
    return gettext("Each player is dealt %(cards)s from a pack of two decks and four jokers.",
             cards=count(p.cards_dealt, CARDS))


def _draw_short(p: RuleProfile) -> str:
    return count(p.draw, CARDS)


def _draw_sentence(p: RuleProfile) -> str:
    return gettext("A turn begins by drawing %(cards)s from the stock (or taking the pile) and ends with one discard.",
             cards=count(p.draw, CARDS))


def _upcard_sentence(p: RuleProfile) -> str:
    return gettext("The first card of the discard pile: %(how)s.", how=gettext(p.upcard))


def _stock_sentence(p: RuleProfile) -> str:
    return gettext("When the stock runs out: %(what)s.", what=gettext(p.stock_exhaustion))


def _target_short(p: RuleProfile) -> str:
    if p.deals_in_game:
        return gettext_plural("%(num)s deal", "%(num)s deals", p.deals_in_game, num=num(p.deals_in_game))
    return num(p.target)


def _target_sentence(p: RuleProfile) -> str:
    if p.deals_in_game:
        return gettext_plural("A game is %(num)s deal; the side with the most points then wins, and if the leaders are "
                        "level one more deal is played until one leads.",
                        "A game is %(num)s deals; the side with the most points then wins, and if the leaders are "
                        "level one more deal is played until one leads.", p.deals_in_game,
                        num=num(p.deals_in_game))
    return gettext("The game is won by the side that reaches %(target)s points; if both do, the higher total wins.",
             target=num(p.target))


SCORING_ROWS: tuple[Aspect, ...] = (
    Aspect("scoring", N_("A deal's score"), "scoring", lambda p: gettext("bonuses + melded cards − cards in hand"),
           _deal_sentence),
    Aspect("scoring", N_("Melds of a side without a canasta"), "scoring", _minus_short, _minus_sentence),
    Aspect("scoring", N_("Unfinished melds and cards kept"), "scoring", _unfinished_short, _unfinished_sentence),
    Aspect("scoring", N_("Penalties"), "penalties", _penalties_short, _penalties_sentence),
)

GAME_ROWS: tuple[Aspect, ...] = (
    Aspect("game", N_("Players"), "players", players_short, _players_sentence),
    Aspect("game", N_("Cards dealt"), "cards_dealt", _dealt_short, _dealt_sentence),
    Aspect("game", N_("Cards drawn each turn"), "draw", _draw_short, _draw_sentence),
    Aspect("game", N_("First card of the pile"), "upcard", lambda p: gettext(p.upcard), _upcard_sentence),
    Aspect("game", N_("When the stock runs out"), "stock", lambda p: gettext(p.stock_exhaustion), _stock_sentence),
    Aspect("game", N_("Game target"), "target", _target_short, _target_sentence),
)
