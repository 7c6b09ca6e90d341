"""One game of Risk Legacy on a campaign world: state, moves, the turn, combat, the sideboard,
views, replay and the result. Pure Python: no Django, no I/O.

The names below are found in their modules when first asked for (PEP 562), not imported here:
importing any module of the package runs this file first, and `rules.variants` builds on the
state and moves while the engine, setup and view build on `rules.variants`, so importing them
all here made an import circle whichever of `rules.variants` was imported first.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_HOMES: dict[str, str] = {
    "ReplayResult": "rules.game.engine",
    "apply_move": "rules.game.engine",
    "legal_move_options": "rules.game.engine",
    "legal_moves": "rules.game.engine",
    "replay": "rules.game.engine",
    "seats_to_act": "rules.game.engine",
    "GameEvent": "rules.game.events",
    "AcknowledgePack": "rules.game.moves",
    "Attack": "rules.game.moves",
    "BuyRedStar": "rules.game.moves",
    "CardChoice": "rules.game.moves",
    "ChooseComebackPower": "rules.game.moves",
    "ChooseFaction": "rules.game.moves",
    "ChooseHeadquarters": "rules.game.moves",
    "ChooseMission": "rules.game.moves",
    "ChooseNukeTarget": "rules.game.moves",
    "ClaimMission": "rules.game.moves",
    "ClaimSlotMission": "rules.game.moves",
    "ClaimTerritory": "rules.game.moves",
    "DefendWith": "rules.game.moves",
    "DraftPick": "rules.game.moves",
    "EndTurn": "rules.game.moves",
    "Expand": "rules.game.moves",
    "FireMissile": "rules.game.moves",
    "JoinWar": "rules.game.moves",
    "Maneuver": "rules.game.moves",
    "Move": "rules.game.moves",
    "MoveHQ": "rules.game.moves",
    "MoveIn": "rules.game.moves",
    "MoveOption": "rules.game.moves",
    "PassMissiles": "rules.game.moves",
    "PassScarCard": "rules.game.moves",
    "PlaceAlienIsland": "rules.game.moves",
    "PlaceNeutral": "rules.game.moves",
    "PlaceStart": "rules.game.moves",
    "PlaceStealthily": "rules.game.moves",
    "PlaceTroops": "rules.game.moves",
    "PlayScarCard": "rules.game.moves",
    "Recruit": "rules.game.moves",
    "ResolveEvent": "rules.game.moves",
    "RollForOrder": "rules.game.moves",
    "TakeCard": "rules.game.moves",
    "TradeCards": "rules.game.moves",
    "move_from_json": "rules.game.moves",
    "GameResult": "rules.game.result",
    "SeatResult": "rules.game.result",
    "game_result": "rules.game.result",
    "new_game": "rules.game.setup",
    "GameState": "rules.game.state",
    "Seat": "rules.game.state",
    "SeatSpec": "rules.game.state",
    "TurnFlags": "rules.game.state",
    "view_for": "rules.game.view",
}

if TYPE_CHECKING:
    from rules.game.engine import (
        ReplayResult,
        apply_move,
        legal_move_options,
        legal_moves,
        replay,
        seats_to_act,
    )
    from rules.game.events import GameEvent
    from rules.game.moves import (
        AcknowledgePack,
        Attack,
        BuyRedStar,
        CardChoice,
        ChooseComebackPower,
        ChooseFaction,
        ChooseHeadquarters,
        ChooseMission,
        ChooseNukeTarget,
        ClaimMission,
        ClaimSlotMission,
        ClaimTerritory,
        DefendWith,
        DraftPick,
        EndTurn,
        Expand,
        FireMissile,
        JoinWar,
        Maneuver,
        Move,
        MoveHQ,
        MoveIn,
        MoveOption,
        PassMissiles,
        PassScarCard,
        PlaceAlienIsland,
        PlaceNeutral,
        PlaceStart,
        PlaceStealthily,
        PlaceTroops,
        PlayScarCard,
        Recruit,
        ResolveEvent,
        RollForOrder,
        TakeCard,
        TradeCards,
        move_from_json,
    )
    from rules.game.result import GameResult, SeatResult, game_result
    from rules.game.setup import new_game
    from rules.game.state import GameState, Seat, SeatSpec, TurnFlags
    from rules.game.view import view_for

__all__ = [
    "AcknowledgePack",
    "Attack",
    "BuyRedStar",
    "CardChoice",
    "ChooseComebackPower",
    "ChooseFaction",
    "ChooseHeadquarters",
    "ChooseMission",
    "ChooseNukeTarget",
    "ClaimMission",
    "ClaimSlotMission",
    "ClaimTerritory",
    "DefendWith",
    "DraftPick",
    "EndTurn",
    "Expand",
    "FireMissile",
    "GameEvent",
    "GameResult",
    "GameState",
    "JoinWar",
    "Maneuver",
    "Move",
    "MoveHQ",
    "MoveIn",
    "MoveOption",
    "PassMissiles",
    "PassScarCard",
    "PlaceAlienIsland",
    "PlaceNeutral",
    "PlaceStart",
    "PlaceStealthily",
    "PlaceTroops",
    "PlayScarCard",
    "Recruit",
    "ReplayResult",
    "ResolveEvent",
    "RollForOrder",
    "Seat",
    "SeatResult",
    "SeatSpec",
    "TakeCard",
    "TradeCards",
    "TurnFlags",
    "apply_move",
    "game_result",
    "legal_move_options",
    "legal_moves",
    "move_from_json",
    "new_game",
    "replay",
    "seats_to_act",
    "view_for",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
