"""What the game panel shows of take-backs (PRI-4): the take-back this browser's player on
turn may make now, and the requests waiting on this browser's seats or sent from them."""

from __future__ import annotations

from typing import Any

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.models.digital_takeback import TakeBackRequest
from campaign.selectors.digital_replay import digital_game_turn
from campaign.wording import worded_events
from rules.errors import IllegalMove
from rules.game import GameState
from rules.game.takeback import ANSWERS, OWN_MOVES, take_back_offer

# The moves a take-back can reach back over: if the log's last move is of none of these
# kinds, nothing can be taken back and the turn is not replayed to find out.
REACHABLE = {kind.type for kind in (*OWN_MOVES, *ANSWERS)}


def pending_take_backs(*, game: DigitalGame) -> list[TakeBackRequest]:
    """Requests still waiting: asked at the game's present version (a move since lapses
    them)."""
    return list(
        TakeBackRequest.objects.filter(
            game=game, version=game.version, status=TakeBackRequest.Status.PENDING
        )
    )


def take_back_panel(
    *, game: DigitalGame, state: GameState, seats: list[GameSeat], held: list[int]
) -> dict[str, Any] | None:
    """The panel's take-back card for a browser holding `held`, or None when it has nothing
    to show."""
    if not game.is_playing or not held:
        return None
    names = {s.index: s.name for s in seats}
    requests = [
        {
            "id": r.pk,
            "asker": names[r.seat],
            "moves": game.version - r.first,
            "answer_as": [s for s in r.waiting_on if s in held and s not in r.agreed],
            "waiting_for": [names[s] for s in r.waiting_on if s not in r.agreed],
            "mine": r.seat in held,
        }
        for r in pending_take_backs(game=game)
    ]
    offer = None
    if not requests and state.current_seat in held:
        offer = _offer(game, state.current_seat, seats, held, names)
    if offer is None and not requests:
        return None
    return {"offer": offer, "requests": requests}


def _offer(game, seat, seats, held, names) -> dict[str, Any] | None:
    last = GameMove.objects.filter(game=game).order_by("-index").only("move").first()
    if last is None or last.move.get("type") not in REACHABLE:
        return None
    state, turn = digital_game_turn(game=game)
    try:
        offer = take_back_offer(turn, state, seat)
    except IllegalMove:
        return None
    first = GameMove.objects.filter(game=game, index=offer.first).first()
    kinds = {s.index: s for s in seats}
    asked = [
        names[s] for s in offer.others if kinds[s].kind == GameSeat.Kind.HUMAN and s not in held
    ]
    return {
        "seat": seat,
        "count": len(offer.moves),
        "what": [e["text"] for e in worded_events(first.events)] if first else [],
        "asked": asked,
    }
