"""The bring-in's territory cards: coins added, cards destroyed or upgraded."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.bring_in.base import StepForm
from campaign.forms.fields import WholeNumberField
from campaign.services import bring_in as b
from rules.data import board, content
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    PregameCoinsPlaced,
)


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
