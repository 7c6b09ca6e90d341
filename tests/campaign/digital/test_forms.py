"""The move forms offer exactly the engine's legal moves: every combination a form lets a
person submit comes back as a move the engine accepts, in every phase of a whole game."""

from __future__ import annotations

from campaign.forms.digital.moves import move_form_specs, move_from_post
from rules.bots import HeuristicBot
from rules.game import (
    GameState,
    SeatSpec,
    apply_move,
    legal_move_options,
    move_from_json,
    new_game,
    seats_to_act,
)
from rules.world import Signature, World


def _veterans_game(seed: int) -> GameState:
    """Four people who signed before, so missiles fly (S-3, X-10)."""
    signed = [0, 0, 1, 1, 2, 2, 3, 3]
    world = World(
        signatures=tuple(Signature(f"p{i}", n, "2026-01-01") for n, i in enumerate(signed, 1)),
        games_played=len(signed),
    )
    seats = [SeatSpec(f"p{i}", f"P{i}") for i in range(4)]
    return new_game(world, seats, seed=seed, game_number=len(signed) + 1)


def _posted(row: dict, kind: str) -> dict:
    """What the browser posts for one offered combination (a count at its maximum)."""
    data = {k: v for k, v in row.items() if k not in {"min_count", "max_count"}}
    if "max_count" in row:
        data["count"] = str(row["max_count"])
    return {"type": kind, **data}


def test_every_offered_choice_is_a_legal_move_in_every_phase_of_a_game():
    state = _veterans_game(seed=3)
    bots = [HeuristicBot(seed) for seed in range(4)]
    phases = set()
    while not state.is_over:
        seat = seats_to_act(state)[0]
        options = legal_move_options(state, seat)
        for spec in move_form_specs(state, options):
            for row in spec.options:
                posted = _posted(row, spec.type)
                if spec.cards is not None and spec.cards.count:
                    # Tick a group the rules allow (T-2: four cards for a red star).
                    family = next(o for o in options if o.cards and o.move.type == spec.type)
                    posted[spec.cards.field] = list(family.cards.groups()[0])
                move = move_from_json(move_from_post(posted, options))
                assert any(o.allows(move) for o in options), (state.phase, move)
        phases.add(state.phase)
        state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
    assert {"setup_faction", "place", "expand_attack", "missile_window", "move_in"} <= phases


def test_ticked_cards_become_the_moves_card_list():
    """T-11: the ticked hand cards are the trade-in; none ticked recruits without one."""
    from django.http import QueryDict

    from rules.game import MoveOption, Recruit
    from rules.game.moves import CardChoice

    family = MoveOption(
        Recruit(), cards=CardChoice("trade_in", ("coin", "alaska"), (1, 2), None, 2, 10)
    )
    options = [MoveOption(Recruit()), family]
    ticked = QueryDict(mutable=True)
    ticked.update({"type": "recruit"})
    ticked.setlist("trade_in", ["coin", "alaska"])
    assert move_from_post(ticked, options) == {"type": "recruit", "trade_in": ["coin", "alaska"]}
    assert move_from_post(QueryDict("type=recruit"), options) == {"type": "recruit"}
