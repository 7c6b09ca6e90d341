"""What the pockets bring to the game page, in plain words: each faction card's missile power
(brown slot, J167s) and whether it was used this turn, its weakness (yellow slot), the Mutants'
and Aliens' printed powers and the Mutants' evolved one, the Bringer of Nuclear Fire (J164s),
the fallout zone and Alien Island; and the words of a pocket decision waiting on someone.

Everything is read through `rules.box` from the game's own world, so a pocket the campaign has
not opened (even during this game) shows nothing (U-8).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.forms.digital.pockets import territory_name
from campaign.services.digital.deadlines import default_decision, has_deadline
from rules import box
from rules.data import board, content
from rules.game import GameState, seats_to_act
from rules.game.missile_powers import BAD_INTEL, INTERFERENCE, bad_intel_targets


def pocket_lines(state: GameState, seat: int, faction: str | None) -> list[str]:
    """The pocket slots and powers of one seat's faction card, one line each."""
    if faction is None:
        return []
    world = state.world
    lines = []
    if world.bringer == faction:
        lines.append(_("Bringer of Nuclear Fire (J164s)"))
    power = box.missile_powers(world).get(world.missile_powers.get(faction, ""))
    if power is not None:
        used = seat in state.turn.missile_power_users
        words = {"name": power.name, "text": power.text}
        if used:
            lines.append(_("Missile power %(name)s (used this turn): %(text)s") % words)
        else:
            lines.append(_("Missile power %(name)s (not used this turn): %(text)s") % words)
    scar = world.faction_scars.get(faction)
    weakness = box.weakness_types(world).get(scar.kind) if scar and not scar.cancelled else None
    if weakness is not None:
        lines.append(
            _("Weakness %(name)s: %(text)s") % {"name": weakness.name, "text": weakness.text}
        )
    card = box.factions(world).get(faction)
    if card is not None and box.is_pack_faction(faction):
        lines += [
            _("Printed power %(name)s: %(text)s") % {"name": p.name, "text": p.text}
            for p in card.powers
        ]
        evolved = box.evolution(world) if faction == "mutants" else None
        if evolved is not None:
            lines.append(
                _("Evolved power %(name)s: %(text)s") % {"name": evolved.name, "text": evolved.text}
            )
    return lines


def pocket_board(state: GameState) -> list[str]:
    """The pockets' marks on this game's board, in words (the map draws them too)."""
    world = state.world
    lines = []
    if world.fallout and box.is_open(world, "pocket_1"):
        bringer = content().factions.get(world.bringer or "")
        zone = territory_name(world.fallout)
        if bringer:
            lines.append(
                _("Fallout zone: %(zone)s; %(faction)s is the Bringer of Nuclear Fire.")
                % {"zone": zone, "faction": bringer.name}
            )
        else:
            lines.append(_("Fallout zone: %(zone)s.") % {"zone": zone})
    if world.alien_island and box.is_open(world, "pocket_2"):
        a, b = world.alien_island
        lines.append(
            _("%(island)s is joined by sea to %(first)s and %(second)s.")
            % {
                "island": territory_name("alien_island"),
                "first": territory_name(a),
                "second": territory_name(b),
            }
        )
    if world.ruins and box.is_open(world, "pocket_2"):
        ruins = ", ".join(territory_name(t) for t in sorted(world.ruins))
        lines.append(_("Ruins: %(places)s.") % {"places": ruins})
    return lines


def pocket_decision(state: GameState) -> dict[str, Any] | None:
    """The pocket decision waiting on someone, in words, with its choices where it helps."""
    pending = state.pending or {}
    acting = seats_to_act(state)
    who = state.seats[acting[0]].name if acting else ""
    if state.phase == "missile_power_pick":
        powers = box.missile_powers_left(state.world)
        return {
            "words": _(
                "%(who)s gained a Red Star token and picks a missile power for their faction "
                "card; it stays there for good."
            )
            % {"who": who},
            "rule": "J167s",
            "choices": [f"{p.name}: {p.text}" for p in powers],
        }
    if state.phase == "nuke_choice" and "origin" in pending:
        return {
            "words": _(
                "%(who)s fired the third missile and chooses where the nuke falls: the "
                "attacking territory (%(origin)s) or the defending one (%(target)s). It becomes "
                "the fallout zone."
            )
            % {
                "who": who,
                "origin": territory_name(pending["origin"]),
                "target": territory_name(pending["target"]),
            },
            "rule": "U-6",
            "choices": [],
        }
    if state.phase == "bad_intel_window" and pending.get("kind") == BAD_INTEL:
        on_turn = state.seats[state.current_seat].name
        bonuses = ", ".join(board().continents[c].name for c in bad_intel_targets(state))
        return {
            "words": _(
                "%(who)s may use Bad Intel: %(on_turn)s would collect a bonus for %(bonuses)s."
            )
            % {"who": who, "on_turn": on_turn, "bonuses": bonuses},
            "rule": "J167s",
            "choices": [],
        }
    if state.phase == "interference_window" and pending.get("kind") == INTERFERENCE:
        return {
            "words": _(
                "%(drawer)s is about to take a card; %(who)s may block it with Interference."
            )
            % {"drawer": state.seats[pending["drawer"]].name, "who": who},
            "rule": "J167s",
            "choices": [],
        }
    if state.phase == "alien_island_placement":
        return {
            "words": _(
                "%(who)s joins Alien Island by two sea lines to two different coastal "
                "territories; all %(troops)s recruits land there with 10 Alien troops."
            )
            % {"who": who, "troops": pending.get("troops", 0)},
            "rule": "K182s",
            "choices": [],
        }
    return None


def default_words(state: GameState) -> str:
    """What happens if the person waited on lets the deadline pass, in words."""
    if not has_deadline(state):
        return ""
    acting = seats_to_act(state)
    move = default_decision(state, acting[0]) if acting else None
    if state.phase == "nuke_choice" and move is not None:
        where = territory_name(move.territory)  # type: ignore[attr-defined]
        return _("the nuke falls on %(territory)s") % {"territory": where}
    if state.phase == "missile_power_pick" and move is not None:
        power = box.missile_powers(state.world).get(move.power)  # type: ignore[attr-defined]
        return _("they take %(power)s") % {"power": power.name} if power else ""
    if state.phase == "alien_island_placement" and move is not None:
        ends = (move.territory, move.target)  # type: ignore[attr-defined]
        return _("the island is joined to %(first)s and %(second)s") % {
            "first": territory_name(ends[0]),
            "second": territory_name(ends[1]),
        }
    if state.phase == "event_choice" and move is not None:
        card = content().event_cards[(state.pending or {})["card"]]
        option = card.option(getattr(move, "option", ""))
        if option is not None and option.effect != "pass":
            return _("%(card)s is carried out as: %(option)s") % {
                "card": card.name,
                "option": option.text,
            }
        return _("the card does nothing")
    return ""
