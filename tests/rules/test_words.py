"""Words kept as data (`rules.words`, issue 18): a message keeps its catalogue text and blanks,
a data name its kind and key, a list its items; their JSON holds no sentence and words the
same again. Outside Django every word is English."""

from __future__ import annotations

import json

from rules import words
from rules.game.events import GameEvent
from rules.names import faction, faction_word, territory, territory_word
from rules.words import (
    Listed,
    Message,
    Name,
    decode,
    encode,
    gettext,
    gettext_lazy,
    listed,
    ngettext,
    ngettext_lazy,
    worded,
)


def _round_trip(value):
    return decode(json.loads(json.dumps(encode(value))))


def test_a_message_keeps_its_blanks_and_words_the_same_after_storing():
    made = gettext("%(player)s conquers %(territory)s.") % {
        "player": "Ana",
        "territory": territory("northern_europe"),
    }
    assert made == "Ana conquers Northern Europe."
    kept = encode(made)
    assert kept == {
        "$msg": "%(player)s conquers %(territory)s.",
        "params": {"player": "Ana", "territory": {"$name": "territory", "key": "northern_europe"}},
    }
    again = _round_trip(made)
    assert isinstance(again, Message) and again == made


def test_a_plural_a_nested_message_and_a_list_keep_their_parts():
    count = ngettext("%(count)s troop", "%(count)s troops", 2) % {"count": 2}
    names = listed([faction("khan_industries"), "Bot 2"], gettext(" and "))
    made = gettext("%(what)s for %(who)s") % {"what": count, "who": names}
    assert made == "2 troops for Khan Industries and Bot 2"
    again = _round_trip(made)
    assert again == made
    assert isinstance(again.params["who"], Listed)
    assert isinstance(again.params["who"].items[0], Name)


def test_capitalized_keeps_the_rest_as_written():
    made = (gettext("%(territory)s is empty") % {"territory": territory("alaska")}).capitalize()
    assert made == "Alaska is empty"
    assert _round_trip(made) == "Alaska is empty"


def test_typed_text_and_numbers_pass_through_and_an_unknown_key_shows_as_itself():
    assert encode("We voted") == "We voted"
    assert worded({"type": "x", "dice": [6, 5], "text": "typed"}) == {
        "type": "x",
        "dice": [6, 5],
        "text": "typed",
    }
    assert decode({"$name": "territory", "key": "atlantis"}) == "atlantis"
    assert type(worded(gettext("nobody"))) is str


def test_an_event_said_lazily_stores_what_the_worded_one_does_and_is_worded_when_read(
    monkeypatch,
):
    """X-12: "conquers" as the engine says it (no word looked up while the move applies) is
    stored as the same JSON as the worded message, and worded in the language of its reader."""
    blanks = {"player": "Ana", "territory": territory("northern_europe")}
    eager = GameEvent("conquered", gettext("%(player)s conquers %(territory)s.") % blanks)
    lazy = GameEvent(
        "conquered",
        gettext_lazy("%(player)s conquers %(territory)s.")
        % {"player": "Ana", "territory": territory_word("northern_europe")},
    )
    assert lazy.to_json() == eager.to_json()
    assert lazy == eager and lazy.text == "Ana conquers Northern Europe."
    count = ngettext_lazy("%(count)s troop", "%(count)s troops", 2) % {"count": 2}
    assert encode(count) == encode(
        ngettext("%(count)s troop", "%(count)s troops", 2) % {"count": 2}
    )
    assert encode(faction_word("khan_industries")) == encode(faction("khan_industries"))
    monkeypatch.setattr(words, "_gettext", lambda m: m.replace("conquers", "CONQUERS"))
    assert lazy.text == "Ana CONQUERS Northern Europe."
