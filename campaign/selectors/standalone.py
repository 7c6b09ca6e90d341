"""Reading standalone games: who may watch one, and the lobby's lists."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from campaign.models.digital import DigitalGame, GameSeat
from rules.rule_sets import RULE_SETS

LOBBY_LIST = 20


def standalone_may_watch(*, game: DigitalGame, user, session_key: str) -> bool:
    """Anyone watches a public game; a private one is for its starter and its players (their
    accounts, or the browser its hot-seat seats are played on)."""
    if game.is_public:
        return True
    if (
        user is not None
        and user.is_authenticated
        and (user.pk == game.created_by_id or any(s.user_id == user.pk for s in game.seats.all()))
    ):
        return True
    return bool(session_key) and any(
        s.kind == GameSeat.Kind.HOTSEAT and s.hotseat_session_key == session_key
        for s in game.seats.all()
    )


def _listed() -> QuerySet[DigitalGame]:
    return (
        DigitalGame.objects.filter(campaign=None)
        .defer("state", "initial_state")
        .select_related("created_by")
        .prefetch_related("seats")
        .order_by("-created_at", "-pk")
    )


@dataclass(frozen=True)
class Lobby:
    """The lobby's lists: one's own games (started or seated at), public games waiting for
    players, and public games in play to watch."""

    mine: list[DigitalGame]
    waiting: list[DigitalGame]
    watch: list[DigitalGame]


def lobby_lists(*, user) -> Lobby:
    mine: list[DigitalGame] = []
    mine_ids: set[int] = set()
    if user is not None and user.is_authenticated:
        mine = list(
            _listed().filter(Q(created_by=user) | Q(seats__user=user)).distinct()[:LOBBY_LIST]
        )
        mine_ids = {g.pk for g in mine}
    public = _listed().filter(is_public=True).exclude(pk__in=mine_ids)
    return Lobby(
        mine=mine,
        waiting=list(public.filter(status=DigitalGame.Status.WAITING)[:LOBBY_LIST]),
        watch=list(public.filter(status=DigitalGame.Status.PLAYING)[:LOBBY_LIST]),
    )


def rule_set_words(*, rule_set: str, options: dict[str, Any]) -> dict[str, Any]:
    """The rule set and the options in force, in the reader's language: what the game page
    and the lobby show."""
    found = RULE_SETS.get(rule_set)
    if found is None:
        return {"key": rule_set, "name": rule_set, "summary": "", "options": []}
    shown = []
    for spec in found.options:
        value = options.get(spec.key, spec.default)
        if spec.kind == "bool":
            words = _("yes") if value else _("no")
        elif spec.kind == "choice":
            words = next((_(label) for v, label in spec.choices if v == value), str(value))
        else:
            words = str(value)
        shown.append({"key": spec.key, "label": _(spec.label), "value": words, "rule": spec.rule})
    return {
        "key": found.key,
        "name": _(found.name),
        "summary": _(found.summary) if found.summary else "",
        "options": shown,
    }
