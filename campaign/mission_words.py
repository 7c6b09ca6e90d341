"""Missions in plain words for people (E-8): a card's name with its print code, its Red Stars,
what a claim does. Built from the data only; callers pass what `rules.box` let through, so
nothing here decides what a campaign may see (U-8)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext

from rules.content_records import Mission
from rules.data import content

ACTION_WORDS = {
    "sea_line": gettext_lazy("its claimer draws a new sea line between two coastal territories"),
    "world_capital": gettext_lazy(
        "its claimer founds the World Capital in the territory of a face-up card "
        "worth enough coins, over any city there, and names it"
    ),
}
AFTER_WORDS = {
    "box": gettext_lazy("the card goes back to the box"),
    "destroy": gettext_lazy("the card is destroyed for good"),
}


def mission_label(mission: Mission) -> str:
    """ "Reign of Terror (D115)"."""
    return f"{mission.name} ({mission.code})"


def mission_code_label(code: str) -> str:
    """The label of a mission by print code (the code alone if it is unknown)."""
    mission = content().missions.get(code)
    return mission_label(mission) if mission else code


def stars_words(stars: int) -> str:
    return ngettext("%(n)s Red Star", "%(n)s Red Stars", stars) % {"n": stars}


def claim_words(mission: Mission) -> str:
    """What claiming it does besides its stars, and where the card goes."""
    parts = [str(ACTION_WORDS[mission.action])] if mission.action in ACTION_WORDS else []
    parts.append(str(AFTER_WORDS.get(mission.after, mission.after)))
    return "; ".join(parts)
