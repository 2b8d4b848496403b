"""What is stored at each write (per-hand scores, standings, per-game results) is a cache of the replay:
it must equal a full recompute."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.games.stored import load_game, read_game, state_of, stored_state
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import GameResult, User


def recomputed(game) -> dict:
    state = state_of(game)
    places = rules.finishing_places(state)
    size = len(state.players)
    return {p.player_id: (places[p.player_id], rules.placement_points(size, places[p.player_id]),
                          p.player_id in state.winner_ids, p.total, state.hand_count)
            for p in state.players} if state.finished else {}


def stored(game) -> dict:
    rows = db.session.execute(db.select(GameResult).filter_by(game_id=game.id)).scalars()
    return {r.player_id: (r.place, r.points, r.won, r.total, r.hands_played) for r in rows}


def assert_cache_equals_replay(game_id: int) -> None:
    """Read back from the database, the stored state and results equal a replay of the stored inputs."""
    db.session.expire_all()
    game = load_game(game_id)
    assert stored_state(game) == state_of(game)
    # Pages and the API read the same columns as plain rows, without loading the hand objects.
    assert read_game(game_id)[1] == state_of(game)
    assert stored(game) == recomputed(game)


def rummy_hand(players, winner, pips):
    return rules.HandInput(tuple(
        rules.PlayerResult(pid, {} if pid == winner else {"pips": pip}, {"went_out"} if pid == winner else ())
        for pid, pip in zip(players, pips, strict=True)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hands=st.lists(st.tuples(st.integers(0, 2), st.lists(st.sampled_from([0, 2, 9, 30]), min_size=3,
                                                            max_size=3)), min_size=1, max_size=6),
       edit_at=st.integers(0, 5), edit_winner=st.integers(0, 2), undo=st.booleans())
def test_stored_state_and_results_equal_a_full_recompute_after_records_edits_and_undos(app, hands, edit_at,
                                                                                       edit_winner, undo):
    with app.app_context():
        db.session.rollback()
        owner = db.session.execute(db.select(User)).scalar_one_or_none()
        if owner is None:
            owner = User(username="Ana", username_key="ana", password_hash="x")
            db.session.add(owner)
        league = create_league(owner, "L")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        game_id = games.create_game(league, owner, "rummy", players, options={"target": 60}).id
        db.session.commit()
        assert_cache_equals_replay(game_id)
        for winner, pips in hands:
            if load_game(game_id).status == "finished":
                break
            games.record_hand(game_id, owner, rummy_hand(players, players[winner], pips))
            db.session.commit()
            assert_cache_equals_replay(game_id)
        count = load_game(game_id).hand_count
        if edit_at < count:
            try:
                games.edit_hand(game_id, owner, edit_at + 1, rummy_hand(players, players[edit_winner], [0, 40, 40]))
                db.session.commit()
            except games.ServiceError:  # an edit that ends the game before a later hand: refused, nothing kept
                db.session.rollback()
            assert_cache_equals_replay(game_id)
        if undo and count:
            games.undo_last_hand(game_id, owner)
            db.session.commit()
            assert_cache_equals_replay(game_id)


def test_game_page_queries_do_not_grow_with_the_number_of_hands(table):
    from sqlalchemy import event

    game = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=40)

    def queries_for_page() -> int:
        statements = []
        listener = lambda *args: statements.append(args[2])  # noqa: E731
        with table.app.app_context():
            event.listen(db.engine, "before_cursor_execute", listener)
            try:
                assert table.web.get(f"/games/{game}").status_code == 200
            finally:
                event.remove(db.engine, "before_cursor_execute", listener)
        return len(statements)

    table.post_hand(game, out="A", cards={"B": {"pips": 5}, "C": {"pips": 4}})
    after_one = queries_for_page()
    for _ in range(9):
        table.post_hand(game, out="B", cards={"A": {"pips": 5}, "C": {"pips": 4}})
    assert queries_for_page() == after_one


def test_a_finished_game_stores_places_points_and_winners_worked_out_by_hand(table):
    # Rummy for 2 hands: A out with B holding 9 pips and C 0 → A 9; then B out with A holding 20 and
    # C 4 → B 24. Highest wins: B 1st (100 points), A 2nd (round(100·1/2) = 50), C 3rd (0).
    game = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=2)
    table.post_hand(game, out="A", cards={"B": {"pips": 9}})
    table.post_hand(game, out="B", cards={"A": {"pips": 20}, "C": {"pips": 4}})
    with table.app.app_context():
        rows = db.session.execute(db.select(GameResult)).scalars()
        by_name = {table.state(game).setup.name_of(r.player_id): (r.place, r.points, r.won, r.total, r.hands_played)
                   for r in rows}
    assert by_name == {"B": (1, 100, True, 24, 2), "A": (2, 50, False, 9, 2), "C": (3, 0, False, 0, 2)}
