"""Event cards that fired in a logged game (E-7): each card in the campaign's deck at most once a
game, the option its chooser took, where that option went and what it placed (a fortification,
HQs demolished). Which territories an option names comes from `rules.event_targets`, the same
function the digital game's choices are checked by, so the two never disagree (STYLE 3).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop, pgettext, pgettext_lazy

from campaign.mission_words import mission_code_label
from campaign.services.game_log.entry import EventEntry, GameLogEntry
from campaign.services.game_log.packs import (
    NOT_IN_GAME,
    territory_label,
    translated,
    unknown_territories,
)
from campaign.services.game_log.planner import GamePlanner
from campaign.services.game_log.pockets import plan_event_effects
from rules import box
from rules.content_records import EventCard, EventOption
from rules.data import content
from rules.errors import Violation
from rules.event_targets import MISSION, OptionTargets, option_targets
from rules.pack_words import event_card_label, event_option_words
from rules.words import gettext as _
from rules.words import ngettext
from rules.world_events import CityFortified, GameIncident
from rules.world_events.pack_cards import EventResolved

# Event cards that demolish HQs, with the kind of city whose territory they strike.
DEMOLISHING_EVENTS: dict[str, str] = {"riots": "major"}
# The kinds as words in a refusal (translated with the context "city kind").
_CITY_KINDS = (pgettext_lazy("city kind", "major"), pgettext_lazy("city kind", "minor"))

# A card with choices that was drawn while nobody chose: a tie skips it (E-7), or the group did
# not note the choice. Its option is left blank.
NO_CHOICE = EventOption(
    key="", text=gettext_noop("Drawn, but nobody chose: a tie skips the event."), after="discard"
)


def _event_detail(fired: EventEntry) -> str:
    """What the card's data cannot tell: the words typed for it, or the mission laid out. Who
    chose which option and where it went are the event's own fields, worded at reading (an
    HQ it demolished is an incident of its own)."""
    if fired.detail.strip():
        return fired.detail.strip()
    if fired.mission:
        return f"{mission_code_label(fired.mission)} laid out face up in place of the one there"
    return ""


def _event_card(
    planner: GamePlanner, where: str, fired: EventEntry, seen: set[str]
) -> EventCard | None:
    """The card, if it may fire now: in this campaign's box, not destroyed, once a game."""
    card = content().event_cards.get(fired.card)
    if card is None or not box.is_open(planner.world, card.pack):
        planner.refuse(
            f"{where}.card",
            Violation(
                "unknown_event_card",
                _("There is no such event card in this campaign's event deck."),
                "E-7",
            ),
            hard=True,
        )
        return None
    label = event_card_label(card)
    twice = Violation(
        "event_twice",
        _(
            "%(card)s is listed twice: the event deck is not reshuffled during a game, so a card "
            "fires once at most."
        )
        % {"card": label},
        "E-7",
    )
    destroyed = Violation(
        "event_card_destroyed",
        _("%(card)s was destroyed for good in an earlier game; it never fires again.")
        % {"card": label},
        "G-8",
    )
    if not planner.box_card_once(
        f"{where}.card", card.code, seen, twice=twice, destroyed=destroyed
    ):
        return None
    return card


def plan_events(
    planner: GamePlanner,
    entry: GameLogEntry,
    by_faction: Mapping[str, str],
    hqs: Mapping[str, str],
    game: int,
    founded: frozenset[str] = frozenset(),
) -> None:
    """An `EventResolved` per card that fired, then what it placed: a `CityFortified` for an
    option that fortifies, a `GameIncident(hq_demolished)` per HQ it demolished. `hqs` maps
    each territory an HQ stood in during the game (its start, or where it was moved) to the
    faction it belongs to; `founded` holds the territories where this game founded a city.

    A log entry does not say when in the game a card fired next to when a city was founded,
    so a card's city may be any territory that held a city at some point of the game: the
    cities before it (those covered during it among them) and the ones it founded (E-7)."""
    refuse = planner.refuse
    seen: set[str] = set()
    cities = frozenset(planner.world.cities) | founded
    for i, fired in enumerate(entry.events):
        where = f"events.{i}"
        card = _event_card(planner, where, fired, seen)
        if card is None:
            continue
        label = event_card_label(card)
        option = card.option(fired.option) or (
            NO_CHOICE if card.chooser and not fired.option else None
        )
        if option is None:
            choices = pgettext("between choices", " or ").join(
                event_option_words(o) for o in card.options
            )
            refuse(
                f"{where}.option",
                Violation(
                    "bad_event_option",
                    _("%(card)s offers the choices %(choices)s.")
                    % {"card": label, "choices": choices}
                    if card.chooser
                    else _("%(card)s offers no choice: leave the option empty.") % {"card": label},
                    "E-7",
                ),
                hard=True,
            )
            continue
        if fired.by_faction and fired.by_faction not in by_faction:
            refuse(f"{where}.by_faction", translated(NOT_IN_GAME), hard=True)
            continue
        if card.chooser and option is not NO_CHOICE and not fired.by_faction:
            refuse(
                f"{where}.by_faction",
                Violation(
                    "chooser_required",
                    _(
                        "Say which faction chose on %(card)s: the player with the largest "
                        "population."
                    )
                    % {"card": label},
                    "E-7",
                ),
            )
        elif not card.chooser and fired.by_faction:
            refuse(
                f"{where}.by_faction",
                Violation(
                    "no_chooser",
                    _("Nobody chooses on %(card)s: leave “chosen by” empty.") % {"card": label},
                    "E-7",
                ),
            )
        rule = option_targets(option)
        unknown = unknown_territories((*fired.targets, *fired.demolished))
        if unknown:
            refuse(
                f"{where}.targets",
                Violation(
                    "unknown_territory",
                    _("There is no territory '%(key)s'.") % {"key": unknown[0]},
                    "C-2",
                ),
                hard=True,
            )
            continue
        if not _targets_fit(planner, where, card, option, rule, fired, cities):
            continue
        if not _mission_fits(planner, where, option, fired):
            continue
        _demolitions_fit(planner, where, card, fired, hqs)
        person = by_faction.get(fired.by_faction) if fired.by_faction else None
        detail = _event_detail(fired)
        planner.add(
            where,
            EventResolved(
                game=game,
                card=card.code,
                option=option.key,
                person=person,
                detail=detail,
                territories=fired.targets,
            ),
        )
        if card.pack is not None and option is not NO_CHOICE:
            plan_event_effects(planner, where, card, option, fired, person, game)
        if rule.fortifies:
            fortified = CityFortified(territory=fired.targets[0], person=person or "", game=game)
            found = fortified.check(planner.world)
            if fired.targets[0] in founded:  # a city once founded later in the entry's order
                found = [v for v in found if v.code != "no_city"]
            planner.add(f"{where}.targets", fortified, found)
        owners = {hq: by_faction.get(faction) for hq, faction in hqs.items()}
        for territory in fired.demolished:
            planner.add(
                f"{where}.demolished",
                GameIncident(
                    game=game,
                    incident="hq_demolished",
                    person=owners.get(territory),
                    detail=territory,
                ),
            )


def _targets_fit(
    planner: GamePlanner,
    where: str,
    card: EventCard,
    option: EventOption,
    rule: OptionTargets,
    fired: EventEntry,
    cities: frozenset[str],
) -> bool:
    """Check the option's targets against what the option names in play (`option_targets`)
    and the territories that held a city during the game (`cities`); False when the entry
    cannot be recorded at all. A log may leave out where troops went (nothing on the board
    keeps it), never the city a fortification rings."""
    label = event_card_label(card)
    words = event_option_words(option)
    what = f"{label} ({words})" if words else label
    count = len(fired.targets)
    if count == 0 and rule.fortifies:
        planner.refuse(
            f"{where}.targets",
            Violation(
                "event_target_required",
                _("Say which city %(card)s went to.") % {"card": what},
                "E-7",
            ),
            hard=True,
        )
        return False
    if 0 < count < rule.least:
        planner.refuse(
            f"{where}.targets",
            Violation(
                "event_targets",
                _("%(card)s goes from one territory to another: name both.") % {"card": what}
                if rule.path
                else _("%(card)s goes to %(n)s territories at least.")
                % {"card": what, "n": rule.least},
                "E-7",
            ),
        )
    if count > rule.most:
        planner.refuse(
            f"{where}.targets",
            Violation(
                "event_targets",
                _("%(card)s names no territory: leave the targets empty.") % {"card": what}
                if rule.most == 0
                else ngettext(
                    "%(card)s goes to %(n)s territory at most.",
                    "%(card)s goes to %(n)s territories at most.",
                    rule.most,
                )
                % {"card": what, "n": rule.most},
                "E-7",
            ),
        )
    if len(set(fired.targets)) != count and not rule.repeats:
        planner.refuse(
            f"{where}.targets",
            Violation(
                "event_targets", _("%(card)s names each territory once.") % {"card": what}, "E-7"
            ),
        )
    if rule.cities and not rule.fortifies:  # a fortification's city is checked as it is placed
        for territory in fired.targets:
            if territory not in cities:
                planner.refuse(
                    f"{where}.targets",
                    Violation(
                        "event_target_not_city",
                        _(
                            "%(territory)s held no city during this game; %(card)s goes to "
                            "city territories."
                        )
                        % {"territory": territory_label(territory), "card": what},
                        "E-7",
                    ),
                )
    return True


def _mission_fits(planner: GamePlanner, where: str, option: EventOption, fired: EventEntry) -> bool:
    """The mission an option laid out face up (E-8): one of the campaign's mission deck, and
    only for an option that lays one out; False when the entry cannot be recorded at all."""
    if not fired.mission:
        return True
    if option.effect != MISSION:
        planner.refuse(
            f"{where}.mission",
            Violation(
                "event_mission", _("This choice lays out no mission: leave it empty."), "E-7"
            ),
        )
        return True
    if not any(m.code == fired.mission for m in box.mission_deck(planner.world)):
        planner.refuse(
            f"{where}.mission",
            Violation(
                "unknown_mission",
                _("There is no such mission card in this campaign's mission deck."),
                "E-8",
            ),
            hard=True,
        )
        return False
    return True


def _demolitions_fit(
    planner: GamePlanner, where: str, card: EventCard, fired: EventEntry, hqs: Mapping[str, str]
) -> None:
    label = event_card_label(card)
    city_kind = DEMOLISHING_EVENTS.get(card.key)
    if fired.demolished and city_kind is None:
        planner.refuse(
            f"{where}.demolished",
            Violation(
                "event_demolishes_nothing",
                _("%(card)s demolishes no HQ.") % {"card": label},
                "G-10",
            ),
        )
        return
    for territory in fired.demolished:
        city = planner.world.cities.get(territory)
        if city is None or city.kind != city_kind:
            planner.refuse(
                f"{where}.demolished",
                Violation(
                    "event_demolition_city",
                    _(
                        "%(territory)s is not a %(kind)s city territory; %(card)s strikes only "
                        "those."
                    )
                    % {
                        "territory": territory_label(territory),
                        "kind": pgettext("city kind", city_kind),
                        "card": label,
                    },
                    "G-10",
                ),
            )
        if territory not in hqs:
            planner.refuse(
                f"{where}.demolished",
                Violation(
                    "no_hq_there",
                    _("No HQ stood in %(territory)s during this game.")
                    % {"territory": territory_label(territory)},
                    "G-10",
                ),
            )
