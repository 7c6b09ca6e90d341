"""Standalone games: started from the lobby under any rule set, on a fresh board, outside any
campaign. Seats are the starter's own, invited (taken by whoever opens the invitation link,
signed in), hot-seat on the starter's browser, or bots. The game begins once every invited
seat is taken (or its starter fills the open ones with bots); from then on it is played by the
same services as a campaign's game (`campaign.services.digital`), and it ends without
rewards: nothing of it is written into any world."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ConflictError, ForbiddenError, NotFoundError
from campaign.live import game_seats_announce
from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.moves import _advance
from campaign.services.digital.start import GameClock
from rules.errors import IllegalMove
from rules.game import SeatSpec, new_game
from rules.rng import SEED_BYTES, seed_commitment, seed_hex
from rules.rule_sets import check_choice, chosen_options
from rules.world import World

NAME_MAX = 80


class SeatKind:
    """What the starter asks for each seat."""

    ME = "me"
    INVITE = "invite"
    HOTSEAT = "hotseat"
    BOT = "bot"
    ALL = (ME, INVITE, HOTSEAT, BOT)


@dataclass(frozen=True)
class LobbySeat:
    """One seat asked for in the lobby; `name` names a hot-seat player (or a bot)."""

    kind: str
    name: str = ""
    level: str = GameSeat.BotLevel.NORMAL
    """How well a bot seat plays (`rules.bot_levels`); only bots have one."""


def user_name(user) -> str:
    """How a signed-in person is called at the table."""
    full = (user.get_full_name() or "").strip() if hasattr(user, "get_full_name") else ""
    return (full or user.get_username())[:NAME_MAX]


def standalone_game_create(
    *,
    user,
    rule_set: str,
    options: Mapping[str, Any] | None,
    seats: Sequence[LobbySeat],
    is_public: bool = False,
    session_key: str = "",
    seed: int | None = None,
    clock: GameClock | None = None,
) -> DigitalGame:
    """Set a table: check the rule set, its options and the number of seats (a plain refusal
    when they combine badly, nothing stored), then store the game waiting for its invited
    players, or begin it at once when nobody is invited. The dice seed is drawn now and its
    commitment shown from the start."""
    if user is None or not user.is_authenticated:
        raise ForbiddenError(_("Sign in to start a game."), code="sign_in")
    refusals = check_choice(rule_set, len(seats), options)
    if refusals:
        raise ApplicationError(refusals[0].message, violations=refusals)
    kinds = [seat.kind for seat in seats]
    for kind in kinds:
        if kind not in SeatKind.ALL:
            raise ApplicationError(
                _("Unknown kind of seat %(kind)s.") % {"kind": repr(kind)}, code="bad_seat_kind"
            )
    clock = clock or GameClock()
    clock.check()
    for seat in seats:
        if seat.level not in GameSeat.BotLevel.values:
            raise ApplicationError(
                _("Unknown bot level %(level)s: choose easy, normal or hard.")
                % {"level": repr(seat.level)},
                code="bad_bot_level",
            )
    if kinds.count(SeatKind.ME) > 1:
        raise ApplicationError(_("You take one seat at most."), code="person_twice", rule="S-6")
    if SeatKind.HOTSEAT in kinds and not session_key:
        raise ApplicationError(
            _("Hot-seat seats need a browser session (sign in through the site)."),
            code="no_session",
        )
    if not any(kind in (SeatKind.ME, SeatKind.HOTSEAT, SeatKind.INVITE) for kind in kinds):
        raise ApplicationError(
            _("Somebody has to play: take a seat, invite someone or seat a hot-seat player."),
            code="bots_only",
        )
    rows = [_seat_row(index, seat, user, session_key) for index, seat in enumerate(seats)]
    names = [row.display_name for row in rows if row.display_name]
    if len(set(names)) != len(names):
        raise ApplicationError(
            _("Two seats have the same name; give each player their own."), code="name_twice"
        )
    dice_seed = secrets.token_hex(SEED_BYTES) if seed is None else seed_hex(seed)
    with transaction.atomic():
        game = DigitalGame.objects.create(
            campaign=None,
            rule_set=rule_set,
            options=chosen_options(rule_set, options),
            is_public=is_public,
            invite_token=secrets.token_urlsafe(24) if SeatKind.INVITE in kinds else "",
            game_number=World().next_game_number,
            seed=dice_seed,
            seed_commitment=seed_commitment(dice_seed),
            seed_chosen=seed is not None,
            status=DigitalGame.Status.WAITING,
            initial_state={},
            state={},
            created_by=user,
            clock=clock.kind,
            turn_hours=clock.turn_hours,
            vacation_days=clock.vacation_days,
        )
        for row in rows:
            row.game = game
        GameSeat.objects.bulk_create(rows)
        if SeatKind.INVITE not in kinds:
            _begin(game)
    return game


def _seat_row(index: int, seat: LobbySeat, user, session_key: str) -> GameSeat:
    name = " ".join(seat.name.split())[:NAME_MAX]
    if seat.kind == SeatKind.ME:
        return GameSeat(
            index=index, kind=GameSeat.Kind.HUMAN, user=user, display_name=user_name(user)
        )
    if seat.kind == SeatKind.INVITE:
        return GameSeat(index=index, kind=GameSeat.Kind.HUMAN)
    if seat.kind == SeatKind.HOTSEAT:
        return GameSeat(
            index=index,
            kind=GameSeat.Kind.HOTSEAT,
            hotseat_session_key=session_key,
            display_name=name or _("Player %(number)s") % {"number": index + 1},
        )
    return GameSeat(
        index=index,
        kind=GameSeat.Kind.BOT,
        bot_level=seat.level,
        display_name=name or _("Bot %(number)s") % {"number": index + 1},
    )


def standalone_seat_take(*, token: str, user) -> DigitalGame:
    """Whoever opens the invitation, signed in, takes the first open seat; the game begins
    when it was the last. Taking a seat one already holds changes nothing."""
    if user is None or not user.is_authenticated:
        raise ForbiddenError(_("Sign in to take a seat."), code="sign_in")
    with transaction.atomic():
        # Lock the game row: two people opening the link at once must not take one seat.
        game = (
            DigitalGame.objects.select_for_update()
            .filter(campaign=None, invite_token=token)
            .exclude(invite_token="")
            .first()
        )
        if game is None:
            raise NotFoundError(_("This invitation leads to no game."), code="not_found")
        if game.seats.filter(user=user).exists():
            return game
        if game.status != DigitalGame.Status.WAITING:
            raise ConflictError(
                _("This game has begun: every seat is taken."), code="game_full", rule="RS-1"
            )
        seat = game.seats.filter(kind=GameSeat.Kind.HUMAN, user=None).order_by("index").first()
        if seat is None:  # pragma: no cover - a waiting game always has an open seat
            raise ConflictError(_("Every seat is taken."), code="game_full")
        seat.user = user
        seat.display_name = _unique_name(game, user_name(user))
        try:
            seat.save(update_fields=["user", "display_name"])
        except IntegrityError as exc:  # pragma: no cover - the row lock prevents it
            raise ConflictError(_("You already sit at this table."), code="seated") from exc
        if game.seats.filter(kind=GameSeat.Kind.HUMAN, user=None).exists():
            game_seats_announce(game_id=game.pk)
        else:
            _begin(game)
    return game


def _unique_name(game: DigitalGame, name: str) -> str:
    taken = set(game.seats.exclude(display_name="").values_list("display_name", flat=True))
    chosen, number = name, 2
    while chosen in taken:
        chosen = f"{name} ({number})"
        number += 1
    return chosen


def standalone_begin_now(*, game: DigitalGame, user) -> DigitalGame:
    """The starter does not wait for the invited: bots take the open seats and play begins."""
    with transaction.atomic():
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        if not (user is not None and user.is_authenticated and user.pk == game.created_by_id):
            raise ForbiddenError(
                _("Only whoever set the table may begin without the invited."), code="forbidden"
            )
        if game.status != DigitalGame.Status.WAITING:
            raise ConflictError(_("This game has already begun."), code="game_begun")
        for seat in game.seats.filter(kind=GameSeat.Kind.HUMAN, user=None):
            seat.kind = GameSeat.Kind.BOT
            seat.display_name = _unique_name(game, _("Bot %(number)s") % {"number": seat.index + 1})
            seat.save(update_fields=["kind", "display_name"])
        _begin(game)
    return game


def _begin(game: DigitalGame) -> None:
    """Deal the game on a fresh, unmarked board and let bots play up to the first decision
    of a person. Call inside the transaction that holds the game row."""
    seats = list(game.seats.order_by("index"))
    specs = [SeatSpec(person=f"p{seat.index + 1}", name=seat.display_name) for seat in seats]
    try:
        state = new_game(
            World(),
            specs,
            seed=game.seed,
            game_number=game.game_number,
            rule_set=game.rule_set,
            options=game.options,
        )
    except IllegalMove as refusal:
        raise ApplicationError.from_rule_error(refusal) from refusal
    game.status = DigitalGame.Status.PLAYING
    game.keep_state(state, initial=True)
    game.save(update_fields=["status", "initial_state", "initial_world"])
    _advance(game, state, applied=[])
    game_seats_announce(game_id=game.pk)
