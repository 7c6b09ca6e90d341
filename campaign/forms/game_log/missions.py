"""The game-log form's rows for missions claimed (E-8), on the step "During the game": which
mission, claimed by which faction's player, and what it placed (a new sea line's two ends, the
World Capital's territory and name).

The rows appear only once the campaign's mission deck holds a card, and each choice comes from
that deck (`rules.box`), so a campaign that has not opened the pack sees nothing of it (U-8).
The fields for a sea line or a capital appear only when a card of the deck places one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from campaign.mission_words import mission_label, stars_words
from campaign.services.game_log.entry import MissionEntry
from rules import board_links, box
from rules.bounds import NAME_MAX
from rules.data import board
from rules.world import World

MISSION_ROWS = 3
PARTS = ("mission", "by", "from", "to", "capital", "name")


def _coasts() -> list[tuple[str, Any]]:
    """Territories a sea line may end on, grouped by continent."""
    return [
        ("", "—"),
        *[
            (
                c.name,
                [
                    (t, board().territory(t).name)
                    for t in c.territories
                    if board_links.touches_ocean(t)
                ],
            )
            for c in board().continents.values()
        ],
    ]


def _territories() -> list[tuple[str, Any]]:
    return [
        ("", "—"),
        *[
            (c.name, [(t, board().territory(t).name) for t in c.territories])
            for c in board().continents.values()
        ],
    ]


def add_mission_fields(form: forms.Form, world: World, seated: list[tuple[str, str]]) -> None:
    """The mission rows of the step, when the campaign's deck holds missions. `seated` are the
    choices of faction (the game's, with a blank)."""
    deck = box.mission_deck(world)
    form.mission_rows = MISSION_ROWS if deck else 0
    if not deck:
        return
    actions = {m.action for m in deck}
    choices = [("", "—"), *[(m.code, f"{mission_label(m)}, {stars_words(m.stars)}") for m in deck]]
    for i in range(MISSION_ROWS):
        form.fields[f"mi{i}_mission"] = forms.ChoiceField(
            label=_("Mission claimed %(n)s") % {"n": i + 1},
            choices=choices,
            required=False,
            error_messages={"invalid_choice": _("Choose one of the missions listed.")},
        )
        form.fields[f"mi{i}_by"] = forms.ChoiceField(
            label=_("Claimed by"), choices=seated, required=False
        )
        if "sea_line" in actions:
            form.fields[f"mi{i}_from"] = forms.ChoiceField(
                label=_("New sea line from"), choices=_coasts(), required=False
            )
            form.fields[f"mi{i}_to"] = forms.ChoiceField(
                label=_("to"), choices=_coasts(), required=False
            )
        if "world_capital" in actions:
            place, name = _capital_labels(world)
            form.fields[f"mi{i}_capital"] = forms.ChoiceField(
                label=place, choices=_territories(), required=False
            )
            form.fields[f"mi{i}_name"] = forms.CharField(
                label=name, required=False, max_length=NAME_MAX
            )


def _capital_labels(world: World) -> tuple[str, str]:
    """The labels of a capital claim's two fields. The mark is Pack 4's: until that pack is
    open its name stays off the page, the way the pack's own condition keeps it (U-5, U-8)."""
    if box.capital_rule_active(world):
        return _("World Capital founded in"), _("The World Capital's name")
    return _("The mark it places goes in"), _("The name given to that mark")


def clean_missions(form: forms.Form, data: Mapping[str, Any]) -> None:
    """A row with anything in it names its mission and who claimed it."""
    for i in range(getattr(form, "mission_rows", 0)):
        given = [data.get(f"mi{i}_{part}") for part in PARTS if f"mi{i}_{part}" in form.fields]
        if any(given) and not data.get(f"mi{i}_mission"):
            form.add_error(f"mi{i}_mission", _("Choose the mission this row is about."))
        elif data.get(f"mi{i}_mission") and not data.get(f"mi{i}_by"):
            form.add_error(f"mi{i}_by", _("Choose the faction whose player claimed it (E-8)."))


def missions_from_step(data: Mapping[str, Any], where: dict[str, str]) -> tuple[MissionEntry, ...]:
    """The entry's missions from the step's cleaned data; `where` learns which form field each
    entry path lives in."""
    found: list[MissionEntry] = []
    for i in range(MISSION_ROWS):
        code = data.get(f"mi{i}_mission")
        if not code:
            continue
        n = len(found)
        where.update(
            {
                f"missions.{n}": f"mi{i}_mission",
                f"missions.{n}.mission": f"mi{i}_mission",
                f"missions.{n}.by_faction": f"mi{i}_by",
                f"missions.{n}.ends": f"mi{i}_to",
                f"missions.{n}.territory": f"mi{i}_capital",
                f"missions.{n}.name": f"mi{i}_name",
            }
        )
        ends = tuple(e for e in (data.get(f"mi{i}_from"), data.get(f"mi{i}_to")) if e)
        found.append(
            MissionEntry(
                mission=code,
                by_faction=data.get(f"mi{i}_by") or "",
                ends=ends,
                territory=data.get(f"mi{i}_capital") or "",
                name=(data.get(f"mi{i}_name") or "").strip(),
            )
        )
    return tuple(found)


def step_from_missions(missions: tuple[MissionEntry, ...]) -> dict[str, Any]:
    """The raw step data that shows these claims in the form again (to correct a game)."""
    raw: dict[str, Any] = {}
    for i, claimed in enumerate(missions[:MISSION_ROWS]):
        ends = (*claimed.ends, "", "")[:2]
        raw.update(
            {
                f"mi{i}_mission": claimed.mission,
                f"mi{i}_by": claimed.by_faction,
                f"mi{i}_from": ends[0],
                f"mi{i}_to": ends[1],
                f"mi{i}_capital": claimed.territory,
                f"mi{i}_name": claimed.name,
            }
        )
    return raw
