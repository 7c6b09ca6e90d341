"""Reading digital games: one game, its version, what a seat sees, its log and its replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ForbiddenError, NotFoundError
from campaign.models import Campaign
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.permissions import reader_role, role_read
from campaign.prepared import PreparedRead
from campaign.selectors.dice import digital_game_dice
from campaign.wording import worded_event
from campaign.world_cache import world_digest
from rules.game import GameState, ReplayResult, view_for
from rules.game.history import ReplayRefused, entry_from_json, steps
from rules.game.view import world_view


def digital_game_get(*, campaign: Campaign, game_id: int) -> DigitalGame:
    game = (
        DigitalGame.objects.filter(campaign=campaign, pk=game_id)
        .select_related("campaign", "created_by")
        .first()
    )
    if game is None:
        raise NotFoundError("No such game in this campaign.", code="not_found")
    return game


def _game(game: int, user: int, *, lock: bool) -> QuerySet[DigitalGame]:
    """A game with its campaign, and the role in it of the user reading (`reader_role`). A
    move, a take-back or a repeat (`lock`) never reads the state the game began with."""
    games = DigitalGame.objects.select_related("campaign").annotate(reader_role=reader_role(user))
    if lock:
        games = games.select_for_update(of=("self",)).defer("initial_state")
    return games.filter(pk=game).order_by()


_GAME = PreparedRead(lambda game, user: _game(game, user, lock=False))
_GAME_LOCKED = PreparedRead(lambda game, user: _game(game, user, lock=True))
_SEATS = PreparedRead(lambda game: GameSeat.objects.filter(game_id=game))


def digital_game_seated(*, game_id: int, reader=None, lock: bool = False) -> DigitalGame | None:
    """The game with its campaign, and its seats in order as `game.seats.all()` (read once,
    as a prefetch would); with `lock`, its row locked for an update (inside a transaction),
    without its initial state. The role of `reader` (a user) in the campaign is read with it,
    for the permission checks that follow (`campaign.permissions.role_read`).
    The reads of every move and every poll, so they are prepared once (`campaign.prepared`)."""
    signed_in = reader is not None and reader.is_authenticated
    found = (_GAME_LOCKED if lock else _GAME)(game=game_id, user=reader.pk if signed_in else 0)
    if not found:
        return None
    game = found[0]
    if signed_in and game.campaign is not None:
        role_read(campaign=game.campaign, user=reader, role=game.reader_role)
    seats = _SEATS(game=game_id)
    for seat in seats:
        GameSeat.game.field.set_cached_value(seat, game)
    known = QuerySet(model=GameSeat)
    known._result_cache, known._prefetch_done = seats, True
    game._prefetched_objects_cache = {"seats": known}
    return game


def digital_game_version(*, campaign: Campaign, game_id: int) -> tuple[int, Any] | None:
    """(version, earliest deadline: a decision's or a turn's) of one of the campaign's games:
    what a poll needs, in one small query. None for a game of another campaign, whose versions
    are not ours to tell."""
    row = (
        DigitalGame.objects.filter(campaign=campaign, pk=game_id)
        .values_list("version", "decision_deadline", "turn_deadline")
        .first()
    )
    if row is None:
        return None
    version, *deadlines = row
    return version, min((d for d in deadlines if d is not None), default=None)


def digital_games_of(*, campaign: Campaign) -> QuerySet[DigitalGame]:
    """The campaign's games, newest first, as a list shows them: their seats and people, but
    not their states (a finished game's state is the largest thing a campaign stores)."""
    return (
        DigitalGame.objects.filter(campaign=campaign)
        .defer("state", "initial_state")
        .select_related("campaign")
        .prefetch_related("seats__person")
        .order_by("-created_at", "-pk")
    )


def digital_game_unfinished(*, campaign: Campaign) -> DigitalGame | None:
    return (
        DigitalGame.objects.filter(
            campaign=campaign,
            status__in=[DigitalGame.Status.PLAYING, DigitalGame.Status.REWARDS],
        )
        .order_by("-created_at")
        .first()
    )


def seat_holds(*, seat: GameSeat, user, session_key: str) -> bool:
    """Whether a request (user, browser session) may play `seat`."""
    if seat.kind == GameSeat.Kind.HUMAN:
        return bool(user is not None and user.is_authenticated and seat.user_id == user.pk)
    if seat.kind == GameSeat.Kind.HOTSEAT:
        return bool(session_key) and seat.hotseat_session_key == session_key
    return False


def seat_held(*, row: GameSeat | None, seat: int, user, session_key: str) -> GameSeat:
    """`row` (the game's seat `seat`, or None when it has none) if the request holds it;
    otherwise the refusal in words."""
    if row is None:
        raise ApplicationError(
            _("This game has no seat %(seat)s.") % {"seat": seat}, code="no_such_seat"
        )
    if not seat_holds(seat=row, user=user, session_key=session_key):
        raise ForbiddenError(
            _("Seat %(number)s (%(person)s) is not yours to play.")
            % {"number": seat + 1, "person": row.name},
            code="not_your_seat",
        )
    return row


def seats_held(*, game: DigitalGame, user, session_key: str) -> list[int]:
    """The seat indexes this request may play (several for a hot-seat browser)."""
    return [
        s.index for s in game.seats.all() if seat_holds(seat=s, user=user, session_key=session_key)
    ]


def digital_game_view(
    *, game: DigitalGame, seat: int | None, state: GameState | None = None
) -> dict[str, Any]:
    """The state as `seat` sees it (None: a spectator), with the game's version and its dice
    commitment (the seed only once the game is over). `state`: the game's, if already read.
    The world is not in it: `digital_game_world` gives it, named by `world_digest`."""
    state = state if state is not None else game.game_state()
    view = view_for(state, seat, with_world=False, stored=game.stored_json(state))
    return {
        "game": game.pk,
        "version": game.version,
        "status": game.status,
        "seat": seat,
        "dice": digital_game_dice(game=game),
        "world_digest": game.world_id or world_digest(state.world),
        **view,
    }


def digital_game_world(*, game: DigitalGame) -> tuple[str, dict[str, Any]]:
    """The world the game stands on now, as JSON without what its sealed packs bring, and
    its digest (the same world always has the same digest)."""
    world = game.game_state().world
    return game.world_id or world_digest(world), world_view(world)


@dataclass(frozen=True)
class LogLine:
    index: int
    seat: int
    actor: str
    event: dict[str, Any]


def digital_game_log(*, game: DigitalGame, limit: int | None = None) -> list[LogLine]:
    """Every event of the game, newest first (the latest `limit` moves' events), worded in the
    reader's language."""
    moves = GameMove.objects.filter(game=game).order_by("-index")
    if limit is not None:
        moves = moves[:limit]
    return [
        LogLine(m.index, m.seat, m.actor, worded_event(event))
        for m in moves
        for event in reversed(m.events)
    ]


def digital_game_replay(*, game: DigitalGame) -> ReplayResult:
    """The game recomputed from its initial state and log (take-backs included); must equal
    the snapshot."""
    state = game.initial_game_state()
    events: list = []
    rows = GameMove.objects.filter(game=game).order_by("index")
    try:
        for step in steps(state, [(m.seat, entry_from_json(m.move)) for m in rows]):
            state = step.after
            events.extend(step.events)
    except ReplayRefused as refused:
        return ReplayResult(state, events, refused.index, refused.error)
    return ReplayResult(state, events, None, None)


def game_seats(*, game: DigitalGame) -> list[GameSeat]:
    return list(game.seats.select_related("person", "user").order_by("index"))
