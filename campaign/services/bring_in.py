"""Bringing in a campaign already under way ("we have already played"), in one sitting.

The bring-in page's steps each give `Entry`s: a world event to be, and the form field its
refusal shows under. They are checked together in the order a real box got them (P-2 powers and
P-3 coins first, then the games, the packs, the cards' coins, the board) against the world as it
stands, through each event's own rule checks, and recorded on confirm in one
`world_event_append`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign.errors import ApplicationError
from campaign.models import Campaign, EventSource, Person, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.campaigns import person_create
from campaign.services.world import world_event_append
from rules.errors import Violation
from rules.words import gettext as words_gettext
from rules.world import World
from rules.world_events import PackOpened, WorldEvent

# Where an event goes in the brought-in log: what a later event needs comes before it. The
# board and the cards are one state: every coin stands before the cities are checked (a World
# Capital asks its card's worth today, E-8); a card destroyed since comes after them.
POWERS, PREGAME, GAMES, PACKS, SIGNATURES, UPGRADES = range(6)
CITIES, FORTIFY, SCARS, CONTINENTS, DESTROYED = range(6, 11)
# Pack marks after the board they land on; the island's collaborator before other weaknesses.
NUKE, ISLAND, SLOTS = 11, 12, 13


@dataclass
class People:
    """Names typed on the page -> the campaign's `person` keys. A name no person of the
    campaign has becomes a guest on confirm; until then its name stands for its key."""

    keys: dict[str, str]
    new: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, campaign: Campaign) -> People:
        persons = Person.objects.filter(campaign=campaign).values_list("display_name", "key")
        return cls({name.casefold(): key for name, key in persons})

    def key(self, name: str) -> str:
        name = " ".join(name.split())
        if not name:
            return ""
        known = self.keys.get(name.casefold())
        if known is None:
            self.new.add(name)
            return name
        return known


@dataclass(frozen=True)
class Context:
    """What every step's events need: the first recorded game and who is who."""

    before_game: int
    people: People

    @property
    def last_game(self) -> int:
        """The game brought-in marks are dated to: the last one before the record."""
        return max(1, self.before_game - 1)


@dataclass(frozen=True)
class Entry:
    step: str
    field: str
    order: int
    make: Callable[[Context], WorldEvent]


BROUGHT_IN = gettext_noop("brought in before game %(game)s")


def reason(before_game: int) -> str:
    """Why a brought-in pack is open, kept as data (`campaign.wording`)."""
    return words_gettext(BROUGHT_IN) % {"game": before_game}


def bring_in_events(entries: Iterable[Entry], context: Context) -> list[tuple[Entry, WorldEvent]]:
    ordered = sorted(entries, key=lambda e: e.order)
    return [(entry, entry.make(context)) for entry in ordered]


def bring_in_refusals(
    *, campaign: Campaign, entries: Iterable[Entry], context: Context
) -> dict[tuple[str, str], list[Violation]]:
    """(step, field) -> what the rules refuse there, writing nothing. Each event is checked
    against the world after the accepted ones before it."""
    world: World = world_current(campaign=campaign)
    found: dict[tuple[str, str], list[Violation]] = {}
    for entry, event in bring_in_events(entries, context):
        refused = [*event.bounds(), *event.check(world)]
        if refused:
            found.setdefault((entry.step, entry.field), []).extend(refused)
        else:
            world = event.apply(world)
    return found


def bring_in_record(
    *, campaign: Campaign, user, entries: list[Entry], before_game: int
) -> list[WorldEventRecord]:
    """Create the guests the entries name, then append every event at once: all of it is
    recorded, or (a refusal) none of it."""
    if world_current(campaign=campaign).games_played:
        raise ApplicationError(
            _(
                "This campaign already has recorded games: earlier games can be brought in "
                "only before the first one."
            ),
            code="record_started",
            rule="S-1",
        )
    with transaction.atomic():
        people = People.of(campaign)
        bring_in_events(entries, Context(before_game, people))  # collects the new names
        for name in sorted(people.new):
            person = person_create(campaign=campaign, display_name=name)
            people.keys[name.casefold()] = person.key
        people.new.clear()
        events = [event for _, event in bring_in_events(entries, Context(before_game, people))]
        # The packs' openings are the owner's word, not conditions seen met in the log: they
        # carry that as an override's reason, so an export of the campaign imports (U-1).
        packs = [i for i, e in enumerate(events) if isinstance(e, PackOpened)]
        parts = (
            [(events[: packs[0]], ""), (events[packs[0] : packs[-1] + 1], reason(before_game))]
            if packs
            else []
        )
        parts.append((events[packs[-1] + 1 :] if packs else events, ""))
        records: list[WorldEventRecord] = []
        for part, override in parts:
            if part:
                records += world_event_append(
                    campaign=campaign,
                    events=part,
                    user=user,
                    source=EventSource.SETUP,
                    override_reason=override,
                )
        return records
