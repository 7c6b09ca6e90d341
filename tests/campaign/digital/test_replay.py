"""Replay of a digital game (issue 20, part 4): the board after any move of the log, computed
from the initial state and the moves in one pass with kept checkpoints, reachable by `?move=N`
from the log and the dice check, with links that work without script, and nothing hidden
shown while the game runs (secrets through one door, STYLE 6)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors import digital_replay
from campaign.selectors.digital_replay import CHECKPOINT, digital_game_replay_at
from campaign.services.digital.start import SeatRequest, digital_game_start
from rules.game import GameState, move_from_json, replay
from rules.game import history as engine_history
from tests.campaign.digital.conftest import HOTSEAT_SESSION, play_hotseat

pytestmark = pytest.mark.django_db


def _url(game: DigitalGame, **query: object) -> str:
    url = reverse(
        "campaign:digital_game_replay", kwargs={"slug": game.campaign.slug, "game_id": game.pk}
    )
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture
def bots_game(campaign, owner) -> DigitalGame:
    """Three bots play a whole game inside the start: the seed is out once it is over."""
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 3, seed=5
    )
    assert game.status == DigitalGame.Status.REWARDS
    return game


def _engine_state_after(game: DigitalGame, position: int) -> GameState:
    rows = GameMove.objects.filter(game=game).order_by("index")[:position]
    result = replay(
        game.initial_game_state(),
        [(row.seat, move_from_json(row.move)) for row in rows],
    )
    assert result.error is None
    return result.state


def test_each_step_is_the_engine_replay_of_the_moves_before_it(bots_game):
    moves = GameMove.objects.filter(game=bots_game).count()

    for position in (0, 1, CHECKPOINT - 1, CHECKPOINT + 3, moves - 1, moves):
        frame = digital_game_replay_at(game=bots_game, position=position, seat=None)
        assert frame.state.to_json() == _engine_state_after(bots_game, position).to_json()
        assert frame.positions == moves


def test_stepping_forward_replays_from_the_kept_checkpoint_not_from_the_start(
    bots_game, monkeypatch
):
    applied = []
    real = engine_history.apply_move

    def counting(state, seat, move):
        applied.append(seat)
        return real(state, seat, move)

    monkeypatch.setattr(engine_history, "apply_move", counting)
    far = 2 * CHECKPOINT + 7
    digital_game_replay_at(game=bots_game, position=far, seat=None)
    assert len(applied) == far  # the first visit: one pass

    applied.clear()
    for position in range(far + 1, far + 6):
        digital_game_replay_at(game=bots_game, position=position, seat=None)

    # Each step starts from the checkpoint at 2 * CHECKPOINT: 8 + 9 + ... + 12 moves.
    assert len(applied) == sum(range(8, 13))


def test_the_last_step_is_the_stored_snapshot_without_replaying(bots_game, monkeypatch):
    monkeypatch.setattr(engine_history, "apply_move", pytest.fail)
    moves = GameMove.objects.filter(game=bots_game).count()

    frame = digital_game_replay_at(game=bots_game, position=moves, seat=None)

    assert frame.state.to_json() == bots_game.game_state().to_json()


def test_a_link_to_a_move_shows_the_board_after_it_with_its_events(owner_client, bots_game):
    row = GameMove.objects.get(game=bots_game, index=12)

    response = owner_client.get(_url(bots_game, move=12))

    assert response.status_code == 200
    assert response.context["frame"].position == 13
    assert response.context["frame"].move == row
    page = response.content.decode()
    assert "After move 12 of" in page
    # Without script: links to the previous and next moves, and the slider's form.
    assert f'href="{_url(bots_game, move=11)}"' in page
    assert f'href="{_url(bots_game, move=13)}"' in page
    assert 'type="range" name="move"' in page and 'type="submit"' in page


def test_the_start_has_no_previous_and_the_last_move_no_next(owner_client, bots_game):
    last = GameMove.objects.filter(game=bots_game).count() - 1

    start = owner_client.get(_url(bots_game)).content.decode()
    end = owner_client.get(_url(bots_game, move=last)).content.decode()

    assert 'rel="prev"' not in start and 'rel="next"' in start
    assert 'rel="next"' not in end and 'rel="prev"' in end


@pytest.mark.parametrize("move", ["abc", "-2", "99999", "1.5", "²"])
def test_a_move_number_outside_the_log_is_a_plain_400(owner_client, bots_game, move):
    response = owner_client.get(_url(bots_game, move=move))

    assert response.status_code == 400


def test_the_script_fetches_one_step_alone(owner_client, bots_game):
    page = owner_client.get(_url(bots_game, move=3, part="step")).content.decode()

    assert page.lstrip().startswith('<div id="replay-step"')
    assert "<html" not in page


def test_the_log_and_the_dice_check_link_to_the_same_moves(owner_client, bots_game):
    kwargs = {"slug": bots_game.campaign.slug, "game_id": bots_game.pk}
    log = owner_client.get(reverse("campaign:digital_game_log", kwargs=kwargs)).content.decode()
    dice = owner_client.get(reverse("campaign:digital_game_dice", kwargs=kwargs)).content.decode()

    assert f'href="{_url(bots_game, move=0)}"' in log
    last = GameMove.objects.filter(game=bots_game).count() - 1
    assert f'href="{_url(bots_game, move=last)}"' in log
    assert f'href="{_url(bots_game)}"' in dice


def test_a_failed_dice_check_links_to_the_move_that_failed(owner_client, bots_game):
    row = GameMove.objects.get(game=bots_game, index=4)
    row.move = {"type": "end_turn"}  # tampered: the replay refuses it
    row.save()
    kwargs = {"slug": bots_game.campaign.slug, "game_id": bots_game.pk}

    page = owner_client.get(reverse("campaign:digital_game_dice", kwargs=kwargs)).content.decode()

    assert f'href="{_url(bots_game, move=4)}"' in page


def test_a_finished_game_shows_every_hand_once_its_seed_is_out(owner_client, bots_game):
    """The dice page shows the seed once the game is over, and the seed with the moves gives
    every hand: the replay shows them too."""
    frame = owner_client.get(_url(bots_game)).context["frame"]

    assert frame.open_hands
    assert all(seat["scar_card"] for seat in frame.view["seats"])


def test_replaying_a_game_in_play_shows_only_the_readers_own_cards(
    owner_client, player_client, viewer_client, mixed_game
):
    """STYLE 6: each step is the engine's view for the reader's seat; the player sees their
    own scar card and nobody else's, a member without a seat sees none."""
    for client, mine in ((owner_client, 0), (player_client, 1), (viewer_client, None)):
        frame = client.get(_url(mixed_game)).context["frame"]
        assert not frame.open_hands
        for index, seat in enumerate(frame.view["seats"]):
            if index == mine:
                assert seat["scar_card"] == mixed_game.state["seats"][index]["scar_card"]
            else:
                assert seat["scar_card"] is None and seat["cards"] is None


def test_a_reader_cannot_ask_for_another_seats_view(player_client, mixed_game):
    frame = player_client.get(_url(mixed_game, seat=0)).context["frame"]

    assert frame.view["seats"][0]["scar_card"] is None
    assert frame.view["you"] == 1


def test_a_hotseat_browser_watches_as_a_spectator_unless_it_names_a_seat(
    owner_client, campaign, owner, persons, guest_person
):
    owner_client.get("/")  # a session
    session = owner_client.session.session_key
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    game = digital_game_start(
        campaign=campaign, user=owner, seats=seats, seed=3, session_key=session
    )

    shared = owner_client.get(_url(game)).context["frame"].view
    named = owner_client.get(_url(game, seat=1)).context["frame"].view

    assert all(seat["scar_card"] is None for seat in shared["seats"])
    assert named["seats"][1]["scar_card"] and named["seats"][0]["scar_card"] is None


def test_a_game_in_play_replays_up_to_its_latest_move(owner, hotseat_game):
    game = play_hotseat(hotseat_game, owner, 6)
    moves = GameMove.objects.filter(game=game).count()

    frame = digital_game_replay_at(game=game, position=moves + 10, seat=None)

    assert frame.position == moves
    assert frame.state.to_json() == game.game_state().to_json()
    assert HOTSEAT_SESSION  # the game is held by the hot-seat browser, not this reader


@pytest.mark.parametrize("who", ["outsider_client", "anon_client"])
def test_only_members_replay_a_game(request, who, mixed_game):
    response = request.getfixturevalue(who).get(_url(mixed_game))

    assert response.status_code in (302, 403, 404)


def test_the_replay_page_reads_in_spanish(owner_client, bots_game):
    page = owner_client.get(_url(bots_game, move=2), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert "After move" not in page and "Tras la jugada 2 de" in page


def test_checkpoints_are_kept_in_the_cache(bots_game):
    digital_game_replay_at(game=bots_game, position=2 * CHECKPOINT + 1, seat=None)

    keys = [digital_replay._key(bots_game, p) for p in (CHECKPOINT, 2 * CHECKPOINT)]
    assert set(cache.get_many(keys)) == set(keys)


def test_checkpoints_expire_after_a_day_and_the_replay_recomputes_them(bots_game, monkeypatch):
    """A kept position is a cache entry with a time limit (a day), never one kept for ever;
    once it is gone the same step replays from the start to the same board."""
    timeouts = []
    real = cache.set_many

    def spying(data, timeout=None, **kwargs):
        timeouts.append(timeout)
        return real(data, timeout=timeout, **kwargs)

    monkeypatch.setattr(cache, "set_many", spying)
    position = 2 * CHECKPOINT + 1
    first = digital_game_replay_at(game=bots_game, position=position, seat=None)
    assert timeouts == [digital_replay.CHECKPOINT_TTL] and digital_replay.CHECKPOINT_TTL == 86400

    cache.clear()  # the day passed: every checkpoint expired
    again = digital_game_replay_at(game=bots_game, position=position, seat=None)
    assert again.state.to_json() == first.state.to_json()
