"""The end-of-game reward form: the rules' rewards as grouped choices, and the choice read
back from the post."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.numbers import signed_number
from rules.bounds import NAME_MAX
from rules.data import board
from rules.rewards import RewardChoice


def reward_select_choices(options) -> list[tuple[str, list[tuple[str, str]]]]:
    """Grouped choices "R2|alaska" -> "Alaska", one group per reward the rules offer."""
    groups = []
    for option in options:
        names = board().continents if option.targets_continents else board().territories
        groups.append(
            (
                f"{_(option.name)} ({option.code})",
                [(f"{option.code}|{t}", names[t].name) for t in option.targets],
            )
        )
    return groups


def reward_from_post(data: Any, prefix: str) -> RewardChoice | None:
    """The reward chosen in the fields `<prefix>_choice`, `_name` and `_delta`; an empty
    choice takes nothing, a value the form never offers is refused (not taken as nothing)."""
    raw = data.get(f"{prefix}_choice", "")
    if not raw:
        return None
    code, bar, target = raw.partition("|")
    if not (bar and code and target):
        raise ApplicationError(
            _("That reward is not one of the choices offered; choose again."), code="bad_reward"
        )
    delta_raw = data.get(f"{prefix}_delta", "")
    delta = signed_number(delta_raw) or 0
    name = data.get(f"{prefix}_name", "").strip()
    if len(name) > NAME_MAX or len(target) > NAME_MAX:
        raise ApplicationError(
            _("A name is at most %(max)s characters; shorten it (END-5).") % {"max": NAME_MAX},
            code="too_long",
        )
    return RewardChoice(code=code, target=target, name=name, delta=delta)
