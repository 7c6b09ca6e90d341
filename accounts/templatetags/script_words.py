"""The words the site's scripts put on the page, in the reader's language.

`{% script_words %}` (in base.html) renders them as a JSON block that `static/js/words.js`
reads: `siteWords.say(key, {name: value})` fills the `%(name)s` placeholders, and
`siteWords.count(key, n)` picks a counted entry's form (each is {"one": ..., "other": ...}).
"""

from __future__ import annotations

from collections.abc import Callable

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()


def _counted(phrase: Callable[[int], str]) -> dict[str, str]:
    """Both forms of a counted phrase; the script chooses one by its count."""
    return {"one": phrase(1), "other": phrase(2)}


def script_words() -> dict[str, object]:
    return {
        # static/js/map_pick.js: choosing territories on the board map
        "mapPickNoTarget": _("Tap a territory's field, then the map."),
        "mapPickTarget": _("Tapping the map fills: %(field)s."),
        "mapPickNotAChoice": _("%(name)s is not a choice for %(field)s."),
        "mapPickCoins": _(
            "Each tap adds a coin to that card; past the most it may get, back to 0."
        ),
        "mapPickRemove": _("Remove %(name)s"),
        "mapPickOnlyStart": _("Held only its start (%(name)s)"),
        "mapPickOnTheMap": _("On the map"),
        "mapPickChooseOnMap": _("Choose %(field)s on the map"),
        # static/js/game.js: the digital game's map hints, cards and deadline
        "gameCheckForm": _("Check the highlighted form, then confirm it."),
        "gamePickTarget": _("Now click where the troops go (highlighted)."),
        "gameNoMoveFromHere": _("No move of yours starts there now."),
        "gameCards": _counted(lambda n: ngettext("%(count)s card", "%(count)s cards", n)),
        "gameCoins": _counted(lambda n: ngettext("%(count)s coin", "%(count)s coins", n)),
        "gameCardsAndCoins": _("%(cards)s, %(coins)s"),
        "gameTradeInTroops": _("→ %(troops)s troops"),
        "gameTradeInRange": _("(a trade-in takes %(min)s to %(max)s coins)"),
        "gameSecondsLeft": _("%(seconds)s s left."),
        "gameMinutesLeft": _("%(minutes)s min %(seconds)s s left."),
        "gameHoursLeft": _("%(hours)s h %(minutes)s min left."),
        "gameDaysLeft": _("%(days)s d %(hours)s h left."),
        "gameTimeIsUp": _("Time is up."),
    }


@register.simple_tag(name="script_words")
def script_words_tag() -> SafeString:
    return json_script(script_words(), "script-words")
