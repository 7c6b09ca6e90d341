"""The box bottom ("Do Not Open. Ever."): no game event opens it; the campaign's owner may
choose to, and then the players present write their names on its cards. Both steps are world
events appended through `world_event_append`, which checks them like any other."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ForbiddenError, NotFoundError
from campaign.models import Campaign, EventSource, Role, WorldEventRecord
from campaign.permissions import campaign_role
from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from rules import box
from rules.words import gettext as words_gettext
from rules.words import gettext_noop
from rules.world_events import PackOpened
from rules.world_events.pockets import CardsNamed

BOX_BOTTOM = "do_not_open"
OPENED_BY_CHOICE = gettext_noop("opened by the owner's choice")


def box_bottom_open(*, campaign: Campaign, user) -> list[WorldEventRecord]:
    """U-1: the owner opens the box bottom by choice, between games: it is recorded with the
    game after which it was opened (none before game 1). Refused for anyone else, and (by the
    rules' check) when it is open already."""
    if campaign_role(campaign=campaign, user=user) != Role.OWNER:
        raise ForbiddenError(
            _("Only the campaign's owner may choose to open the box bottom."),
            code="owner_only",
            rule="U-1",
        )
    with transaction.atomic():
        # Lock the campaign row: a game logged meanwhile would leave the opening misdated.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        after = world_current(campaign=campaign).games_played or None
        return world_event_append(
            campaign=campaign,
            events=[PackOpened(BOX_BOTTOM, after, words_gettext(OPENED_BY_CHOICE))],
            user=user,
            source=EventSource.LOG,
        )


def box_bottom_cards_name(
    *, campaign: Campaign, user, persons: list[str]
) -> list[WorldEventRecord]:
    """Each player present writes their name on one of the box bottom's cards (in the order
    given). The rules refuse it before opening, twice, or with too many or repeated names."""
    world = world_current(campaign=campaign)
    if not box.is_open(world, BOX_BOTTOM):
        raise NotFoundError(
            _("This campaign has no such opened pack."), code="not_found", rule="U-8"
        )
    known = set(campaign.persons.values_list("key", flat=True))
    if unknown := [p for p in persons if p not in known]:
        raise ApplicationError(
            _("Not a person of this campaign: %(names)s.") % {"names": ", ".join(unknown)},
            code="unknown_person",
        )
    return world_event_append(
        campaign=campaign,
        events=[CardsNamed(tuple(persons))],
        user=user,
        source=EventSource.LOG,
    )
