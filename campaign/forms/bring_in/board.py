"""The bring-in's board: cities, fortifications and their wear, scars, continents' names
and bonuses, and the coins placed before game 1."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.bring_in.base import (
    CITY_KINDS,
    CITY_ROWS,
    FORT_ROWS,
    SCAR_ROWS,
    WEAR_BOXES,
    StepForm,
    name_field,
    territory_field,
)
from campaign.forms.fields import WholeNumberField
from campaign.services import bring_in as b
from rules import box
from rules.data import board
from rules.world_events import (
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    FortificationWorn,
    ScarCancelled,
    ScarPlaced,
)


class BoardForm(StepForm):
    """Cities, scars, fortifications and continents as they stand on the board."""

    step, title = "board", gettext_lazy("The board's marks")
    city_fields = ("territory", "kind", "name", "founder")
    scar_fields = ("territory", "kind", "by", "cancelled")
    fort_fields = ("territory", "wear")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(CITY_ROWS):
            self.fields[f"city_{i}_territory"] = territory_field(_("Territory"))
            self.fields[f"city_{i}_kind"] = forms.ChoiceField(
                label=_("Kind"), choices=CITY_KINDS, initial="minor", required=False
            )
            self.fields[f"city_{i}_name"] = name_field(_("City's name"))
            self.fields[f"city_{i}_founder"] = name_field(_("Founder (if known)"))
        scars = [("", "—")] + [
            (k, s.name)
            for k, s in box.scar_types(self.box_world).items()
            if s.target == "territory"
        ]
        for i in range(SCAR_ROWS):
            self.fields[f"scar_{i}_territory"] = territory_field(_("Territory"))
            self.fields[f"scar_{i}_kind"] = forms.ChoiceField(
                label=_("Scar"), choices=scars, required=False
            )
            self.fields[f"scar_{i}_by"] = name_field(_("Placed by (if known)"))
            self.fields[f"scar_{i}_cancelled"] = forms.BooleanField(
                label=_("Cancelled"), required=False
            )
        for i in range(FORT_ROWS):
            self.fields[f"fort_{i}_territory"] = territory_field(_("Territory"))
            self.fields[f"fort_{i}_wear"] = WholeNumberField(
                label=_("Wear boxes marked"), required=False, min_value=0, max_value=WEAR_BOXES
            )
        for key, continent in board().continents.items():
            self.fields[f"cont_{key}_name"] = name_field(
                _("%(continent)s: its name") % {"continent": continent.name}
            )
            self.fields[f"cont_{key}_namer"] = name_field(_("Named by"))
            self.fields[f"cont_{key}_mark"] = forms.TypedChoiceField(
                label=_("Bonus mark"),
                required=False,
                coerce=int,
                empty_value=0,
                choices=[("", _("none")), ("1", "+1"), ("-1", "-1")],
            )

    def sections(self) -> list[tuple[str, list[list]]]:
        return [
            (_("Cities"), self.city_rows()),
            (_("Scars on territories"), self.scar_rows()),
            (_("Fortifications"), self.fort_rows()),
            (_("Continents"), self.continent_rows()),
        ]

    def city_rows(self) -> list[list]:
        return self.rows("city", CITY_ROWS, self.city_fields)

    def scar_rows(self) -> list[list]:
        return self.rows("scar", SCAR_ROWS, self.scar_fields)

    def fort_rows(self) -> list[list]:
        return self.rows("fort", FORT_ROWS, self.fort_fields)

    def continent_rows(self) -> list[list]:
        return [
            [self[f"cont_{k}_name"], self[f"cont_{k}_namer"], self[f"cont_{k}_mark"]]
            for k in board().continents
        ]

    def clean(self):
        data = super().clean()
        self._need(
            data, "city", CITY_ROWS, ("name", "founder"), _("Which territory is the city in?")
        )
        self._need(data, "scar", SCAR_ROWS, ("kind", "by"), _("Which territory carries the scar?"))
        for i in range(SCAR_ROWS):
            if data.get(f"scar_{i}_territory") and not data.get(f"scar_{i}_kind"):
                self.add_error(f"scar_{i}_kind", _("Which scar is it? (G-4)"))
        self._need(data, "fort", FORT_ROWS, ("wear",), _("Which city is fortified?"))
        for key, continent in board().continents.items():
            if data.get(f"cont_{key}_namer") and not data.get(f"cont_{key}_name"):
                self.add_error(
                    f"cont_{key}_name",
                    _("What did they name %(continent)s? (END-5)") % {"continent": continent.name},
                )
        return data

    def _need(self, data, prefix: str, count: int, others: tuple[str, ...], text: str) -> None:
        for i in range(count):
            if not data.get(f"{prefix}_{i}_territory") and any(
                data.get(f"{prefix}_{i}_{n}") for n in others
            ):
                self.add_error(f"{prefix}_{i}_territory", text)

    def entries(self) -> list[b.Entry]:
        data = self.cleaned_data
        found: list[b.Entry] = []
        for i in range(CITY_ROWS):
            where = data.get(f"city_{i}_territory")
            if where:
                kind, name, founder = (
                    data.get(f"city_{i}_{n}") for n in ("kind", "name", "founder")
                )
                field = f"city_{i}_name" if not name else f"city_{i}_territory"
                found.append(
                    self.entry(
                        field,
                        b.CITIES,
                        lambda c, t=where, k=kind or "minor", n=name, f=founder: CityFounded(
                            t, k, n, c.people.key(f), c.last_game
                        ),
                    )
                )
        for i in range(FORT_ROWS):
            where = data.get(f"fort_{i}_territory")
            if where:
                found.append(
                    self.entry(
                        f"fort_{i}_territory",
                        b.FORTIFY,
                        lambda c, t=where: CityFortified(t, "", c.last_game),
                    )
                )
                if wear := data.get(f"fort_{i}_wear"):
                    found.append(
                        self.entry(
                            f"fort_{i}_wear",
                            b.FORTIFY,
                            lambda c, t=where, w=wear: FortificationWorn(t, w, c.last_game),
                        )
                    )
        for i in range(SCAR_ROWS):
            where, kind = data.get(f"scar_{i}_territory"), data.get(f"scar_{i}_kind")
            by = data.get(f"scar_{i}_by", "")
            if where and kind:
                found.append(
                    self.entry(
                        f"scar_{i}_territory",
                        b.SCARS,
                        lambda c, t=where, k=kind, p=by: ScarPlaced(
                            t, "territory", k, c.people.key(p) or None, c.last_game
                        ),
                    )
                )
                if data.get(f"scar_{i}_cancelled"):
                    found.append(
                        self.entry(
                            f"scar_{i}_cancelled",
                            b.SCARS,
                            lambda c, t=where: ScarCancelled(t, "", c.last_game),
                        )
                    )
        for key in board().continents:
            name, namer = data.get(f"cont_{key}_name"), data.get(f"cont_{key}_namer")
            if name:
                found.append(
                    self.entry(
                        f"cont_{key}_name",
                        b.CONTINENTS,
                        lambda c, k=key, n=name, p=namer: ContinentNamed(
                            k, n, c.people.key(p or ""), c.last_game
                        ),
                    )
                )
            if mark := data.get(f"cont_{key}_mark"):
                found.append(
                    self.entry(
                        f"cont_{key}_mark",
                        b.CONTINENTS,
                        lambda c, k=key, m=mark: ContinentBonusChanged(k, m, "", c.last_game),
                    )
                )
        return found
