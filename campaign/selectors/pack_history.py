"""Pack content in a campaign's history, in plain words: who drafted what, event cards drawn and
what they did, comeback powers taken, HQs moved and demolished, who eliminated whom.

Only events a campaign's log holds are described, and a pack's content reaches the log only
once the pack is open there, so these lines never name what a sealed pack holds (U-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.box import DRAFT_KINDS
from rules.card_world_events import ComebackPowerChosen, DraftRecorded, EventResolved
from rules.data import board, content
from rules.pack_words import comeback_power_name, draft_code_label, event_code_label
from rules.world_events import GameIncident, GameRecorded, WorldEvent


def _territory(key: str) -> str:
    return board().territory(key).name if board().knows(key) else key


def _faction(key: str | None) -> str:
    faction = content().factions.get(key or "")
    return faction.name if faction else (key or "")


def _who(names: Mapping[str, str], person: str | None) -> str:
    return names.get(person, person) if person else "someone"


def _kind_order(code: str) -> int:
    card = content().draft_cards.get(code)
    return DRAFT_KINDS.index(card.kind) if card and card.kind in DRAFT_KINDS else len(DRAFT_KINDS)


def draft_lines(event: DraftRecorded, names: Mapping[str, str]) -> list[str]:
    """One line per player, cards in kind order whatever the order of the picks: "Olga (Die
    Mechaniker) drafted 8 starting troops (B96), 1 starting coin card (B81), ..."."""
    return [
        f"{_who(names, pick.get('person'))} ({_faction(pick.get('faction'))}) drafted "
        + ", ".join(
            draft_code_label(code) for code in sorted(pick.get("cards", ()), key=_kind_order)
        )
        for pick in event.picks
    ]


def eliminations_text(players: tuple[dict[str, Any], ...], names: Mapping[str, str]) -> str:
    """ "Saharan Republic (Vera) was eliminated by Die Mechaniker" for each such player."""
    return "; ".join(
        f"{_faction(p['faction'])} ({_who(names, p.get('person'))}) was eliminated by "
        f"{_faction(p['eliminated_by'])}"
        for p in players
        if p.get("eliminated_by")
    )


def pack_event_text(event: WorldEvent, names: Mapping[str, str]) -> str | None:
    """One history line for an event only opened packs bring, or None for other events."""
    match event:
        case DraftRecorded():
            return "The draft: " + "; ".join(draft_lines(event, names))
        case EventResolved():
            card = content().event_cards.get(event.card)
            option = card.option(event.option) if card else None
            gone = (
                "; the card is destroyed for good" if option and option.after == "destroy" else ""
            )
            # The engine's detail already names who chose; a logged game may give only the option.
            if event.detail:
                what = event.detail
            elif event.person and option is not None and option.key:
                what = f"{_who(names, event.person)} chose: {option.text.rstrip('.')}"
            elif event.person:
                what = f"{_who(names, event.person)} chose"
            elif card and card.chooser and not event.option:
                what = "nobody chose"
            else:
                what = ""
            return f"Event {event_code_label(event.card)} drawn" + (
                f": {what}{gone}" if what or gone else ""
            )
        case ComebackPowerChosen():
            faction = _faction(event.faction)
            return (
                f"{_who(names, event.person)} took the comeback power "
                f"{comeback_power_name(event.power)} for {faction}"
            )
        case GameIncident(incident="hq_moved"):
            origin, _, target = event.detail.partition(">")
            return (
                f"{_who(names, event.person)} moved an HQ from {_territory(origin)} to "
                f"{_territory(target)}"
            )
        case GameIncident(incident="hq_demolished"):
            whose = f"{_who(names, event.person)}'s HQ" if event.person else "An HQ"
            return f"{whose} in {_territory(event.detail)} was demolished"
    return None


def game_recorded_text(event: GameRecorded, names: Mapping[str, str]) -> str:
    """The game line of a plan or a log, with who eliminated whom when that is known."""
    eliminated = eliminations_text(event.players, names)
    return f"Game {event.game} played on {event.played_on}" + (
        f"; {eliminated}" if eliminated else ""
    )
