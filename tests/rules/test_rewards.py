"""End-of-game rewards, held-on order and naming the world (END-4 to END-9)."""

import random

import pytest

from rules.data import board
from rules.errors import IllegalWorldEvent
from rules.game_end import EndOfGame, end_of_game_events
from rules.rewards import (
    RewardChoice,
    held_on_order,
    held_on_reward_options,
    reward_event,
    reward_violations,
    rewards_given,
    winner_reward_options,
)
from rules.world import World
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    GameRecorded,
    ScarCancelled,
    ScarPlaced,
    VictorSigned,
    WorldNamed,
)
from rules.world_naming import world_namer_violations, world_naming_candidates, world_naming_rolloff

T = sorted(board().territories)
C = sorted(board().continents)


def _apply(world, *events):
    for event in events:
        assert event.check(world) == [], event
        world = event.apply(world)
    return world


def _codes(options):
    return {o.code: o for o in options}


def _minor_cities(world, n, game=1):
    return _apply(
        world,
        *[CityFounded(T[i], "minor", f"Town {i}", "ann", game) for i in range(n)],
    )


def test_a_fresh_world_offers_every_reward_that_has_a_target_END5():
    options = _codes(winner_reward_options(World()))
    # No scar exists to cancel and no city to fortify, so R3 and R5 are not offered.
    assert set(options) == {"R1", "R2", "R4", "R6"}
    assert set(options["R1"].targets) == set(C)
    assert len(options["R2"].targets) == 42
    assert options["R4"].deltas == (1, -1)


def test_cancel_and_fortify_are_offered_once_they_have_targets_END5_R3_R5():
    world = _apply(
        World(),
        ScarPlaced(T[0], "territory", "bunker", "ann", 1),
        CityFounded(T[1], "major", "Rome", "ann", 1),
    )
    options = _codes(winner_reward_options(world))
    assert options["R3"].targets == (T[0],)
    assert options["R5"].targets == (T[1],)
    assert T[1] not in options["R2"].targets


def test_a_reward_is_not_offered_when_its_supply_is_used_up_C10():
    world = World()
    for i in range(5):
        world = _apply(world, CityFounded(T[i], "major", f"City {i}", "ann", i + 1))
    options = _codes(winner_reward_options(world))
    assert "R2" not in options
    refusal = reward_violations(world, RewardChoice("R2", T[10], "Late"), winner=True)
    assert [(v.code, v.rule) for v in refusal] == [("supply_exhausted", "C-10")]
    assert "Major City" in refusal[0].message


def test_each_continent_is_named_once_END5_R1():
    world = _apply(World(), ContinentNamed(C[0], "Avalon", "ann", 1))
    assert C[0] not in _codes(winner_reward_options(world))["R1"].targets
    [violation] = reward_violations(world, RewardChoice("R1", C[0], "Other"), winner=True)
    assert violation.code == "continent_already_named"
    assert "Avalon" in violation.message
    assert violation.rule == "END-5"


def test_each_continent_bonus_changes_once_and_each_mark_is_used_once_END5_R4():
    world = _apply(World(), ContinentBonusChanged(C[0], 1, "ann", 1))
    option = _codes(winner_reward_options(world))["R4"]
    assert option.deltas == (-1,)
    assert C[0] not in option.targets
    plus_again = reward_violations(world, RewardChoice("R4", C[1], delta=1), winner=True)
    assert [v.code for v in plus_again] == ["no_mark_left"]
    same_continent = reward_violations(world, RewardChoice("R4", C[0], delta=-1), winner=True)
    assert [v.code for v in same_continent] == ["bonus_already_changed"]
    world = _apply(world, ContinentBonusChanged(C[1], -1, "ann", 2))
    assert "R4" not in _codes(winner_reward_options(world))


def test_a_city_may_be_fortified_again_END5_R5():
    world = _apply(
        World(),
        CityFounded(T[0], "major", "Rome", "ann", 1),
        CityFortified(T[0], "ann", 2),
    )
    assert reward_violations(world, RewardChoice("R5", T[0]), winner=True) == []


def test_named_rewards_need_a_name_END5():
    [violation] = reward_violations(World(), RewardChoice("R2", T[0], "  "), winner=True)
    assert (violation.code, violation.rule) == ("name_required", "END-5")


def test_held_on_player_may_only_found_a_minor_city_where_they_held_END6_H1():
    held = {T[0], T[1]}
    world = _apply(World(), CityFounded(T[1], "major", "Rome", "bob", 1))
    options = _codes(held_on_reward_options(world, held=held))
    assert options["H1"].targets == (T[0],)
    [not_held] = reward_violations(
        world, RewardChoice("H1", T[5], "Village"), winner=False, held=held
    )
    assert (not_held.code, not_held.rule) == ("not_held", "END-6")
    [taken] = reward_violations(world, RewardChoice("H1", T[1], "Village"), winner=False, held=held)
    assert (taken.code, taken.rule) == ("city_exists", "G-2")


def test_coins_stop_at_six_and_never_go_on_destroyed_cards_END6_H2():
    world = _apply(World(), *[CardUpgraded(T[0], "ann", g) for g in range(1, 6)])
    assert world.card_coins[T[0]] == 6
    world = _apply(world, CardDestroyed(T[1], "ann", 6))
    options = _codes(held_on_reward_options(world, held={T[0], T[1], T[2]}))
    assert options["H2"].targets == (T[2],)
    [full] = reward_violations(world, RewardChoice("H2", T[0]), winner=False, held={T[0]})
    assert (full.code, full.rule) == ("card_full", "END-6")
    [gone] = reward_violations(world, RewardChoice("H2", T[1]), winner=False, held={T[1]})
    assert gone.code == "card_gone"


def test_held_on_player_gets_no_winner_reward_END6():
    [violation] = reward_violations(World(), RewardChoice("R6", T[0]), winner=False, held={T[0]})
    assert violation.code == "wrong_reward"


def test_no_minor_city_is_offered_after_the_ninth_END6():
    world = _minor_cities(World(), 9)
    assert "H1" not in _codes(held_on_reward_options(world, held={T[20]}))


def test_each_reward_maps_to_its_world_event():
    cases = {
        "R1": (RewardChoice("R1", C[0], "Avalon"), ContinentNamed),
        "R2": (RewardChoice("R2", T[0], "Rome"), CityFounded),
        "R3": (RewardChoice("R3", T[0]), ScarCancelled),
        "R4": (RewardChoice("R4", C[0], delta=-1), ContinentBonusChanged),
        "R5": (RewardChoice("R5", T[0]), CityFortified),
        "R6": (RewardChoice("R6", T[0]), CardDestroyed),
        "H1": (RewardChoice("H1", T[0], "Village"), CityFounded),
        "H2": (RewardChoice("H2", T[0]), CardUpgraded),
    }
    for choice, event_type in cases.values():
        event = reward_event(choice, person="ann", game=3)
        assert isinstance(event, event_type)
        assert event.game == 3
    assert reward_event(cases["H1"][0], person="ann", game=3).city == "minor"
    assert reward_event(cases["R2"][0], person="ann", game=3).city == "major"


def test_held_on_order_runs_clockwise_from_the_winner_END6():
    seating = ["ann", "bob", "cy", "dee", "eve"]
    outcomes = {"ann": "held_on", "bob": "eliminated", "cy": "won", "dee": "held_on"}
    outcomes["eve"] = "held_on"
    assert held_on_order(seating, outcomes) == ["dee", "eve", "ann"]


def test_held_on_order_needs_exactly_one_winner_END2():
    with pytest.raises(IllegalWorldEvent):
        held_on_order(["a", "b"], {"a": "held_on", "b": "held_on"})


def test_rewards_belong_to_games_one_to_fifteen_END9():
    assert rewards_given(1) and rewards_given(15)
    assert not rewards_given(16)


def _signed(*people):
    world = World()
    for game, person in enumerate(people, start=1):
        world = _apply(world, VictorSigned(person, game, "2026-01-01"))
    return world


def test_the_most_frequent_signer_names_the_world_END8():
    world = _signed("ann", "bob", "ann")
    assert world_naming_candidates(world) == ["ann"]
    assert world_naming_rolloff(world).winner == "ann"
    assert world_namer_violations(world, "ann") == []
    [violation] = world_namer_violations(world, "bob")
    assert (violation.code, violation.rule) == ("not_most_signatures", "END-8")


def test_tied_signers_roll_off_with_a_bonus_per_continent_named_END8():
    world = _apply(_signed("ann", "bob"), ContinentNamed(C[0], "Avalon", "bob", 2))
    # ann rolls 4, bob rolls 3 + 1 for the continent: tied at 4, so both roll again.
    rolloff = world_naming_rolloff(world, rounds=[{"ann": 4, "bob": 3}, {"ann": 2, "bob": 5}])
    assert rolloff.winner == "bob"
    assert rolloff.rounds[0] == {"ann": (4, 0, 4), "bob": (3, 1, 4)}
    assert world_namer_violations(world, "bob", rounds=[{"ann": 4, "bob": 4}]) == []
    [lost] = world_namer_violations(world, "bob", rounds=[{"ann": 5, "bob": 3}])
    assert lost.code == "lost_rolloff"


def test_a_tied_rolloff_without_dice_is_refused_END8():
    world = _signed("ann", "bob")
    [violation] = world_namer_violations(world, "ann")
    assert (violation.code, violation.rule) == ("rolloff_unfinished", "END-8")
    with pytest.raises(IllegalWorldEvent):
        world_naming_rolloff(world, rounds=[{"ann": 3, "bob": 3}])
    with pytest.raises(IllegalWorldEvent):
        world_naming_rolloff(world, rounds=[{"ann": 3}])


def test_a_seeded_rolloff_is_repeatable_END8_OPEN15():
    world = _signed("ann", "bob", "cy")
    first = world_naming_rolloff(world, rng=random.Random(7))
    again = world_naming_rolloff(world, rng=random.Random(7))
    assert first == again
    assert first.winner in {"ann", "bob", "cy"}


def _recorded(world, game):
    players = (
        {"person": "ann", "faction": "die_mechaniker", "start": T[0], "outcome": "won"},
        {"person": "bob", "faction": "enclave_of_the_bear", "start": T[10], "outcome": "held_on"},
        {"person": "cy", "faction": "khan_industries", "start": T[20], "outcome": "eliminated"},
    )
    return _apply(world, GameRecorded(game, "2026-01-01", players))


def test_end_of_game_events_check_each_reward_against_the_ones_before_END5_END6():
    world = _recorded(World(), 1)
    end = EndOfGame(
        game=1,
        winner="ann",
        signed_on="2026-01-01",
        winner_reward=RewardChoice("R2", T[3], "Rome"),
        held_on_rewards=(("bob", RewardChoice("H1", T[3], "Village"), frozenset({T[3]})),),
    )
    with pytest.raises(IllegalWorldEvent) as refused:
        end_of_game_events(world, end)
    assert refused.value.code == "city_exists"
    fine = EndOfGame(
        game=1,
        winner="ann",
        signed_on="2026-01-01",
        winner_reward=RewardChoice("R2", T[3], "Rome"),
        held_on_rewards=(("bob", RewardChoice("H2", T[4]), frozenset({T[4]})),),
    )
    events = end_of_game_events(world, fine)
    assert [type(e) for e in events] == [VictorSigned, CityFounded, CardUpgraded]


def test_the_winner_must_take_a_reward_while_one_is_legal_DIFF4():
    world = _recorded(World(), 1)
    with pytest.raises(IllegalWorldEvent) as refused:
        end_of_game_events(world, EndOfGame(game=1, winner="ann", signed_on="2026-01-01"))
    assert refused.value.rule == "END-5"


def test_after_game_fifteen_there_are_no_rewards_END9():
    world = World(games_played=15)
    world = _recorded(world, 16)
    with pytest.raises(IllegalWorldEvent) as refused:
        end_of_game_events(
            world,
            EndOfGame(
                game=16,
                winner="ann",
                signed_on="2026-01-01",
                winner_reward=RewardChoice("R6", T[0]),
            ),
        )
    assert refused.value.rule == "END-9"
    assert end_of_game_events(world, EndOfGame(game=16, winner="ann", signed_on="x")) == []


def test_game_fifteen_ends_with_the_world_named_END8():
    world = _signed(*["ann"] * 8, *["bob"] * 6)
    world = world.evolve(games_played=14)
    world = _recorded(world, 15)
    end = EndOfGame(
        game=15,
        winner="bob",
        signed_on="2026-01-01",
        winner_reward=RewardChoice("R6", T[0]),
        world_name="Terra",
        world_namer="ann",
    )
    events = end_of_game_events(world, end)
    assert isinstance(events[-1], WorldNamed)
    wrong = EndOfGame(**{**end.__dict__, "world_namer": "bob"})
    with pytest.raises(IllegalWorldEvent) as refused:
        end_of_game_events(world, wrong)
    assert refused.value.rule == "END-8"
