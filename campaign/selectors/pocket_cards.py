"""What the pockets put on a faction card, for the world, history and faction pages: a pack
faction's printed powers and mission (Mutants J165, Aliens), "Bringer of Nuclear Fire" under
the name (J164s), the brown slot's missile power (J167s), the yellow slot's weakness scar
(K180s, K194s-K198s) and the Mutants' evolved power once revealed (J178, J179).

Each part is None or empty until the pocket that brings it is open (`rules.box`), so a page
names nothing of a pocket the campaign has not opened (U-8).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from rules import box
from rules.content_records import Evolution, MissilePower, Mission, Power, ScarType
from rules.data import content
from rules.world import World

BRINGER = gettext_lazy("Bringer of Nuclear Fire")


@dataclass(frozen=True)
class Slot:
    """A coloured slot of a faction card: what it holds, or that it can never hold anything."""

    name: str = ""
    text: str = ""
    never: bool = False
    game: int | None = None


@dataclass(frozen=True)
class PocketCard:
    printed_powers: tuple[Power, ...] = ()
    printed_mission: Mission | None = None
    bringer: str = ""  # the words under the faction name, when it bears them
    brown: Slot | None = None  # None: the box has no missile powers
    yellow: Slot | None = None  # None: the box has no weaknesses
    evolution: Evolution | None = None


def _brown(world: World, faction: str) -> Slot | None:
    if not box.missile_powers_active(world):
        return None
    found = box.factions(world)[faction]
    if not found.slot_open("brown"):
        return Slot(never=True)
    power: MissilePower | None = content().missile_powers.get(world.missile_powers.get(faction, ""))
    return Slot(power.name, power.text) if power else Slot()


def _yellow(world: World, faction: str) -> Slot | None:
    if not box.weakness_types(world):
        return None
    found = box.factions(world)[faction]
    if not found.slot_open("yellow"):
        return Slot(never=True)
    scar = world.faction_scars.get(faction)
    kind: ScarType | None = content().scar_types.get(scar.kind) if scar else None
    if scar is None:
        return Slot()
    return Slot(kind.name if kind else scar.kind, kind.text if kind else "", game=scar.game)


def pocket_card(world: World, faction: str) -> PocketCard:
    """What the pockets put on `faction`'s card in this world (a faction of its box)."""
    pack_faction = box.is_pack_faction(faction)
    return PocketCard(
        printed_powers=box.factions(world)[faction].powers if pack_faction else (),
        printed_mission=box.printed_mission(faction) if pack_faction else None,
        bringer=str(BRINGER) if world.bringer == faction else "",
        brown=_brown(world, faction),
        yellow=_yellow(world, faction),
        evolution=box.evolution(world) if faction == "mutants" else None,
    )
