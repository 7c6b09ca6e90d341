"""A seat's view of a game (`view_for`, the one door for secrets) carries no key named after
what a sealed pack brings (U-8): each appears once the campaign has opened its pack, as
`World.to_json` leaves out the pockets' fields."""

from __future__ import annotations

from typing import Any

import pytest

from rules.data import content
from rules.game import SeatSpec, new_game, view_for
from rules.simulate import customized_world
from rules.world_events import PackOpened

# Where each key lives in the view, and the pack that brings what it is named after.
SEALED: dict[tuple[str, ...], str | tuple[str, ...]] = {
    ("seats", "draft_cards"): "pack_1",  # rules additions B-D, the draft
    ("extra_coin_cards",): "pack_1",  # a draft setting
    ("comeback_due",): "pack_2",  # rules addition E, comeback powers
    ("turn", "stealth_territory"): "pack_2",  # Stealthy
    ("turn", "hq_moved"): "pack_2",  # Mobile
    ("turn", "expanded_into_city"): "pack_2",  # Resourceful
    ("world", "comeback_powers"): "pack_2",
    ("mission",): ("pack_3", "pack_4"),  # the mission deck (E-8): either pack's cards
    ("world", "added_sea_lines"): "pack_3",  # Explore the World
    ("world", "covered_cities"): "pack_3",  # The World Is Ready
    ("turn", "continents_at_start"): "pack_4",  # private missions (E124s)
    ("world", "red_slots"): "pack_4",
    ("hypnotized",): "pocket_1",  # the Mutants' Mass Hypnosis
    ("turn", "conquered_from"): "pocket_1",  # the Mutants' Mindshackle
    ("turn", "missile_power_users"): "pocket_1",  # missile powers (J167s)
    ("turn", "emp_territories"): "pocket_1",  # EMP
    ("turn", "bonuses_denied"): "pocket_1",  # Bad Intel
    ("turn", "cards_blocked"): "pocket_1",  # Interference
    ("world", "faction_scars"): "pocket_2",  # weaknesses in the yellow slots
    ("sea_ban_until",): "do_not_open",  # The Ancient One's ban
}
ANY_PACK = (("world", "destroyed_box_cards"), ("world", "settings"))


def _view(opened: tuple[str, ...]) -> dict[str, Any]:
    world = customized_world(5)
    for pack in opened:
        world = PackOpened(pack, 0, "opened for the test").apply(world)
    seats = [SeatSpec(f"p{i}", f"P{i}") for i in range(3)]
    return view_for(new_game(world, seats, seed=5, game_number=1), 0)


def _packs(brought: str | tuple[str, ...]) -> tuple[str, ...]:
    return (brought,) if isinstance(brought, str) else brought


def _has(view: dict[str, Any], path: tuple[str, ...]) -> bool:
    where: Any = view
    for key in path[:-1]:
        where = where[key][0] if key == "seats" else where[key]
    return path[-1] in where


def test_a_view_with_no_pack_open_names_nothing_sealed_U8():
    view = _view(())
    assert [p for p in (*SEALED, *ANY_PACK) if _has(view, p)] == []


@pytest.mark.parametrize("pack", sorted(content().packs))
def test_a_view_names_what_its_opened_pack_brings_and_nothing_else_sealed_U8(pack):
    view = _view((pack,))
    wrong = [p for p, brought in SEALED.items() if _has(view, p) != (pack in _packs(brought))]
    assert wrong == []
    assert all(_has(view, p) for p in ANY_PACK)
