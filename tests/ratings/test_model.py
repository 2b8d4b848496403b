"""The rating arithmetic: the PlackettLuce update worked out from Weng & Lin (2011), Algorithm 4, by hand.

Published formulas (JMLR 12, p. 267), for players i with beliefs (mu_i, sigma_i) and ranks r(i):
    c     = sqrt(sum_i (sigma_i^2 + beta^2))
    C_q   = sum over s with r(s) >= r(q) of exp(mu_s / c)
    A_q   = number of players s with r(s) = r(q)
    Omega_i = sigma_i^2 / c * sum over q with r(q) <= r(i) of (delta_qi - exp(mu_i/c) / C_q) / A_q
    Delta_i = gamma_i * sigma_i^2 / c^2 * sum over q with r(q) <= r(i) of p_iq (1 - p_iq) / A_q,
              p_iq = exp(mu_i/c) / C_q, gamma_i = sigma_i / c
    mu_i' = mu_i + Omega_i;   sigma_i'^2 = sigma_i^2 * max(1 - Delta_i, kappa)
Before the update each sigma takes the additive dynamics tau (sigma^2 + tau^2), as TrueSkill does.
Defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001.
"""

import math

import pytest

from ramo_keeper.ratings.model import Skill, rate
from ramo_keeper.ratings.replay import PlayedGame, replay

MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25 / 3, 25 / 6, 25 / 300, 0.0001


def by_hand(players: dict[int, tuple[float, float]], ranks: dict[int, int]) -> dict[int, tuple[float, float]]:
    """Algorithm 4 written out from the paper, independent of the library."""
    sig2 = {i: s * s + TAU * TAU for i, (_, s) in players.items()}
    mu = {i: m for i, (m, _) in players.items()}
    c = math.sqrt(sum(sig2[i] + BETA * BETA for i in players))
    big_c = {q: sum(math.exp(mu[s] / c) for s in players if ranks[s] >= ranks[q]) for q in players}
    a = {q: sum(1 for s in players if ranks[s] == ranks[q]) for q in players}
    out = {}
    for i in players:
        omega = delta = 0.0
        for q in players:
            if ranks[q] <= ranks[i]:
                p = math.exp(mu[i] / c) / big_c[q]
                omega += ((1 if q == i else 0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        gamma = math.sqrt(sig2[i]) / c
        out[i] = (mu[i] + sig2[i] / c * omega,
                  math.sqrt(sig2[i] * max(1 - gamma * sig2[i] / c**2 * delta, KAPPA)))
    return out


def test_two_newcomers_one_game_follow_the_published_formulas():
    # Worked by hand: sigma^2 = 625/9 + 1/144 = 69.4514; c = sqrt(2·(69.4514 + 17.3611)) = 13.1767;
    # C_1 = 2e^(25/c), p = 1/2: winner mu = 25 + 69.4514/13.1767 · 1/2 = 27.6354; loser 22.3646.
    # Delta = (8.3338/13.1767) · 69.4514/173.625 · 1/4 = 0.06325 for both (the loser's own term is
    # p = 1, 1 - p = 0): sigma' = sqrt(69.4514 · 0.93675) = 8.0659.
    expected = by_hand({1: (MU, SIGMA), 2: (MU, SIGMA)}, {1: 1, 2: 2})
    assert expected[1][0] == pytest.approx(27.6354, abs=1e-4)
    assert expected[2][0] == pytest.approx(22.3646, abs=1e-4)
    assert expected[1][1] == pytest.approx(8.0659, abs=1e-4) and expected[2][1] == pytest.approx(8.0659, abs=1e-4)
    after = rate({}, {1: 1, 2: 2})
    for player in (1, 2):
        assert after[player].mu == pytest.approx(expected[player][0], abs=1e-9)
        assert after[player].sigma == pytest.approx(expected[player][1], abs=1e-9)
        assert after[player].games == 1
    # The shown scale: 1500 + 20·(mu − 3σ): 1500 + 20·(27.6354 − 24.1977) = 1568.75 → 1569; loser 1463.
    assert (after[1].rating, after[2].rating) == (1569, 1463)
    assert Skill().rating == 1500


def test_a_second_game_starts_from_the_first_games_beliefs():
    first = rate({}, {1: 1, 2: 2})
    second = rate(first, {1: 2, 2: 1})
    expected = by_hand({p: (first[p].mu, first[p].sigma) for p in first}, {1: 2, 2: 1})
    for player in (1, 2):
        assert second[player].mu == pytest.approx(expected[player][0], abs=1e-9)
        assert second[player].sigma == pytest.approx(expected[player][1], abs=1e-9)
        assert second[player].games == 2


def test_tied_co_winners_get_equal_changes():
    after = rate({}, {7: 1, 3: 1, 5: 3})
    assert after[7] == after[3]
    assert after[7].mu > 25 > after[5].mu
    # The paper's tie terms (A_q) give the same, by hand.
    expected = by_hand({p: (MU, SIGMA) for p in (7, 3, 5)}, {7: 1, 3: 1, 5: 3})
    assert after[3].mu == pytest.approx(expected[3][0], abs=1e-9)
    assert after[3].sigma == pytest.approx(expected[3][1], abs=1e-9)


def test_tied_co_winners_with_different_histories_get_the_same_change():
    before = rate(rate({}, {1: 1, 2: 2, 3: 3}), {1: 1, 2: 2, 3: 3, 4: 4})  # 1 is ahead of 2, 4 is new
    after = rate(before, {1: 1, 4: 1, 3: 3})
    assert after[1].mu - before[1].mu == pytest.approx(after[4].mu - before[4].mu, abs=1e-12)
    assert after[1].sigma - before[1].sigma == pytest.approx(after[4].sigma - before[4].sigma, abs=1e-12)
    assert after[1].mu > before[1].mu and after[3].mu < before[3].mu


def test_seat_order_does_not_matter():
    places = {4: 2, 9: 1, 2: 3, 6: 2}
    reordered = dict(sorted(places.items(), key=lambda item: -item[0]))
    shuffled = {6: 2, 2: 3, 9: 1, 4: 2}
    assert rate({}, places) == rate({}, reordered) == rate({}, shuffled)


def test_a_player_is_provisional_below_five_rated_games():
    games = [PlayedGame(n, "rummy", {1: 1, 2: 2}) for n in range(1, 6)]
    ratings = replay(games)
    assert [ratings.changes[n][1].provisional for n in range(1, 6)] == [True, True, True, True, False]
    assert ratings.skills["rummy"][1].games == 5 and not ratings.skills["rummy"][1].provisional


def test_game_types_are_rated_apart():
    ratings = replay([PlayedGame(1, "rummy", {1: 1, 2: 2}), PlayedGame(2, "ramo", {1: 2, 2: 1})])
    assert ratings.skills["rummy"][1].rating == 1569 and ratings.skills["ramo"][1].rating == 1463
    assert ratings.changes[2][1].before == 1500  # a new game type starts fresh
