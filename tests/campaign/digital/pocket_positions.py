"""Hand-built positions at each pocket decision (Pocket 1: the nuke's target J162s, missile
powers J167s, the Evolve choice J178; Pocket 2: Alien Island K182s, its event cards), played
through the engine on a campaign's world so their world events name the campaign's persons."""

from __future__ import annotations

from rules.game import (
    AcknowledgePack,
    Attack,
    BuyRedStar,
    DefendWith,
    EndTurn,
    FireMissile,
    GameState,
    Recruit,
    TakeCard,
    TurnFlags,
)
from rules.game.common import end_game
from rules.world import World
from tests.rules.game.helpers import FACTIONS, play, position, rig_dice, with_world
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2

NUKE_ARMIES = {"argentina": (0, 6), "brazil": (1, 5), "peru": (2, 7), "venezuela": (1, 9)}
ISLAND_CARDS = ("peru", "brazil", "egypt", "siam", "india")
AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def seated(state: GameState, people) -> GameState:
    """The same position with the campaign's persons in the seats."""
    state = state.clone()
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name)
    return state


def nuke_choice(world: World, people) -> GameState:
    """Seat 0 attacks Argentina -> Brazil and fires its 3 missiles: Pocket 1 opens (U-6), the
    pack is acknowledged and seat 0 chooses where the nuke falls."""
    state = seated(position(armies=NUKE_ARMIES, world=world, seat0={"missiles": 3}), people)
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [3, 2, 1], [5, 1])
    state, _ = play(state, (1, DefendWith(2)))
    for die in range(3):
        state, _ = play(state, (0, FireMissile("attack", die)))
    state, _ = play(state, (0, AcknowledgePack("pocket_1")))
    return state


def over(state: GameState, starts: tuple[str, ...], winner: int = 0) -> GameState:
    """The same game, ended with `winner` winning (W-1); seat i had started in `starts[i]`."""
    state = state.clone()
    for index, start in enumerate(starts):
        state.set_seat(index, start=start)
    end_game(state, winner, "the test ends it", [])
    return state


def pocket_1(world: World, powers: dict[int, str] | None = None) -> World:
    """`world` with Pocket 1 open (a nuke in its last game, unless it had one), seat i's
    faction holding `powers[i]`."""
    held = {FACTIONS[seat]: power for seat, power in (powers or {}).items()}
    opened = world if "pocket_1" in world.packs_opened else with_pocket_1(world)
    return opened.evolve(missile_powers=held)


def missile_power_pick(world: World, people) -> GameState:
    """Seat 1 buys a Red Star token with Pocket 1 open: it picks a missile power (J167s)."""
    state = position(
        armies={"peru": (0, 3), "alaska": (1, 3), "egypt": (2, 3)},
        phase="start_of_turn",
        current=1,
        world=pocket_1(world),
        seat1={"cards": ("coin",) * 4},
    )
    state, _ = play(seated(state, people), (1, BuyRedStar(("coin",) * 4)))
    return state


def bad_intel_window(world: World, people) -> GameState:
    """Seat 0's turn begins holding Australia; seat 1 holds Bad Intel and a missile."""
    armies = {t: (0, 2) for t in AUSTRALIA} | {"alaska": (1, 3), "peru": (2, 3)}
    state = position(
        armies=armies, current=2, world=pocket_1(world, {1: "bad_intel"}), seat1={"missiles": 1}
    )
    state, _ = play(seated(state, people), (2, EndTurn()))
    return state


def interference_window(world: World, people) -> GameState:
    """Seat 0 takes the Brazil card; seat 1 holds Interference and a missile."""
    state = position(
        armies={"brazil": (0, 2), "alaska": (1, 3), "ural": (2, 3)},
        turn=TurnFlags(conquered=True),
        world=pocket_1(world, {1: "interference"}),
        seat1={"missiles": 1},
    ).clone()
    state.slots, state.draw_pile = ("alaska", "peru", "brazil", "egypt"), ("siam", "india")
    state, _ = play(seated(state, people), (0, EndTurn()), (0, TakeCard(3)))
    return state


def rally_turn(world: World, people) -> GameState:
    """Seat 0's start of turn, holding its HQ in Peru, Rally and a missile."""
    state = position(
        armies={"peru": (0, 3), "alaska": (1, 3), "egypt": (2, 3)},
        hqs={"peru": 0},
        phase="start_of_turn",
        world=pocket_1(world, {0: "rally"}),
        seat0={"missiles": 1},
    )
    return seated(state, people)


def island_placement(world: World, people) -> GameState:
    """Seat 0 recruits 30+ troops holding a missile: Pocket 2 opens (U-7), seat 0 places the
    island."""
    state = position(
        armies={"alaska": (0, 1), "kamchatka": (1, 2), "ural": (2, 2)},
        phase="start_of_turn",
        world=world,
        seat0={"cards": ISLAND_CARDS, "missiles": 1},
    )
    coins = {**state.world.card_coins, **dict.fromkeys(ISLAND_CARDS, 2)}
    state = seated(with_world(state, card_coins=coins), people)
    state, _ = play(state, (0, Recruit(ISLAND_CARDS)), (0, AcknowledgePack("pocket_2")))
    return state


def evolve_choice(world: World, people) -> GameState:
    """The Mutants Evolve (J178) waits on seat 1, the Mutants' player, in seat 0's turn."""
    state = position(
        armies={"peru": (0, 3), "alaska": (1, 3), "egypt": (2, 3)},
        world=pocket_1(world),
        phase="event_choice",
    ).clone()
    state.set_seat(1, faction="mutants")
    state.pending = {"kind": "event_choice", "card": "J178", "seat": 1}
    return seated(state, people)


def die_humans_choice(world: World, people) -> GameState:
    """Die Humans (K187s) waits on seat 1, the Aliens' player, in seat 0's turn."""
    state = position(
        armies={"peru": (0, 3), "alaska": (1, 3), "egypt": (2, 3)},
        world=with_pocket_2(world),
        phase="event_choice",
    ).clone()
    state.set_seat(1, faction="aliens")
    state.pending = {"kind": "event_choice", "card": "K187s", "seat": 1}
    return seated(state, people)
