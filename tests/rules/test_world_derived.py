"""What is derived from a world (its box, its borders, the factions' effect keys, homelands)
and kept with the next world when a change reads none of it: always what the next world
would build afresh."""

from dataclasses import fields, replace

import pytest

from rules import board_links, box
from rules.data import rules_board, rules_content
from rules.game.effects import _effects_of, _faction_effects
from rules.game.homelands import homeland_of
from rules.simulate import customized_world, legacy_world, play_game, seat_kinds
from rules.world import FactionRecord, World


def _derived(world: World) -> dict[str, object]:
    """Everything the kept tables answer, asked of `world` (which builds what it lacks)."""
    facts = box._facts(world)
    territories = sorted(board_links.territories(world))
    factions = sorted(rules_content().factions)
    return {
        **{f"box.{part}": getattr(facts, part) for part in box.BOX_READS},
        "effects": {f: _faction_effects(world, f) for f in [None, *factions]},
        "neighbours": {t: board_links.neighbours(world, t) for t in territories},
        "sorted": {t: board_links.sorted_neighbours(world, t) for t in territories},
        "second_ring": {t: board_links.second_ring(world, t) for t in territories},
        "sea_lines": board_links.sea_lines(world),
        "islands": board_links.islands(world),
        "homelands": {
            (f, start): homeland_of(world, f, 9, start)
            for f in factions
            for start in (None, *sorted(rules_board().territories)[:5])
        },
    }


def _worlds() -> tuple[World, list[World]]:
    """A Legacy world and worlds that differ from it in many fields: where two four-bot games
    left it (scars, evolutions, comeback and missile powers, destroyed cards, worn
    fortifications), one with a setting, a named card, a drawn sea line and a faction record,
    and worlds with no pack open."""
    start = legacy_world(3)
    ends = [
        play_game(seed, seat_kinds("heuristic", 4), world=legacy_world(3)).state.world
        for seed in (4, 7)
    ]
    named = next(
        card.code
        for pack in rules_content().pack_contents.values()
        for card in pack.event_cards
        if card.chooser == "named_player"
    )
    coastal = sorted(t.key for t in rules_board().territories.values() if t.coastal)
    marked = replace(
        start,
        settings={"ancient_unnamed_cards": "deck"},
        named_cards={named: "p1"},
        added_sea_lines=((coastal[0], coastal[-1]),),
        faction_records=(FactionRecord(1, "mutants", "p1", coastal[0], "won"),),
    )
    return start, [*ends, marked, customized_world(3), World()]


START, OTHERS = _worlds()
CHANGES = sorted(
    {
        (f.name, index)
        for index, other in enumerate(OTHERS)
        for f in fields(World)
        if getattr(other, f.name) != getattr(START, f.name)
    }
)


@pytest.mark.parametrize(("field", "other"), CHANGES)
def test_what_a_world_change_keeps_is_what_the_new_world_would_build_U8(field, other):
    """U-8: the box as the next world holds it, whichever field the change touched."""
    before = World.from_json(START.to_json())
    _derived(before)  # every table built and kept with `before`
    after = before.evolve(**{field: getattr(OTHERS[other], field)})
    fresh = World.from_json(after.to_json())
    assert after == fresh
    assert _derived(after) == _derived(fresh)


def test_a_scar_placed_keeps_the_box_but_its_scar_deck_U8():
    """A scar placed on a territory changes the scar deck alone: the rest of the box, the
    borders and the factions' effect keys are not built again."""
    before = World.from_json(START.to_json())
    _derived(before)
    scars = next(o.scars for o in OTHERS if o.scars != START.scars)
    after = before.evolve(scars=scars)
    kept = box._facts(after).__dict__
    assert "scar_deck" not in kept
    assert kept["event_deck"] is box._facts(before).event_deck
    assert after.__dict__["_derived"][board_links._world_links] is not None
    assert _faction_effects(after, "mutants") is _faction_effects(before, "mutants")
    assert _effects_of(after, "mutants") == _faction_effects(after, "mutants")


def test_an_unknown_field_is_refused():
    with pytest.raises(TypeError, match="no field colour"):
        START.evolve(colour="red")
