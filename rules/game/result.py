"""The outcome of a finished game (W, END-1, END-2; CL-20, CL-24, CL-31, IN-10, IN-11 for the
stand-alone rule sets), how it was won and the world events it produced."""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import IllegalMove
from rules.game.draft import draft_recorded
from rules.game.state import GameState
from rules.rule_sets import LEGACY
from rules.words import gettext as _
from rules.world import Outcome
from rules.world_events import FortificationWorn, GameIncident, WorldEvent


@dataclass(frozen=True)
class SeatResult:
    """One seat's result. `eliminated_by` is the faction whose conquest knocked an eliminated
    seat out last (None when nobody's did: an event, a scar), as a logged game records it."""

    person: str
    faction: str | None
    start: str | None
    hq: str | None
    outcome: Outcome
    controlled: tuple[str, ...]
    draft_cards: tuple[str, ...] = ()
    eliminated_by: str | None = None


@dataclass(frozen=True)
class GameResult:
    winner_seat: int
    seats: list[SeatResult]
    world_events: list[WorldEvent]
    """The draft (if the setup had one), then what the game recorded in the order it happened
    (the lead faction's choice of mission, scars placed, event cards and what they placed,
    missions claimed with what they placed and a private mission stuck in a red slot, red-slot
    missions claimed, comeback powers, HQs moved or demolished, the incidents and packs opened
    mid-game; fortification wear as one event per fortification, where it was first worn),
    then missiles used per person, ready to append to the campaign log (none outside Risk
    Legacy). Rewards are chosen later by people."""
    ended_by: str = "domination"
    """How: "domination" (everyone else out, W-1, CL-20, CL-24, IN-10), "red_stars" (W),
    "headquarters" (CL-31) or "objective" (IN-11)."""


def ended_by(state: GameState) -> str:
    """How the finished game was won (see `GameResult.ended_by`)."""
    neutral = state.table.get("neutral")
    standing = [
        s
        for s, seat in enumerate(state.seats)
        if s not in (state.winner, neutral) and not seat.eliminated
    ]
    if not standing:
        return "domination"
    if state.rule_set == LEGACY:
        return "red_stars"
    return "headquarters" if state.table.get("hq_revealed") else "objective"


def _merged(events: tuple[WorldEvent, ...]) -> list[WorldEvent]:
    merged: list[WorldEvent] = []
    wear: dict[str, int] = {}
    for event in events:
        if isinstance(event, FortificationWorn):
            if event.territory not in wear:
                merged.append(event)
            wear[event.territory] = wear.get(event.territory, 0) + event.boxes
        else:
            merged.append(event)
    return [
        FortificationWorn(e.territory, wear[e.territory], e.game)
        if isinstance(e, FortificationWorn)
        else e
        for e in merged
    ]


def game_result(state: GameState) -> GameResult:
    """END-2: the winner Won; a seat with no troops on the board (or eliminated) is
    Eliminated, even if it could have joined the war; everyone else Held On."""
    if not state.is_over or state.winner is None:
        raise IllegalMove("game_not_over", _("The game is not over yet."), "END-1")
    seats = []
    for index, player in enumerate(state.seats):
        controlled = tuple(sorted(state.controlled(index)))
        outcome: Outcome
        if index == state.winner:
            outcome = "won"
        elif player.eliminated or not controlled:
            outcome = "eliminated"
        else:
            outcome = "held_on"
        by = player.knocked_out_by if outcome == "eliminated" else None
        seats.append(
            SeatResult(
                player.person,
                player.faction,
                player.start,
                state.hq_of(index),
                outcome,
                controlled,
                player.draft_cards,
                state.seats[by].faction if by is not None else None,
            )
        )
    used = [
        GameIncident(
            game=state.game_number, incident="missiles_used", person=player.person, count=spent
        )
        for player in state.seats
        if (spent := state.world.signature_count(player.person) - player.missiles) > 0
    ]
    drafted = draft_recorded(state)
    setup = [drafted] if drafted is not None else []
    events = [*setup, *_merged(state.world_events), *used]
    return GameResult(state.winner, seats, events, ended_by(state))
