"""RULES.md §8's example house rule, written as a caller would send it."""

# Ramo with low 3, high 7, special 15, a fourth category joker worth 50, out_bonus −30 and five levels.
NONNA = {
    "key": "ramo",
    "card_categories": [
        {"key": "low", "points": 3}, {"key": "high", "points": 7}, {"key": "special", "points": 15},
        {"key": "joker", "label": "Jokers", "points": 50, "maximum": 60},
    ],
    "levels": [{"number": n, "requirement": f"level {n} as written"} for n in range(1, 6)],
    "options": {"out_bonus": -30},
}


def house_rule(api, league_id: int, name: str = "Nonna's Ramo", definition=None) -> dict:
    return api.ok("POST", f"/leagues/{league_id}/rulesets", {"name": name, "definition": definition or NONNA}, 201)


def line(player_id: int, went_out: bool = False, laid_down: bool = False, **cards) -> dict:
    return {"player_id": player_id, "cards": cards, "went_out": went_out, "laid_down": laid_down}
