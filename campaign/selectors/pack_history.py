"""Pack content in a campaign's history, in plain words: who drafted what, event cards drawn and
what they did, comeback powers taken, HQs moved and demolished, who eliminated whom.

Only events a campaign's log holds are described, and a pack's content reaches the log only
once the pack is open there, so these lines never name what a sealed pack holds (U-8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from campaign.dates import local_date
from rules.box import DRAFT_KINDS
from rules.content_records import EventCard, EventOption
from rules.data import board, content
from rules.event_targets import option_targets
from rules.pack_words import comeback_power_name, draft_card_words, event_code_label
from rules.world_events import GameIncident, GameRecorded, WorldEvent
from rules.world_events.pack_cards import ComebackPowerChosen, DraftRecorded, EventResolved


def _territory(key: str) -> str:
    return board().territory(key).name if board().knows(key) else key


def _faction(key: str | None) -> str:
    faction = content().factions.get(key or "")
    return faction.name if faction else (key or "")


def _who(names: Mapping[str, str], person: str | None) -> str:
    return names.get(person, person) if person else _("someone")


def _kind_order(code: str) -> int:
    card = content().draft_cards.get(code)
    return DRAFT_KINDS.index(card.kind) if card and card.kind in DRAFT_KINDS else len(DRAFT_KINDS)


def _draft_words(code: str) -> str:
    card = content().draft_cards.get(code)
    return draft_card_words(card) if card else code


def draft_lines(event: DraftRecorded, names: Mapping[str, str]) -> list[str]:
    """One line per player, cards in kind order whatever the order of the picks, in words (the
    cards' print codes add nothing a reader needs): "Olga (Die Mechaniker) drafted 8 starting
    troops, 1 starting coin card, ..."."""
    return [
        _("%(who)s (%(faction)s) drafted %(cards)s")
        % {
            "who": _who(names, pick.get("person")),
            "faction": _faction(pick.get("faction")),
            "cards": ", ".join(
                _draft_words(code) for code in sorted(pick.get("cards", ()), key=_kind_order)
            ),
        }
        for pick in event.picks
    ]


def eliminations_text(players: tuple[dict[str, Any], ...], names: Mapping[str, str]) -> str:
    """ "Saharan Republic (Vera) was eliminated by Die Mechaniker" for each such player."""
    return "; ".join(
        _("%(faction)s (%(who)s) was eliminated by %(by)s")
        % {
            "faction": _faction(p["faction"]),
            "who": _who(names, p.get("person")),
            "by": _faction(p["eliminated_by"]),
        }
        for p in players
        if p.get("eliminated_by")
    )


def _event_choice(
    event: EventResolved,
    card: EventCard | None,
    option: EventOption | None,
    names: Mapping[str, str],
) -> str:
    """A logged card in words, from its data: who chose which option, and where it went."""
    if event.person and option is not None and option.key:
        what = _("%(who)s chose: %(option)s") % {
            "who": _who(names, event.person),
            "option": option.text.rstrip("."),
        }
    elif event.person:
        what = _("%(who)s chose") % {"who": _who(names, event.person)}
    elif card and card.chooser and not event.option:
        what = _("nobody chose")
    else:
        what = ""
    where = _event_where(option, event.territories) if event.territories else ""
    return "; ".join(part for part in (what, where) if part)


def _event_where(option: EventOption | None, territories: tuple[str, ...]) -> str:
    """ "from Peru to Brazil" for a maneuver; else "in Egypt (2) and Brazil"."""
    if option is not None and option_targets(option).path and len(territories) == 2:
        origin, target = territories
        return _("from %(origin)s to %(target)s") % {
            "origin": _territory(origin),
            "target": _territory(target),
        }
    counts = Counter(territories)  # in the order given
    places = [
        _territory(t)
        if n == 1
        else _("%(territory)s (%(count)s)") % {"territory": _territory(t), "count": n}
        for t, n in counts.items()
    ]
    if len(places) > 1:
        places = [
            _("%(names)s and %(name)s") % {"names": ", ".join(places[:-1]), "name": places[-1]}
        ]
    return _("in %(places)s") % {"places": places[0]}


def pack_event_text(event: WorldEvent, names: Mapping[str, str]) -> str | None:
    """One history line for an event only opened packs bring, or None for other events."""
    match event:
        case DraftRecorded():
            return _("The draft: %(picks)s") % {"picks": "; ".join(draft_lines(event, names))}
        case EventResolved():
            card = content().event_cards.get(event.card)
            option = card.option(event.option) if card else None
            gone = (
                _("; the card is destroyed for good")
                if option and option.after == "destroy"
                else ""
            )
            # The engine's detail already names who chose; a logged game gives the data only.
            what = event.detail or _event_choice(event, card, option, names)
            label = event_code_label(event.card)
            if what or gone:
                return _("Event %(card)s drawn: %(what)s") % {"card": label, "what": what + gone}
            return _("Event %(card)s drawn") % {"card": label}
        case ComebackPowerChosen():
            faction = _faction(event.faction)
            return _("%(who)s took the comeback power %(power)s for %(faction)s") % {
                "who": _who(names, event.person),
                "power": comeback_power_name(event.power),
                "faction": faction,
            }
        case GameIncident(incident="hq_moved"):
            origin, _sep, target = event.detail.partition(">")
            return _("%(who)s moved an HQ from %(origin)s to %(target)s") % {
                "who": _who(names, event.person),
                "origin": _territory(origin),
                "target": _territory(target),
            }
        case GameIncident(incident="hq_demolished"):
            where = _territory(event.detail)
            if event.person:
                return _("%(who)s's HQ in %(territory)s was demolished") % {
                    "who": _who(names, event.person),
                    "territory": where,
                }
            return _("An HQ in %(territory)s was demolished") % {"territory": where}
    return None


def game_recorded_text(event: GameRecorded, names: Mapping[str, str]) -> str:
    """The game line of a plan or a log, with who eliminated whom when that is known."""
    eliminated = eliminations_text(event.players, names)
    words = {"game": event.game, "date": local_date(event.played_on), "eliminated": eliminated}
    if eliminated:
        return _("Game %(game)s played on %(date)s; %(eliminated)s") % words
    return _("Game %(game)s played on %(date)s") % words
