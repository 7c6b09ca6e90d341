"""The owner's hand on the box: opening a sealed pack by hand (a vote, a misprint, contents
found swapped), whether or not its printed condition was met, with what the opening brought.

The opening and what it brought are the same world events a logged game or the engine records
(`PackOpened`, then `NuclearStrike` for Pocket 1 or `AlienIslandPlaced` for Pocket 2), appended
at once through `world_event_append` as the owner's override, so the reason is kept on each
record like any override's and an export of the campaign imports again (U-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_noop

from campaign.errors import ApplicationError, ForbiddenError
from campaign.models import Campaign, EventSource, Role, WorldEventRecord
from campaign.permissions import campaign_role
from campaign.selectors.world import world_current
from campaign.services.packs import pack_unlocks_claim
from campaign.services.world import world_event_append
from campaign.wording import reason_text
from rules.data import content
from rules.unlocks import PackDue, is_optional
from rules.words import gettext as _
from rules.world import World
from rules.world_events import PackOpened, WorldEvent
from rules.world_events.pockets import AlienIslandPlaced, NuclearStrike

# Why the owner opens a pack by hand; "other" needs the owner's own words.
WHY = {
    "vote": gettext_noop("the group voted to open it"),
    "misprint": gettext_noop("a misprint on the pack"),
    "swapped": gettext_noop("the contents were found swapped"),
    "other": gettext_noop("another reason"),
}
REASON_MAX = 500

# What the opening of a pack asks for ("" for packs whose opening asks nothing).
NUKE, ISLAND = "nuke", "island"
ASKS = {"pocket_1": NUKE, "pocket_2": ISLAND}


@dataclass(frozen=True)
class Brought:
    """What the opening brought, as the owner says it: the nuked territory and the faction
    whose missile fired (Pocket 1), or the collaborator and the island's two ends (Pocket 2);
    `person` is who chose, when known."""

    territory: str = ""
    faction: str = ""
    ends: tuple[str, ...] = ()
    person: str | None = None


def hand_packs(world: World) -> list[tuple[str, str]]:
    """(key, name) of the sealed packs the owner may open by hand: every one but those that
    open only by choice (the box bottom has its own page)."""
    return [
        (p.key, p.name)
        for p in sorted(content().packs.values(), key=lambda p: p.order)
        if p.key not in world.packs_opened and not is_optional(p)
    ]


def hand_reason(why: str, words: str) -> str:
    """The reason the pack list, the history and the override show, kept as data (each reader
    sees it in their language, `campaign.wording`); the owner's words as typed."""
    words = " ".join(words.split())
    if why not in WHY or why == "other":
        return _("opened by the owner's hand: %(words)s") % {"words": words}
    if not words:
        return _("opened by the owner's hand, %(why)s") % {"why": _(WHY[why])}
    return _("opened by the owner's hand, %(why)s: %(words)s") % {
        "why": _(WHY[why]),
        "words": words,
    }


def brought_events(pack: str, brought: Brought) -> list[WorldEvent]:
    """The world events of what opening `pack` brought, in the engine's own terms."""
    asks = ASKS.get(pack, "")
    if asks == NUKE:
        return [NuclearStrike(brought.territory, brought.faction, brought.person, None)]
    if asks == ISLAND:
        return [AlienIslandPlaced(tuple(brought.ends), brought.faction, brought.person, None)]
    return []


def pack_by_hand_open(
    *, campaign: Campaign, user, pack: str, why: str, words: str, brought: Brought
) -> list[WorldEventRecord]:
    """U-1: the owner opens `pack` by hand, with the reason, and records what it brought.

    Only the opening itself bends the rules (its condition need not be met): what it brought
    is checked like any logged game's and refused with the reason, nothing written."""
    if campaign_role(campaign=campaign, user=user) != Role.OWNER:
        raise ForbiddenError(
            _("Only the campaign's owner may open a pack by hand."), code="owner_only", rule="U-1"
        )
    if why not in WHY:
        raise ApplicationError(
            _("Say why the pack is opened by hand."), code="no_reason", rule="U-1"
        )
    if why == "other" and not words.strip():
        raise ApplicationError(
            _("Say in a few words why the pack is opened by hand."), code="no_reason", rule="U-1"
        )
    if len(words) > REASON_MAX:
        raise ApplicationError(
            _("Keep the reason under %(limit)s characters.") % {"limit": REASON_MAX},
            code="too_long",
            rule="DESIGN",
        )
    reason = hand_reason(why, words)
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        world = world_current(campaign=campaign)
        if pack not in dict(hand_packs(world)):
            raise ApplicationError(
                _(
                    "That pack cannot be opened by hand here: it is open already, or it is no "
                    "sealed pack of this campaign."
                ),
                code="not_sealed",
                rule="U-1",
            )
        opening = PackOpened(pack, None, reason)
        events: list[WorldEvent] = [opening, *brought_events(pack, brought)]
        _refuse_what_it_brought(opening.apply(world), events[1:])
        records = world_event_append(
            campaign=campaign,
            events=events,
            user=user,
            source=EventSource.LOG,
            # Between games: shown with the last game played, whose world it changes.
            game_number=world.games_played or None,
            override_reason=reason_text(reason),
        )
        name = content().packs[pack].name
        pack_unlocks_claim(
            campaign=campaign,
            openings=[PackDue(pack, name, "U-1", reason, records[0].seq, None)],
        )
    return records


def _refuse_what_it_brought(world: World, events: list[WorldEvent]) -> None:
    violations = []
    for event in events:
        found = [*event.bounds(), *event.check(world)]
        violations += found
        if not found:
            world = event.apply(world)
    if violations:
        raise ApplicationError(
            _("What the pack brought cannot be recorded: %(reasons)s")
            % {"reasons": " ".join(str(v) for v in violations)},
            violations=violations,
        )
