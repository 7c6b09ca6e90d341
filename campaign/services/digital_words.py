"""The game log in every language of the site: a move's events keep their words in each
language (`words`), so the log reads in the reader's language, whoever made the move and in
whatever language their browser asked for.

The engine writes its log lines in the language active when it applies a move. Applying the
same move again from the same state, in another language, gives the same events (the dice come
from the state's generator, and the engine never mutates a state it is given), only worded
differently; those words are stored beside the event's own. The page picks the reader's
(`campaign.selectors.digital.digital_game_log`).

The state kept is the one the pass in the site's own language gave: what it records for the
world (why a pack opened) is then worded the same whoever moved, and a replay of the moves (the
dice check) gives it again."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.conf import settings
from django.utils import translation

from campaign.selectors.digital import WORDS
from rules.game import GameState, Move, apply_move
from rules.game.events import GameEvent
from rules.words import language


def _is_words(value: Any) -> bool:
    """Text, or a list of texts (the notes on a roll's dice)."""
    return isinstance(value, str) or (
        isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)
    )


def _worded(event: GameEvent) -> dict[str, Any]:
    """The event's fields that are words: its text, and any other text field (a reason)."""
    fields: dict[str, Any] = {"text": event.text}
    fields.update({k: v for k, v in event.data.items() if _is_words(v) and k != WORDS})
    return fields


def _unworded(event: GameEvent) -> tuple[str, dict[str, Any]]:
    """What must not differ between languages: the event's type and its other data."""
    return event.type, {k: v for k, v in event.data.items() if not _is_words(v)}


def apply_worded(state: GameState, seat: int, move: Move) -> tuple[GameState, list[GameEvent]]:
    """`apply_move`, with each event's words in every language of the site. A refusal is
    raised as by `apply_move`, in the active language. Should another language's pass ever
    disagree on what happened, that language is left out and its readers get the words the
    move was made in."""
    new, events = apply_move(state, seat, move)
    if not events:
        return new, events
    current = language()
    words: list[dict[str, dict[str, Any]]] = [{current: _worded(e)} for e in events]
    for code, _name in settings.LANGUAGES:
        if code == current:
            continue
        with translation.override(code):
            again_state, again = apply_move(state, seat, move)
        if [_unworded(e) for e in again] != [_unworded(e) for e in events]:
            continue
        for worded, other in zip(words, again, strict=True):
            worded[code] = _worded(other)
        if code == settings.LANGUAGE_CODE:
            new = again_state
    return new, [
        replace(event, data={**event.data, WORDS: _differing(worded)})
        for event, worded in zip(events, words, strict=True)
    ]


def _differing(worded: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per language, the text and the fields whose words differ between languages (a key
    or a number written as text is the same in all, and is not repeated)."""
    keys = {
        key
        for fields in worded.values()
        for key, value in fields.items()
        if key == "text" or any(other.get(key) != value for other in worded.values())
    }
    return {code: {k: v for k, v in fields.items() if k in keys} for code, fields in worded.items()}
