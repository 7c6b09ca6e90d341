"""Nobody waits for ever at a pocket decision: each one a person must take has a deadline, and
once it passes the default is taken for them: a missile-power window is passed (J167s), a pick
takes the first legal option (the missile power J167s, the nuke's target J162s, Alien Island's
sea lines K182s, the Evolve card J178), a pocket event card with a "do nothing" does nothing."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from campaign import tasks
from campaign.models.digital import DigitalGame, GameMove
from campaign.selectors.world import world_current
from campaign.services.digital.deadlines import DECISION_TIMEOUT, LASTING_PICK_TIMEOUT
from campaign.services.digital.moves import digital_game_decide_overdue, move_submit
from rules.game import EndTurn, GameState, TakeCard, TurnFlags
from tests.rules.game.helpers import FACTIONS, position

from . import pocket_positions as at
from .conftest import stored_hotseat_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


@pytest.fixture
def overdue(campaign, owner, owner_client, people):
    """Store the position `build` gives with its deadline passed, let it time out, and return
    the move taken and the game after it."""

    def run(build) -> tuple[GameMove, GameState]:
        state = build(world_current(campaign=campaign), people)
        game = stored_hotseat_game(campaign, owner, owner_client, people, state)
        DigitalGame.objects.filter(pk=game.pk).update(
            decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
        )
        assert digital_game_decide_overdue(game_id=game.pk, version=game.version) is True
        taken = GameMove.objects.get(game=game, index=game.version)
        assert taken.actor == GameMove.Actor.TIMEOUT
        game.refresh_from_db()
        return taken, game.game_state()

    return run


def test_J162s_a_nuke_choice_left_too_long_spares_the_firers_own_army(overdue):
    """The firer attacks from Argentina: a careful pick nukes the defender's Brazil, never
    the firer's own territory (which the first option offered would be)."""
    taken, after = overdue(at.nuke_choice)
    assert taken.move == {"type": "choose_nuke_target", "territory": "brazil"}
    assert after.world.fallout == "brazil" and after.phase == "expand_attack"


def test_J167s_a_missile_power_pick_left_too_long_takes_a_power_left_as_a_bot_would(overdue):
    taken, after = overdue(at.missile_power_pick)
    assert taken.move == {"type": "choose_missile_power", "power": "rally"}
    assert after.world.missile_powers == {FACTIONS[1]: "rally"}


def test_J167s_a_bad_intel_window_left_too_long_is_passed(overdue):
    taken, after = overdue(at.bad_intel_window)
    assert taken.move == {"type": "pass_missile_power"}
    assert after.seats[1].missiles == 1 and after.turn.bonuses_denied == ()


def test_J167s_an_interference_window_left_too_long_lets_the_card_be_taken(overdue):
    taken, after = overdue(at.interference_window)
    assert taken.move == {"type": "pass_missile_power"}
    assert after.seats[0].cards == ("brazil",) and after.seats[1].missiles == 1


def test_K182s_an_island_placement_left_too_long_takes_the_first_two_coastal_ends(overdue):
    taken, after = overdue(at.island_placement)
    assert taken.move["type"] == "place_alien_island"
    assert after.world.alien_island == (taken.move["territory"], taken.move["target"])


def test_J178_an_evolve_choice_left_too_long_scratches_the_first_option(overdue):
    taken, after = overdue(at.evolve_choice)
    assert taken.move["option"] == "offensive"
    assert after.world.evolutions == {"J178": "offensive"}


def test_K187s_a_die_humans_choice_left_too_long_ruins_nothing(overdue):
    taken, after = overdue(at.die_humans_choice)
    assert taken.move["option"] == "pass" and after.world.ruins == {}


def test_J167s_a_window_opened_by_a_move_gets_the_short_deadline(
    campaign, owner, owner_client, people
):
    """Seat 0 takes a card; seat 1, holding Interference, gets 20 seconds to answer."""
    state = position(
        armies={"brazil": (0, 2), "alaska": (1, 3), "ural": (2, 3)},
        turn=TurnFlags(conquered=True),
        world=at.pocket_1(world_current(campaign=campaign), {1: "interference"}),
        seat1={"missiles": 1},
    ).clone()
    state.slots, state.draw_pile = ("alaska", "peru", "brazil", "egypt"), ("siam", "india")
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    session = owner_client.session.session_key
    for move in (EndTurn(), TakeCard(3)):
        game.refresh_from_db()
        move_submit(
            game=game,
            seat=0,
            move=move.to_json(),
            version=game.version,
            user=owner,
            session_key=session,
        )
    game.refresh_from_db()
    assert game.state["phase"] == "interference_window"
    left = game.decision_deadline - timezone.now()
    assert datetime.timedelta(0) < left <= DECISION_TIMEOUT
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "they let the card be taken" in page


def test_J162s_a_lasting_pick_gets_the_longer_deadline(campaign, owner, owner_client, people):
    """The nuke's target stays on the campaign's board: its chooser has minutes, not seconds."""
    state = at.nuke_choice(world_current(campaign=campaign), people)
    state.phase, state.pending = (
        "open_pack",
        {
            "kind": "open_pack",
            "pack": "pocket_1",
            "reason": "3 missiles",
            "seat": 0,
            "resume_phase": state.phase,
            "resume_pending": state.pending,
        },
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    move_submit(
        game=game,
        seat=0,
        move={"type": "acknowledge_pack", "pack": "pocket_1"},
        version=game.version,
        user=owner,
        session_key=owner_client.session.session_key,
    )
    game.refresh_from_db()
    assert game.state["phase"] == "nuke_choice"
    left = game.decision_deadline - timezone.now()
    assert DECISION_TIMEOUT < left <= LASTING_PICK_TIMEOUT
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "the nuke falls on Brazil" in page


def test_J162s_with_a_turn_clock_a_lasting_pick_gets_a_whole_turn(
    campaign, owner, owner_client, people
):
    """In a game played over days the nuke's chooser has the turn's hours to answer, and the
    clock sweep (not a queued countdown) takes the pick once they pass."""
    state = at.nuke_choice(world_current(campaign=campaign), people)
    state.phase, state.pending = (
        "open_pack",
        {
            "kind": "open_pack",
            "pack": "pocket_1",
            "reason": "3 missiles",
            "seat": 0,
            "resume_phase": state.phase,
            "resume_pending": state.pending,
        },
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    DigitalGame.objects.filter(pk=game.pk).update(clock=DigitalGame.Clock.TURN, turn_hours=12)
    game.refresh_from_db()
    move_submit(
        game=game,
        seat=0,
        move={"type": "acknowledge_pack", "pack": "pocket_1"},
        version=game.version,
        user=owner,
        session_key=owner_client.session.session_key,
    )
    game.refresh_from_db()
    assert game.state["phase"] == "nuke_choice"
    left = game.decision_deadline - timezone.now()
    assert datetime.timedelta(hours=11) < left <= datetime.timedelta(hours=12)
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert tasks.digital_clocks_enforce()["decisions"] == [game.pk]
