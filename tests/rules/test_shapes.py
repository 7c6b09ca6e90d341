"""Moves and world events built from JSON of any shape: each is refused with a plain reason
(`bad_move`, `bad_event`) or built with the types its fields declare, so that checking it
against a world answers with violations, never with another exception (DESIGN, "Errors and bad
input"; STYLE 2)."""

from __future__ import annotations

import functools
import types
from dataclasses import fields
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.data import board, content
from rules.errors import IllegalMove, IllegalWorldEvent, Violation
from rules.game.moves import MOVE_TYPES, move_from_json
from rules.simulate import customized_world
from rules.world import World
from rules.world_events import EVENT_TYPES, PackOpened, event_from_json
from rules.world_events.pockets import NuclearStrike

KEYS = sorted(
    {
        *board().territories,
        *board().continents,
        *content().factions,
        *content().packs,
        *content().scar_types,
        *content().event_cards,
        "p1",
        "p2",
        "won",
        "held_on",
        "eliminated",
        "minor",
        "major",
        "capital",
        "territory",
        "faction",
        "coin",
        "troops",
    }
)
SCALARS = (
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6) | st.sampled_from(KEYS)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def _typed(hint: Any) -> st.SearchStrategy:
    """Values of the declared type (random in content), to reach past the shape checks."""
    if hint is str:
        return st.sampled_from(KEYS) | st.text(max_size=8)
    if hint is int:
        return st.integers(-2, 40)
    if is_typeddict(hint):
        hints = get_type_hints(hint)
        return st.fixed_dictionaries(
            {k: _typed(h) for k, h in hints.items() if k in hint.__required_keys__},
            optional={k: _typed(h) for k, h in hints.items() if k in hint.__optional_keys__},
        )
    origin, args = get_origin(hint), get_args(hint)
    if origin is tuple:
        return st.lists(_typed(args[0]), max_size=5)
    if origin in (Union, types.UnionType):
        return st.one_of(*(st.none() if a is type(None) else _typed(a) for a in args))
    if origin is dict:
        return st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4)
    raise AssertionError(f"no strategy for {hint}")


def _payloads(cls: type) -> st.SearchStrategy:
    """A payload for `cls`: each field typed, any JSON, or left out, and now and then a field
    the type does not have."""
    hints = get_type_hints(cls)
    given_fields = {f.name: st.one_of(_typed(hints[f.name]), JSON) for f in fields(cls)}
    return st.fixed_dictionaries({}, optional={**given_fields, "surplus": JSON})


@functools.cache
def _worlds() -> tuple[World, ...]:
    """A fresh world, a customized one, and one with every pack open and a fallout zone."""
    opened = customized_world(3)
    for pack in content().packs:
        opened = PackOpened(pack, 0, "drawn").apply(opened)
    opened = NuclearStrike("peru", "die_mechaniker", "p1", 1).apply(opened)
    return World(), customized_world(3), opened


@pytest.mark.parametrize(
    "junk",
    [{"type": ["attack"]}, {"type": {"attack": 1}}, {"type": 5}, {"type": None}],
)
def test_a_move_type_that_is_no_name_is_refused_as_a_bad_move(junk):
    with pytest.raises(IllegalMove) as refused:
        move_from_json(junk)
    assert refused.value.code == "bad_move"
    assert "move type" in refused.value.message


@pytest.mark.parametrize(
    ("kind", "payload", "field"),
    [
        ("alien_island_placed", {"ends": None, "faction": "die_mechaniker"}, "ends"),
        ("cards_named", {"persons": 5}, "persons"),
        ("draft_recorded", {"game": 1, "picks": "peru"}, "picks"),
        (
            "draft_recorded",
            {"game": 1, "picks": [{"faction": 5, "person": "p1", "cards": []}]},
            "faction",
        ),
        ("nuclear_strike", {"territory": {"a": 1}, "faction": "die_mechaniker"}, "territory"),
        ("game_recorded", {"game": 1, "played_on": "x", "players": [[]]}, "players"),
        ("pack_opened", {"pack": "pack_1", "game": "one", "reason": ""}, "game"),
        ("events_voided", {"seqs": ["1"], "reason": ""}, "seqs"),
        (
            "city_founded",
            {"territory": {}, "city": "minor", "name": "X", "person": "p1", "game": 1},
            "territory",
        ),
    ],
)
def test_a_world_event_with_a_wrongly_typed_field_is_refused_naming_it(kind, payload, field):
    with pytest.raises(IllegalWorldEvent) as refused:
        event_from_json({"kind": kind, **payload})
    assert refused.value.code == "bad_event"
    assert field in refused.value.message


@pytest.mark.parametrize("kind", [["city_founded"], {"k": 1}, 7])
def test_a_world_event_kind_that_is_no_name_is_refused(kind):
    with pytest.raises(IllegalWorldEvent) as refused:
        event_from_json({"kind": kind})
    assert refused.value.code == "unknown_event"


@pytest.mark.parametrize("kind", sorted(MOVE_TYPES))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_json_for_a_move_is_refused_as_a_bad_move_or_built_as_typed(kind, data):
    payload = data.draw(_payloads(MOVE_TYPES[kind]))
    try:
        move = move_from_json({"type": kind, **payload})
    except IllegalMove as refused:
        assert refused.code == "bad_move" and refused.message
        return
    assert move_from_json(move.to_json()) == move


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_json_for_a_world_event_is_refused_or_checked_with_violations(kind, data):
    payload = data.draw(_payloads(EVENT_TYPES[kind]))
    try:
        event = event_from_json({"kind": kind, **payload})
    except IllegalWorldEvent as refused:
        assert refused.code in {"bad_event", "unknown_event"} and refused.message
        return
    assert event_from_json(event.to_json()) == event
    for world in _worlds():
        violations = event.check(world)
        assert all(isinstance(v, Violation) and v.message for v in violations)
