"""The end-of-game reward form's context: each held seat's choices, the comeback powers
to pick, and the words of a chosen reward."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.forms.digital.rewards import reward_select_choices
from campaign.models.digital import DigitalGame
from campaign.selectors.digital import game_seats
from campaign.services.digital.finish import digital_game_reward_context
from rules.data import board, content
from rules.pack_words import comeback_power_label
from rules.rewards import CONTINENT_REWARDS, REWARD_NAMES


def _reward_form_context(game: DigitalGame, held: list[int], request) -> dict[str, Any]:
    reward = digital_game_reward_context(game=game)
    may_choose = bool(held) or (
        request.user.is_authenticated and request.user.pk == game.created_by_id
    )
    choosers = []
    for prefix, chooser in [("winner", reward.winner)] + [
        (f"held{r.seat.index}", r) for r in reward.held_on
    ]:
        bot_choice = (
            reward.bot_choices.winner_reward
            if prefix == "winner"
            else reward.bot_choices.held_on.get(chooser.seat.index)
        )
        choosers.append(
            {
                "prefix": prefix,
                "seat": chooser.seat,
                "outcome": chooser.outcome,
                "groups": reward_select_choices(chooser.options),
                "needs_name": any(o.needs_name for o in chooser.options),
                "deltas": next((o.deltas for o in chooser.options if o.code == "R4"), ()),
                "bot_choice": _reward_words(bot_choice) if chooser.seat.is_bot else None,
            }
        )
    outcomes = [
        {"seat": s, "result": r, "faction": content().factions.get(r.faction or "")}
        for s, r in zip(game_seats(game=game), reward.result.seats, strict=True)
    ]
    return {
        "context": reward,
        "choosers": choosers,
        "outcomes": outcomes,
        "may_choose": may_choose,
        "comeback": _comeback_pickers(game, reward),
    }


def _comeback_pickers(game: DigitalGame, reward) -> list[dict[str, Any]]:
    """Seats picking a comeback power as the game is recorded (X-15): the bots' picks in
    words, then each person's choices (`cb<seat>_power`)."""
    seats = {s.index: s for s in game_seats(game=game)}
    powers = content().comeback_powers
    factions = content().factions
    rows: list[dict[str, Any]] = [
        {
            "name": f"cb{index}_power",
            "who": seats[index].name,
            "faction": factions[reward.result.seats[index].faction].name,
            "bot_pick": powers[power].name,
        }
        for index, power in sorted(reward.bot_choices.comeback.items())
    ]
    rows += [
        {
            "name": f"cb{c.seat.index}_power",
            "who": c.seat.name,
            "faction": factions[c.faction].name,
            "options": [(p.key, comeback_power_label(p)) for p in c.options],
        }
        for c in reward.comeback
    ]
    return rows


def _reward_words(choice) -> str:
    """'Found a Minor City: Ural ("Highmark")' for a reward someone (a bot) chose."""
    if choice is None:
        return ""
    places = board().continents if choice.code in CONTINENT_REWARDS else board().territories
    where = places[choice.target].name if choice.target in places else choice.target
    mark = f" {choice.delta:+d}" if choice.code == "R4" else ""
    name = f" (“{choice.name}”)" if choice.name else ""
    return f"{_(REWARD_NAMES[choice.code])}{mark}: {where}{name}"
