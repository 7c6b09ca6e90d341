"""Making and closing notices. `notify` is the one door every kind goes through; the digital
game's move path calls `game_notices_sync` once per stored batch of moves, which costs one
query while nothing changes for the people at the table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Case, Value, When
from django.utils import timezone

from campaign.enqueue import enqueue_named
from campaign.models.digital import GameSeat
from campaign.services.digital.deadlines import has_deadline
from notices.kinds import ACT_KINDS, Delivery, Kind
from notices.live import notices_announce
from notices.models import Notice, NoticeSettings
from notices.selectors import notices_counts_forget
from rules.game import seats_to_act


def deliveries_of(user_ids: Iterable[int], kind: str) -> dict[int, str]:
    """How each person wants to hear of `kind` (the default for whoever never chose)."""
    ids = set(user_ids)
    chosen = dict(NoticeSettings.objects.filter(user_id__in=ids).values_list("user_id", kind))
    default = NoticeSettings._meta.get_field(kind).default
    return {user_id: chosen.get(user_id, default) for user_id in ids}


def notify(
    kind: str,
    users: Iterable[Any],
    *,
    campaign=None,
    game=None,
    params: dict[str, Any] | None = None,
    ref: str = "",
) -> list[Notice]:
    """Give each of `users` (accounts or their ids) a notice of `kind` about `game` (of a
    campaign, or standalone with `campaign` None; or, for a pack, only `campaign`), unless
    they turned that kind off or already hold the same open notice (`ref` names it: one turn,
    one decision). People who chose e-mail get one after
    the transaction commits, batched per game (`notices.mail`). Bots and hot-seat seats have no
    account, so they never reach here. Returns the notices made."""
    if kind not in Kind.values:
        raise ValueError(f"Unknown notice kind {kind!r}.")
    ids = {getattr(user, "pk", user) for user in users if user is not None}
    if not ids:
        return []
    delivery = deliveries_of(ids, kind)
    wanted = {i for i in ids if delivery[i] != Delivery.OFF}
    held = set(
        Notice.objects.filter(
            user_id__in=wanted, kind=kind, campaign=campaign, game=game, ref=ref, closed_at=None
        ).values_list("user_id", flat=True)
    )
    now = timezone.now()
    made = Notice.objects.bulk_create(
        [
            Notice(
                user_id=user_id,
                kind=kind,
                campaign=campaign,
                game=game,
                ref=ref,
                params=params or {},
                mail=(
                    Notice.Mail.PENDING if delivery[user_id] == Delivery.EMAIL else Notice.Mail.NONE
                ),
                created_at=now,
            )
            for user_id in sorted(wanted - held)
        ]
    )
    if made:
        _after_commit(made)
    return made


# The e-mail waits this long (with a worker; run at once without one), so a person whose page
# was about to open the game (the one who started it, say) has it open by then and gets none.
MAIL_DELAY = 30.0


def _after_commit(made: list[Notice]) -> None:
    batches = {(n.user_id, n.campaign_id, n.game_id) for n in made if n.mail == Notice.Mail.PENDING}

    def send() -> None:
        for batch in sorted(batches, key=str):
            enqueue_named("notices.tasks.notices_mail", *batch, countdown=MAIL_DELAY)

    transaction.on_commit(send, robust=True)
    _counts_changed({n.user_id for n in made})


def _counts_changed(user_ids: set[int]) -> None:
    """The people's counts are read again: at once (this transaction's own pages) and once it
    commits (a page another process drew meanwhile), when their open pages are told too."""
    notices_counts_forget(user_ids)

    def told() -> None:
        notices_counts_forget(user_ids)
        notices_announce(user_ids=user_ids)

    transaction.on_commit(told, robust=True)


def notices_close(notices) -> int:
    """Close open notices (a queryset): the person acted, read them, or the game ended. One
    not e-mailed yet never will be."""
    closing = notices.filter(closed_at=None)
    users = set(closing.order_by().values_list("user_id", flat=True).distinct())
    if not users:
        return 0
    closed = closing.update(
        closed_at=timezone.now(),
        mail=Case(
            When(mail=Notice.Mail.PENDING, then=Value(Notice.Mail.SKIPPED)),
            default="mail",
        ),
    )
    _counts_changed(users)
    return closed


def notice_read(*, notice: Notice) -> None:
    """The person opened or dismissed a notice. One that waits on them to act stays open until
    they act: reading it does not play their turn."""
    notices_close(Notice.objects.filter(pk=notice.pk).exclude(kind__in=ACT_KINDS))


def notices_dismiss_all(*, user) -> int:
    """Clear every notice of `user` that only told them something (game over, pack opened)."""
    return notices_close(Notice.objects.filter(user=user).exclude(kind__in=ACT_KINDS))


# --- digital games ----------------------------------------------------------------------------


def game_notices_sync(*, game, state, seats: dict) -> None:
    """After moves are stored: the seats of people that must act now hold an open turn or
    decision notice, nobody else holds one; when the game is over, each person at the table is
    told. `seats` maps seat index to `GameSeat`. Call inside the game's transaction."""
    table = {i: s for i, s in seats.items() if s.kind == GameSeat.Kind.HUMAN and s.user_id}
    if not table:
        return  # bots and hot-seat seats are told nothing: no query at all
    # A person's seat a bot stands in for (turns missed, campaign.services.digital.clock) is
    # played without them: it waits on nobody until they take it back.
    people = {i: s for i, s in table.items() if not s.bot_stands_in}
    open_notices = Notice.objects.filter(game=game, kind__in=ACT_KINDS, closed_at=None)
    if state.is_over:
        notices_close(open_notices)
        winner = seats.get(state.winner) if state.winner is not None else None
        notify(
            Kind.GAME_OVER,
            [s.user_id for s in table.values()],
            campaign=game.campaign,
            game=game,
            params={"winner": winner.name if winner is not None else ""},
            ref="over",
        )
        return
    wanted: dict[tuple[int, str, str], dict[str, Any]] = {}
    to_act = seats_to_act(state)
    current = state.current_seat
    # The player on turn stays on turn while a defender or a missile holder decides.
    if current in people and (current in to_act or has_deadline(state)):
        ref = f"turn:{state.turn_number}:{current}"
        wanted[(people[current].user_id, Kind.TURN, ref)] = {"seat": current}
    for seat in to_act:
        if seat != current and seat in people:
            ref = f"decision:{state.turn_number}:{state.phase}:{seat}"
            wanted[(people[seat].user_id, Kind.DECISION, ref)] = {
                "seat": seat,
                "phase": state.phase,
            }
    held = {(n.user_id, n.kind, n.ref): n.pk for n in open_notices.only("user_id", "kind", "ref")}
    acting = {user_id for user_id, _k, _r in wanted}
    gone = [
        pk
        for (user_id, kind, ref), pk in held.items()
        if (user_id, kind, ref) not in wanted and not (kind == Kind.DEADLINE and user_id in acting)
    ]
    if gone:
        notices_close(Notice.objects.filter(pk__in=gone))
    for (user_id, kind, ref), params in wanted.items():
        if (user_id, kind, ref) not in held:
            notify(kind, [user_id], campaign=game.campaign, game=game, params=params, ref=ref)


def game_over_seen(*, game, user) -> None:
    """The person opened the page of a game that is over: its notice has told them."""
    notices_close(Notice.objects.filter(game=game, user=user, kind=Kind.GAME_OVER))


def game_notices_end(*, game) -> None:
    """An abandoned game: nobody must act in it any more."""
    notices_close(Notice.objects.filter(game=game, kind__in=ACT_KINDS))


# --- settings -----------------------------------------------------------------------------------


def email_stop(*, user_id: int, kinds: list[str]) -> None:
    """The unsubscribe link: these kinds are shown on the site only from now on, and what
    still waited for an e-mail of them is not sent."""
    chosen, _made = NoticeSettings.objects.get_or_create(user_id=user_id)
    for kind in kinds:
        if getattr(chosen, kind) == Delivery.EMAIL:
            setattr(chosen, kind, Delivery.SITE)
    chosen.save()
    Notice.objects.filter(user_id=user_id, kind__in=kinds, mail=Notice.Mail.PENDING).update(
        mail=Notice.Mail.SKIPPED
    )
