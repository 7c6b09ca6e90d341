"""Digital play: start a game on the campaign's world, submit moves (bots and timed-out
decisions follow inside the same transaction), and finish it into the world."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign.enqueue import enqueue
from campaign.errors import ApplicationError, ConflictError, ForbiddenError, NotFoundError
from campaign.live import game_version_announce
from campaign.models import Campaign, EventSource, Person
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.permissions import Action, campaign_allows
from campaign.selectors.digital import seat_holds
from campaign.selectors.world import world_current
from campaign.services.campaigns import person_create
from campaign.services.digital_clock import (
    SCHEDULED_CHECK_MAX,
    TURN_HOURS_MAX,
    TURN_HOURS_MIN,
    VACATION_DAYS_MAX,
    automatic_actor,
    clock_update,
    decision_wait,
)
from campaign.services.digital_comeback import (
    ComebackSeat,
    comeback_pick_missing,
    comeback_picks_at_end,
)
from campaign.services.digital_deadlines import default_decision, has_deadline
from campaign.services.digital_packs import PACK_INCIDENTS, digital_pack_fields
from campaign.services.digital_preferences import preference_move
from campaign.services.game_log import game_plan_append
from campaign.services.game_log_entry import (
    GameLogEntry,
    IncidentEntry,
    PlayerEntry,
    ScarEntry,
    WearEntry,
)
from campaign.services.game_log_plan import game_log_plan
from campaign.services.game_log_refusals import GameLogRefused, Refusal
from notices.services import game_notices_end, game_notices_sync
from rules.bot_levels import bot_for
from rules.data import content
from rules.errors import IllegalMove
from rules.game import (
    GameResult,
    GameState,
    SeatSpec,
    apply_move,
    game_result,
    move_from_json,
    new_game,
    seats_to_act,
)
from rules.game.engine import recruit_without_choice
from rules.rewards import (
    RewardChoice,
    RewardOption,
    held_on_order,
    held_on_reward_options,
    reward_event,
    rewards_given,
    winner_reward_options,
    world_naming_due,
    world_naming_rolloff,
)
from rules.rng import SEED_BYTES, derived_number, seed_commitment, seed_hex
from rules.world_events import (
    INCIDENTS,
    FortificationWorn,
    GameIncident,
    PackOpened,
    ScarPlaced,
)

# A safety stop for bots-only stretches; a whole 5-bot game stays far below it.
MAX_AUTOMATIC_MOVES = 20_000


class StaleGameError(ConflictError):
    """The client moved on a version the game has left; it gets the fresh game back."""

    def __init__(self, game: DigitalGame) -> None:
        super().__init__(
            _(
                "The game moved on since your page was drawn; here is the board as it is now. "
                "Check it and choose again."
            ),
            code="stale_version",
            rule="DESIGN",
        )
        self.game = game


@dataclass(frozen=True)
class SeatRequest:
    """One seat asked for at the start: who sits there and who plays it. A bot seat may
    leave `person` out: it then gets the campaign's bot person "Bot <seat>"."""

    person: Person | None
    kind: str  # GameSeat.Kind
    level: str = GameSeat.BotLevel.NORMAL  # a bot seat's level


@dataclass
class MoveOutcome:
    """What one submission did: the game after it and every move applied, in order (the
    submitted move first, then bots' and defaults')."""

    game: DigitalGame
    moves: list[GameMove] = field(default_factory=list)
    state: GameState | None = None  # the game's state after them, as stored

    @property
    def events(self) -> list[dict[str, Any]]:
        return [event for move in self.moves for event in move.events]


@dataclass(frozen=True)
class GameClock:
    """How long people may take, chosen at the start: no clock, per decision (the short
    windows time out), or per turn (`turn_hours` for each wait, plus `vacation_days` a week)."""

    kind: str = DigitalGame.Clock.DECISION
    turn_hours: int = 24
    vacation_days: int = 2

    def check(self) -> None:
        if self.kind not in DigitalGame.Clock.values:
            raise ApplicationError(
                _("Unknown clock %(clock)s: choose none, decision or turn.")
                % {"clock": repr(self.kind)},
                code="bad_clock",
            )
        if not TURN_HOURS_MIN <= self.turn_hours <= TURN_HOURS_MAX:
            raise ApplicationError(
                _("A turn lasts %(low)s to %(high)s hours (you chose %(chosen)s).")
                % {"low": TURN_HOURS_MIN, "high": TURN_HOURS_MAX, "chosen": self.turn_hours},
                code="bad_turn_hours",
            )
        if not 0 <= self.vacation_days <= VACATION_DAYS_MAX:
            raise ApplicationError(
                _("Vacation is 0 to %(high)s days a week (you chose %(chosen)s).")
                % {"high": VACATION_DAYS_MAX, "chosen": self.vacation_days},
                code="bad_vacation_days",
            )


# --- start ----------------------------------------------------------------------------------


def digital_game_start(
    *,
    campaign: Campaign,
    user,
    seats: Sequence[SeatRequest],
    seed: int | None = None,
    session_key: str = "",
    clock: GameClock | None = None,
) -> DigitalGame:
    """Seat the players on the campaign's current world and run setup up to the first
    decision a person must take (bots choose at once). Hot-seat seats are held by the browser
    session `session_key` that starts the game.

    The dice seed is 256 bits from the operating system, secret until the game ends; its
    commitment is stored now. A chosen `seed` (reproducible test games) is marked as such.
    `clock` sets how long people may take (none, per decision, per turn); per decision when
    left out."""
    if not campaign_allows(campaign=campaign, user=user, action=Action.PLAY):
        raise ForbiddenError(
            _("Only the campaign's owner and players start games."), code="forbidden"
        )
    clock = clock or GameClock()
    clock.check()
    dice_seed = secrets.token_hex(SEED_BYTES) if seed is None else seed_hex(seed)
    with transaction.atomic():
        # Lock the campaign row first: two starts at once would both create the same bot
        # persons and read the same world and game number; the second now waits, then finds
        # the bots and the unfinished game (the unique constraint is the backstop).
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        seats = _with_bot_persons(campaign, seats)
        _check_seats(campaign=campaign, seats=seats, session_key=session_key)
        if DigitalGame.objects.filter(campaign=campaign, status__in=_UNFINISHED).exists():
            raise ConflictError(_(UNFINISHED_WORDS), code="game_unfinished")
        world = world_current(campaign=campaign)
        specs = [SeatSpec(person=s.person.key, name=s.person.display_name) for s in seats]
        state = new_game(world, specs, seed=dice_seed, game_number=world.next_game_number)
        game = DigitalGame(
            campaign=campaign,
            game_number=world.next_game_number,
            seed=dice_seed,
            seed_commitment=seed_commitment(dice_seed),
            seed_chosen=seed is not None,
            created_by=user,
            clock=clock.kind,
            turn_hours=clock.turn_hours,
            vacation_days=clock.vacation_days,
        )
        game.keep_state(state, initial=True)
        try:
            game.save(force_insert=True)
        except IntegrityError as exc:  # pragma: no cover - a concurrent start won the race
            raise ConflictError(
                _("Another game was just started."), code="game_unfinished"
            ) from exc
        GameSeat.objects.bulk_create(
            [
                GameSeat(
                    game=game,
                    index=index,
                    person=request.person,
                    kind=request.kind,
                    bot_level=request.level,
                    user=request.person.user if request.kind == GameSeat.Kind.HUMAN else None,
                    hotseat_session_key=(
                        session_key if request.kind == GameSeat.Kind.HOTSEAT else ""
                    ),
                )
                for index, request in enumerate(seats)
            ]
        )
        _advance(game, state, applied=[])
    return game


def _with_bot_persons(campaign: Campaign, seats: Sequence[SeatRequest]) -> list[SeatRequest]:
    taken = {s.person.pk for s in seats if s.person is not None}
    filled = []
    for index, seat in enumerate(seats):
        person = seat.person
        if person is None and seat.kind == GameSeat.Kind.BOT:
            number = index + 1
            while True:
                name = f"Bot {number}"
                person = Person.objects.filter(
                    campaign=campaign, display_name=name, user=None
                ).first() or person_create(campaign=campaign, display_name=name)
                if person.pk not in taken:
                    break
                number += 1
            taken.add(person.pk)
        if person is None:
            raise ApplicationError(_("Choose who sits in each seat."), code="seat_needs_person")
        filled.append(SeatRequest(person=person, kind=seat.kind, level=seat.level))
    return filled


def _check_seats(*, campaign: Campaign, seats: Sequence[SeatRequest], session_key: str) -> None:
    limits = content().constants
    if not limits["players_min"] <= len(seats) <= limits["players_max"]:
        raise ApplicationError(
            _("A game has %(low)s to %(high)s players (you chose %(chosen)s).")
            % {"low": limits["players_min"], "high": limits["players_max"], "chosen": len(seats)},
            code="player_count",
            rule="C-1",
        )
    persons = [s.person for s in seats]
    if len({p.pk for p in persons}) != len(persons):
        raise ApplicationError(_("Each person takes one seat."), code="person_twice", rule="S-6")
    for seat in seats:
        if seat.person.campaign_id != campaign.pk:
            raise ApplicationError(
                f"{seat.person} does not play in {campaign.name}.", code="not_in_campaign"
            )
        if seat.kind not in GameSeat.Kind.values:
            raise ApplicationError(
                _("Unknown kind of seat %(kind)s.") % {"kind": repr(seat.kind)},
                code="bad_seat_kind",
            )
        if seat.kind == GameSeat.Kind.HUMAN and not (
            seat.person.user_id
            and campaign_allows(campaign=campaign, user=seat.person.user, action=Action.PLAY)
        ):
            raise ApplicationError(
                f"{seat.person} has no account that may play here; seat them hot-seat on this "
                "browser or give the seat to a bot.",
                code="seat_needs_player",
            )
        if seat.kind == GameSeat.Kind.HOTSEAT and not session_key:
            raise ApplicationError(
                _("Hot-seat seats need a browser session (sign in through the site)."),
                code="no_session",
            )


# --- moves ----------------------------------------------------------------------------------


def move_submit(
    *,
    game: DigitalGame | int,
    seat: int,
    move: dict[str, Any],
    version: int,
    user,
    session_key: str = "",
    may_see: Callable[[DigitalGame], None] | None = None,
) -> MoveOutcome:
    """Apply `move` for `seat` if the game (a row or its id) is still at `version` and the
    request holds the seat; then let bots play until a person must act. `may_see` checks
    the locked row before anything else (the API's 404 for games the reader may not see),
    so the move path reads the game once.

    Refusals change nothing: a seat held by someone else is 403, a stale version 409 (the
    error carries the fresh game), a malformed or illegal move 400 with the rule it breaks.
    """
    with transaction.atomic():
        # Lock the game row: two submissions on the same version (two tabs, a double click,
        # a bot task) would otherwise both pass the version check and both apply.
        game = locked_for_move(
            game=game,
            seat=seat,
            version=version,
            user=user,
            session_key=session_key,
            may_see=may_see,
        )
        try:
            parsed = move_from_json(move)
            state, events = apply_move(game.game_state(), seat, parsed)
        except IllegalMove as refusal:
            raise ApplicationError.from_rule_error(refusal) from refusal
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ApplicationError(
                _("That move is malformed."), code="malformed_move", rule="DESIGN"
            ) from exc
        applied = [_move_row(game, seat, parsed, events, GameMove.Actor.PLAYER, user)]
        game, state = _advance(game, state, applied=applied)
        return MoveOutcome(game=game, moves=applied, state=state)


def locked_for_move(
    *,
    game: DigitalGame | int,
    seat: int,
    version: int,
    user,
    session_key: str,
    may_see: Callable[[DigitalGame], None] | None = None,
) -> DigitalGame:
    """The game row locked for a move of `seat` (read once, with its campaign and seats),
    once `may_see` lets the request see it, the request holds the seat, the version is the
    one the client saw and the game is in play. Call inside a transaction."""
    rows = (
        DigitalGame.objects.select_for_update(of=("self",))
        .select_related("campaign")
        .prefetch_related("seats")
        .order_by()
    )
    try:
        game = rows.get(pk=game if isinstance(game, int) else game.pk)
    except DigitalGame.DoesNotExist:
        raise NotFoundError(_("No such game."), code="not_found") from None
    if may_see is not None:
        may_see(game)
    seat_row = next((s for s in game.seats.all() if s.index == seat), None)
    if seat_row is None:
        raise ApplicationError(
            _("This game has no seat %(seat)s.") % {"seat": seat}, code="no_such_seat"
        )
    if not seat_holds(seat=seat_row, user=user, session_key=session_key):
        raise ForbiddenError(
            _("Seat %(number)s (%(person)s) is not yours to play.")
            % {"number": seat + 1, "person": seat_row.name},
            code="not_your_seat",
        )
    if version != game.version:
        raise StaleGameError(game)
    if game.status != DigitalGame.Status.PLAYING:
        raise ConflictError(_("This game is over; no more moves."), code="game_over", rule="END-1")
    return game


def digital_game_decide_overdue(*, game_id: int, version: int | None = None) -> bool:
    """Take the default for a decision whose deadline has passed (the defender rolls the most
    dice, a missile holder passes). Called by whoever polls next and by a delayed task; the
    row lock and the version check make a second call harmless. Returns whether it moved."""
    with transaction.atomic():
        # Lock the game row: the poller and the task may both find the deadline passed.
        game = DigitalGame.objects.select_for_update().filter(pk=game_id).first()
        if (
            game is None
            or game.status != DigitalGame.Status.PLAYING
            or game.decision_deadline is None
            or game.decision_deadline > timezone.now()
            or (version is not None and version != game.version)
        ):
            return False
        state = game.game_state()
        applied: list[GameMove] = []
        for seat in seats_to_act(state):
            default = default_decision(state, seat)
            if default is None:
                continue
            state, events = apply_move(state, seat, default)
            applied.append(_move_row(game, seat, default, events, GameMove.Actor.TIMEOUT, None))
            break
        if not applied:
            return False
        _advance(game, state, applied=applied)
        return True


def _move_row(game, seat, move, events, actor, user) -> GameMove:
    return GameMove(
        game=game,
        seat=seat,
        actor=actor,
        move=move.to_json(),
        events=[event.to_json() for event in events],
        user=user if user is not None and getattr(user, "is_authenticated", False) else None,
    )


def play_automatic(
    game: DigitalGame, state: GameState, *, applied: list[GameMove], seats: dict[int, GameSeat]
) -> GameState:
    """Apply the moves nobody needs to be asked for: bots' moves (of bot seats, of seats whose
    turn clock ran out, of seats a bot stands in for), the missile passes of seats that
    asked to be left out of other players' fights, and a recruit with nothing to choose (its
    troops are counted as the turn starts). Appends them to `applied`."""
    while not state.is_over and len(applied) < MAX_AUTOMATIC_MOVES:
        to_act = seats_to_act(state)
        bots = [(s, actor) for s in to_act if (actor := automatic_actor(game, state, seats[s]))]
        if bots:
            seat, actor = bots[0]
            # Keyed by the seed through HMAC, so a bot's choices tell nothing about the dice.
            bot = bot_for(
                seats[seat].bot_level,
                derived_number(game.seed, f"bot {seat} at {game.version + len(applied)}"),
            )
            move = bot.choose(state, seat)
        else:
            chosen = next(
                ((s, m) for s in to_act if (m := preference_move(state, seats[s])) is not None),
                None,
            )
            actor = GameMove.Actor.PREFERENCE
            if chosen is None:
                chosen = next(
                    ((s, m) for s in to_act if (m := recruit_without_choice(state, s)) is not None),
                    None,
                )
                actor = GameMove.Actor.NO_CHOICE
            if chosen is None:
                break
            seat, move = chosen
        state, events = apply_move(state, seat, move)
        applied.append(_move_row(game, seat, move, events, actor, None))
    return state


def _advance(
    game: DigitalGame, state: GameState, *, applied: list[GameMove]
) -> tuple[DigitalGame, GameState]:
    """Let bots play while only bots may act, then store the moves, the snapshot, the new
    version and the deadline of any pending interrupt. Call inside the game's transaction.
    Returns the game and its state as stored."""
    seats = {s.index: s for s in game.seats.all()}
    state = play_automatic(game, state, applied=applied, seats=seats)
    for offset, row in enumerate(applied):
        row.index = game.version + offset
    GameMove.objects.bulk_create(applied)
    game.version += len(applied)
    game.keep_state(state)
    game.decision_deadline = None
    clock_update(game, state, applied, seats)
    if state.is_over and game.is_standalone:
        # No world to write into: a standalone game ends with its last move.
        game.status = DigitalGame.Status.FINISHED
        game.finished_at = timezone.now()
    elif state.is_over:
        game.status = DigitalGame.Status.REWARDS
    elif (
        game.clock != DigitalGame.Clock.NONE
        and has_deadline(state)
        and not all(seats[s].played_by_bot for s in seats_to_act(state))
    ):
        wait = decision_wait(game, state)
        game.decision_deadline = timezone.now() + wait
        if wait <= SCHEDULED_CHECK_MAX:
            _schedule_overdue_check(game, wait)
    game.save(update_fields=_MOVED_FIELDS)
    game_notices_sync(game=game, state=state, seats=seats)
    game_version_announce(game_id=game.pk, version=game.version)
    return game, state


# What a move may change in the game's row: the rest (seed, seats, options...) is written once.
_MOVED_FIELDS = [
    "version",
    "state",
    "world",
    "status",
    "finished_at",
    "decision_deadline",
    "turn_deadline",
    "clock_key",
    "clock_ran_out",
    "updated_at",
]


def _schedule_overdue_check(game: DigitalGame, wait: timedelta) -> None:
    """After commit, a task takes the default when the deadline passes and nobody polled."""
    from campaign.tasks import digital_game_overdue  # the tasks module imports this one

    game_id, version = game.pk, game.version
    seconds = wait.total_seconds() + 0.5
    # Redis down: the move stands and the page's poll takes the default instead.
    transaction.on_commit(
        lambda: enqueue(digital_game_overdue, game_id, version, countdown=seconds)
    )


# --- the end of the game -------------------------------------------------------------------


@dataclass(frozen=True)
class RewardsChosen:
    """The end-of-game choices: the winner's reward, each held-on seat's reward (by seat
    index; None takes nothing), the winner's motto, after game 15 the world's name, and the
    comeback power each seat owed one picks (by seat index, X-15)."""

    winner_reward: RewardChoice | None = None
    held_on: dict[int, RewardChoice | None] = field(default_factory=dict)
    slogan: str = ""
    world_name: str = ""
    comeback: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RewardSeat:
    """A seat that chooses a reward, with what the rules offer it now."""

    seat: GameSeat
    outcome: str
    held: tuple[str, ...]
    options: list[RewardOption]


@dataclass(frozen=True)
class RewardContext:
    """What the reward form needs: the result, who chooses (winner first, then held-on seats
    clockwise from the winner, END-6), who names the world if it is due (END-8, roll-off dice
    from the game's seed), the people who pick a comeback power now (X-15) and what the bots
    choose."""

    result: GameResult
    rewarded: bool
    winner: RewardSeat
    held_on: list[RewardSeat]
    namer: str | None
    naming_rounds: tuple[dict[str, int], ...]
    bot_choices: RewardsChosen
    signature_line: int | None = None  # the victors' line the winner signs (END-4), if any
    comeback: list[ComebackSeat] = field(default_factory=list)


def digital_game_reward_context(*, game: DigitalGame) -> RewardContext:
    state = game.game_state()
    result = game_result(state)
    seats = {s.index: s for s in game.seats.select_related("person")}
    blank = _entry(game, state, result, RewardsChosen(), ())
    # The world after this game is recorded and signed, before any reward: what is offered.
    world = game_log_plan(
        world=world_current(campaign=game.campaign),
        entry=blank,
        persons=_persons(game.campaign),
    ).world
    number = state.game_number
    rewarded = rewards_given(number)

    def pick(options: list[RewardOption], seat: int) -> RewardChoice | None:
        if not options:
            return None
        option = options[0]
        name = _bot_place_name(number, seat) if option.needs_name else ""
        delta = option.deltas[0] if option.deltas else 0
        return RewardChoice(code=option.code, target=option.targets[0], name=name, delta=delta)

    winner_seat = result.winner_seat
    winner_options = winner_reward_options(world) if rewarded else []
    winner = RewardSeat(
        seats[winner_seat], "won", result.seats[winner_seat].controlled, winner_options
    )
    bots_winner = pick(winner_options, winner_seat) if seats[winner_seat].is_bot else None
    # Bots choose in table order against the world their earlier choices leave (END-6).
    planned = world
    if bots_winner is not None:
        planned = reward_event(
            bots_winner, person=seats[winner_seat].person.key, game=number
        ).apply(planned)
    order = held_on_order(
        [str(i) for i in range(len(result.seats))],
        {str(i): r.outcome for i, r in enumerate(result.seats)},
    )
    held_on: list[RewardSeat] = []
    bots_held: dict[int, RewardChoice | None] = {}
    for key in order:
        index = int(key)
        held = result.seats[index].controlled
        options = held_on_reward_options(world, held=held) if rewarded else []
        held_on.append(RewardSeat(seats[index], "held_on", held, options))
        if seats[index].is_bot and rewarded:
            choice = pick(held_on_reward_options(planned, held=held), index)
            bots_held[index] = choice
            if choice is not None:
                event = reward_event(choice, person=seats[index].person.key, game=number)
                planned = event.apply(planned)
    namer, rounds = None, ()
    if world_naming_due(world):
        # Rolled once the seed is shown; its number in hex is the old games' number (same dice).
        rolloff = world_naming_rolloff(world, rng=random.Random(int(game.seed, 16)))
        namer = rolloff.winner
        rounds = tuple({p: die for p, (die, _, _) in r.items()} for r in rolloff.rounds)
    bot_name = ""
    namer_seat = next((s for s in seats.values() if s.person.key == namer), None)
    if namer is not None and (namer_seat is None or namer_seat.is_bot):
        # Nobody at this table types it: the namer is a bot or sits out this game.
        bot_name = f"Pax {_persons(game.campaign).get(namer, namer)}"
    comeback = comeback_picks_at_end(
        seats=seats, state=state, result=result, world=world, seed=game.seed
    )
    return RewardContext(
        result=result,
        rewarded=rewarded,
        winner=winner,
        held_on=held_on,
        namer=namer,
        naming_rounds=rounds,
        bot_choices=RewardsChosen(
            winner_reward=bots_winner,
            held_on=bots_held,
            world_name=bot_name,
            comeback=comeback.bots,
        ),
        signature_line=len(world.signatures) if rewarded else None,
        comeback=comeback.people,
    )


def digital_game_finish(
    *, game: DigitalGame, user, session_key: str = "", rewards: RewardsChosen
) -> DigitalGame:
    """Write a finished game into the world exactly as a logged game is written: the same
    planner (`game_log_plan`) turns the result, what happened mid-game and the rewards into
    world events, appended in one transaction; the unlock task follows on commit.

    Bots' choices come from `digital_game_reward_context` (a deterministic policy); the form
    gives the people's."""
    with transaction.atomic():
        # Lock the game row: two people submitting the reward form at once must not record
        # the game twice.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        if not _may_finish(game=game, user=user, session_key=session_key):
            raise ForbiddenError(
                _("Only the game's players (or the campaign's owner) choose its rewards."),
                code="forbidden",
            )
        if game.status != DigitalGame.Status.REWARDS:
            raise ConflictError(
                _("This game's rewards are already recorded.")
                if game.status == DigitalGame.Status.FINISHED
                else _("The game is not over yet."),
                code="not_awaiting_rewards",
                rule="END-1",
            )
        campaign = Campaign.objects.select_for_update().get(pk=game.campaign_id)
        context = digital_game_reward_context(game=game)
        seats = {s.index: s for s in game.seats.all()}
        bots = context.bot_choices
        winner_reward = rewards.winner_reward
        if seats[context.result.winner_seat].is_bot:
            winner_reward = bots.winner_reward
        held_on = {
            i: (bots.held_on.get(i) if seats[i].is_bot else rewards.held_on.get(i))
            for i in (r.seat.index for r in context.held_on)
        }
        world_name = rewards.world_name.strip() or bots.world_name
        # A person owed a comeback power picks it: never a default taken for them.
        missing = [s for s in context.comeback if not rewards.comeback.get(s.seat.index)]
        if missing:
            raise GameLogRefused(
                [
                    Refusal(f"comeback.{s.seat.index}", comeback_pick_missing(s), hard=True)
                    for s in missing
                ]
            )
        picks = {s.seat.index: rewards.comeback[s.seat.index] for s in context.comeback}
        chosen = RewardsChosen(
            winner_reward=winner_reward,
            held_on=held_on,
            slogan=rewards.slogan,
            world_name=world_name,
            comeback={**bots.comeback, **picks},
        )
        state = game.game_state()
        entry = _entry(game, state, context.result, chosen, context.naming_rounds, context.namer)
        plan = game_log_plan(
            world=world_current(campaign=campaign), entry=entry, persons=_persons(campaign)
        )
        if plan.refusals:
            raise GameLogRefused(plan.refusals)
        game_plan_append(campaign=campaign, plan=plan, user=user, source=EventSource.DIGITAL)
        # A game logged by hand while this one was played took its number: this one is
        # recorded as the next game of the world (S-1), and keeps that number.
        game.game_number = plan.game
        game.status = DigitalGame.Status.FINISHED
        game.finished_at = timezone.now()
        game.version += 1
        game.save(update_fields=["game_number", "status", "finished_at", "version", "updated_at"])
        game_version_announce(game_id=game.pk, version=game.version)
    return game


def _persons(campaign: Campaign) -> dict[str, str]:
    return dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))


def _entry(
    game: DigitalGame,
    state: GameState,
    result: GameResult,
    rewards: RewardsChosen,
    naming_rounds: tuple[dict[str, int], ...],
    namer: str | None = None,
) -> GameLogEntry:
    """The game as a log entry: players clockwise with their outcome, who eliminated them, the
    territories they held when play stopped and their drafted cards, plus the scars, wear,
    incidents, event cards, HQ moves, comeback powers and missions claimed the engine reported,
    and the comeback powers picked as the game ends (`rewards.comeback`)."""
    faction_of = {r.person: r.faction for r in result.seats}
    packs = digital_pack_fields(result.world_events, {p: f or "" for p, f in faction_of.items()})
    scars, wear, incidents = [], [], []
    for event in result.world_events:
        if isinstance(event, ScarPlaced):
            scars.append(
                ScarEntry(
                    scar=event.scar,
                    on=event.on,
                    target=event.target,
                    by_faction=faction_of.get(event.person or "", "") or "",
                )
            )
        elif isinstance(event, FortificationWorn):
            wear.append(WearEntry(territory=event.territory, boxes=event.boxes))
        elif event in packs.claimed_with:
            continue  # the entry's missions give it back
        elif isinstance(event, GameIncident) and (
            event.incident not in PACK_INCIDENTS or event in packs.demolished_alone
        ):
            incidents.append(
                IncidentEntry(
                    incident=event.incident,
                    by_faction=faction_of.get(event.person or "", "") or "",
                    count=event.count,
                    detail=event.detail,
                )
            )
        elif isinstance(event, PackOpened):
            incidents.extend(_pack_incident(event, incidents))
    today = timezone.localdate()
    rewarded = rewards_given(state.game_number)
    players = tuple(
        PlayerEntry(
            faction=r.faction or "",
            person=r.person,
            start=r.start or "",
            troops_at_end=r.outcome != "eliminated",
            held=r.controlled,
            reward=rewards.held_on.get(i) if rewarded and r.outcome == "held_on" else None,
            draft=r.draft_cards,
            eliminated_by=r.eliminated_by or "",
            comeback_power=packs.comeback_powers.get(r.faction or "", "")
            or rewards.comeback.get(i, ""),
        )
        for i, r in enumerate(result.seats)
    )
    return GameLogEntry(
        played_on=today,
        players=players,
        winner=result.seats[result.winner_seat].faction or "",
        scars=tuple(scars),
        wear=tuple(wear),
        incidents=tuple(incidents),
        events=tuple(packs.events),
        hq_moves=tuple(packs.hq_moves),
        missions=tuple(packs.missions),
        lead_mission=packs.lead_mission,
        nukes=tuple(packs.nukes),
        islands=tuple(packs.islands),
        missile_powers=tuple(packs.missile_powers),
        signed_on=today,
        slogan=rewards.slogan.strip() if rewarded else "",
        winner_reward=rewards.winner_reward if rewarded else None,
        world_name=rewards.world_name.strip() if namer else "",
        world_namer=namer or "",
        naming_rounds=naming_rounds,
    )


def _pack_incident(event: PackOpened, incidents: list[IncidentEntry]) -> list[IncidentEntry]:
    """A pack the engine opened mid-game becomes the incident its condition reads (U-5..U-7),
    so the unlock task opens it exactly as it would for a logged game."""
    condition = content().packs[event.pack].condition
    kind = condition["kind"]
    if kind not in INCIDENTS or any(i.incident == kind for i in incidents):
        return []  # an elimination is read from the outcomes; a reported incident suffices
    return [
        IncidentEntry(
            incident=kind,
            count=condition.get("count", 0),
            detail=condition.get("mark", ""),
        )
    ]


_NAME_STARTS = ("Iron", "Ash", "Stone", "Red", "Grey", "High", "Wolf", "Salt", "Black", "Elder")
_NAME_ENDS = ("hold", "ford", "bridge", "water", "moor", "mark", "haven", "gate", "fell")


def _bot_place_name(game: int, seat: int) -> str:
    """A city or continent name for a bot's reward, different per game and seat."""
    return (
        _NAME_STARTS[(game * 3 + seat) % len(_NAME_STARTS)]
        + _NAME_ENDS[(game + seat * 2) % len(_NAME_ENDS)]
    )


def _may_finish(*, game: DigitalGame, user, session_key: str) -> bool:
    if any(seat_holds(seat=s, user=user, session_key=session_key) for s in game.seats.all()):
        return True
    if user is not None and user.is_authenticated and user.pk == game.created_by_id:
        return True
    return campaign_allows(campaign=game.campaign, user=user, action=Action.MANAGE)


def digital_game_abandon(*, game: DigitalGame, user) -> DigitalGame:
    """Give up an unfinished game (its creator or the owner): the world does not change."""
    with transaction.atomic():
        # Lock the game row so a move in flight finishes before (or is refused after) this.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        is_creator = user is not None and user.is_authenticated and user.pk == game.created_by_id
        if not (
            is_creator
            or (
                game.campaign_id is not None
                and campaign_allows(campaign=game.campaign, user=user, action=Action.MANAGE)
            )
        ):
            raise ForbiddenError(
                _("Only whoever started the game, or the owner, may abandon it."),
                code="forbidden",
            )
        if game.status not in _UNFINISHED:
            raise ConflictError(_("This game is already over."), code="game_over")
        game.status = DigitalGame.Status.ABANDONED
        game.finished_at = timezone.now()
        game.version += 1
        game.decision_deadline = None
        game.turn_deadline = None
        game.save()
        game_notices_end(game=game)
        game_version_announce(game_id=game.pk, version=game.version)
    return game


_UNFINISHED = (DigitalGame.Status.WAITING, DigitalGame.Status.PLAYING, DigitalGame.Status.REWARDS)
# Marked here, translated where used: the refusal, and the start page that leads to the game.
UNFINISHED_WORDS = gettext_noop(
    "A digital game of this campaign is still unfinished: finish or abandon it before starting "
    "another (one world, one table)."
)
