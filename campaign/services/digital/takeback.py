"""Take-backs in digital play (PRI-4): a player on turn takes back their last quiet move, or
asks the players whose answers went with it to agree first.

The engine decides what may be taken back (`rules.game.takeback.take_back_offer`, from the
turn's steps replayed out of the log). A take-back is appended to the move log as an entry of
its own (`{"type": "take_back", "first": N}`): no row is ever deleted, the replay applies the
entry by returning to the state before move N, and the dice check replays it the same way
(the moves it undoes rolled nothing, so every later die still follows from the seed). A
request that needs agreement is a `TakeBackRequest` row, kept whatever its answer."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ConflictError, ForbiddenError, NotFoundError
from campaign.live import game_seats_announce
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.models.digital_takeback import TakeBackRequest
from campaign.selectors.digital import seat_holds
from campaign.selectors.digital_replay import digital_game_turn
from campaign.services.digital.moves import _advance, locked_for_move
from notices.kinds import Kind
from notices.models import Notice
from notices.services import notices_close, notify
from rules.errors import IllegalMove
from rules.game import GameState
from rules.game.history import Step, steps
from rules.game.takeback import RULE, TAKE_BACK, TakeBack, TakeBackOffer, take_back_offer


@dataclass(frozen=True)
class TakeBackOutcome:
    """What asking did: the game after it, and either the log entry of the take-back (made
    at once) or the request now waiting on other players."""

    game: DigitalGame
    entry: GameMove | None = None
    request: TakeBackRequest | None = None


@dataclass(frozen=True)
class _Offered:
    offer: TakeBackOffer
    state: GameState
    turn: list[Step]


def _offer(game: DigitalGame, seat: int) -> _Offered:
    """What the engine lets `seat` take back now, with the turn it decided on (400 if
    nothing, with the rule)."""
    state, turn = digital_game_turn(game=game)
    try:
        return _Offered(take_back_offer(turn, state, seat), state, turn)
    except IllegalMove as refusal:
        raise ApplicationError.from_rule_error(refusal) from refusal


def take_back_submit(
    *, game: DigitalGame, seat: int, version: int, user, session_key: str = ""
) -> TakeBackOutcome:
    """Take back `seat`'s last quiet move of this turn (and what followed it), if the game is
    still at `version` and the request holds the seat. When other players' answers went with
    it and they play on their own browsers, ask them instead: nothing changes until they all
    accept. Bots and seats this browser holds agree by themselves. Refusals change nothing:
    403 for another's seat, 409 for a stale version, 400 with the rule otherwise."""
    with transaction.atomic():
        # Lock the game row: a move and a take-back on the same version must not both apply.
        game = locked_for_move(
            game=game, seat=seat, version=version, user=user, session_key=session_key
        )
        offered = _offer(game, seat)
        offer = offered.offer
        seats = {s.index: s for s in game.seats.all()}
        waiting = [
            s
            for s in offer.others
            if seats[s].kind == GameSeat.Kind.HUMAN
            and not seat_holds(seat=seats[s], user=user, session_key=session_key)
        ]
        if not waiting:
            return TakeBackOutcome(game=game, entry=_take_back(game, offered, user))
        if TakeBackRequest.objects.filter(
            game=game, version=game.version, status=TakeBackRequest.Status.PENDING
        ).exists():
            raise ConflictError(
                _("A take-back is already waiting for an answer."),
                code="take_back_pending",
                rule=RULE,
            )
        request = TakeBackRequest.objects.create(
            game=game,
            seat=seat,
            first=offer.first,
            version=game.version,
            waiting_on=waiting,
            asked_by=user if getattr(user, "is_authenticated", False) else None,
        )
        # The game's pages fetch their panels again (the asked see Accept/Decline at once).
        game_seats_announce(game_id=game.pk)
        # The people asked hear of it as of any decision waiting on them (live, on every
        # page); the next move closes it with the game's other decision notices.
        for waiting_seat in waiting:
            notify(
                Kind.DECISION,
                [seats[waiting_seat].user_id],
                campaign=game.campaign,
                game=game,
                params={"seat": waiting_seat, "phase": TAKE_BACK},
                ref=_notice_ref(request),
            )
        return TakeBackOutcome(game=game, request=request)


def _notice_ref(request: TakeBackRequest) -> str:
    return f"{TAKE_BACK}:{request.pk}"


def take_back_answer(
    *, game: DigitalGame, request_id: int, seat: int, accept: bool, user, session_key: str = ""
) -> TakeBackOutcome:
    """Accept or decline a take-back asked of `seat`. The last acceptance takes the moves
    back, decided again by the engine on the game as it is; a game that moved on since the
    request lapses it (409), and a seat that is not asked, or not the request's, is 403."""
    outcome = _answer(game, request_id, seat, accept, user, session_key)
    if outcome.request is not None and outcome.request.status == TakeBackRequest.Status.LAPSED:
        # Raised once the lapse is saved: the record says the request lapsed.
        raise ConflictError(
            _("The game moved on since the take-back was asked: it lapsed."),
            code="take_back_lapsed",
            rule=RULE,
        )
    return outcome


def _answer(
    game: DigitalGame, request_id: int, seat: int, accept: bool, user, session_key: str
) -> TakeBackOutcome:
    with transaction.atomic():
        # Lock the game row: an answer and a move on the same version must not both apply.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        request = TakeBackRequest.objects.filter(game=game, pk=request_id).first()
        if request is None:
            raise NotFoundError(_("No such take-back request in this game."), code="not_found")
        seat_row = game.seats.filter(index=seat).first()
        if seat_row is None or not seat_holds(seat=seat_row, user=user, session_key=session_key):
            raise ForbiddenError(_("That seat is not yours to answer for."), code="not_your_seat")
        if seat not in request.waiting_on or seat in request.agreed:
            raise ForbiddenError(
                _("This take-back does not wait on that seat's answer."), code="not_asked"
            )
        if request.status != TakeBackRequest.Status.PENDING:
            raise ConflictError(
                _("This take-back was already answered."), code="take_back_answered", rule=RULE
            )
        if game.status != DigitalGame.Status.PLAYING or game.version != request.version:
            _close(request, TakeBackRequest.Status.LAPSED, user)
            return TakeBackOutcome(game=game, request=request)
        if not accept:
            _close(request, TakeBackRequest.Status.DECLINED, user)
            return TakeBackOutcome(game=game, request=request)
        request.agreed = [*request.agreed, seat]
        if set(request.waiting_on) - set(request.agreed):
            request.save(update_fields=["agreed"])
            return TakeBackOutcome(game=game, request=request)
        offered = _offer(game, request.seat)
        if offered.offer.first != request.first:  # pragma: no cover - the version check guards it
            _close(request, TakeBackRequest.Status.LAPSED, user)
            return TakeBackOutcome(game=game, request=request)
        _close(request, TakeBackRequest.Status.ACCEPTED, user)
        entry = _take_back(game, offered, request.asked_by)
        return TakeBackOutcome(game=game, entry=entry, request=request)


def _close(request: TakeBackRequest, status: str, user) -> None:
    request.status = status
    request.answered_by = user if getattr(user, "is_authenticated", False) else None
    request.answered_at = timezone.now()
    request.save(update_fields=["status", "agreed", "answered_by", "answered_at"])
    game_seats_announce(game_id=request.game_id)  # the buttons go from every page
    notices_close(Notice.objects.filter(game=request.game_id, ref=_notice_ref(request)))


def _take_back(game: DigitalGame, offered: _Offered, user) -> GameMove:
    """Append the take-back to the log through the engine's own history step (the replay
    applies it the same way), store the state it returns to, and tell the game's pages."""
    offer = offered.offer
    entry = TakeBack(offer.first)
    (step,) = steps(
        offered.state, [(offer.seat, entry)], first_index=game.version, turn=offered.turn
    )
    row = GameMove(
        game=game,
        seat=offer.seat,
        actor=GameMove.Actor.PLAYER,
        move=entry.to_json(),
        events=[event.to_json() for event in step.events],
        user=user if getattr(user, "is_authenticated", False) else None,
    )
    _advance(game, step.after, applied=[row])
    return row
