"""The steps of bringing in a campaign already under way: each form turns what was typed into
`Entry`s (world events to be, and the field a refusal shows under). The rules' checks run in
`campaign.services.bring_in`; these forms only check the shape of what was typed."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms import bring_in_slots as slots
from campaign.forms.fields import WholeNumberField
from campaign.services import bring_in as b
from rules import box
from rules.bounds import NAME_MAX, SLOGAN_MAX
from rules.data import board, content
from rules.world import PackOpening, World
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    FortificationWorn,
    PackOpened,
    PregameCoinsPlaced,
    ScarCancelled,
    ScarPlaced,
    StartingPowerChosen,
    VictorSigned,
)
from rules.world_events.bring_in import FactionWinBroughtIn, GamesBroughtIn

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


def _territory_choices() -> list[tuple[str, str]]:
    named = sorted(((k, t.name) for k, t in board().territories.items()), key=lambda c: c[1])
    return [("", "—"), *named]


def _territory_field(label: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label,
        required=False,
        choices=_territory_choices(),
        error_messages={"invalid_choice": _("There is no such territory on the board (C-2).")},
    )


def _name_field(label: str, max_length: int = NAME_MAX) -> forms.CharField:
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


class GamesForm(StepForm):
    step, title = "games", gettext_lazy("Games and victors")

    games_played = WholeNumberField(
        label=gettext_lazy("How many games have you played?"),
        min_value=1,
        max_value=999,
        error_messages={
            "required": gettext_lazy("Say how many games you have played (S-1)."),
            "min_value": gettext_lazy(
                "Bring in at least one game; a new campaign starts on its own (S-1)."
            ),
        },
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        factions = [(k, f.name) for k, f in box.factions(self.box_world).items()]
        for game in range(1, SIGNED_GAMES + 1):
            self.fields[f"winner_{game}"] = _name_field(
                _("Game %(number)s: who won") % {"number": game}
            )
            self.fields[f"faction_{game}"] = forms.ChoiceField(
                label=_("Game %(number)s: winning faction") % {"number": game},
                required=False,
                choices=[("", _("not known")), *factions],
                error_messages={"invalid_choice": _("There is no such faction in your box (C-3).")},
            )
            self.fields[f"date_{game}"] = forms.DateField(label=_("Date"), required=False)
            self.fields[f"slogan_{game}"] = _name_field(_("Slogan"), SLOGAN_MAX)

    def clean(self):
        data = super().clean()
        played = data.get("games_played")
        if played is None:
            return data
        for game, field in (
            (g, f"{what}_{g}") for g in range(played + 1, SIGNED_GAMES + 1) for what in WHO_WON
        ):
            if data.get(field):
                self.add_error(
                    field,
                    _("Game %(game)s is not played yet: you said %(played)s games were (END-4).")
                    % {"game": game, "played": played},
                )
        return data

    def victor_rows(self) -> list[list]:
        return [
            [self[f"{what}_{g}"] for what in (*WHO_WON, "date", "slogan")]
            for g in range(1, SIGNED_GAMES + 1)
        ]

    def entries(self) -> list[b.Entry]:
        data = self.cleaned_data
        played = data["games_played"]
        found = [self.entry("games_played", b.GAMES, lambda c: GamesBroughtIn(played, played + 1))]
        for game in range(1, min(played, SIGNED_GAMES) + 1):
            winner = data.get(f"winner_{game}")
            if faction := data.get(f"faction_{game}"):
                found.append(
                    self.entry(
                        f"faction_{game}",
                        b.SIGNATURES,
                        lambda c, g=game, f=faction, w=winner: FactionWinBroughtIn(
                            g, f, c.people.key(w or "") or None
                        ),
                    )
                )
            if not winner:
                continue  # not known: the row stays blank
            date, slogan = data.get(f"date_{game}"), data.get(f"slogan_{game}", "")
            found.append(
                self.entry(
                    f"winner_{game}",
                    b.SIGNATURES,
                    lambda c, g=game, w=winner, d=date, s=slogan: VictorSigned(
                        c.people.key(w), g, d.isoformat() if d else "", s
                    ),
                )
            )
        return found

    def before_game(self) -> int:
        return self.cleaned_data["games_played"] + 1


class PacksForm(StepForm):
    step, title = "packs", gettext_lazy("Packs opened")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        packs = sorted(content().packs.values(), key=lambda p: p.order)
        self.fields["packs"] = forms.MultipleChoiceField(
            label=_("Which sealed packs have you opened?"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(p.key, p.name) for p in packs if p.key not in self.world.packs_opened],
            error_messages={"invalid_choice": _("There is no such sealed pack (U-1).")},
        )

    def entries(self) -> list[b.Entry]:
        return [
            self.entry(
                "packs", b.PACKS, lambda c, p=p: PackOpened(p, None, b.reason(c.before_game))
            )
            for p in self.cleaned_data["packs"]
        ]


class BoardForm(StepForm):
    """Cities, scars, fortifications and continents as they stand on the board."""

    step, title = "board", gettext_lazy("The board's marks")
    city_fields = ("territory", "kind", "name", "founder")
    scar_fields = ("territory", "kind", "by", "cancelled")
    fort_fields = ("territory", "wear")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(CITY_ROWS):
            self.fields[f"city_{i}_territory"] = _territory_field(_("Territory"))
            self.fields[f"city_{i}_kind"] = forms.ChoiceField(
                label=_("Kind"), choices=CITY_KINDS, initial="minor", required=False
            )
            self.fields[f"city_{i}_name"] = _name_field(_("City's name"))
            self.fields[f"city_{i}_founder"] = _name_field(_("Founder (if known)"))
        scars = [("", "—")] + [
            (k, s.name)
            for k, s in box.scar_types(self.box_world).items()
            if s.target == "territory"
        ]
        for i in range(SCAR_ROWS):
            self.fields[f"scar_{i}_territory"] = _territory_field(_("Territory"))
            self.fields[f"scar_{i}_kind"] = forms.ChoiceField(
                label=_("Scar"), choices=scars, required=False
            )
            self.fields[f"scar_{i}_by"] = _name_field(_("Placed by (if known)"))
            self.fields[f"scar_{i}_cancelled"] = forms.BooleanField(
                label=_("Cancelled"), required=False
            )
        for i in range(FORT_ROWS):
            self.fields[f"fort_{i}_territory"] = _territory_field(_("Territory"))
            self.fields[f"fort_{i}_wear"] = WholeNumberField(
                label=_("Wear boxes marked"), required=False, min_value=0, max_value=WEAR_BOXES
            )
        for key, continent in board().continents.items():
            self.fields[f"cont_{key}_name"] = _name_field(
                _("%(continent)s: its name") % {"continent": continent.name}
            )
            self.fields[f"cont_{key}_namer"] = _name_field(_("Named by"))
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


class CardsForm(StepForm):
    """Coins on each territory card today (the printed one, the 12 pre-game stickers and the
    ones added since) and which cards are destroyed."""

    step, title = "cards", gettext_lazy("Territory cards")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cap = content().constants["card_coins_max"]
        for key, territory in sorted(board().territories.items(), key=lambda t: t[1].name):
            now = self.world.card_coins.get(key, 1)
            self.fields[f"coins_{key}"] = WholeNumberField(
                label=territory.name,
                min_value=now,
                max_value=cap,
                initial=now,
                widget=forms.NumberInput(attrs={"size": 2, "class": "coin-input"}),
                error_messages={
                    "required": _("How many coins does %(territory)s's card show?")
                    % {"territory": territory.name},
                    "min_value": _(
                        "%(territory)s's card already shows %(now)s: a coin sticker never comes "
                        "off (END-6)."
                    )
                    % {"territory": territory.name, "now": now},
                    "max_value": _("A card holds at most %(cap)s coins (END-6).") % {"cap": cap},
                },
            )
            self.fields[f"destroyed_{key}"] = forms.BooleanField(
                label=_("destroyed"), required=False
            )

    def by_continent(self) -> list[tuple]:
        return [
            (
                continent,
                [
                    (self[f"coins_{k}"], self[f"destroyed_{k}"])
                    for k in sorted(continent.territories, key=lambda k: board().territory(k).name)
                ],
            )
            for continent in board().continents.values()
        ]

    def clean(self):
        data = super().clean()
        if self.errors or self.world.pregame_coins_placed:
            return data
        wanted = content().supplies["pregame_coin_stickers"]
        extra = sum(max(0, (data.get(f"coins_{k}") or 1) - 1) for k in board().territories)
        if extra < wanted:
            raise forms.ValidationError(
                _(
                    "Every campaign puts %(wanted)s coin stickers on the cards before game 1 "
                    "(P-3); the cards given here carry only %(extra)s beyond their printed coin."
                )
                % {"wanted": wanted, "extra": extra}
            )
        return data

    def entries(self) -> list[b.Entry]:
        """The pre-game stickers (P-3) first, as many per card as it may take before game 1;
        every other coin beyond today's world was added since (END-6)."""
        extra = {
            k: self.cleaned_data[f"coins_{k}"] - self.world.card_coins.get(k, 1)
            for k in board().territories
        }
        found: list[b.Entry] = []
        if not self.world.pregame_coins_placed:
            room = content().constants["card_coins_pregame_max"] - 1
            left = content().supplies["pregame_coin_stickers"]
            pregame: list[str] = []
            for key in sorted(extra, key=lambda k: (-extra[k], k)):
                take = min(room, extra[key], left)
                pregame += [key] * take
                extra[key] -= take
                left -= take
            found.append(
                self.entry("coins", b.PREGAME, lambda c: PregameCoinsPlaced(tuple(pregame)))
            )
        for key, count in extra.items():
            found += [
                self.entry(
                    f"coins_{key}", b.UPGRADES, lambda c, k=key: CardUpgraded(k, "", c.last_game)
                )
            ] * count
            if self.cleaned_data[f"destroyed_{key}"]:
                found.append(
                    self.entry(
                        f"destroyed_{key}",
                        b.DESTROYED,
                        lambda c, k=key: CardDestroyed(k, None, c.last_game),
                    )
                )
        return found


class FactionsForm(StepForm):
    """The faction cards: the starting power each kept (P-2), where not recorded yet, and
    what the open packs put in their slots or on the board (see `bring_in_slots`)."""

    step, title = "factions", gettext_lazy("Faction cards")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for key, faction in content().base_factions.items():
            if key in self.world.starting_powers:
                continue
            self.fields[key] = forms.ChoiceField(
                label=faction.name,
                widget=forms.RadioSelect,
                choices=[(p.key, f"{p.name}: {p.text}") for p in faction.powers],
                error_messages={
                    "required": _("Which starting power does %(faction)s's card carry? (P-2)")
                    % {"faction": faction.name},
                    "invalid_choice": _(
                        "%(faction)s carries one of its own two starting powers (P-2)."
                    )
                    % {"faction": faction.name},
                },
            )
        self.fields.update(slots.slot_fields(self.box_world))

    def starting_fields(self) -> list:
        return [self[k] for k in content().base_factions if k in self.fields]

    def slot_sections(self) -> list[tuple[str, list]]:
        return slots.slot_sections(self)

    def clean(self):
        data = super().clean()
        slots.check_together(self, data)
        return data

    def entries(self) -> list[b.Entry]:
        data = self.cleaned_data
        powers = [
            self.entry(key, b.POWERS, lambda c, f=key, p=data[key]: StartingPowerChosen(f, p))
            for key in content().base_factions
            if data.get(key)
        ]
        return powers + slots.slot_entries(data, self.entry)


# The cards before the board: a World Capital's place is checked against its card (E-8).
STEPS: list[type[StepForm]] = [GamesForm, PacksForm, CardsForm, BoardForm, FactionsForm]
