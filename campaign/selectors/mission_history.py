"""Missions in a campaign's history, in plain words (E-8): who claimed which mission in which game
and what the claim placed (a sea line, the World Capital over the city it covered), and the
campaign's missions page: every mission of the box and who completed it.

Only events a campaign's log holds are described, and a mission reaches the log only once its
pack is open there; the missions page lists `rules.box`'s missions only, and a campaign whose
box holds none gets the answer a page that does not exist gets (U-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext_lazy

from campaign.errors import NotFoundError
from campaign.mission_words import claim_words, mission_code_label, mission_label, stars_words
from campaign.models import Campaign
from campaign.selectors.campaigns import person_names
from campaign.selectors.world import world_counted_entries, world_current
from rules import box
from rules.data import board, content
from rules.world import City
from rules.world_events import CityFounded, WorldEvent
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded
from rules.world_events.red_slots import LeadMissionChosen, PrivateMissionStuck, SlotMissionClaimed

NO_MISSIONS = gettext_noop("This campaign has no mission deck.")
# A city's kind in a sentence ("the minor city ...") and in a chart's legend.
CITY_KINDS = {
    "minor": pgettext_lazy("city", "minor"),
    "major": pgettext_lazy("city", "major"),
    "capital": pgettext_lazy("city", "capital"),
}


def _territory(key: str) -> str:
    return board().territory(key).name if board().knows(key) else key


def _who(names: Mapping[str, str], person: str | None) -> str:
    return names.get(person, person) if person else _("someone")


def is_mission_event(event: WorldEvent) -> bool:
    """Whether the history files `event` under the missions a game saw."""
    if isinstance(event, CityFounded):
        return event.city == "capital"
    return isinstance(
        event,
        MissionClaimed
        | SeaLineAdded
        | CityCovered
        | PrivateMissionStuck
        | SlotMissionClaimed
        | LeadMissionChosen,
    )


def _faction(key: str) -> str:
    faction = content().factions.get(key)
    return faction.name if faction else key


def mission_event_text(
    event: WorldEvent, names: Mapping[str, str], covered: Mapping[str, City] | None = None
) -> str | None:
    """One history line for a mission's event, or None for other events. `covered` maps a
    territory to the city that stood there, to name what the World Capital covered."""
    match event:
        case MissionClaimed():
            mission = content().missions.get(event.mission)
            who = _who(names, event.person)
            if mission is None:
                return _("%(who)s claimed the mission %(mission)s") % {
                    "who": who,
                    "mission": event.mission,
                }
            gone = _("; the card is destroyed for good") if mission.after == "destroy" else ""
            return (
                _("%(who)s claimed the mission %(mission)s for %(stars)s")
                % {
                    "who": who,
                    "mission": mission_label(mission),
                    "stars": stars_words(mission.stars),
                }
                + gone
            )
        case SeaLineAdded():
            words = {
                "who": _who(names, event.person),
                "a": _territory(event.a),
                "b": _territory(event.b),
            }
            if event.person:
                return _("%(who)s drew a new sea line between %(a)s and %(b)s") % words
            return _("Drawn: a new sea line between %(a)s and %(b)s") % words
        case CityCovered():
            city = (covered or {}).get(event.territory)
            where = _territory(event.territory)
            if city:
                return _(
                    "The World Capital covered the %(kind)s city %(name)s in %(territory)s"
                ) % {
                    "kind": CITY_KINDS.get(city.kind, city.kind),
                    "name": city.name,
                    "territory": where,
                }
            return _("The World Capital covered the city in %(territory)s") % {"territory": where}
        case CityFounded(city="capital"):
            return _("%(who)s founded the World Capital %(name)s in %(territory)s") % {
                "who": _who(names, event.person),
                "name": event.name,
                "territory": _territory(event.territory),
            }
        case PrivateMissionStuck():
            return _(
                "%(mission)s went into the red slot of %(faction)s's card for good; "
                "the card is destroyed"
            ) % {"mission": mission_code_label(event.mission), "faction": _faction(event.faction)}
        case SlotMissionClaimed():
            return _(
                "%(who)s completed %(mission)s from the red slot of %(faction)s for 1 Red Star"
            ) % {
                "who": _who(names, event.person),
                "mission": mission_code_label(event.mission),
                "faction": _faction(event.faction),
            }
        case LeadMissionChosen():
            return _(
                "%(faction)s (%(who)s) led this game and chose the face-up mission %(mission)s"
            ) % {
                "faction": _faction(event.faction),
                "who": _who(names, event.person),
                "mission": mission_code_label(event.mission),
            }
    return None


# --- the missions page ---------------------------------------------------------------------------


def _where(code: str, slots: Mapping[str, str], destroyed: frozenset[str]) -> str:
    """Where a mission card is now: in a faction's red slot, destroyed, or in the deck."""
    if code in slots:
        return _("in %(faction)s's red slot") % {"faction": content().factions[slots[code]].name}
    return _("destroyed for good") if code in destroyed else _("in the mission deck")


@dataclass
class MissionRow:
    code: str
    name: str
    stars: str
    text: str
    on_claim: str
    status: str
    claims: list[dict[str, object]] = field(default_factory=list)


def missions_view(*, campaign: Campaign) -> list[MissionRow]:
    """Every mission of the campaign's box, with where its card is now and who claimed it in
    which game (corrected-away claims do not count). Refused like a missing page while the box
    holds no mission (U-8)."""
    world = world_current(campaign=campaign)
    missions = box.missions(world)
    if not missions:
        raise NotFoundError(_(NO_MISSIONS), code="not_found", rule="U-8")
    names = person_names(campaign=campaign)
    claims: dict[str, list[dict[str, object]]] = {}
    for _entry, event in world_counted_entries(campaign=campaign):
        if isinstance(event, MissionClaimed | SlotMissionClaimed):
            claims.setdefault(event.mission, []).append(
                {
                    "game": event.game,
                    "person": _who(names, event.person),
                    "from_red_slot": isinstance(event, SlotMissionClaimed),
                }
            )
    slots = {code: faction for faction, code in world.red_slots.items()}
    return [
        MissionRow(
            code=m.code,
            name=m.name,
            stars=stars_words(m.stars),
            text=m.text,
            on_claim=claim_words(m),
            status=_where(m.code, slots, world.destroyed_box_cards),
            claims=claims.get(m.code, []),
        )
        for m in missions
    ]
