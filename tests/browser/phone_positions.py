"""A digital game brought to the middle of play for layout tests: the owner on their own
browser against two bots, played by first-legal moves until the owner may expand and attack
(the map then offers moves and the log holds every setup step)."""

from __future__ import annotations

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import SeatRequest, digital_game_start
from rules.game import EndTurn, legal_move_options, seats_to_act


def game_at_expand_attack(campaign, owner, persons, seed: int = 5, limit: int = 200) -> DigitalGame:
    """A started game where the owner's seat 0 is to act in the expand-and-attack phase."""
    game = digital_game_start(
        campaign=campaign,
        user=owner,
        seats=[
            SeatRequest(persons["owner"], GameSeat.Kind.HUMAN),
            SeatRequest(None, GameSeat.Kind.BOT),
            SeatRequest(None, GameSeat.Kind.BOT),
        ],
        seed=seed,
    )
    for _ in range(limit):
        game.refresh_from_db()
        state = game.game_state()
        if 0 not in seats_to_act(state):
            raise AssertionError(f"the owner should be to act, not in phase {state.phase}")
        if state.phase == "expand_attack":
            return game
        options = legal_move_options(state, 0)
        chosen = next((o for o in options if not isinstance(o.move, EndTurn)), options[0])
        move = chosen.move.to_json()
        if chosen.max_count is not None:
            move["count"] = chosen.max_count
        move_submit(game=game, seat=0, move=move, version=game.version, user=owner)
    raise AssertionError("the game never reached the owner's expand-and-attack phase")
