"""A digital game's dice in the open: the commitment shown while it runs, the seed once it is
over, and the check that every die in the log follows from that seed and the moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from django.utils.translation import gettext as _

from campaign.errors import ConflictError
from campaign.models.digital import DigitalGame, GameMove
from rules.errors import IllegalMove
from rules.game import GameState, SeatSpec, new_game
from rules.game.history import ReplayRefused, Step, entry_from_json, steps
from rules.game.stored_state import matches_stored
from rules.rng import seed_commitment

# Where the engine's events carry the dice as rolled, before any modifier (STYLE 4): a roll
# for order or a riot's die under "dice" (a list), a battle under "natural_*". An attack
# declaration's "dice" is a count of dice, not a roll, hence lists only.
ROLLED_DICE_KEYS = ("dice", "natural_attack", "natural_defence")


class DiceShown(TypedDict):
    """What a page or the API tells about a game's dice: always the commitment (blank for
    games started before commitments), the seed only once the game is over."""

    commitment: str
    seed: str | None
    seed_chosen: bool


def digital_game_dice(*, game: DigitalGame) -> DiceShown:
    return {
        "commitment": game.seed_commitment,
        "seed": game.seed if game.seed_revealed else None,
        "seed_chosen": game.seed_chosen,
    }


@dataclass(frozen=True)
class DiceCheck:
    """The outcome of checking a finished game's dice. `problems` is empty when the seed
    matches its commitment, the start follows from the seed, and replaying the stored moves
    gives every stored die and the stored final state."""

    seed: str
    commitment: str
    seed_hash: str | None
    seed_chosen: bool
    before_commitments: bool
    moves: int
    moves_checked: int
    dice_checked: int
    problems: tuple[str, ...]
    failed_move: int | None = None
    """The log's number of the move that did not replay as stored, if one did not."""

    @property
    def ok(self) -> bool:
        return not self.problems


def rolled_dice(events: list[dict[str, Any]]) -> list[int]:
    """Every die a move's events show as rolled, in order."""
    return [
        die
        for event in events
        for key in ROLLED_DICE_KEYS
        if isinstance(event.get(key), list)
        for die in event[key]
    ]


def digital_game_dice_check(*, game: DigitalGame) -> DiceCheck:
    """Check the game's dice from its revealed seed; refused while the game runs, because the
    check needs the seed. Reuses the engine's `replay`, one stored move at a time, so a
    mismatch is named by its move."""
    if not game.seed_revealed:
        raise ConflictError(
            _(
                "Game %(number)s is still in play: its dice seed stays secret until it ends, so "
                "its dice can be checked then."
            )
            % {"number": game.game_number},
            code="game_in_play",
            rule="DESIGN",
        )
    problems: list[str] = []
    stored_start = game.initial_game_state()
    # Games stored before commitments roll from an int position (the old generator); their
    # start was never committed to, so it is taken as stored.
    before_commitments = isinstance(stored_start.rng, int)
    try:
        seed_hash: str | None = seed_commitment(game.seed)
    except ValueError:
        seed_hash = None
        problems.append(_("The stored seed is not 64 hex digits."))
    if not before_commitments and seed_hash is not None:
        if seed_hash != game.seed_commitment:
            problems.append(
                _("The revealed seed does not match the commitment shown when the game started.")
            )
        elif _start_from_seed(game.seed, stored_start) != stored_start.to_json():
            problems.append(
                _(
                    "The stored start of the game (deck order, scar cards, dice position) does "
                    "not follow from the seed."
                )
            )
    moves = list(GameMove.objects.filter(game=game).order_by("index"))
    moves_checked, dice_checked = 0, 0
    failed_move = None
    state = stored_start
    turn: list[Step] = []  # the turn's steps in effect, for a take-back in the log (PRI-4)
    if not problems:
        for row in moves:
            mismatch, state = _replay_one(state, row, turn)
            if mismatch:
                problems.append(mismatch)
                failed_move = row.index
                break
            moves_checked += 1
            dice_checked += len(rolled_dice(row.events))
        else:
            if not matches_stored(state, game.whole_state()):
                problems.append(_("Replaying every move does not give the stored final state."))
    return DiceCheck(
        seed=game.seed,
        commitment=game.seed_commitment,
        seed_hash=seed_hash,
        seed_chosen=game.seed_chosen,
        before_commitments=before_commitments,
        moves=len(moves),
        moves_checked=moves_checked,
        dice_checked=dice_checked,
        problems=tuple(problems),
        failed_move=failed_move,
    )


def _start_from_seed(seed: str, stored: GameState) -> dict[str, Any] | None:
    """`new_game` again from the seed, on the stored start's world, seats, rule set and
    options (a two-player classic game's neutral army is not a seat that was given)."""
    neutral = stored.table.get("neutral")
    seats = [
        SeatSpec(person=s.person, name=s.name)
        for index, s in enumerate(stored.seats)
        if index != neutral
    ]
    try:
        return new_game(
            stored.world,
            seats,
            seed=seed,
            game_number=stored.game_number,
            rule_set=stored.rule_set,
            options=stored.options,
        ).to_json()
    except IllegalMove:
        return None


def _replay_one(state: GameState, row: GameMove, turn: list[Step]) -> tuple[str, GameState]:
    """Replay one stored entry (a move or a take-back): a plain-words mismatch (empty if
    none) and the state after."""
    try:
        entry = entry_from_json(row.move)
    except IllegalMove as malformed:
        words = {"index": row.index, "why": malformed.message}
        return _("Move %(index)s is not a move: %(why)s") % words, state
    try:
        (step,) = steps(state, [(row.seat, entry)], first_index=row.index, turn=turn)
    except ReplayRefused as refused:
        words = {"index": row.index, "why": refused.error.message}
        return _("Move %(index)s is refused on replay: %(why)s") % words, state
    rolled = rolled_dice([event.to_json() for event in step.events])
    logged = rolled_dice(row.events)
    if rolled != logged:
        return (
            _("Move %(index)s: the log shows the dice %(logged)s, the seed gives %(rolled)s.")
            % {"index": row.index, "logged": logged, "rolled": rolled},
            step.after,
        )
    return "", step.after
