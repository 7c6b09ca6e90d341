"""Choices a campaign makes about its box: the comeback power an eliminated faction picks when
Pack 2 opens, and the owner's readings of the open points of opened packs. Both are world
events appended through `world_event_append`, which checks them against the box (U-8)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models import Campaign, EventSource, Person, WorldEventRecord
from campaign.selectors.box import comeback_pick_due, pack_opened
from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from rules import box
from rules.world_events.pack_cards import ComebackPowerChosen, SettingChosen


def comeback_power_choose(
    *, campaign: Campaign, user, pack: str, faction: str, power: str
) -> list[WorldEventRecord]:
    """C100: the faction eliminated in the game that opened `pack` puts a comeback power into
    its blue slot. Refuses a faction that is not owed this pick; the rules (G-3, G-15) refuse a
    power that is taken or not in the box."""
    world = world_current(campaign=campaign)
    pack_opened(world=world, pack=pack)
    due = {row["faction"]: row for row in comeback_pick_due(world=world, pack=pack)}
    if faction not in due:
        raise ApplicationError(
            _(
                "Only a faction eliminated in the game that opened this pack, and still without "
                "a comeback power, picks one now."
            ),
            code="no_comeback_pick",
            rule="G-3",
        )
    opening = world.packs_opened[pack]
    return world_event_append(
        campaign=campaign,
        events=[
            ComebackPowerChosen(
                faction=faction, power=power, person=due[faction]["person"], game=opening.game
            )
        ],
        user=user,
        source=EventSource.LOG,
    )


def settings_choose(*, campaign: Campaign, user, values: dict[str, str]) -> list[WorldEventRecord]:
    """The owner's readings of open points: one `SettingChosen` per value that changes. Only
    settings of opened packs exist; anything else is refused like an unknown setting."""
    world = world_current(campaign=campaign)
    person = (
        Person.objects.filter(campaign=campaign, user=user).values_list("key", flat=True).first()
        if user is not None and user.is_authenticated
        else None
    )
    current = {spec.key: value for spec, value in box.settings(world)}
    changed = [
        SettingChosen(setting=key, value=value, person=person)
        for key, value in values.items()
        if current.get(key) != value
    ]
    if not changed:
        raise ApplicationError(_("Nothing changed: every reading is as chosen."), code="no_change")
    return world_event_append(campaign=campaign, events=changed, user=user, source=EventSource.LOG)
