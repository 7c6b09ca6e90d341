"""Whether a state is the one a game stored: the check of a finished game's dice and moves
(its replay must give the stored state again)."""

from __future__ import annotations

from typing import Any

from rules.game.state import GameState


def _known_part(fresh: Any, stored: Any) -> Any:
    """`fresh` cut down to the keys `stored` has, at every depth of nested objects."""
    if isinstance(fresh, dict) and isinstance(stored, dict):
        return {k: _known_part(fresh[k], stored[k]) for k in stored if k in fresh}
    if isinstance(fresh, list) and isinstance(stored, list) and len(fresh) == len(stored):
        return [_known_part(f, s) for f, s in zip(fresh, stored, strict=True)]
    return fresh


def matches_stored(state: GameState, stored: dict[str, Any]) -> bool:
    """Whether `state` is the state stored as `stored` (its JSON). A state stored before a
    field existed says nothing of that field, so only what it holds is compared (a finished
    game still verifies after the engine learned to note more)."""
    fresh = state.to_json()
    return _known_part(fresh, stored) == _known_part(GameState.from_json(stored).to_json(), stored)
