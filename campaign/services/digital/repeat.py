"""Attacking again in one click (X-6): the last attack of the turn with the same dice, or
"attack until taken, or until N troops are left", each round logged as its own move."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models.digital import DigitalGame, GameMove
from campaign.services.digital.moves import (
    MoveOutcome,
    _advance,
    _move_row,
    locked_for_move,
    play_automatic,
)
from rules.errors import IllegalMove, Violation
from rules.game import GameState, Move, apply_move
from rules.game.attack import attack_dice_max
from rules.game.attack_phases import EXPAND_ATTACK
from rules.game.repeat_attack import RepeatPlan, attack_until, next_attack
from rules.game.state import territory_name

# How far back the log is read for this turn's last attack: a turn has far fewer moves.
LOG_LOOKBACK = 400


@dataclass(frozen=True)
class LastAttack:
    """This turn's last attack by the seat, offered again while it is still legal."""

    plan: RepeatPlan
    most: int  # the most dice the next round may roll
    origin_troops: int

    @property
    def dice(self) -> int:
        """The dice remembered, fewer when fewer troops are left to roll them."""
        return min(self.plan.dice, self.most)

    @property
    def origin_name(self) -> str:
        return territory_name(self.plan.origin)

    @property
    def target_name(self) -> str:
        return territory_name(self.plan.target)


def last_attack(*, game: DigitalGame, state: GameState, seat: int) -> LastAttack | None:
    """The seat's last attack of the turn in progress, if it may be made again now."""
    if state.phase != EXPAND_ATTACK or state.current_seat != seat:
        return None
    rows = GameMove.objects.filter(game=game).order_by("-index")[:LOG_LOOKBACK]
    undone_from: int | None = None  # a take-back (PRI-4) undid the moves from here on
    for row in rows:
        if row.move.get("type") == "take_back":
            first = row.move.get("first", row.index)
            undone_from = first if undone_from is None else min(undone_from, first)
            continue
        if undone_from is not None and row.index >= undone_from:
            continue
        if row.seat == seat and row.move.get("type") == "attack":
            move = row.move
            plan = RepeatPlan(move["origin"], move["target"], move["dice"])
            most = attack_dice_max(state, seat, plan.origin, plan.target)
            if isinstance(most, Violation):
                return None
            return LastAttack(plan, most, state.troops(plan.origin))
        if any(event.get("type") == "turn_started" for event in row.events):
            return None
    return None


def _why_not(state: GameState, seat: int, plan: RepeatPlan) -> str:
    if state.phase != EXPAND_ATTACK or state.current_seat != seat:
        return _("You attack only in your own expand and attack step.")
    most = attack_dice_max(state, seat, plan.origin, plan.target)
    if isinstance(most, Violation):
        return most.message
    return _(
        "%(territory)s holds %(troops)s troops, already at or below the %(keep)s you chose to "
        "keep: lower that number to attack."
    ) % {
        "territory": territory_name(plan.origin),
        "troops": state.troops(plan.origin),
        "keep": plan.stop_at,
    }


def attack_repeat_submit(
    *,
    game: DigitalGame,
    seat: int,
    plan: RepeatPlan,
    version: int,
    user,
    session_key: str = "",
) -> MoveOutcome:
    """Play `plan` for `seat`: one round, or rounds until the target is taken, the origin is
    down to `plan.stop_at`, or another person must decide (defence dice, a missile). Bots and
    seats' standing passes play in between. Nothing changes when the first round is refused."""
    if not 1 <= plan.dice <= 3 or (plan.stop_at is not None and plan.stop_at < 1):
        raise ApplicationError(
            _("Attack with 1 to 3 dice, and keep at least 1 troop in the attacking territory."),
            code="attack_plan",
            rule="X-6",
        )
    with transaction.atomic():
        game = locked_for_move(
            game=game, seat=seat, version=version, user=user, session_key=session_key
        )
        state = game.game_state()
        if next_attack(state, seat, plan) is None:
            raise ApplicationError(_why_not(state, seat, plan), code="attack_again", rule="X-6")
        seats = {s.index: s for s in game.seats.all()}
        applied: list[GameMove] = []

        def apply(current: GameState, who: int, move: Move):
            new, events = apply_move(current, who, move)
            applied.append(_move_row(game, who, move, events, GameMove.Actor.PLAYER, user))
            return new, events

        def settle(current: GameState) -> GameState:
            return play_automatic(game, current, applied=applied, seats=seats)

        try:
            state = attack_until(state, seat, plan, apply, settle)
        except IllegalMove as refusal:  # pragma: no cover - next_attack checked the round
            raise ApplicationError.from_rule_error(refusal) from refusal
        game, state = _advance(game, state, applied=applied)
        return MoveOutcome(game=game, moves=applied, state=state)
