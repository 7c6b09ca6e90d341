"""One line a person reads per world event in a campaign's history (`describe`), with the
names it uses for territories, factions, continents and what a log left unrecorded."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext_lazy

from campaign.dates import local_date
from campaign.selectors.mission_history import CITY_KINDS, mission_event_text
from campaign.selectors.pack_history import game_recorded_text, pack_event_text
from campaign.selectors.pocket_history import pocket_event_text
from campaign.wording import worded
from rules.data import board, content
from rules.world import City
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    FortificationWorn,
    GameIncident,
    GameRecorded,
    PackOpened,
    ScarCancelled,
    ScarPlaced,
    VictorSigned,
    WorldEvent,
    WorldNamed,
)

OUTCOME_LABELS = {
    "won": pgettext_lazy("outcome", "Won"),
    "held_on": pgettext_lazy("outcome", "Held on"),
    "eliminated": pgettext_lazy("outcome", "Eliminated"),
}

NOT_RECORDED = gettext_noop(
    "not recorded"
)  # what the log left blank on purpose; never a guessed value


def territory_name(key: str | None) -> str:
    if not key:
        return ""
    return board().territory(key).name if board().knows(key) else key


def faction_name(key: str | None) -> str:
    faction = content().factions.get(key or "")
    return faction.name if faction else (key or "")


def continent_name(key: str) -> str:
    continent = board().continents.get(key)
    return continent.name if continent else key


def describe(
    event: WorldEvent, names: Mapping[str, str], covered: Mapping[str, City] | None = None
) -> str:
    """One line a person reads in the history, with people's display names; `covered` maps a
    territory to the city that stood there before a later mark covered it."""

    def who(key: str | None) -> str:
        return names.get(key, key) if key else _("someone")

    packed = pack_event_text(event, names)
    if packed is not None:
        return packed
    missioned = mission_event_text(event, names, covered)
    if missioned is not None:
        return missioned
    pocketed = pocket_event_text(event, names, covered)
    if pocketed is not None:
        return pocketed
    match event:
        case ContinentNamed():
            return _("%(who)s named %(continent)s “%(name)s”") % {
                "who": who(event.person),
                "continent": continent_name(event.continent),
                "name": event.name,
            }
        case CityFounded():
            return _("%(who)s founded the %(kind)s city %(name)s in %(territory)s") % {
                "who": who(event.person),
                "kind": CITY_KINDS.get(event.city, event.city),
                "name": event.name,
                "territory": territory_name(event.territory),
            }
        case ScarPlaced():
            scar = (
                content().scar_types[event.scar].name
                if event.scar in content().scar_types
                else event.scar
            )
            target = (
                territory_name(event.target)
                if event.on == "territory"
                else faction_name(event.target)
            )
            if event.person:
                return _("%(scar)s scar placed on %(target)s by %(who)s") % {
                    "scar": scar,
                    "target": target,
                    "who": who(event.person),
                }
            return _("%(scar)s scar placed on %(target)s") % {"scar": scar, "target": target}
        case ScarCancelled():
            return _("%(who)s cancelled the scar on %(territory)s") % {
                "who": who(event.person),
                "territory": territory_name(event.territory),
            }
        case ContinentBonusChanged():
            return _("%(who)s changed %(continent)s's bonus by %(delta)s") % {
                "who": who(event.person),
                "continent": continent_name(event.continent),
                "delta": f"{event.delta:+d}",
            }
        case CityFortified():
            return _("%(who)s fortified %(territory)s") % {
                "who": who(event.person),
                "territory": territory_name(event.territory),
            }
        case FortificationWorn():
            return ngettext(
                "%(n)s wear box marked on %(territory)s's fortification",
                "%(n)s wear boxes marked on %(territory)s's fortification",
                event.boxes,
            ) % {"n": event.boxes, "territory": territory_name(event.territory)}
        case CardDestroyed():
            return _("%(who)s destroyed %(territory)s's territory card") % {
                "who": who(event.person),
                "territory": territory_name(event.territory),
            }
        case CardUpgraded():
            return _("%(who)s added a coin to %(territory)s's card") % {
                "who": who(event.person),
                "territory": territory_name(event.territory),
            }
        case VictorSigned():
            if event.slogan:
                return _("%(who)s signed the victors' section on %(date)s: “%(slogan)s”") % {
                    "who": who(event.person),
                    "date": local_date(event.date),
                    "slogan": event.slogan,
                }
            return _("%(who)s signed the victors' section on %(date)s") % {
                "who": who(event.person),
                "date": local_date(event.date),
            }
        case WorldNamed():
            return _("%(who)s named the world “%(name)s”") % {
                "who": who(event.person),
                "name": event.name,
            }
        case PackOpened():
            return _("%(pack)s opened: %(reason)s") % {
                "pack": content().packs[event.pack].name,
                "reason": worded(event.reason),
            }
        case GameIncident():
            text = event.describe()
            return (
                text.replace(f"{event.person}: ", f"{who(event.person)}: ")
                if event.person
                else text
            )
        case GameRecorded():
            return game_recorded_text(event, names)
    return event.describe()
