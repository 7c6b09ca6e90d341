"""Packs that open mid-game (U-6, U-7: missiles on one roll, a big recruit with a missile) are
announced on everyone's page at once, and the finished game opens them in the world as a
logged game does."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign import tasks
from campaign.models import PackUnlock
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.digital import digital_game_replay
from campaign.selectors.world import world_current
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from rules.bots import HeuristicBot
from rules.data import content
from rules.game import GameState, SeatSpec, apply_move, new_game, seats_to_act
from rules.world import Signature


def _veterans_world(campaign, keys: list[str]):
    """The campaign's world as if these people had signed twice each: they hold missiles."""
    world = world_current(campaign=campaign)
    signed = tuple(Signature(k, n, "2026-01-01") for n, k in enumerate(keys * 2, 1))
    return world.evolve(signatures=signed)


def _bot_game_with_a_pack_due(campaign, keys: list[str]) -> tuple[GameState, list]:
    """Bots play (in the engine alone) until a pack becomes due: the moves, then the rest."""
    world = _veterans_world(campaign, keys)
    for seed in range(60):
        state = new_game(world, [SeatSpec(k, k) for k in keys], seed=seed, game_number=1)
        initial, bots, moves, due_at = state, [HeuristicBot(seed + i) for i in range(4)], [], None
        while not state.is_over:
            seat = seats_to_act(state)[0]
            move = bots[seat].choose(state, seat)
            state, events = apply_move(state, seat, move)
            moves.append((seat, move, events))
            if due_at is None and any(e.type == "pack_due" for e in events):
                due_at = len(moves)
        if due_at is not None:
            return initial, moves, due_at
    pytest.fail("no bot game made a pack due")


@pytest.fixture
def pack_game(campaign, owner, persons, guest_person):
    """A digital game of four bot seats recorded move by move from an engine run in which a
    pack became due; `log(upto)` writes its first moves into the game."""
    people = [persons["owner"], persons["player"], persons["viewer"], guest_person]
    initial, moves, due_at = _bot_game_with_a_pack_due(campaign, [p.key for p in people])
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=1,
        seed=0,
        initial_state=initial.to_json(),
        state=initial.to_json(),
        created_by=owner,
    )
    for index, person in enumerate(people):
        GameSeat.objects.create(game=game, index=index, person=person, kind=GameSeat.Kind.BOT)

    def log(upto: int) -> DigitalGame:
        state = initial
        rows = []
        for index, (seat, move, events) in enumerate(moves[:upto]):
            state, _ = apply_move(state, seat, move)
            rows.append(
                GameMove(
                    game=game,
                    index=index,
                    seat=seat,
                    actor=GameMove.Actor.BOT,
                    move=move.to_json(),
                    events=[e.to_json() for e in events],
                )
            )
        GameMove.objects.filter(game=game).delete()
        GameMove.objects.bulk_create(rows)
        game.version = upto
        game.state = state.to_json()
        game.status = DigitalGame.Status.REWARDS if state.is_over else DigitalGame.Status.PLAYING
        game.save()
        return game

    due = next(e for e in moves[due_at - 1][2] if e.type == "pack_due")
    return log, due_at, len(moves), due.data["pack"]


def test_a_pack_due_mid_game_is_announced_on_everyones_page(
    pack_game, viewer_client, player_client, campaign
):
    log, due_at, _, pack = pack_game
    game = log(due_at)
    panel = reverse(
        "campaign:digital_game_panel", kwargs={"slug": campaign.slug, "game_id": game.pk}
    )
    for client in (viewer_client, player_client):
        page = client.get(panel).content.decode()
        assert f"{content().packs[pack].name} opens now!" in page
    assert digital_game_replay(game=game).state.to_json() == game.whole_state()


def test_a_pack_opened_mid_game_is_opened_in_the_world_when_the_game_is_recorded(
    pack_game, owner, campaign, django_capture_on_commit_callbacks, monkeypatch
):
    """Exactly as for a logged game reporting that incident: the recorded game opens the
    pack during play and claims it, so the unlock task after it opens nothing twice."""
    log, _, total, pack = pack_game
    game = log(total)
    assert game.status == DigitalGame.Status.REWARDS
    # Run the task here even when a broker is configured (its worker sees another database).
    monkeypatch.setattr(tasks.packs_evaluate, "delay", tasks.packs_evaluate)
    with django_capture_on_commit_callbacks(execute=True):  # the unlock task runs on commit
        digital_game_finish(game=game, user=owner, rewards=RewardsChosen())
    assert pack in world_current(campaign=campaign).packs_opened
    assert PackUnlock.objects.get(campaign=campaign, pack=pack).game_number == 1
