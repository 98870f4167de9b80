"""Request bodies shared by the API and command-line tests: one legal and one illegal play per question."""

#: docs/API.md, The profiles: the five club documents, then the Canasta family's three (issue 35's contract).
PROFILE_IDS = ("bicycle", "yahoo", "modern-american", "silhill", "classic", "samba", "bolivia", "hand-and-foot")

#: The request body of docs/API.md's deal example, as written there.
DEAL_EXAMPLE = {
    "rules": "bicycle",
    "options": {},
    "before": {"we": 1200, "they": 3100},
    "sides": {
        "we": {"melds": ["K K K K K K K", "7 7 2"], "red_threes": 1, "hands": ["5 9", ""], "went_out": True},
        "they": {"meld_points": 30, "canastas": {}, "red_threes": 0, "hand_points": 60, "penalties": ["illegal-meld"]},
    },
}


def legal_meld(rules: str) -> dict:
    """A side that has opened adds a queen to its queens and lays three kings."""
    return {"rules": rules, "opened": True, "table": ["Q Q Q"], "melds": ["K K K"], "add": {"Q": "Q"}}


def illegal_meld(rules: str) -> dict:
    """Four wild cards with two kings: more wild cards than any profile allows in one meld."""
    return {"rules": rules, "melds": ["K K 2 2 JK JK"]}


def legal_pile(rules: str) -> dict:
    """An unfrozen pile taken with a natural pair of its top card by a side that has opened."""
    return {"rules": rules, "opened": True, "table": ["Q Q Q"], "pile": "9 4 7", "uses": "9 9"}


def illegal_pile(rules: str) -> dict:
    """A wild card on top of the pile."""
    return {"rules": rules, "top": "2", "uses": "9 9"}


#: The canastas each profile needs to go out, on the table: two everywhere; under bolivia one of them an escalera
#: (BCA-B, Going Out); under hand-and-foot two clean and two dirty books (docs/RULES.md §7.3).
GOING_OUT_TABLES = {
    "bolivia": ["K K K K K K K", "5D 6D 7D 8D 9D 10D JD"],
    "hand-and-foot": ["K K K K K K K", "Q Q Q Q Q Q Q", "J J J J 2 2 JK", "10 10 10 10 10 2 JK"],
}


def going_out_table(rules: str) -> list[str]:
    return GOING_OUT_TABLES.get(rules, ["K K K K K K K", "Q Q Q Q Q Q Q"])


def legal_go_out(rules: str) -> dict:
    """The canastas going out needs on the table, a last meld and a discard, by a player who melded before."""
    return {
        "rules": rules,
        "opened": True,
        "player_melded": True,
        "table": going_out_table(rules),
        "melds": ["8 8 8"],
        "discard": "5",
    }


def illegal_go_out(rules: str) -> dict:
    """No canasta at all."""
    return {"rules": rules, "opened": True, "table": ["K K K"], "melds": ["8 8 8"], "discard": "5"}


def card_deal(rules: str) -> dict:
    """A card-by-card deal every profile can score."""
    return {
        "rules": rules,
        "before": {"we": 1200, "they": 3100},
        "sides": {
            "we": {"melds": ["K K K K K K K", "8 8 2"], "red_threes": 1, "hands": ["5 9", ""], "went_out": True},
            "they": {"melds": ["Q Q Q", "A A 2"], "hands": ["4 4", "J"]},
        },
    }


def total_deal(rules: str) -> dict:
    """A deal given by totals."""
    return {
        "rules": rules,
        "sides": {
            "we": {"meld_points": 200, "canastas": {"natural": 1, "mixed": 1}, "hand_points": 0, "went_out": True},
            "they": {"meld_points": 30, "canastas": {}, "hand_points": 60},
        },
    }


#: Every POST endpoint with a valid body builder.
POST_ENDPOINTS = {
    "/api/v1/check/meld": legal_meld,
    "/api/v1/check/pile": legal_pile,
    "/api/v1/check/go-out": legal_go_out,
    "/api/v1/score/deal": card_deal,
}
