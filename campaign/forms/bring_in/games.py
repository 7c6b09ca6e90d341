"""The bring-in's first steps: the games played so far (who signed, who won with which
faction) and the packs opened."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.bring_in.base import (
    SIGNED_GAMES,
    WHO_WON,
    StepForm,
    name_field,
)
from campaign.forms.fields import WholeNumberField
from campaign.services import bring_in as b
from rules import box
from rules.bounds import SLOGAN_MAX
from rules.data import content
from rules.world_events import (
    PackOpened,
    VictorSigned,
)
from rules.world_events.bring_in import FactionWinBroughtIn, GamesBroughtIn


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
            self.fields[f"winner_{game}"] = name_field(
                _("Game %(number)s: who won") % {"number": game}
            )
            self.fields[f"faction_{game}"] = forms.ChoiceField(
                label=_("Game %(number)s: winning faction") % {"number": game},
                required=False,
                choices=[("", _("not known")), *factions],
                error_messages={"invalid_choice": _("There is no such faction in your box (C-3).")},
            )
            self.fields[f"date_{game}"] = forms.DateField(label=_("Date"), required=False)
            self.fields[f"slogan_{game}"] = name_field(_("Slogan"), SLOGAN_MAX)

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
