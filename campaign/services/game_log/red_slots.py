"""What Pack 4's rules additions bring to a logged game: a private mission claimed face up goes
into its claimer's empty red slot (E124s, `PrivateMissionStuck`, read from the world), a faction
completes the mission in its red slot once a game (`SlotMissionClaimed`), and the lead faction,
read from the backs of the faction cards, chooses the face-up mission (E125s,
`LeadMissionChosen`).

A box without these rules refuses them in words that name nothing of them (U-8).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

from campaign.mission_words import mission_code_label
from campaign.selectors.faction_cards import lead_faction_of
from campaign.services.game_log.entry import GameLogEntry, MissionEntry
from campaign.services.game_log.packs import NOT_IN_GAME, translated
from campaign.services.game_log.planner import GamePlanner
from rules import box
from rules.content_records import Mission
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import World
from rules.world_events.red_slots import (
    LeadMissionChosen,
    SlotMissionClaimed,
    into_red_slot,
)

NO_RED_SLOT = Violation(
    "no_slot_mission",
    gettext_noop("Nothing in this campaign's box is completed from a faction card."),
    "E-8",
)


def stuck_in_red_slot(
    planner: GamePlanner, where: str, mission: Mission, faction: str, person: str | None, game: int
) -> None:
    """E124s, right after the claim: a private mission whose claimer's red slot is empty goes
    there for good (its card destroyed); with the slot taken (a private mission, or the one a
    pack faction's card prints, J165) the card is discarded as usual. Decided by the engine's
    own `into_red_slot`, so a logged game and a digital one never disagree."""
    stuck = into_red_slot(planner.world, faction, mission.code, person, game)
    if stuck is not None:
        planner.add(where, stuck)


def plan_slot_claim(
    planner: GamePlanner,
    where: str,
    claimed: MissionEntry,
    by_faction: Mapping[str, str],
    done: set[str],
    game: int,
) -> None:
    """A faction completed the private mission in its red slot: once a game, the mission it
    holds there (E124s), or the one its card prints (a pocket faction's, without Pack 4).
    `done` holds the factions that did so already in this game."""
    printed = box.printed_mission(claimed.by_faction)
    if not box.private_missions_active(planner.world) and not (
        printed is not None and box.is_open(planner.world, printed.pack)
    ):
        planner.refuse(f"{where}.mission", translated(NO_RED_SLOT), hard=True)
        return
    if claimed.by_faction not in by_faction:
        planner.refuse(f"{where}.by_faction", translated(NOT_IN_GAME), hard=True)
        return
    faction = content().factions[claimed.by_faction].name
    if claimed.by_faction in done:
        planner.refuse(
            f"{where}.mission",
            Violation(
                "slot_mission_twice",
                _("%(faction)s completes the mission in its red slot once a game.")
                % {"faction": faction},
                "E-8",
            ),
            hard=True,
        )
        return
    done.add(claimed.by_faction)
    held = box.red_slot(planner.world, claimed.by_faction)
    if held is None:
        planner.refuse(
            f"{where}.mission",
            Violation(
                "red_slot_empty",
                _("%(faction)s's red slot holds no mission to complete.") % {"faction": faction},
                "E-8",
            ),
            hard=True,
        )
        return
    if claimed.ends or claimed.territory or claimed.name.strip():
        planner.refuse(
            where,
            Violation(
                "nothing_placed",
                _("%(mission)s places nothing: leave the sea line and the World Capital empty.")
                % {"mission": mission_code_label(held)},
                "E-8",
            ),
        )
    planner.add(
        where,
        SlotMissionClaimed(
            game=game,
            faction=claimed.by_faction,
            mission=claimed.mission or held,
            person=by_faction[claimed.by_faction],
        ),
    )


def plan_lead_mission(
    planner: GamePlanner,
    entry: GameLogEntry,
    setup: World,
    by_faction: Mapping[str, str],
    game: int,
) -> None:
    """The face-up mission the lead faction chose (E125s, or E123 when the pack opened during
    this game). The lead faction comes from the card backs as they stood at setup (`setup`),
    under the rules of the box as it stands now."""
    if not entry.lead_mission:
        return
    if not box.lead_faction_active(planner.world):
        planner.refuse(
            "lead_mission",
            Violation(
                "no_mission_choice",
                _("Nothing in this campaign's box lets a faction choose the face-up mission."),
                "E-8",
            ),
            hard=True,
        )
        return
    at_setup = setup.evolve(packs_opened=planner.world.packs_opened)
    found = lead_faction_of(at_setup, (p.faction for p in entry.players))
    lead, why = found if found is not None else (None, "")
    if lead is None:
        planner.refuse(
            "lead_mission",
            Violation(
                "no_lead_faction",
                f"{why} " + _("Nobody chose the face-up mission."),
                "E-8",
            ),
        )
        return
    planner.add(
        "lead_mission",
        LeadMissionChosen(
            game=game, faction=lead, mission=entry.lead_mission, person=by_faction.get(lead)
        ),
    )
