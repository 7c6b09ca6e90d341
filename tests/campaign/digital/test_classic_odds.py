"""The game panel's odds of attacks (issue 20, part 5) in classic play: listed in the attack
phase of the seat on turn (CL-14), from the same exact chain as Legacy's, and nothing in
another phase or for another seat."""

from __future__ import annotations

from campaign.selectors.odds import seat_attack_odds
from rules.game import apply_move
from rules.simulate import play_game, seat_kinds


def test_a_classic_attack_phase_lists_each_open_attack_with_its_odds_CL_14():
    run = play_game(3, seat_kinds("heuristic", 4), rule_set="classic")
    state, checked = run.initial, 0
    for seat, move in run.moves:
        if state.phase == "cl_attack" and checked < 5:
            listed = seat_attack_odds(state=state, seat=state.current_seat)
            assert listed, "an attack phase with armies next to an enemy lists attacks"
            for odds in listed:
                assert state.owner(odds.origin) == state.current_seat
                assert state.owner(odds.target) != state.current_seat
                assert 0 < odds.until.conquer <= 1 and odds.once.conquer <= odds.until.conquer
            others = [s for s in range(len(state.seats)) if s != state.current_seat]
            assert all(seat_attack_odds(state=state, seat=s) == [] for s in others)
            checked += 1
        elif state.phase not in ("cl_attack", "expand_attack"):
            assert seat_attack_odds(state=state, seat=seat) == []
        state, _ = apply_move(state, seat, move)
    assert checked == 5
