"""The marks each built-in game declares, as the hand form asks for them and the grid shows them (docs/RULES.md)."""

import pytest

from ramo_keeper import rules
from ramo_keeper.rules import PlayerResult
from ramo_keeper.rules.marks import form_questions


def test_a_result_carries_its_marks_as_a_set_of_keys_and_the_edges_spell_them_as_fields():
    result = PlayerResult(1, marks=["went_out", "laid_down"])
    assert result.marks == {"laid_down", "went_out"} and result == PlayerResult(1, marks={"went_out", "laid_down"})
    fields = rules.mark_fields(result.marks)
    assert fields == {"went_out": True, "laid_down": True, "knocked": False, "went_rummy": False}
    assert PlayerResult(1, marks=rules.marks_in(fields)) == result
    assert PlayerResult(2).marks == frozenset()
    with pytest.raises(TypeError):
        PlayerResult(3, marks="went_out")  # one key is not its letters
    with pytest.raises(ValueError):
        rules.mark_fields(["went_out", "shouted"])


@pytest.mark.parametrize(("key", "out", "each", "of_the_player_out"), [
    # Ramo, Contract, Phase 10, Liverpool: who went out, and a laid-down box in every player's block.
    ("ramo", "went_out", ["laid_down"], []),
    ("contract", "went_out", ["laid_down"], []),
    ("phase10", "went_out", ["laid_down"], []),
    ("liverpool", "went_out", ["laid_down"], []),
    # Rummy: who went out, and one switch for going rummy (only the player out can).
    ("rummy", "went_out", [], ["went_rummy"]),
    # Manipulation: who knocked; going out is the knocker holding nothing, which the engine sees.
    ("manipulation", "knocked", [], []),
])
def test_the_hand_form_asks_for_each_games_marks(key, out, each, of_the_player_out):
    variant = rules.get_variant(key)
    assert variant.out_mark.key == out
    asked_of_each, asked_of_the_player_out = form_questions(variant.marks, variant.implies, variant.out_flag)
    assert [m.key for m in asked_of_each] == each
    assert [m.key for m in asked_of_the_player_out] == of_the_player_out


def test_the_grid_shows_a_mark_once_and_not_the_marks_it_implies():
    ramo, rummy, knock = (rules.get_variant(key) for key in ("ramo", "rummy", "manipulation"))
    # Ramo's player out has laid down: a star, not a star and a laid-down sign.
    assert [m.sign for m in ramo.marks_shown(PlayerResult(1, marks={"went_out", "laid_down"}))] == ["★"]
    assert [m.sign for m in ramo.marks_shown(PlayerResult(1, marks={"laid_down"}))] == ["▾"]
    # Rummy doubles a hand gone rummy: ×2 beside the star.
    assert [m.sign for m in rummy.marks_shown(PlayerResult(1, marks={"went_out", "went_rummy"}))] == ["★", "×2"]
    # Manipulation: a knock with cards left is a fist; a knocker who went out is a star.
    assert [m.sign for m in knock.marks_shown(PlayerResult(1, marks={"knocked"}))] == ["✊"]
    assert [m.sign for m in knock.marks_shown(PlayerResult(1, marks={"went_out", "knocked"}))] == ["★"]
    assert [m.word for m in knock.marks] == ["went out", "knocked"]
