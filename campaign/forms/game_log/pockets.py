"""The game-log form's fields for what the pockets and the box bottom bring, on the step "What
the packs brought": the territory nuked and Alien Island's two ends (only in the game their
pocket opened: the faction is the one whose player set it off, given on "During the game"),
the missile powers taken (J167s) and the names written on the box bottom's cards.

The step is planned against the world once the game is recorded (`world`: a pocket opened by
this game is open in it) and the world before it (`setup`), so a field shows only when the
campaign's box holds what it records, and its words name nothing sealed before that (U-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from campaign.services.game_log.entry import (
    GameLogEntry,
    IslandEntry,
    MissilePowerEntry,
    NukeEntry,
)
from rules import board_links, box
from rules.data import board, content
from rules.world import World


def _printed(keep: Any = None) -> list[tuple[str, Any]]:
    """The printed territories by continent (those `keep` accepts), with a blank first."""
    groups = [
        (c.name, [(t, board().territory(t).name) for t in c.territories if not keep or keep(t)])
        for c in board().continents.values()
    ]
    return [("", "—"), *[(name, rows) for name, rows in groups if rows]]


def opened_in_game(world: World, setup: World, pack: str) -> bool:
    return box.is_open(world, pack) and not box.is_open(setup, pack)


def names_waiting(world: World) -> bool:
    """The box holds cards that wait for the players' names, and none carries one yet."""
    return not world.named_cards and any(
        card.chooser == "named_player"
        for pack in box.opened_contents(world)
        for card in pack.event_cards
    )


def pockets_step_shown(world: World) -> bool:
    """Whether the box, once the game is recorded, holds anything these fields record."""
    return (
        box.missile_powers_active(world)
        or box.addition_active(world, "alien_island")
        or names_waiting(world)
    )


def add_pocket_fields(form: forms.Form, world: World, setup: World, factions: list[str]) -> None:
    form.pocket_rows = []
    if opened_in_game(world, setup, "pocket_1"):
        form.fields["nuke_territory"] = forms.ChoiceField(
            label=_("Territory the third missile's player nuked"),
            choices=_printed(),
            error_messages={
                "required": _(
                    "Say which territory was nuked: the third missile's player chose "
                    "the attacking or the defending one (J162s)."
                )
            },
            help_text=_(
                "Its card is destroyed and it becomes the fallout zone; the faction that "
                "fired the third missile becomes the Bringer of Nuclear Fire (J164s)."
            ),
        )
        form.pocket_rows.append((_("The nuclear strike (J162s, J163)"), "", [["nuke_territory"]]))
    if opened_in_game(world, setup, "pocket_2"):
        coastal = _printed(board_links.touches_ocean)
        for end in ("a", "b"):
            form.fields[f"island_{end}"] = forms.ChoiceField(
                label=_("Alien Island's first sea line ends in")
                if end == "a"
                else _("Alien Island's second sea line ends in"),
                choices=coastal,
                error_messages={
                    "required": _("Give both territories Alien Island's sea lines end in (K182s)."),
                    "invalid_choice": _("Choose a territory that touches an ocean (K182s)."),
                },
            )
        form.pocket_rows.append(
            (
                _("Alien Island (K180s-K182s)"),
                _(
                    "The faction about to place the troops became the Alien Collaborator; its "
                    "player joined the island by sea lines to two different coastal territories."
                ),
                [["island_a", "island_b"]],
            )
        )
    if box.missile_powers_active(world):
        powers = [
            ("", pgettext("no power", "none")),
            *[(p.key, p.name) for p in box.missile_powers_left(world)],
        ]
        takers = [f for f in factions if box.may_take_missile_power(world, f)]
        for faction in takers:
            form.fields[f"mp_{faction}"] = forms.ChoiceField(
                label=_("Missile power %(faction)s took")
                % {"faction": content().faction_name(faction)},
                choices=powers,
                required=False,
            )
        if takers:
            form.pocket_rows.append(
                (
                    _("Missile powers taken (J167s)"),
                    _(
                        "A faction without one takes a missile power on its next Red Star token "
                        "gained during play."
                    ),
                    [[f"mp_{f}"] for f in takers],
                )
            )
    if names_waiting(world):
        form.fields["cards_named"] = forms.BooleanField(
            label=_("Each player of this game wrote their name on one of the new event cards"),
            required=False,
        )
        form.pocket_rows.append((_("Names on the new event cards"), "", [["cards_named"]]))


def pocket_sections(form: forms.Form) -> list[tuple[str, str, list[list[forms.BoundField]]]]:
    return [
        (title, help_text, [[form[name] for name in row] for row in rows])
        for title, help_text, rows in form.pocket_rows
    ]


def clean_pockets(form: forms.Form, data: Mapping[str, Any]) -> None:
    a, b = data.get("island_a"), data.get("island_b")
    if a and a == b:
        form.add_error("island_b", _("The two sea lines end in two different territories (K182s)."))


def pockets_from_step(
    packs: Mapping[str, Any], during: Mapping[str, Any], where: dict[str, str]
) -> dict[str, Any]:
    """The entry's pocket fields: the nuke by the faction that fired the third missile, the
    island by the one about to place the troops (both given on "During the game")."""
    where.update(
        {
            "nukes.0": "nuke_territory",
            "nukes.0.territory": "nuke_territory",
            "nukes.0.by_faction": "missiles3_by",
            "islands.0": "island_a",
            "islands.0.ends": "island_a",
            "islands.0.by_faction": "recruit30_by",
            "cards_named": "cards_named",
        }
    )
    nukes = ()
    if packs.get("nuke_territory"):
        nukes = (NukeEntry(packs["nuke_territory"], during.get("missiles3_by") or ""),)
    islands = ()
    if packs.get("island_a") or packs.get("island_b"):
        ends = tuple(e for e in (packs.get("island_a"), packs.get("island_b")) if e)
        islands = (IslandEntry(ends, during.get("recruit30_by") or ""),)
    taken = []
    for key, value in packs.items():
        if key.startswith("mp_") and value:
            where[f"missile_powers.{len(taken)}"] = key
            where[f"missile_powers.{len(taken)}.power"] = key
            taken.append(MissilePowerEntry(key.removeprefix("mp_"), value))
    return {
        "nukes": nukes,
        "islands": islands,
        "missile_powers": tuple(taken),
        "cards_named": bool(packs.get("cards_named")),
    }


def step_from_pockets(entry: GameLogEntry) -> dict[str, Any]:
    """The raw step data that shows these again (to correct a logged game)."""
    raw: dict[str, Any] = {f"mp_{m.faction}": m.power for m in entry.missile_powers}
    if entry.nukes:
        raw["nuke_territory"] = entry.nukes[0].territory
    if entry.islands:
        raw.update(dict(zip(("island_a", "island_b"), entry.islands[0].ends, strict=False)))
    if entry.cards_named:
        raw["cards_named"] = "on"
    return raw
