"""Small builders of world events for tests of the campaign app."""

from __future__ import annotations

from rules.data import content
from rules.world_events import GameRecorded, PregameCoinsPlaced, StartingPowerChosen

FACTIONS = list(content().base_factions)
TWELVE_COINS = (
    "brazil",
    "brazil",
    "egypt",
    "ukraine",
    "ukraine",
    "siam",
    "japan",
    "ontario",
    "peru",
    "madagascar",
    "iceland",
    "yakutsk",
)


def first_powers() -> list[StartingPowerChosen]:
    """P-2 done: every faction keeps its first power."""
    return [StartingPowerChosen(key, f.powers[0].key) for key, f in content().base_factions.items()]


def pregame_coins() -> PregameCoinsPlaced:
    return PregameCoinsPlaced(TWELVE_COINS)


def game(number: int, persons: list[str], starts=("egypt", "ontario", "siam")) -> GameRecorded:
    """Game `number`: the first person wins, the others hold on."""
    players = tuple(
        {
            "person": person,
            "faction": FACTIONS[i],
            "start": starts[i],
            "outcome": "won" if i == 0 else "held_on",
        }
        for i, person in enumerate(persons)
    )
    return GameRecorded(number, f"2026-01-{number:02d}", players)
