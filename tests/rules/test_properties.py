"""Properties over random valid games of every variant (hypothesis).

The end rules are restated here independently of the implementation, from docs/RULES.md.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ramo_keeper.rules import HandInput, PlayerResult, RuleError, apply_hand, get_variant, new_game, replay, start_state

from .tables import holds, refused_with, seats

VARIANT_KEYS = ["ramo", "contract", "rummy", "manipulation"]
PROFILE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

pips = st.one_of(st.just(0), st.integers(2, 40))
often = st.sampled_from([True, True, True, False])  # lay down often, so per_player Ramo games finish too


@st.composite
def setups(draw, key):
    variant = get_variant(key)
    n = draw(st.integers(variant.min_players, variant.max_players))
    table = seats(n)
    first = draw(st.sampled_from(table)).player_id
    if key == "ramo":
        progression = draw(st.sampled_from(["per_player", "per_round"]))
        options = {
            "progression": progression,
            "winner_rule": "lowest_total" if progression == "per_round"
            else draw(st.sampled_from(["lowest_total", "completers"])),
            "dealer_rule": draw(st.sampled_from(["highest_total", "highest_hand"])),
            "allow_no_winner": draw(st.booleans()),
            "out_bonus": draw(st.sampled_from([-50, -100, 0])),
        }
    elif key == "contract":
        options = {"jokers": draw(st.booleans())}
    elif key == "rummy":
        options = {"ace_value": draw(st.sampled_from([1, 15])), "end": draw(st.sampled_from(["target", "hands"])),
                   "target": draw(st.sampled_from([30, 80, 150])), "hands": draw(st.integers(1, 6)),
                   "dealer_rule": draw(st.sampled_from(["rotate", "winner_deals"]))}
    else:
        options = {"target": draw(st.sampled_from([20, 60, 150])), "knock_limit": draw(st.sampled_from([0, 5, 10])),
                   "undercut_bonus": draw(st.sampled_from([0, 10])), "all_cards_bonus": draw(st.sampled_from([0, 25])),
                   "game_bonus": draw(st.sampled_from([0, 100])), "round_bonus": draw(st.sampled_from([0, 25]))}
    return new_game(key, table, first, options)


def std_cards(draw, jokers=True, nonzero=False):
    cards = {"pips": draw(pips), "tens": draw(st.integers(0, 4)), "aces": draw(st.integers(0, 3))}
    if jokers:
        cards["jokers"] = draw(st.integers(0, 2))
    if nonzero and not any(cards.values()):
        cards["tens"] = 1
    return cards


@st.composite
def hands_for(draw, setup, state):
    """A random hand the table could really have produced, given the state before it."""
    ids, o = setup.player_ids, setup.options
    key = setup.variant
    results = []
    if key == "manipulation":
        knocker = draw(st.sampled_from([*ids, None]))
        for pid in ids:
            if pid == knocker:
                aces = draw(st.integers(0, min(o["knock_limit"], 8)))   # two decks hold 8 aces
                room = o["knock_limit"] - aces
                p = draw(st.integers(2, room)) if room >= 2 and draw(st.booleans()) else 0
                cards = {"pips": p, "aces": aces}
                results.append(holds(pid, cards, knocked=True, went_out=not (p or aces) and draw(st.booleans())))
            else:
                results.append(PlayerResult(pid, std_cards(draw, nonzero=True)))
    else:
        nobody = key == "ramo" and o["allow_no_winner"]
        out = draw(st.sampled_from([*ids, None] if nobody else list(ids)))
        last_contract = key == "contract" and state.hand_count == 6
        for pid in ids:
            if pid == out:
                flags = {"went_rummy": draw(st.booleans())} if key == "rummy" else {"laid_down": draw(st.booleans())}
                results.append(holds(pid, {}, went_out=True, **flags))
                continue
            if key == "ramo":
                cards = {"low": draw(st.integers(0, 8)), "high": draw(st.integers(0, 6)),
                         "special": draw(st.integers(0, 2))}
            else:
                cards = std_cards(draw, jokers=key == "contract" and o["jokers"])
            flags = {}
            if key == "ramo" or (key == "contract" and not last_contract):
                flags["laid_down"] = draw(often)
            results.append(holds(pid, cards, **flags))
    return HandInput(tuple(draw(st.permutations(results))))


@st.composite
def games(draw, key):
    """A setup, its hands, and every state along the way (states[k] = after hand k)."""
    setup = draw(setups(key))
    limit = draw(st.integers(0, 16 if key == "ramo" else 12))
    states, hands = [start_state(setup)], []
    while not states[-1].finished and len(hands) < limit:
        h = draw(hands_for(setup, states[-1]))
        hands.append(h)
        states.append(apply_hand(setup, states[-1], h))
    return setup, hands, states


# ---- the end rules, restated ------------------------------------------------------------------


def raw_totals(state):
    return {pid: sum(h.result(pid).score for h in state.hands) for pid in state.setup.player_ids}


def laid_count(state, pid):
    return sum(1 for h in state.hands if {"laid_down", "went_out"} & h.result(pid).marks)


def should_end(state):
    setup, o, n = state.setup, state.setup.options, state.hand_count
    totals = raw_totals(state)
    if setup.variant == "ramo":
        if o["progression"] == "per_round":
            return n == 8
        return any(laid_count(state, pid) >= 8 for pid in setup.player_ids)
    if setup.variant == "contract":
        return n == 7
    if setup.variant == "rummy" and o["end"] == "hands":
        return n == o["hands"]
    return max(totals.values()) >= o["target"]


def expected_winners(state):
    totals = {p.player_id: p.total for p in state.players}
    setup = state.setup
    if setup.variant == "ramo" and setup.options["winner_rule"] == "completers":
        pool = {pid: t for pid, t in totals.items() if laid_count(state, pid) >= 8}
    else:
        pool = totals
    best = min(pool.values()) if get_variant(setup.variant).lower_is_better else max(pool.values())
    return tuple(pid for pid in setup.player_ids if pid in pool and pool[pid] == best)


# ---- properties -------------------------------------------------------------------------------


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_totals_are_the_sum_of_hand_scores_plus_end_bonuses(key, data):
    _, _, states = data.draw(games(key))
    for state in states:
        raw = raw_totals(state)
        for p in state.players:
            assert p.total == raw[p.player_id] + p.end_bonus
            assert p.rounds_won == sum(1 for h in state.hands if p.player_id in h.winner_ids)
            expected_bonus = 0
            if state.finished and key == "manipulation":
                o = state.setup.options
                expected_bonus = (o["game_bonus"] if raw[p.player_id] >= o["target"] else 0) + \
                    o["round_bonus"] * p.rounds_won
            assert p.end_bonus == expected_bonus


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_the_game_ends_exactly_when_the_end_rule_says_and_its_winners_are_the_rules_winners(key, data):
    _, _, states = data.draw(games(key))
    for state in states:
        assert state.finished == should_end(state)
        assert state.winner_ids == (expected_winners(state) if state.finished else ())


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_replaying_a_prefix_never_depends_on_later_hands_and_folding_equals_replay(key, data):
    setup, hands, states = data.draw(games(key))
    for k in range(len(hands) + 1):
        assert replay(setup, hands[:k]) == states[k]
        assert states[-1].hands[:k] == states[k].hands


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_editing_hand_k_changes_nothing_before_hand_k(key, data):
    setup, hands, states = data.draw(games(key))
    if not hands:
        return
    k = data.draw(st.integers(1, len(hands)))
    edited = data.draw(hands_for(setup, states[k - 1]))
    new_hands = hands[: k - 1] + [edited] + hands[k:]
    try:
        after = replay(setup, new_hands)
    except RuleError as err:  # a later hand may no longer fit (e.g. the game now ends earlier)
        assert err.hand_number > k
        after = replay(setup, new_hands[: err.hand_number - 1])
    assert after.hands[: k - 1] == states[-1].hands[: k - 1]
    assert after.hands[k - 1] == apply_hand(setup, states[k - 1], edited).hands[-1]


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_ranks_are_consistent_with_totals(key, data):
    _, _, states = data.draw(games(key))
    variant = get_variant(key)
    completers = states[0].setup.options.get("winner_rule") == "completers"

    def standing(p):
        key_total = p.total if variant.lower_is_better else -p.total
        return (not p.completed, key_total) if completers else (key_total,)

    for state in states:
        for p in state.players:
            assert p.rank == 1 + sum(1 for q in state.players if standing(q) < standing(p))
            assert p.place == p.rank
        if state.finished:
            assert {p.player_id for p in state.players if p.rank == 1} == set(state.winner_ids)


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_levels_follow_the_progression(key, data):
    _, _, states = data.draw(games(key))
    for state in states:
        o = state.setup.options
        for p in state.players:
            if key in ("rummy", "manipulation"):
                assert p.level is None
            elif key == "contract" or o["progression"] == "per_round":
                assert p.level == (None if state.finished else state.hand_count + 1)
            else:
                assert p.level == min(8, 1 + laid_count(state, p.player_id))
                assert p.completed == (laid_count(state, p.player_id) >= 8)


@pytest.mark.parametrize("key", VARIANT_KEYS)
@PROFILE
@given(data=st.data())
def test_nothing_can_be_added_to_a_finished_game(key, data):
    setup, hands, states = data.draw(games(key))
    assume(states[-1].finished)  # only finished games say anything here
    with refused_with("^The game is over$"):
        apply_hand(setup, states[-1], hands[-1])
