"""The dice generator (DESIGN randomness, STYLE 4): HMAC-SHA256 over a 256-bit seed, unbiased
dice, a JSON state that resumes exactly, and the old SplitMix64 stream for games stored
before it."""

import hashlib
import hmac
import json
from collections import Counter
from pathlib import Path

import pytest

from rules.game import GameState, SeatSpec, move_from_json, new_game, replay, view_for
from rules.game.stored_state import matches_stored
from rules.rng import GOLDEN, Rng, SeedDice, SplitMix64, seed_commitment, seed_hex
from rules.world import World

# SHA-256 of "Risk Legacy dice": any fixed 256-bit value would do.
SEED = "2076b69b16f255d9fd0dabc0fa7b5146cb8099fa877c018eaa2d650ced84ee14"
OLD_GAME = Path(__file__).parent / "game" / "splitmix_game_before_hmac_dice.json"


def _raw_bytes(seed: str, blocks: int) -> bytes:
    """The generator's byte stream, computed here from its definition."""
    key = bytes.fromhex(seed)
    return b"".join(
        hmac.digest(key, b"dice" + i.to_bytes(8, "big"), "sha256") for i in range(blocks)
    )


def _rolled(events: list[dict]) -> list[int]:
    """The dice a move's events show as rolled (an order roll, a riot, a battle's natural dice)."""
    keys = ("dice", "natural_attack", "natural_defence")
    return [d for e in events for k in keys if isinstance(e.get(k), list) for d in e[k]]


def test_the_first_dice_of_a_fixed_256_bit_seed_are_pinned_STYLE4():
    rng = Rng.from_seed(SEED)
    assert rng.dice(20) == [1, 1, 3, 3, 4, 5, 4, 5, 5, 2, 5, 6, 3, 2, 1, 2, 6, 2, 2, 3]
    # One byte of the first 21 (the 18th, 253) was thrown away: 20 dice used 21 bytes.
    assert rng.state == {"seed": SEED, "drawn": 21}


def test_a_die_is_a_byte_below_252_mod_6_and_bytes_252_to_255_are_rejected_DESIGN_randomness():
    """252 = 6 x 42: each face has exactly 42 of the kept byte values, so no face is favoured."""
    raw = _raw_bytes(SEED, 100)
    expected = [byte % 6 + 1 for byte in raw if byte < 252]
    assert len(expected) < len(raw)  # the rejection path was taken, more than once
    assert Rng.from_seed(SEED).dice(len(expected)) == expected
    assert Counter(b % 6 for b in range(252)) == dict.fromkeys(range(6), 42)


@pytest.mark.parametrize("n", [2, 3, 6, 7, 42, 255, 256, 257, 1000, 70_000])
def test_below_stays_in_its_range_and_reaches_every_value_DESIGN_randomness(n):
    rng = Rng.from_seed(SEED)
    draws = [rng.below(n) for _ in range(max(60 * n, 600) if n <= 1000 else 3000)]
    assert min(draws) >= 0 and max(draws) < n
    if n <= 1000:
        assert set(draws) == set(range(n))


def test_sixty_thousand_dice_are_spread_evenly_over_the_faces_DESIGN_randomness():
    counts = Counter(Rng.from_seed(SEED).dice(60_000))
    # 10,000 expected per face, standard deviation about 91: 5% is more than five of them.
    assert all(9_500 < counts[face] < 10_500 for face in range(1, 7))
    chi_square = sum((counts[face] - 10_000) ** 2 / 10_000 for face in range(1, 7))
    assert chi_square < 20.5  # p = 0.001 for 5 degrees of freedom


def test_the_same_seed_gives_the_same_dice_and_another_seed_others_STYLE4():
    assert Rng.from_seed(SEED).dice(50) == Rng.from_seed(SEED).dice(50)
    other = SEED[:-1] + "5"
    assert Rng.from_seed(other).dice(50) != Rng.from_seed(SEED).dice(50)
    items = list(range(40))
    assert Rng.from_seed(SEED).shuffled(items) == Rng.from_seed(SEED).shuffled(items)
    assert sorted(Rng.from_seed(SEED).shuffled(items)) == items


def test_the_state_round_trips_through_json_and_resumes_mid_block_DESIGN_randomness():
    going = Rng.from_seed(SEED)
    going.dice(37)  # 37+ bytes drawn: past the first 32-byte block
    stored = json.loads(json.dumps(going.state))
    resumed = Rng.resume(stored)
    assert isinstance(resumed, SeedDice)
    assert resumed.state == stored
    assert resumed.dice(80) == going.dice(80)
    assert resumed.state == going.state
    assert stored["drawn"] >= 37  # the stored position was not moved by the draws after it


def test_an_int_seed_is_the_256_bit_number_of_that_value():
    assert seed_hex(7) == "0" * 63 + "7"
    assert Rng.from_seed(7).dice(30) == Rng.from_seed(seed_hex(7)).dice(30)
    assert seed_hex(SEED.upper()) == SEED


@pytest.mark.parametrize("bad", [-1, 2**256, True, "", "7", "xyz" * 21 + "x", SEED[:-1], 7.0])
def test_a_bad_seed_is_refused_in_plain_words(bad):
    with pytest.raises(ValueError, match="seed"):
        Rng.from_seed(bad)


@pytest.mark.parametrize(
    "bad", [{}, {"seed": SEED}, {"seed": SEED, "drawn": -1}, {"seed": SEED, "drawn": "3"}]
)
def test_a_malformed_stored_position_is_refused(bad):
    with pytest.raises(ValueError):
        Rng.resume(bad)


def test_the_commitment_is_the_sha256_of_the_seeds_32_bytes_DESIGN_randomness():
    assert seed_commitment(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    # The well-known SHA-256 of 32 zero bytes: anyone can recompute a commitment by hand.
    assert seed_commitment(0) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"


def test_an_old_int_position_resumes_the_splitmix64_stream_unchanged():
    """The sequence the old generator gave for seed 7 (it started at 7 x GOLDEN)."""
    old = Rng.resume(7 * GOLDEN)
    assert isinstance(old, SplitMix64)
    assert old.dice(10) == [3, 6, 3, 2, 5, 4, 4, 6, 2, 4]
    assert isinstance(old.state, int)


def test_a_new_game_keeps_its_whole_generator_in_the_state_and_no_seat_sees_it():
    seats = [SeatSpec(f"p{i}", f"Player {i}") for i in range(3)]
    state = new_game(World(), seats, seed=SEED, game_number=1)
    assert state.rng["seed"] == SEED and state.rng["drawn"] > 0  # the decks were shuffled
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state
    for seat in (None, 0, 1, 2):
        assert SEED not in json.dumps(view_for(state, seat))


def test_a_game_stored_with_the_old_generator_replays_every_die_exactly_DESIGN_randomness():
    """A whole 3-bot game recorded with the SplitMix64 code, in its stored form (int `rng`)."""
    stored = json.loads(OLD_GAME.read_text())
    start = GameState.from_json(stored["initial_state"])
    assert isinstance(start.rng, int)
    state = start
    for row in stored["moves"]:
        result = replay(state, [(row["seat"], move_from_json(row["move"]))])
        assert result.error is None
        assert _rolled([e.to_json() for e in result.events]) == _rolled(row["events"])
        state = result.state
    assert matches_stored(state, stored["state"])
    assert state.is_over and isinstance(state.rng, int)
    assert sum(len(_rolled(row["events"])) for row in stored["moves"]) == 152
