"""Scar cards and comeback powers on the game page: a person plays a scar card in the window
before a roll (T-3), a window nobody answers in time is passed for them, and the comeback pick
reads each power's name and text (X-15)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone

from campaign.forms.digital.moves import move_form_specs
from campaign.models.digital import DigitalGame, GameMove
from campaign.services.digital.moves import digital_game_decide_overdue
from rules.game import legal_move_options, seats_to_act
from rules.game.comeback import raise_owed_picks
from rules.world_events import PackOpened
from tests.campaign.digital.conftest import play_until
from tests.rules.game.helpers import position


def _move_url(game: DigitalGame) -> str:
    return reverse(
        "campaign:digital_game_move", kwargs={"slug": game.campaign.slug, "game_id": game.pk}
    )


def test_a_person_plays_a_scar_card_in_the_window_before_the_roll_T3(
    owner_client, hotseat_game, owner
):
    game = play_until(hotseat_game, owner, "scar_before_roll")
    game.seats.update(hotseat_session_key=owner_client.session.session_key)
    state = game.game_state()
    seat, target = seats_to_act(state)[0], state.pending["target"]
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'data-type="play_scar_card"' in page and 'data-type="pass_scar_card"' in page
    version = game.version
    data = {"seat": seat, "version": version, "type": "play_scar_card", "target": target}
    assert owner_client.post(_move_url(game), data).status_code == 200
    game.refresh_from_db()
    after = game.game_state()
    assert after.world.live_scar(target).kind == state.seats[seat].scar_card
    assert after.seats[seat].scar_card is None
    played = GameMove.objects.get(game=game, index=version)
    assert played.actor == GameMove.Actor.PLAYER
    assert any(e["type"] == "dice_rolled" for e in played.events)  # the roll went on


def test_a_scar_window_nobody_answers_in_time_keeps_the_card_T3(hotseat_game, owner):
    game = play_until(hotseat_game, owner, "scar_before_roll")
    assert game.decision_deadline is not None
    seat = seats_to_act(game.game_state())[0]
    held = game.game_state().seats[seat].scar_card
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert digital_game_decide_overdue(game_id=game.pk, version=game.version) is True
    last = GameMove.objects.get(game=game, index=game.version)
    assert last.actor == GameMove.Actor.TIMEOUT and last.move == {"type": "pass_scar_card"}
    game.refresh_from_db()
    assert game.game_state().seats[seat].scar_card == held


def test_the_comeback_pick_form_names_each_power_left_X15():
    world = (
        PackOpened("pack_2", 1, "the first elimination")
        .apply(position(armies={}).world)
        .evolve(comeback_powers={"khan_industries": "mobile"})
    )
    state = position(armies={"alaska": (0, 3), "peru": (1, 2)}, world=world).clone()
    state.comeback_due = (1,)
    raise_owed_picks(state, [])
    specs = move_form_specs(state, legal_move_options(state, 1))
    assert [s.type for s in specs] == ["choose_comeback_power"]
    labels = dict(specs[0].fields[0].choices)
    assert "mobile" not in labels and len(labels) == 5
    assert labels["stealthy"].startswith("Stealthy: ")
