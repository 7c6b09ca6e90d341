"""The game-log form's fields for Pack 4's rules additions, on the step "What the packs brought":
which faction leads this game (read from the backs of the faction cards, shown, not asked) and
the face-up mission it chose (E125s), and which factions completed the private mission in their
red slot (E124s). A private mission claimed face up is a mission row of "During the game"; the
red slot it may go into is read from the world.

Nothing here is shown while the box lacks these rules (`rules.box`), so a campaign that has not
opened the pack sees nothing of it (U-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from campaign.mission_words import mission_code_label, mission_label
from campaign.selectors.faction_cards import lead_faction_of
from campaign.services.game_log.entry import MissionEntry
from rules import box
from rules.data import content
from rules.world import World


def add_red_slot_fields(form: forms.Form, world: World, setup: World, factions: list[str]) -> None:
    """`world`: the box once the game is recorded (a pack opened in it is open); `setup`: the
    faction cards as they stood before the game (who leads)."""
    form.lead = None
    if box.lead_faction_active(world):
        form.lead = lead_faction_of(setup.evolve(packs_opened=world.packs_opened), factions)
        deck = box.mission_deck(world)
        form.fields["lead_mission"] = forms.ChoiceField(
            label=_("Face-up mission the lead faction chose"),
            choices=[("", _("— not noted —")), *[(m.code, mission_label(m)) for m in deck]],
            required=False,
        )
    form.slot_factions = []
    if box.private_missions_active(world):
        for faction in factions:
            held = world.red_slots.get(faction)
            if held is None:
                continue
            form.slot_factions.append(faction)
            form.fields[f"rs_{faction}"] = forms.BooleanField(
                label=_("%(faction)s completed %(mission)s from its red slot")
                % {
                    "faction": content().factions[faction].name,
                    "mission": mission_code_label(held),
                },
                required=False,
            )


def red_slot_section(form: forms.Form) -> tuple[str, str, list[list[forms.BoundField]]] | None:
    """(title, help, rows) for the page, or None when the box has neither rule."""
    rows = [[form[f"rs_{f}"]] for f in form.slot_factions]
    if "lead_mission" in form.fields:
        rows.insert(0, [form["lead_mission"]])
    if not rows:
        return None
    lead = form.lead[1] if form.lead else ""
    return (
        _("Lead faction and red slots (E-8)"),
        f"{lead} "
        + _("A faction completes the mission in its red slot once a game, for 1 Red Star."),
        rows,
    )


def red_slots_from_step(
    data: Mapping[str, Any], where: dict[str, str], first: int
) -> tuple[tuple[MissionEntry, ...], str]:
    """The red-slot claims (as missions, numbered from `first` in the entry; which mission is
    read from the faction's red slot) and the lead faction's mission, from the step's cleaned
    data."""
    claims: list[MissionEntry] = []
    for key, value in data.items():
        if not key.startswith("rs_") or not value:
            continue
        n = first + len(claims)
        where.update(
            {f"missions.{n}": key, f"missions.{n}.mission": key, f"missions.{n}.by_faction": key}
        )
        claims.append(
            MissionEntry(mission="", by_faction=key.removeprefix("rs_"), from_red_slot=True)
        )
    where["lead_mission"] = "lead_mission"
    return tuple(claims), data.get("lead_mission") or ""


def step_from_red_slots(missions: tuple[MissionEntry, ...], lead_mission: str) -> dict[str, Any]:
    """The raw step data that shows these in the form again (to correct a game)."""
    raw: dict[str, Any] = {f"rs_{m.by_faction}": "on" for m in missions if m.from_red_slot}
    if lead_mission:
        raw["lead_mission"] = lead_mission
    return raw
