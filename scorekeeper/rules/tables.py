"""The table: how many play and how they team up, as club options of the profiles that name other tables.

The Bicycle and classic documents both say Canasta is played by two, three, five and six as well as by four
(bicycle: Number of Players; classic: Number of Players) and describe only the four-hand game; the published
variants they point to are gathered in docs/RULES.md §5, with their sources, and this module follows them:

- two players: 15 cards each, draw two and discard one, two canastas to go out; under the Bicycle rules the
  penalties for red threes and insufficient melds do not apply (BCA-2, WIKI-23);
- three players, each alone: 13 cards each (RG-3, WIKI-23); or cut-throat: draw two, two canastas to go out,
  game 7,500, the first to take the pile alone against the other two for that deal, who score everything but
  their red threes as a partnership (BC-3, RG-3, LR-3; the scoring is ``scoring.score_deal``'s);
- five players: 11 cards each, two against three, one of the three sitting out each deal in turn (RG-5);
- six players: 13 cards each from three packs (162 cards), two canastas to go out; three partnerships of two
  (game 7,500) or two teams of three (game 10,000, and a 150 minimum once a side has 7,500) (RG-6).

Where the sources disagree (docs/RULES.md §5.1), the other reading is one more club option here, cited.
Each option is a table option (``Option.table``): applied before a club's other options, so a target, draw or
canasta count the club gives beside it stands.
"""
from __future__ import annotations

from .i18n import N_
from .options import Option

#: The notes the table options cite beside the document's heading (translated on the rules pages:
#: ``explain.CITATION_NOTES``).
NOTES = {
    "players": N_("docs/RULES.md §5: BCA-2, WIKI-23, RG-3, RG-5, RG-6"),
    "team_up": N_("docs/RULES.md §5: BC-3, RG-3, LR-3, RG-6"),
    "packs": N_("docs/RULES.md §5: RG-6"),
    "six_player_packs": N_("docs/RULES.md §5, Disagreements: canastarules.org, six players"),
    "six_sit_out": N_("docs/RULES.md §5, Disagreements: Card Games For Dummies, six players"),
    "minimum_150_from": N_("docs/RULES.md §5, Disagreements: RG-6; Hoyle as often quoted"),
    "cut_throat_cards": N_("docs/RULES.md §5: RG-3; LR-3, some play 11"),
}

#: The initial-meld minimums of the four-hand game, and the 150 of the six-player game of two teams.
FOUR_HAND_MINIMUMS = ((0, 50), (1500, 90), (3000, 120))
_PENALTIES_NOT_FOR_TWO = ("undeclared-red-three", "partial-withdrawal")


def _table(players: int, penalties: tuple) -> dict:
    """The fields a table of ``players`` sets, from the four-hand game of the Bicycle and classic documents."""
    fields = {"players": players, "partnerships": players >= 4, "teams": "standard", "trio_sits_out": False,
              "packs": 2, "cards_dealt": 11, "draw": 1, "canastas_to_go_out": 1, "target": 5000,
              "minimum_table": FOUR_HAND_MINIMUMS, "penalties": penalties}
    if players == 2:
        fields.update(cards_dealt=15, draw=2, canastas_to_go_out=2,
                      penalties=tuple(p for p in penalties if p.code not in _PENALTIES_NOT_FOR_TWO))
    elif players == 3:
        fields.update(cards_dealt=13)
    elif players == 5:
        fields.update(trio_sits_out=True)
    elif players == 6:
        fields.update(cards_dealt=13, canastas_to_go_out=2, packs=3, target=7500)
    return fields


def players(pid: str, heading: str, penalties: tuple) -> Option:
    """How many play: 2 to 6 (docs/RULES.md §5)."""
    return Option(
        "players", N_("Players"), "choice", (2, 3, 4, 5, 6), 4,
        N_("4: two partnerships of two, 11 cards each. 2: each player alone, 15 cards each, draw two, two "
           "canastas to go out. 3: each alone, 13 cards each (or cut-throat: see how the players team up). 5: two "
           "against three, 11 cards each, one of the three sitting out each deal in turn. 6: three packs, 13 "
           "cards each, two canastas to go out, in three partnerships of two or two teams of three."),
        f"{pid}: {heading} ({NOTES['players']})", reading=False,
        to_fields=lambda value: _table(value, penalties), table=True,
    )


def _team_up(value: str) -> dict:
    if value == "cut_throat":
        return {"teams": value, "draw": 2, "canastas_to_go_out": 2, "target": 7500}
    if value == "two_teams":
        return {"teams": value, "target": 10000, "minimum_table": FOUR_HAND_MINIMUMS + ((7500, 150),)}
    return {"teams": value}


def _fits_team_up(p) -> bool:
    return (p.teams == "cut_throat" and p.players == 3) or (p.teams == "two_teams" and p.players == 6)


def team_up(pid: str, heading: str) -> Option:
    """How three or six players team up."""
    return Option(
        "team_up", N_("How the players team up"), "choice", ("standard", "cut_throat", "two_teams"), "standard",
        N_("Standard: three players each play alone, six play in three partnerships of two. Cut-throat (three "
           "players): the first to take the pile plays alone for that deal against the other two as partners (so "
           "does a player who goes out before anyone took it); each partner scores everything the partnership "
           "makes but red threes, plus or minus his own red threes; draw two, two canastas to go out, game 7,500. "
           "Two teams of three (six players): game 10,000, and a side with 7,500 or more needs 150 for its "
           "initial meld."),
        f"{pid}: {heading} ({NOTES['team_up']})", reading=False, to_fields=_team_up,
        from_profile=lambda p: p.teams, field="teams", table=True, applies=_fits_team_up,
        applies_words=N_("to three players (cut-throat) or six players (two teams of three)"),
        needs=lambda value: {"players": 3 if value == "cut_throat" else 6},
    )


_SIX_IN_TWO_TEAMS = {"players": 6, "team_up": "two_teams"}
_CUT_THROAT = {"players": 3, "team_up": "cut_throat"}


def _two_teams(p) -> bool:
    return p.players == 6 and p.teams == "two_teams"


def _cut_throat(p) -> bool:
    return p.players == 3 and p.teams == "cut_throat"


def six_player_packs(pid: str, heading: str) -> Option:
    """Two teams of three with the usual two packs (docs/RULES.md §5.1)."""
    return Option(
        "six_player_packs", N_("Packs for two teams of three"), "choice", (3, 2), 3,
        N_("3: three packs (162 cards), 13 cards each, draw one. 2: the usual two packs (108 cards), 11 cards "
           "each, draw two."),
        f"{pid}: {heading} ({NOTES['six_player_packs']})", reading=False,
        to_fields=lambda value: {"packs": 2, "cards_dealt": 11, "draw": 2} if value == 2 else {},
        from_profile=lambda p: p.packs if _two_teams(p) else 3, field="packs", table=True, applies=_two_teams,
        applies_words=N_("to six players in two teams of three"), needs=lambda value: _SIX_IN_TWO_TEAMS,
    )


def six_sit_out(pid: str, heading: str) -> Option:
    """Three against three, one of each team sitting out each deal (docs/RULES.md §5.1)."""
    return Option(
        "six_sit_out", N_("One of each team of three sits out each deal"), "bool", (True, False), False,
        N_("yes: two teams of three, of which four players play each deal, one of each team sitting out in turn; "
           "the four at the table play the four-hand game (two packs, 11 cards each, one canasta to go out, game "
           "5,000). no: all six play every deal."),
        f"{pid}: {heading} ({NOTES['six_sit_out']})",
        reading=False, table=True, field="trio_sits_out",
        to_fields=lambda value: ({"trio_sits_out": True, "packs": 2, "cards_dealt": 11, "canastas_to_go_out": 1,
                                  "target": 5000, "minimum_table": FOUR_HAND_MINIMUMS} if value else {}),
        from_profile=lambda p: bool(p.trio_sits_out and _two_teams(p)), applies=_two_teams,
        applies_words=N_("to six players in two teams of three"), needs=lambda value: _SIX_IN_TWO_TEAMS,
    )


def _bound_of_150(p) -> int:
    return next((bound for bound, minimum in p.minimum_table if minimum == 150), 7500)


def minimum_150_from(pid: str, heading: str) -> Option:
    """Where the 150 minimum of the six-player game starts: 7,500 (RG-6) or 7,000 (often quoted from Hoyle)."""
    return Option(
        "minimum_150_from", N_("Total from which two teams of three need 150"), "choice", (7500, 7000), 7500,
        N_("In the six-player game of two teams of three, a side whose total has reached this needs 150 for its "
           "initial meld. 7,500 as the published six-player rules give it; 7,000 as it is often quoted."),
        f"{pid}: {heading} ({NOTES['minimum_150_from']})", reading=False,
        table=True,
        to_fields=lambda value: {"minimum_table": FOUR_HAND_MINIMUMS + ((value, 150),)} if value != 7500 else {},
        from_profile=_bound_of_150, field="minimum_table", applies=lambda p: _two_teams(p) and not p.trio_sits_out,
        applies_words=N_("to six players in two teams of three, all playing each deal"),
        needs=lambda value: _SIX_IN_TWO_TEAMS,
    )


def cut_throat_cards(pid: str, heading: str) -> Option:
    """Cut-throat with 13 cards each, or 11 as some play it (docs/RULES.md §5)."""
    return Option(
        "cut_throat_cards", N_("Cards dealt in cut-throat"), "choice", (13, 11), 13,
        N_("13: each of the three players is dealt 13 cards. 11: as in the four-hand game."),
        f"{pid}: {heading} ({NOTES['cut_throat_cards']})", reading=False, table=True,
        to_fields=lambda value: {"cards_dealt": value} if value != 13 else {},
        from_profile=lambda p: p.cards_dealt if _cut_throat(p) else 13, field="cards_dealt", applies=_cut_throat,
        applies_words=N_("to three players in cut-throat"), needs=lambda value: _CUT_THROAT,
    )


def table_options(pid: str, heading: str, penalties: tuple = ()) -> tuple[Option, ...]:
    """Every table option of a profile whose document names the other tables."""
    return (players(pid, heading, penalties), team_up(pid, heading), six_player_packs(pid, heading),
            minimum_150_from(pid, heading), six_sit_out(pid, heading), cut_throat_cards(pid, heading))


# --------------------------------------------------------------------------------------
# Who sits where, who deals and who sits out
# --------------------------------------------------------------------------------------

def seat_order(side_sizes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The seats clockwise as (side, player) pairs: the sides alternate, so partners never sit side by side
    (two partnerships sit opposite; three partnerships, or two teams of three, alternate round the table)."""
    longest = max(side_sizes, default=0)
    return tuple((side, player) for player in range(longest) for side, size in enumerate(side_sizes)
                 if player < size)


def sitting_out(side_sizes: tuple[int, ...], trio_sits_out: bool, deal_index: int) -> tuple[tuple[int, int], ...]:
    """Who sits out deal number ``deal_index + 1``: in each team of three, when one sits out each deal, its
    players in turn (docs/RULES.md §5, RG-5: five players)."""
    if not trio_sits_out:
        return ()
    return tuple((side, deal_index % 3) for side, size in enumerate(side_sizes) if size == 3)


def dealer_seat(side_sizes: tuple[int, ...], trio_sits_out: bool, first_dealer: int,
                deal_index: int) -> tuple[int, int]:
    """Who deals deal number ``deal_index + 1``: the deal passes clockwise one seat a deal from ``first_dealer``
    (an index into ``seat_order``), on to the next player at the table when that seat's player sits out."""
    seats = seat_order(side_sizes)
    away = sitting_out(side_sizes, trio_sits_out, deal_index)
    for step in range(len(seats)):
        seat = seats[(first_dealer + deal_index + step) % len(seats)]
        if seat not in away:
            return seat
    return seats[0]


# --------------------------------------------------------------------------------------
# Which options a table offers
# --------------------------------------------------------------------------------------

def offered_choices(profile, option: Option) -> tuple:
    """The values of ``option`` that fit ``profile``'s table: its default, its current value, and every value
    whose table (``Option.needs``) is the one chosen (cut-throat once three play, two teams once six do)."""
    if option.needs is None:
        return option.choices
    values = profile.option_values()
    current = values.get(option.name, option.default)
    return tuple(c for c in option.choices if c in (option.default, current)
                 or all(values.get(k) == v for k, v in option.needs(c).items()))


def offered_options(profile) -> tuple[Option, ...]:
    """The club options worth offering at ``profile``'s table: every option but the variants of other tables
    (how three or six team up while four play, the cut-throat variants at a plain table)."""
    return tuple(opt for opt in profile.options if len(offered_choices(profile, opt)) > 1 or opt.kind == "int")

