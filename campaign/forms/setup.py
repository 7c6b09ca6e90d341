"""Forms for the customization before the first game (P-2 starting powers, P-3 coins)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from campaign.forms.fields import WholeNumberField
from rules.data import board, content
from rules.world import World


class StartingPowersForm(forms.Form):
    """One choice per faction that has no power yet; leaving one blank keeps it for later.

    A choice posted for a faction that already has its power (a page left open in another tab)
    is kept and passed on, so the service refuses it (P-2) instead of it being dropped."""

    def __init__(self, *args, world: World, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.done = set(world.starting_powers)
        for key, faction in content().base_factions.items():
            if key in self.done:
                continue
            self.fields[key] = forms.ChoiceField(
                label=faction.name,
                required=False,
                widget=forms.RadioSelect,
                choices=[(p.key, f"{p.name}: {p.text}") for p in faction.powers],
                error_messages={
                    "invalid_choice": _(
                        "%(faction)s must take one of its own two starting powers (P-2)."
                    )
                    % {"faction": faction.name}
                },
            )

    def clean(self):
        data = super().clean()
        data.update({key: self.data[key] for key in sorted(self.done) if self.data.get(key)})
        if not self.errors and not any(data.values()):
            raise forms.ValidationError(
                _("Choose a starting power for at least one faction (P-2)."),
                code="nothing_chosen",
            )
        return data

    def choices(self) -> dict[str, str]:
        return {key: power for key, power in self.cleaned_data.items() if power}


NOT_TERRITORIES = frozenset({"csrfmiddlewaretoken", "step", "confirm"})


class PregameCoinsForm(forms.Form):
    """How many of the 12 extra coin stickers each territory card gets (P-3)."""

    def __init__(self, *args, world: World, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.world = world
        for key, territory in sorted(board().territories.items(), key=lambda t: t[1].name):
            named = {"territory": territory.name}
            self.fields[key] = WholeNumberField(
                label=territory.name,
                required=False,
                min_value=0,
                max_value=12,
                widget=forms.NumberInput(attrs={"size": 2, "class": "coin-input"}),
                error_messages={
                    "invalid": _("%(territory)s: give a whole number of coins (P-3).") % named,
                    "min_value": _("%(territory)s: a card cannot lose coins here (P-3).") % named,
                    "max_value": _("%(territory)s: there are only 12 coins to place (P-3).")
                    % named,
                },
            )

    def clean(self):
        data = super().clean()
        unknown = sorted(
            key
            for key, value in self.data.items()
            if key not in self.fields and key not in NOT_TERRITORIES and value not in ("", "0")
        )
        for key in unknown:
            self.add_error(
                None,
                _("'%(key)s' is not a territory card: coins go on territory cards only (P-3).")
                % {"key": key},
            )
        return data

    def territories(self) -> list[str]:
        """One entry per sticker, as `PregameCoinsPlaced` wants them."""
        return [key for key, count in self.cleaned_data.items() for _ in range(count or 0)]

    def by_continent(self):
        """Bound fields grouped by continent, for the template."""
        groups = []
        for continent in board().continents.values():
            fields = [
                self[key]
                for key in sorted(continent.territories, key=lambda k: self.fields[k].label)
            ]
            groups.append((continent, fields))
        return groups
