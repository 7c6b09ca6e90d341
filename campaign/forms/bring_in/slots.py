"""The bring-in's faction cards beyond their starting powers: the stickers in the blue, red,
brown and yellow slots, the Bringer of Nuclear Fire with the fallout zone, and Alien Island.

Each field exists only when the campaign's box holds what it asks for (its pack open, or
ticked in the packs step), so a campaign never sees a sealed pack's item here (U-8). The
rules' checks run with the other steps' entries in `campaign.services.bring_in`."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.utils.translation import gettext as _

from campaign.services import bring_in as b
from rules import box
from rules.data import board
from rules.world import World
from rules.world_events import ScarPlaced
from rules.world_events.pack_cards import ComebackPowerChosen
from rules.world_events.pockets import AlienIslandPlaced, MissilePowerGained, NuclearStrike
from rules.world_events.red_slots import PrivateMissionStuck

# The collaborator's weakness comes with Alien Island, never on its own.
COLLABORATOR_SCAR = "alien_collaborator"
NUKE_FIELDS = ("bringer", "fallout")
ISLAND_FIELDS = ("island_end_1", "island_end_2", "collaborator")
SLOT_KINDS = ("comeback", "red", "missile", "weakness")

MakeEntry = Callable[[str, int, Callable[[b.Context], object]], b.Entry]


def _choice(label: str, choices: list[tuple[str, str]], unknown: str) -> forms.ChoiceField:
    """An optional pick; an unknown value is refused without echoing it (U-8)."""
    return forms.ChoiceField(
        label=label,
        required=False,
        choices=[("", _("— none / not known")), *choices],
        error_messages={"invalid_choice": unknown},
    )


def _territories() -> list[tuple[str, str]]:
    return sorted(((k, t.name) for k, t in board().territories.items()), key=lambda c: c[1])


def slot_fields(world: World) -> dict[str, forms.Field]:
    """The fields the box `world` (the packs ticked included) calls for, by name."""
    fields: dict[str, forms.Field] = {}
    factions = box.factions(world)
    comebacks = [(p.key, p.name) for p in box.comeback_powers(world).values()]
    missions = [(m.code, f"{m.name} ({m.code})") for m in box.mission_deck(world) if m.private]
    missiles = [(p.key, p.name) for p in box.missile_powers(world).values()]
    weaknesses = [
        (k, s.name) for k, s in box.weakness_types(world).items() if k != COLLABORATOR_SCAR
    ]
    for key, faction in factions.items():
        name = faction.name
        if comebacks and faction.slot_open("blue") and key not in world.comeback_powers:
            fields[f"comeback_{key}"] = _choice(
                _("%(faction)s: comeback power (blue slot)") % {"faction": name},
                comebacks,
                _("There is no such power (G-3)."),
            )
        if missions and box.private_missions_active(world) and box.red_slot(world, key) is None:
            fields[f"red_{key}"] = _choice(
                _("%(faction)s: private mission (red slot)") % {"faction": name},
                missions,
                _("There is no such mission card in this campaign's box (E-8)."),
            )
        if (
            missiles
            and box.missile_powers_active(world)
            and faction.slot_open("brown")
            and key not in world.missile_powers
        ):
            fields[f"missile_{key}"] = _choice(
                _("%(faction)s: missile power (brown slot)") % {"faction": name},
                missiles,
                _("There is no such power (G-3)."),
            )
        if weaknesses and faction.slot_open("yellow") and key not in world.faction_scars:
            fields[f"weakness_{key}"] = _choice(
                _("%(faction)s: weakness (yellow slot)") % {"faction": name},
                weaknesses,
                _("There is no such scar card in this box (G-4)."),
            )
    every_faction = [(k, f.name) for k, f in factions.items()]
    no_faction = _("There is no such faction (C-3).")
    no_territory = _("There is no such territory on the board (C-2).")
    if box.is_open(world, "pocket_1") and world.fallout is None:
        fields["bringer"] = _choice(_("Bringer of Nuclear Fire"), every_faction, no_faction)
        fields["fallout"] = _choice(
            _("Fallout zone (the nuked territory)"), _territories(), no_territory
        )
    if box.is_open(world, "pocket_2") and world.alien_island is None:
        fields["island_end_1"] = _choice(
            _("Alien Island: one sea line to"), _territories(), no_territory
        )
        fields["island_end_2"] = _choice(_("the other sea line to"), _territories(), no_territory)
        collaborators = [(k, f.name) for k, f in factions.items() if f.slot_open("yellow")]
        fields["collaborator"] = _choice(_("Alien Collaborator"), collaborators, no_faction)
    return fields


def slot_sections(form: forms.Form) -> list[tuple[str, list]]:
    """(legend, bound fields) for the template: one group per faction card, then the marks."""
    sections: list[tuple[str, list]] = []
    for key, faction in box.factions(form.box_world).items():
        found = [form[f"{kind}_{key}"] for kind in SLOT_KINDS if f"{kind}_{key}" in form.fields]
        if found:
            sections.append((_("%(faction)s: its card's slots") % {"faction": faction.name}, found))
    for legend, names in (
        (_("The nuked territory"), NUKE_FIELDS),
        (_("Alien Island"), ISLAND_FIELDS),
    ):
        if names[0] in form.fields:
            sections.append((legend, [form[n] for n in names]))
    return sections


def check_together(form: forms.Form, data: dict) -> None:
    """The Bringer goes with the fallout zone, and the island's ends with its collaborator:
    both or neither."""
    for names, text in (
        (NUKE_FIELDS, _("Give both the Bringer of Nuclear Fire and the fallout zone (U-6).")),
        (ISLAND_FIELDS, _("Give both sea lines' territories and the Alien Collaborator (U-7).")),
    ):
        given = [bool(data.get(n)) for n in names if n in form.fields]
        if any(given) and not all(given):
            missing = next(n for n in names if not data.get(n))
            form.add_error(missing, text)


def slot_entries(data: dict, entry: MakeEntry) -> list[b.Entry]:
    """The entries of the slot and mark fields filled in (`data`: the cleaned data)."""
    found: list[b.Entry] = []
    if data.get("fallout") and data.get("bringer"):
        found.append(
            entry(
                "fallout",
                b.NUKE,
                lambda c, t=data["fallout"], f=data["bringer"]: NuclearStrike(
                    t, f, None, c.last_game
                ),
            )
        )
    if all(data.get(n) for n in ISLAND_FIELDS):
        ends = (data["island_end_1"], data["island_end_2"])
        found.append(
            entry(
                "island_end_1",
                b.ISLAND,
                lambda c, e=ends, f=data["collaborator"]: AlienIslandPlaced(
                    e, f, None, c.last_game
                ),
            )
        )
    makers = {
        "comeback": lambda f, v: lambda c: ComebackPowerChosen(f, v, None, c.last_game),
        "red": lambda f, v: lambda c: PrivateMissionStuck(f, v, None, c.last_game),
        "missile": lambda f, v: lambda c: MissilePowerGained(f, v, None, c.last_game),
        "weakness": lambda f, v: lambda c: ScarPlaced(f, "faction", v, None, c.last_game),
    }
    for name, value in data.items():
        kind, _, faction = name.partition("_")
        if value and kind in makers and faction:
            found.append(entry(name, b.SLOTS, makers[kind](faction, value)))
    return found
