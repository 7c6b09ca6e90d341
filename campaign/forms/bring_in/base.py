"""What every bring-in step shares: the sizes of the board's supplies, the fields for a
territory or a name, and the step form that turns what was typed into entries."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.services import bring_in as b
from rules.bounds import NAME_MAX
from rules.data import board, content
from rules.world import PackOpening, World

SIGNED_GAMES = content().constants["rewarded_games"]
WHO_WON = ("winner", "faction")  # a brought-in game's row: the victor and the faction card
CITY_ROWS = sum(content().supplies[k] for k in ("minor_city", "major_city", "world_capital")) + 1
SCAR_ROWS = 12
FORT_ROWS = content().supplies["fortification"]
WEAR_BOXES = content().constants["fortification_wear_boxes"]
CITY_KINDS = [
    ("minor", gettext_lazy("Minor city")),
    ("major", gettext_lazy("Major city")),
    ("capital", gettext_lazy("World Capital")),
]


def territory_choices() -> list[tuple[str, str]]:
    named = sorted(((k, t.name) for k, t in board().territories.items()), key=lambda c: c[1])
    return [("", "—"), *named]


def territory_field(label: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label,
        required=False,
        choices=territory_choices(),
        error_messages={"invalid_choice": _("There is no such territory on the board (C-2).")},
    )


def name_field(label: str, max_length: int = NAME_MAX) -> forms.CharField:
    return forms.CharField(label=label, required=False, max_length=max_length, strip=True)


class StepForm(forms.Form):
    """A step: `entries()` once valid. `world` is the world now, `packs` the packs the
    bring-in says are open (their content may then be offered)."""

    step = ""
    title = ""

    def __init__(self, *args, world: World, packs: list[str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.world = world
        opened = {p: PackOpening(p, None, "") for p in packs}
        self.box_world = world.evolve(packs_opened={**opened, **world.packs_opened})

    def entry(self, field: str, order: int, make) -> b.Entry:
        return b.Entry(self.step, field, order, make)

    def rows(self, prefix: str, count: int, names: tuple[str, ...]) -> list[list]:
        return [[self[f"{prefix}_{i}_{n}"] for n in names] for i in range(count)]

    def entries(self) -> list[b.Entry]:
        raise NotImplementedError
