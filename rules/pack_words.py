"""Pack content in plain words for people: a card's name with its print code ("Fortify (B73)"),
what a draft card gives, an event option, a comeback power. Built from the data only; callers
pass what `rules.box` let through, so nothing here decides what a campaign may see."""

from __future__ import annotations

from rules.data import ComebackPower, DraftCard, EventCard, EventOption, content
from rules.unlocks import ordinal

EVENT_AFTER_WORDS = {
    "discard": "then discarded",
    "destroy": "then destroyed for good",
    "keep": "then kept in the box, never to return to the deck",
}


def event_card_label(card: EventCard) -> str:
    """ "Fortify (B73)": the printed name, and the code that tells two copies apart."""
    return f"{card.name} ({card.code})"


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
    return f"{event_card_label(card)}: {option_with_after(option)}"


def option_with_after(option: EventOption) -> str:
    """An option's text and what becomes of the card: "... (then destroyed for good)"."""
    return f"{option.text} ({EVENT_AFTER_WORDS.get(option.after, option.after)})"


def draft_card_words(card: DraftCard) -> str:
    """What a draft card gives, in words: "8 starting troops", "plays 2nd"."""
    if card.kind == "troops":
        return f"{card.value} starting troops"
    if card.kind == "coins":
        return f"{card.value} starting coin card{'' if card.value == 1 else 's'}"
    if card.kind == "turn_order":
        return f"plays {ordinal(card.value)}"
    if card.kind == "placement":
        return f"places {ordinal(card.value)}"
    return f"{card.kind.replace('_', ' ')} {card.value}"


def draft_card_label(card: DraftCard) -> str:
    """ "8 starting troops (B96)"."""
    return f"{draft_card_words(card)} ({card.code})"


def draft_code_label(code: str) -> str:
    card = content().draft_cards.get(code)
    return draft_card_label(card) if card else code


def comeback_power_label(power: ComebackPower) -> str:
    """ "Mobile: At the start of its turn ..."."""
    return f"{power.name}: {power.text}"


def comeback_power_name(key: str) -> str:
    power = content().comeback_powers.get(key)
    return power.name if power else key
