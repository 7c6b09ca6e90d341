"""Submitting moves to a digital game: who may, on which version, what is written, replay."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from campaign import tasks
from campaign.errors import ApplicationError, ForbiddenError
from campaign.models.digital import DigitalGame, GameMove
from campaign.selectors.digital import digital_game_replay
from campaign.services.digital.deadlines import DECISION_TIMEOUT
from campaign.services.digital.moves import StaleGameError, digital_game_decide_overdue, move_submit
from tests.campaign.digital.conftest import HOTSEAT_SESSION, first_legal, play_hotseat, play_until


def _snapshot(game: DigitalGame) -> tuple[int, dict, int]:
    game.refresh_from_db()
    return game.version, game.state, GameMove.objects.filter(game=game).count()


def test_a_legal_move_is_logged_and_bumps_the_version(hotseat_game, owner):
    seat, move = first_legal(hotseat_game)
    outcome = move_submit(
        game=hotseat_game,
        seat=seat,
        move=move,
        version=0,
        user=owner,
        session_key=HOTSEAT_SESSION,
    )
    assert outcome.game.version == 1
    logged = GameMove.objects.get(game=hotseat_game)
    assert (logged.index, logged.seat, logged.move) == (0, seat, move)
    assert logged.events and all("text" in e for e in logged.events)
    assert outcome.game.state != hotseat_game.initial_state


def test_a_stale_version_is_refused_with_the_fresh_game_and_nothing_written(hotseat_game, owner):
    game = play_hotseat(hotseat_game, owner, 3)
    before = _snapshot(game)
    seat, move = first_legal(game)
    with pytest.raises(StaleGameError) as refused:
        move_submit(
            game=game, seat=seat, move=move, version=1, user=owner, session_key=HOTSEAT_SESSION
        )
    assert refused.value.status == 409
    assert refused.value.game.version == 3
    assert _snapshot(game) == before


def test_the_same_move_twice_on_one_version_applies_once(hotseat_game, owner):
    """A double click (or two tabs) submits the same version twice: the second is stale."""
    seat, move = first_legal(hotseat_game)
    args = dict(seat=seat, move=move, version=0, user=owner, session_key=HOTSEAT_SESSION)
    move_submit(game=hotseat_game, **args)
    with pytest.raises(StaleGameError):
        move_submit(game=hotseat_game, **args)
    assert GameMove.objects.filter(game=hotseat_game).count() == 1


def test_a_hotseat_seat_is_played_only_by_the_browser_session_holding_it(hotseat_game, owner):
    before = _snapshot(hotseat_game)
    seat, move = first_legal(hotseat_game)
    with pytest.raises(ForbiddenError):
        move_submit(
            game=hotseat_game,
            seat=seat,
            move=move,
            version=0,
            user=owner,
            session_key="another-browser",
        )
    assert _snapshot(hotseat_game) == before


def test_a_human_seat_is_played_only_by_its_own_user(mixed_game, owner, player):
    game = mixed_game
    state = game.game_state()
    before = _snapshot(game)
    with pytest.raises(ForbiddenError) as refused:
        move_submit(
            game=game, seat=1, move={"type": "roll_for_order"}, version=game.version, user=owner
        )
    assert refused.value.status == 403
    assert "not yours" in refused.value.message
    assert _snapshot(game) == before
    assert state.phase == "setup_order"


def test_nobody_plays_a_bot_seat(mixed_game, owner):
    with pytest.raises(ForbiddenError):
        move_submit(
            game=mixed_game,
            seat=2,
            move={"type": "roll_for_order"},
            version=mixed_game.version,
            user=owner,
        )


def test_an_illegal_move_is_refused_with_its_rule_and_nothing_written(hotseat_game, owner):
    """S-6: the order is rolled first; choosing a faction now is out of phase."""
    before = _snapshot(hotseat_game)
    seat, _ = first_legal(hotseat_game)
    with pytest.raises(ApplicationError) as refused:
        move_submit(
            game=hotseat_game,
            seat=seat,
            move={"type": "choose_faction", "faction": "khan_industries", "territory": "alaska"},
            version=0,
            user=owner,
            session_key=HOTSEAT_SESSION,
        )
    assert refused.value.status == 400
    assert refused.value.violations[0].code == "wrong_phase"
    assert refused.value.violations[0].rule
    assert _snapshot(hotseat_game) == before


def test_a_malformed_move_is_a_400_not_a_crash(hotseat_game, owner):
    seat, _ = first_legal(hotseat_game)
    for junk in ({"type": "teleport"}, {"no": "type"}, {"type": "place_troops", "count": "x"}):
        with pytest.raises(ApplicationError) as refused:
            move_submit(
                game=hotseat_game,
                seat=seat,
                move=junk,
                version=0,
                user=owner,
                session_key=HOTSEAT_SESSION,
            )
        assert refused.value.status == 400
    assert GameMove.objects.filter(game=hotseat_game).count() == 0


def test_the_move_log_replays_to_the_stored_snapshot(hotseat_game, owner):
    game = play_hotseat(hotseat_game, owner, 80)
    result = digital_game_replay(game=game)
    assert result.failed_index is None
    assert result.state.to_json() == game.whole_state()
    assert game.version == GameMove.objects.filter(game=game).count()


def test_a_defender_who_lets_the_time_run_out_rolls_the_most_dice(hotseat_game, owner):
    """X-6: the defender chooses 1 or 2 dice; the default after the deadline is the most."""
    game = play_until(hotseat_game, owner, "attack_defender_dice")
    assert game.decision_deadline is not None
    defender = game.state["pending"]["defender"]
    assert digital_game_decide_overdue(game_id=game.pk, version=game.version) is False
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert digital_game_decide_overdue(game_id=game.pk, version=game.version) is True
    default = GameMove.objects.filter(game=game).order_by("-index").first()
    game.refresh_from_db()
    assert default.actor == GameMove.Actor.TIMEOUT
    assert default.seat == defender
    assert default.move == {"type": "defend_with", "dice": 2}
    assert digital_game_decide_overdue(game_id=game.pk, version=game.version) is False


def test_an_interrupt_schedules_its_deadline_task_after_commit(
    hotseat_game, owner, monkeypatch, django_capture_on_commit_callbacks
):
    """The delayed task takes the default when nobody polls; it carries the version it is for."""
    scheduled = []
    monkeypatch.setitem(tasks.digital_game_overdue.app.conf, "task_always_eager", False)
    monkeypatch.setattr(
        tasks.digital_game_overdue,
        "apply_async",
        lambda args, countdown, **options: scheduled.append((args, countdown)),
    )
    game = hotseat_game
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(400):
            game = play_hotseat(game, owner, 1)
            if game.state["phase"] == "attack_defender_dice":
                break
    assert scheduled
    (game_id, version), countdown = scheduled[-1]
    assert (game_id, version) == (game.pk, game.version)
    assert countdown >= DECISION_TIMEOUT.total_seconds()


def test_without_a_broker_no_deadline_task_is_queued_since_it_would_run_at_once(
    hotseat_game, owner, monkeypatch, django_capture_on_commit_callbacks
):
    """Eager tasks ignore their countdown: the check would run before its deadline."""
    scheduled = []
    monkeypatch.setitem(tasks.digital_game_overdue.app.conf, "task_always_eager", True)
    monkeypatch.setattr(
        tasks.digital_game_overdue, "apply_async", lambda *a, **k: scheduled.append(a)
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = play_until(hotseat_game, owner, "attack_defender_dice")
    assert game.decision_deadline is not None and scheduled == []


def test_the_deadline_task_does_nothing_early_or_on_a_stale_version(hotseat_game, owner):
    game = play_until(hotseat_game, owner, "attack_defender_dice")
    assert tasks.digital_game_overdue(game.pk, game.version) is False  # not yet due
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert tasks.digital_game_overdue(game.pk, game.version - 1) is False  # stale
    assert tasks.digital_game_overdue(game.pk, game.version) is True


def test_a_game_resumes_from_the_database_alone(hotseat_game, owner):
    """Everything lives in the rows: a fresh read (as after a restart) plays on."""
    game = play_hotseat(hotseat_game, owner, 20)
    fresh = DigitalGame.objects.get(pk=game.pk)
    assert fresh.game_state().to_json() == game.whole_state()
    resumed = play_hotseat(fresh, owner, 5)
    # 25 moves played, besides the recruits with nothing to choose taken for them (T-8).
    assert resumed.moves.exclude(actor=GameMove.Actor.NO_CHOICE).count() == 25
    assert digital_game_replay(game=resumed).state.to_json() == resumed.whole_state()
