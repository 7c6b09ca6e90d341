"""Starting a campaign's digital game: who sits where (people, hot-seat, bots), the clock, and
setup run up to the first decision a person must take."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign.errors import ApplicationError, ConflictError, ForbiddenError
from campaign.models import Campaign, Person
from campaign.models.digital import DigitalGame, GameSeat
from campaign.permissions import Action, campaign_allows
from campaign.selectors.world import world_current
from campaign.services.campaigns import person_create
from campaign.services.digital.clock import (
    TURN_HOURS_MAX,
    TURN_HOURS_MIN,
    VACATION_DAYS_MAX,
)
from campaign.services.digital.moves import _advance
from rules.data import content
from rules.game import (
    SeatSpec,
    new_game,
)
from rules.rng import SEED_BYTES, seed_commitment, seed_hex


@dataclass(frozen=True)
class SeatRequest:
    """One seat asked for at the start: who sits there and who plays it. A bot seat may
    leave `person` out: it then gets the campaign's bot person "Bot <seat>"."""

    person: Person | None
    kind: str  # GameSeat.Kind
    level: str = GameSeat.BotLevel.NORMAL  # a bot seat's level


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
        if DigitalGame.objects.filter(campaign=campaign, status__in=UNFINISHED_STATUSES).exists():
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


UNFINISHED_STATUSES = (
    DigitalGame.Status.WAITING,
    DigitalGame.Status.PLAYING,
    DigitalGame.Status.REWARDS,
)
# Marked here, translated where used: the refusal, and the start page that leads to the game.
UNFINISHED_WORDS = gettext_noop(
    "A digital game of this campaign is still unfinished: finish or abandon it before starting "
    "another (one world, one table)."
)
