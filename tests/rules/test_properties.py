"""Engine-wide invariants over whole bot games (hypothesis draws the seeds, players and bots).

At every step: troops are positive and every army stands on a real territory (G-6, G-9); red
stars are HQs held plus tokens (W-2) and tokens are never taken away (W-3); every resource
card is somewhere exactly once (deck, slots, hands, discard, coin pile: E-4, T-2, T-11; the
coin cards are the printed ones plus any a draft dealt from outside the pile); the state
survives JSON; a move the engine lists is a move it accepts (STYLE 3). At the end: the
game finished within a cap with a winner who earned it (W-1), and replay gives the same state
(STYLE 5).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import board_links, box
from rules.bot_random import RandomBot
from rules.data import board, content
from rules.errors import IllegalMove
from rules.game import (
    GameState,
    Move,
    MoveOption,
    SeatSpec,
    apply_move,
    game_result,
    legal_move_options,
    new_game,
    replay,
    view_for,
)
from rules.game import seats_to_act as who_acts
from rules.simulate import customized_world, make_bots, person
from rules.world_events import GameIncident, PackOpened
from rules.world_events.missions import MissionClaimed
from rules.world_events.pack_cards import SettingChosen
from rules.world_events.red_slots import LeadMissionChosen, PrivateMissionStuck, SlotMissionClaimed

from .pack_worlds import with_pack_3, with_pack_4

MOVE_CAP = 6_000
PROBE_EVERY = 5
STARS_TO_WIN = content().constants["red_stars_to_win"]
COIN_CARDS = content().constants["coin_cards"]
TERRITORIES = sorted(board().territories)
ROOT = Path(__file__).resolve().parents[2]


def check_invariants(state: GameState, before: GameState | None) -> dict[str, Any]:
    """Check one state; returns its JSON form."""
    seats = range(state.seat_count)
    for territory, (owner, troops) in state.armies.items():
        assert board_links.on_board(state.world, territory)  # Alien Island once placed
        assert owner in seats
        assert troops >= 1, f"{territory} holds {troops} troops"
    for territory, owner in state.hqs.items():
        assert board_links.on_board(state.world, territory) and owner in seats
    assert len(set(state.hqs.values())) == len(state.hqs), "a faction has one HQ (C-3)"
    powers = list(state.world.comeback_powers.values())
    assert len(set(powers)) == len(powers), "each comeback sticker goes to one faction (G-15)"

    for seat in seats:
        player = state.seats[seat]
        held_hqs = sum(1 for t in state.hqs if state.owner(t) == seat)
        assert state.red_stars(seat) == held_hqs + player.red_star_tokens  # W-2
        assert player.missiles >= 0 and player.red_star_tokens >= 0
        if player.eliminated:
            assert not state.controlled(seat)
        if before is not None:
            earlier = before.seats[seat]
            assert player.red_star_tokens >= earlier.red_star_tokens, "tokens never move (W-3)"
            assert player.missiles <= earlier.missiles, "missiles are only gained at setup"

    in_play = (
        list(state.draw_pile)
        + [card for card in state.slots if card is not None]
        + list(state.discard_pile)
        + [card for player in state.seats for card in player.cards if card != "coin"]
    )
    cards = [t for t in board_links.territories(state.world) if state.world.has_card(t)]
    assert Counter(in_play) == Counter(cards), "every territory card is in one place"
    coins_held = sum(player.cards.count("coin") for player in state.seats)
    in_game = COIN_CARDS + state.extra_coin_cards
    assert state.coin_pile + coins_held == in_game, "coin cards are conserved"
    if before is not None:
        assert state.extra_coin_cards >= before.extra_coin_cards, "no coin card leaves the game"

    data = state.to_json()
    assert GameState.from_json(json.loads(json.dumps(data))) == state
    return data


def probe_listed_moves(state: GameState, seed: int) -> None:
    """Legal means generated (STYLE 3): a few moves drawn from what the engine lists are
    accepted; listed moves with one field changed at random are accepted exactly when they
    are listed too; a seat not asked to act is offered nothing."""
    acting = who_acts(state)
    for seat in range(state.seat_count):
        if seat not in acting:
            assert legal_move_options(state, seat) == []
    viewer = seed % state.seat_count
    view = view_for(state, viewer)
    assert not {"rng", "draw_pile", "event_deck", "mission_deck"} & set(view)
    for seat, shown in enumerate(view["seats"]):
        if seat != viewer:
            assert shown["cards"] is None and shown["scar_card"] is None  # STYLE 6
    for seat in acting:
        probe = RandomBot(seed)
        for _ in range(3):
            apply_move(state, seat, probe.choose(state, seat))
        options = legal_move_options(state, seat)
        expected = rules_oracle(state, seat)
        if expected is not None:
            assert listed_kinds(options, expected.keys()) == expected
        for _ in range(6):
            move = mutated(probe.rng.choice(options).move, state, seat, probe.rng)
            listed = any(option.allows(move) for option in options)
            try:
                apply_move(state, seat, move)
            except IllegalMove as refusal:
                assert not listed, f"{move} is listed but refused: {refusal}"
            else:
                assert listed, f"{move} is accepted but not listed"


Listing = dict[str, set[tuple[Any, ...]]]


def listed_kinds(options: list[MoveOption], kinds: Iterable[str]) -> Listing:
    """The listed options of the given move types, as comparable tuples."""
    found: Listing = {kind: set() for kind in kinds}
    for option in options:
        move = option.move
        if move.type not in found:
            continue
        data = {k: v for k, v in move.to_json().items() if k not in ("type", "count")}
        counts = () if option.min_count is None else (option.min_count, option.max_count)
        found[move.type].add((*data.values(), *counts))
    return found


def rules_oracle(state: GameState, seat: int) -> Listing | None:
    """What the rules allow, worked out here independently of the engine's own code, for the
    steps where that is simple: attacks (X-6), expansions (X-2..X-4), placing (T-13),
    joining the war (T-5, S-7), the defender's dice (X-6) and the card taken (E-3, with the
    homeland draw of rules addition F)."""
    armies, world = state.armies, state.world
    if state.seats[seat].faction in world.faction_scars:
        return None  # a weakness changes these steps (test_weaknesses checks each)
    mine = [t for t, (owner, _) in armies.items() if owner == seat]
    faction = content().factions.get(state.seats[seat].faction or "")
    immune = faction is not None and any(p.effect == "fallout_immune" for p in faction.powers)
    fallout = None if immune else world.fallout  # J168s/J169s bind all but the Mutants
    if state.phase == "expand_attack":
        attacks, expands = set(), set()
        for origin in mine:
            troops = armies[origin][1]
            for target in board_links.neighbours(world, origin):
                army = armies.get(target)
                if army is None and target not in state.hqs:
                    cost = world.population(target) + (2 if world.is_fortified(target) else 0)
                    cost += int(target == fallout)  # half of those arriving are lost
                    if cost + 1 <= troops - 1:
                        expands.add((origin, target, cost + 1, troops - 1))
                elif army is not None and army[0] != seat and target not in state.turn.blocked:
                    attacks.update((origin, target, d) for d in range(1, min(3, troops - 1) + 1))
        return {"attack": attacks, "expand": expands}
    if state.phase == "place":
        return {"place_troops": {(t, 1, state.turn.recruits_left) for t in mine if t != fallout}}
    if state.phase == "start_of_turn" and not mine:
        person = state.seats[seat].person
        starts = set()
        for territory in board_links.territories(world):
            if territory in armies or territory in state.hqs:
                continue
            city = world.cities.get(territory)
            own_major = city is not None and city.kind == "major" and city.founder == person
            if own_major or not world.is_marked(territory):
                starts.add((territory,))
        return {"join_war": starts, "recruit": set()}
    if state.phase == "attack_defender_dice":
        most = min(2, state.troops(state.pending["target"]))  # type: ignore[index]
        return {"defend_with": {(d,) for d in range(1, most + 1)}}
    if state.phase == "end_of_turn" and state.turn.cards_blocked:
        return None  # Interference closed a card (J167s; test_missile_powers checks it)
    if state.phase == "end_of_turn" and state.turn.conquered:
        slots = {(i + 1,) for i, c in enumerate(state.slots) if c and state.owner(c) == seat}
        home = homeland_continent(state, seat)
        homes = {
            (i + 1,)
            for i, c in enumerate(state.slots)
            if c and board().territories[c].continent == home
        }
        coin = {("coin",)} if state.coin_pile and not slots else set()
        return {"take_card": slots | homes | coin}
    return None


def homeland_continent(state: GameState, seat: int) -> str | None:
    """D110s, counted here from the rows of the faction card plus this game's start: the one
    continent started in most often, once Pack 3 is open."""
    if "pack_3" not in state.world.packs_opened:
        return None
    player = state.seats[seat]
    rows = [r for r in state.world.faction_records if r.faction == player.faction and r.start]
    starts = [r.start for r in rows if r.game < state.game_number] + [player.start]
    counts = Counter(board().territories[t].continent for t in starts if t).most_common(2)
    if not counts or (len(counts) == 2 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def mutated(move: Move, state: GameState, seat: int, rng: random.Random) -> Move:
    """The move with one field changed at random: often illegal, sometimes still legal."""
    names = [f.name for f in fields(move)]
    if not names:
        return move
    name = rng.choice(names)
    value = getattr(move, name)
    if isinstance(value, tuple):
        hand = [*state.seats[seat].cards, rng.choice(TERRITORIES), "coin"]
        new: Any = tuple(rng.sample(hand, rng.randint(0, min(len(hand), 5))))
    elif isinstance(value, int):
        new = value + rng.choice([-2, -1, 1, 2])
    elif name == "side":
        new = rng.choice(["attack", "defence"])
    elif name == "faction":
        new = rng.choice(sorted(content().base_factions))
    elif name == "pack":
        new = rng.choice(sorted(content().packs))
    elif name == "slot":
        new = rng.choice([1, 2, 3, 4, "coin"])
    else:
        new = rng.choice(TERRITORIES)
    return replace(move, **{name: new})


def check_hqs_stay(state: GameState, before: GameState, move: Move) -> None:
    """G-18: an HQ never moves, except by the Mobile comeback power's one move a turn to a
    neighbouring territory; one placed at setup appears, a demolished one goes."""
    placed = {seat: territory for territory, seat in before.hqs.items()}
    moved = [(placed[s], t) for t, s in state.hqs.items() if s in placed and placed[s] != t]
    if move.type == "move_hq":
        assert moved == [(move.origin, move.target)]  # type: ignore[attr-defined]
        assert board_links.adjacent(state.world, move.origin, move.target)  # type: ignore[attr-defined]
    else:
        assert moved == [], "an HQ stays where it was placed (G-18)"


def play_checked(
    seed: int,
    kinds: list[str],
    veterans: int,
    draft_coins: str | None = None,
    pack_2: str | None = None,
    pack_3: bool = False,
    pack_4: bool = False,
) -> GameState:
    """One bot game with every check. `draft_coins` opens Pack 1 (the setup is then a draft,
    rules additions B-D) and says where its starting coin cards come from. `pack_2` opens
    Pack 2 ("open": comeback powers are picked at knock-outs, rule E) and with "powers" every
    faction already holds one, as later in a campaign. `pack_3` opens Pack 3 (missions, Join
    the Cause, the homeland draw) on a world with cities and rich cards; on odd seeds Explore
    the World is already destroyed, so the other missions come up more often. `pack_4` (with
    `pack_3`) opens Pack 4 after The World Is Ready: the World Capital, private missions, red
    slots already holding some and, on most seeds, a lead faction."""
    world = customized_world(seed, veterans=veterans)
    if draft_coins is not None:
        world = PackOpened("pack_1", world.next_game_number - 1, "drawn").apply(world)
        world = SettingChosen("draft_coin_source", draft_coins).apply(world)
    if pack_2 is not None:
        world = PackOpened("pack_2", world.next_game_number - 1, "drawn").apply(world)
    if pack_2 == "powers":
        powers = [p.key for p in box.comeback_powers_left(world)]
        random.Random(seed).shuffle(powers)
        factions = sorted(content().base_factions)
        world = world.evolve(comeback_powers=dict(zip(factions, powers, strict=False)))
    if pack_3:
        world = with_pack_3(world, seed)
        if seed % 2:
            world = world.evolve(destroyed_box_cards=world.destroyed_box_cards | {"D121s"})
    if pack_4:
        world = with_pack_4(world, seed)
    seats = [SeatSpec(person=person(i), name=f"Bot {i + 1}") for i in range(len(kinds))]
    initial = new_game(world, seats, seed=seed, game_number=world.next_game_number)
    bots = make_bots(kinds, seed)
    state, before = initial, None
    moves = []
    while not state.is_over:
        assert len(moves) < MOVE_CAP, f"no winner after {MOVE_CAP} moves"
        snapshot = check_invariants(state, before)
        if len(moves) % PROBE_EVERY == 0:
            probe_listed_moves(state, seed + len(moves))
        seat = who_acts(state)[0]
        move = bots[seat].choose(state, seat)
        before = state
        state, _ = apply_move(state, seat, move)
        assert before.to_json() == snapshot, "apply_move changed its input state"
        check_hqs_stay(state, before, move)
        moves.append((seat, move))
    check_invariants(state, before)

    winner = state.winner
    assert winner is not None
    others_out = all(state.seats[s].eliminated for s in range(state.seat_count) if s != winner)
    assert state.red_stars(winner) >= STARS_TO_WIN or others_out  # W-1
    result = game_result(state)
    assert result.winner_seat == winner
    for seat, outcome in enumerate(result.seats):
        gone = state.seats[seat].eliminated or not state.controlled(seat)
        expected = "won" if seat == winner else "eliminated" if gone else "held_on"
        assert outcome.outcome == expected  # END-2
    assert who_acts(state) == []

    replayed = replay(initial, moves)
    assert replayed.failed_index is None
    assert replayed.state == state
    return state


Table = tuple[int, list[str], int, str | None, str | None, bool, bool]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A seed, one bot kind per seat (at least one heuristic bot, since all-random games can
    run for tens of thousands of moves), how many seats hold a missile, half of the time Pack 1
    open with where its drafted coin cards come from, half of the time Pack 2 open (with
    or without comeback powers already held), a third of the time Pack 3 open and, half of
    those times, Pack 4 too."""
    players = draw(st.integers(min_value=3, max_value=5))
    kinds = draw(
        st.lists(st.sampled_from(["heuristic", "random"]), min_size=players, max_size=players)
    )
    if "heuristic" not in kinds:
        kinds[draw(st.integers(min_value=0, max_value=players - 1))] = "heuristic"
    veterans = draw(st.integers(min_value=0, max_value=players))
    draft_coins = draw(st.sampled_from([None, None, "coin_pile", "extra"]))
    pack_2 = draw(st.sampled_from([None, None, "open", "powers"]))
    pack_3 = draw(st.sampled_from([False, False, True]))
    pack_4 = pack_3 and draw(st.booleans())
    seed = draw(st.integers(min_value=0, max_value=2**32))
    return seed, kinds, veterans, draft_coins, pack_2, pack_3, pack_4


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_bot_games_keep_every_invariant_and_replay_exactly(table: Table):
    seed, kinds, veterans, draft_coins, pack_2, pack_3, pack_4 = table
    play_checked(seed, kinds, veterans, draft_coins, pack_2, pack_3, pack_4)


def test_heuristic_bots_with_missiles_keep_every_invariant_x10():
    """Every seat holds a missile, so missile windows come up and some missiles are fired."""
    state = play_checked(11, ["heuristic"] * 4, veterans=4)
    assert any(player.missiles == 0 for player in state.seats)


def test_bots_with_packs_1_and_2_and_comeback_powers_keep_every_invariant_x15():
    """Scar windows and end-of-turn scars, comeback powers in use; Mobile moves an HQ (G-18)."""
    kinds = ["heuristic", "random", "heuristic", "random"]
    state = play_checked(1, kinds, veterans=1, draft_coins="coin_pile", pack_2="powers")
    incidents = [e for e in state.world_events if isinstance(e, GameIncident)]
    assert any(e.incident == "hq_moved" for e in incidents)


@pytest.mark.parametrize(("seed", "mission"), [(13, "D120s"), (5, "D119")])
def test_bots_with_packs_1_to_3_claim_missions_and_keep_every_invariant_E8(seed, mission):
    """The mission deck, Join the Cause and the homeland draw in play; The World Is Ready
    (seed 13) places the World Capital and opens Pack 4 mid-game (U-5)."""
    kinds = ["heuristic", "random", "heuristic", "random"]
    state = play_checked(seed, kinds, 1, draft_coins="coin_pile", pack_2="open", pack_3=True)
    claimed = [e.mission for e in state.world_events if isinstance(e, MissionClaimed)]
    assert mission in claimed
    if mission == "D120s":
        assert "pack_4" in state.world.packs_opened


@pytest.mark.parametrize(("seed", "kind"), [(64, PrivateMissionStuck), (77, SlotMissionClaimed)])
def test_bots_with_packs_1_to_4_lead_and_claim_private_missions_and_keep_every_invariant_E124s(
    seed, kind
):
    """The lead faction chooses the first mission (E125s) and begins in the World Capital
    (E126s); a private mission goes into a red slot (seed 64), a red slot's mission is claimed
    (seed 77)."""
    kinds = ["heuristic", "random", "heuristic", "random"]
    state = play_checked(
        seed, kinds, 1, draft_coins="coin_pile", pack_2="open", pack_3=True, pack_4=True
    )
    assert any(isinstance(e, LeadMissionChosen) for e in state.world_events)
    assert any(isinstance(e, kind) for e in state.world_events)


def test_three_missiles_on_one_roll_open_pocket_1_and_play_goes_on_u6():
    state = play_checked(1, ["heuristic", "random", "random", "random", "random"], veterans=5)
    assert "pocket_1" in state.world.packs_opened


LISTING_SCRIPT = """
from rules.game import legal_move_options
from tests.rules.game.helpers import position
state = position(armies={
    "congo": (0, 3), "south_africa": (0, 2), "argentina": (0, 5), "peru": (0, 3),
    "alaska": (0, 4), "alberta": (0, 2), "brazil": (1, 2),
})
print([option.to_json() for option in legal_move_options(state, 0)])
"""


def test_the_engine_lists_moves_in_the_same_order_in_every_process():
    """Replays, bots and the page's list of choices must not depend on PYTHONHASHSEED (the
    iteration order of sets of strings): here three groups of linked territories."""
    listings = set()
    for hash_seed in (1, 2, 5):
        done = subprocess.run(
            [sys.executable, "-c", LISTING_SCRIPT],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        )
        listings.add(done.stdout)
    assert len(listings) == 1
