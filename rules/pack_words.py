"""Pack content in plain words for people: a card's name with its print code ("Fortify (B73)"),
what a draft card gives, an event option, a comeback power. Built from the data only; callers
pass what `rules.box` let through, so nothing here decides what a campaign may see."""

from __future__ import annotations

from typing import Any

from rules.content_records import ComebackPower, DraftCard, EventCard, EventOption
from rules.data import content
from rules.words import (
    NameKey,
    gettext_lazy,
    gettext_noop,
    joined,
    listed_lazy,
    ngettext_lazy,
)
from rules.words import gettext as _

# Marked here, translated where used: `_(EVENT_AFTER_WORDS[after])`.
EVENT_AFTER_WORDS = {
    "discard": gettext_noop("then discarded"),
    "destroy": gettext_noop("then destroyed for good"),
    "keep": gettext_noop("then kept in the box, never to return to the deck"),
}


def event_card_label(card: EventCard) -> str:
    """ "Fortify (B73)": the printed name, and the code that tells two copies apart."""
    return joined(card.name, " (", card.code, ")")


def event_code_label(code: str) -> str:
    """The label of an event card by print code (the code alone if it is unknown)."""
    card = content().event_cards.get(code)
    return event_card_label(card) if card else code


def event_option_words(option: EventOption) -> str:
    """An option's key as words ("fortification", "troops"); blank for a card without choices."""
    return option.key.replace("_", " ")


def event_option_label(card: EventCard, option: EventOption) -> str:
    """A card and one of its options as a person picks it: "Fortify (B73): Fortify one of your
    cities, ...". A card without choices is just its label and what it does."""
    return joined(event_card_label(card), ": ", option_with_after(option))


def option_with_after(option: EventOption) -> str:
    """An option's text and what becomes of the card: "... (then destroyed for good)"."""
    return joined(option.text, " (", after_words(option.after), ")")


def after_words(after: str) -> str:
    """What becomes of an event card after the option, in the reader's language."""
    found = EVENT_AFTER_WORDS.get(after)
    return _(found) if found else after


def draft_card_words(card: DraftCard, *, lazy: bool = False) -> Any:
    """What a draft card gives, in words: "8 starting troops", "plays 2nd"; `lazy`: kept as
    data and worded when read (a game event's blank, `rules.words.Said`)."""
    nth = NameKey("ordinal", str(card.value))
    if card.kind == "troops":
        said = gettext_lazy("%(count)s starting troops") % {"count": card.value}
    elif card.kind == "coins":
        said = ngettext_lazy(
            "%(count)s starting coin card", "%(count)s starting coin cards", card.value
        ) % {"count": card.value}
    elif card.kind == "turn_order":
        said = gettext_lazy("plays %(nth)s") % {"nth": nth}
    elif card.kind == "placement":
        said = gettext_lazy("places %(nth)s") % {"nth": nth}
    else:
        return f"{card.kind.replace('_', ' ')} {card.value}"
    return said if lazy else said.worded_now()


def draft_card_label(card: DraftCard, *, lazy: bool = False) -> Any:
    """ "8 starting troops (B96)"; `lazy`: kept as data, worded when read."""
    parts = (draft_card_words(card, lazy=lazy), " (", card.code, ")")
    return listed_lazy(parts, "") if lazy else joined(*parts)


def draft_code_label(code: str) -> str:
    card = content().draft_cards.get(code)
    return draft_card_label(card) if card else code


def comeback_power_label(power: ComebackPower) -> str:
    """ "Mobile: At the start of its turn ..."."""
    return joined(power.name, ": ", power.text)


def comeback_power_name(key: str) -> str:
    power = content().comeback_powers.get(key)
    return power.name if power else key
