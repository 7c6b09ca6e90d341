"""Missions claimed in a logged game (E-8): each card of the campaign's mission deck at most once
a game, claimed by a player of the game, with what its claim placed, checked by the same world
events a digital game records: a new sea line between two coasts (`SeaLineAdded`), or the World
Capital (`GameIncident(mark_placed)`, which opens the pack whose mark it is right then (U-5),
`CityCovered` over a city already there, `CityFounded(capital)`), then the `MissionClaimed`.
Red slots (a private mission stuck there, or completed from there) are `red_slots`.

A mission of a pack the campaign has not opened is refused in words that name nothing of it
(U-8).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

from campaign.mission_words import mission_label
from campaign.services.game_log.entry import GameLogEntry, MissionEntry
from campaign.services.game_log.packs import NOT_IN_GAME, translated, unknown_territories
from campaign.services.game_log.planner import GamePlanner
from campaign.services.game_log.red_slots import plan_slot_claim, stuck_in_red_slot
from rules import box
from rules.content_records import Mission
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import World
from rules.world_events import CityFounded, GameIncident
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded

CAPITAL_MARK = "world_capital"
"""The `mark_placed` incident's detail for the World Capital (the pack condition's mark)."""

NO_SUCH_MISSION = Violation(
    "unknown_mission",
    gettext_noop("There is no such mission card in this campaign's mission deck."),
    "E-8",
)


def _places_capital(claimed: MissionEntry) -> bool:
    mission = content().missions.get(claimed.mission)
    return mission is not None and mission.action == "world_capital"


def capitals_founded(entry: GameLogEntry) -> frozenset[str]:
    """The territories where this game's claims founded the World Capital: a city from then on,
    so an event card played later in the game may have gone there."""
    return frozenset(m.territory for m in entry.missions if _places_capital(m) and m.territory)


def plan_missions(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    """What each claim placed, then its `MissionClaimed`. The claim that founds the World
    Capital goes first: it opens a pack whose cards join the deck in this very game."""
    seen: set[str] = set()
    slots_done: set[str] = set()
    claims = sorted(enumerate(entry.missions), key=lambda pair: not _places_capital(pair[1]))
    for i, claimed in claims:
        where = f"missions.{i}"
        if claimed.from_red_slot:
            plan_slot_claim(planner, where, claimed, by_faction, slots_done, game)
            continue
        mission = _mission(planner, where, claimed, seen)
        if mission is None:
            continue
        person = _claimer(planner, where, claimed, mission, by_faction)
        if claimed.by_faction and claimed.by_faction not in by_faction:
            continue
        if mission.action == "sea_line":
            if not _sea_line(planner, where, claimed, mission, person, game):
                continue
        elif mission.action == "world_capital":
            if not _capital(planner, where, claimed, mission, person, game):
                continue
        elif claimed.ends or claimed.territory or claimed.name.strip():
            planner.refuse(
                where,
                Violation(
                    "nothing_placed",
                    _("%(mission)s places nothing: leave the sea line and the World Capital empty.")
                    % {"mission": mission_label(mission)},
                    "E-8",
                ),
            )
        planner.add(where, MissionClaimed(game=game, mission=mission.code, person=person))
        if claimed.by_faction:
            stuck_in_red_slot(planner, where, mission, claimed.by_faction, person, game)


def _mission(
    planner: GamePlanner, where: str, claimed: MissionEntry, seen: set[str]
) -> Mission | None:
    """The card, if it may be claimed now: in this campaign's box, not destroyed, once a game
    (a claimed card leaves the game: back to the box, or destroyed)."""
    mission = content().missions.get(claimed.mission)
    if mission is None or not box.is_open(planner.world, mission.pack):
        planner.refuse(f"{where}.mission", translated(NO_SUCH_MISSION), hard=True)
        return None
    label = mission_label(mission)
    twice = Violation(
        "mission_twice",
        _(
            "%(mission)s is listed twice: a claimed mission leaves the game, so it is claimed "
            "once at most."
        )
        % {"mission": label},
        "E-8",
    )
    destroyed = Violation(
        "mission_destroyed",
        _("%(mission)s was destroyed for good in an earlier game; it is never claimed again.")
        % {"mission": label},
        "E-8",
    )
    if not planner.box_card_once(
        f"{where}.mission", mission.code, seen, twice=twice, destroyed=destroyed
    ):
        return None
    return mission


def _claimer(
    planner: GamePlanner,
    where: str,
    claimed: MissionEntry,
    mission: Mission,
    by_faction: Mapping[str, str],
) -> str | None:
    if not claimed.by_faction:
        planner.refuse(
            f"{where}.by_faction",
            Violation(
                "claimer_required",
                _("Say which faction's player claimed %(mission)s.")
                % {"mission": mission_label(mission)},
                "E-8",
            ),
        )
        return None
    if claimed.by_faction not in by_faction:
        planner.refuse(f"{where}.by_faction", translated(NOT_IN_GAME), hard=True)
        return None
    return by_faction[claimed.by_faction]


def _sea_line(
    planner: GamePlanner,
    where: str,
    claimed: MissionEntry,
    mission: Mission,
    person: str | None,
    game: int,
) -> bool:
    """The new sea line (G-12); False when the entry cannot be recorded at all."""
    if claimed.territory or claimed.name.strip():
        planner.refuse(
            f"{where}.territory",
            Violation(
                "nothing_founded",
                _("%(mission)s founds no city: leave the World Capital empty.")
                % {"mission": mission_label(mission)},
                "E-8",
            ),
        )
    if len(claimed.ends) != 2:
        planner.refuse(
            f"{where}.ends",
            Violation(
                "sea_line_ends",
                _("%(mission)s draws one sea line: give its two ends.")
                % {"mission": mission_label(mission)},
                "E-8",
            ),
            hard=True,
        )
        return False
    unknown = unknown_territories(claimed.ends)
    if unknown:
        planner.refuse(
            f"{where}.ends",
            Violation(
                "unknown_territory",
                _("There is no territory '%(key)s'.") % {"key": unknown[0]},
                "C-2",
            ),
            hard=True,
        )
        return False
    a, b = claimed.ends
    planner.add(f"{where}.ends", SeaLineAdded(a=a, b=b, person=person, game=game))
    return True


def _capital(
    planner: GamePlanner,
    where: str,
    claimed: MissionEntry,
    mission: Mission,
    person: str | None,
    game: int,
) -> bool:
    """The World Capital: its mark is placed (the pack it stands for opens now, U-5), it covers
    any city in that territory and is founded with its name. False when the entry cannot be
    recorded at all."""
    if claimed.ends:
        planner.refuse(
            f"{where}.ends",
            Violation(
                "nothing_drawn",
                _("%(mission)s draws no sea line: leave its ends empty.")
                % {"mission": mission_label(mission)},
                "E-8",
            ),
        )
    if not claimed.territory:
        planner.refuse(
            f"{where}.territory",
            Violation(
                "capital_territory",
                _("Say in which territory %(mission)s put the World Capital.")
                % {"mission": mission_label(mission)},
                "E-8",
            ),
            hard=True,
        )
        return False
    if unknown_territories((claimed.territory,)):
        planner.refuse(
            f"{where}.territory",
            Violation(
                "unknown_territory",
                _("There is no territory '%(key)s'.") % {"key": claimed.territory},
                "C-2",
            ),
            hard=True,
        )
        return False
    territory = claimed.territory
    planner.add(
        f"{where}.territory",
        GameIncident(game=game, incident="mark_placed", person=person, detail=CAPITAL_MARK),
    )
    if territory in planner.world.cities:
        planner.add(
            f"{where}.territory", CityCovered(territory=territory, person=person, game=game)
        )
    founded = CityFounded(
        territory=territory, city="capital", name=claimed.name, person=person or "", game=game
    )
    found = founded.check(planner.world)
    named = [v for v in found if v.code == "name_required"]
    for violation in named:
        planner.refuse(f"{where}.name", violation)
    planner.add(f"{where}.territory", founded, [v for v in found if v not in named])
    return True


def capital_incident_refusal(world: World) -> Violation:
    """A World Capital logged as a bare incident: it reaches the board through the mission claim
    that founds it, which records where, by whom and its name (U-5). A box without that card
    hears nothing of it (U-8)."""
    if not any(m.action == "world_capital" for m in box.missions(world)):
        return Violation("no_capital", _("Nothing in this campaign's box places that mark."), "U-5")
    return Violation(
        "capital_as_incident",
        _(
            "Record the World Capital with the mission claim that founded it, under the missions "
            "claimed, where its territory and name are checked."
        ),
        "U-5",
    )
