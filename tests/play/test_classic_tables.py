"""Classic Risk and Invasión tables from the lobby (issue 19, parts 2-4): a 2-player classic
game gets a neutral army (CL-22) and is played to its end; an Invasión game with random
assignment, 10 starting units and a hand limit of 5 (IN-3, IN-5, IN-6); the game page names the
options in force and serves every decision of these rule sets as forms."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame
from campaign.selectors.dice import digital_game_dice_check
from campaign.services.standalone import SeatKind
from rules.game import legal_move_options, seats_to_act
from tests.play.conftest import play_out, table

pytestmark = pytest.mark.django_db


def test_a_two_player_classic_game_has_a_neutral_army_and_plays_to_the_end_CL_22(owner):
    game = table(owner, SeatKind.ME, SeatKind.BOT, rule_set="classic")
    state = game.game_state()
    assert state.rule_set == "classic" and game.options == {"short_game": "off"}
    neutral = state.table["neutral"]
    assert neutral == 2 and len(state.seats) == 3 and game.seats.count() == 2
    game = play_out(game, owner)
    state = game.game_state()
    assert game.status == DigitalGame.Status.FINISHED and state.winner in (0, 1)
    assert digital_game_dice_check(game=game).ok


def test_an_invasion_table_keeps_its_options_IN_5_IN_6(owner, owner_client):
    options = {"assignment": "random", "starting_units": 10, "hand_limit": 5}
    game = table(
        owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT, rule_set="invasion", options=options
    )
    state = game.game_state()
    assert state.rule_set == "invasion" and state.options["hand_limit"] == 5
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Invasión" in page and "Hand limit" in page and "Random and balanced" in page
    game = play_out(game, owner)
    assert game.status == DigitalGame.Status.FINISHED
    assert digital_game_dice_check(game=game).ok


def test_a_lobby_choice_that_combines_badly_is_refused_CL_31(owner_client):
    answer = owner_client.post(
        reverse("campaign:lobby"),
        {
            "rule_set": "classic",
            "classic__short_game": "some_hqs",
            "seat0_kind": "me",
            "seat1_kind": "bot",
            "seat2_kind": "bot",
        },
    )
    assert answer.status_code == 400 and "CL-31" in answer.content.decode()
    invasion = owner_client.post(
        reverse("campaign:lobby"),
        {
            "rule_set": "invasion",
            "invasion__starting_units": "99",
            "seat0_kind": "me",
            "seat1_kind": "bot",
        },
    )
    assert invasion.status_code == 400 and "from 0 to 40" in invasion.content.decode()
    assert not DigitalGame.objects.exists()


@pytest.mark.parametrize("rule_set", ["classic", "invasion"])
def test_every_decision_of_a_hot_seat_game_is_a_form_on_the_page(owner, client_for, rule_set):
    """Played through the page's own forms: each legal move the engine offers is posted as the
    form would post it, until the game is deep into its turns."""
    game = table(owner, SeatKind.HOTSEAT, SeatKind.HOTSEAT, rule_set=rule_set)
    client = client_for(owner)
    session = client.session
    session.save()
    game.seats.update(hotseat_session_key=session.session_key)
    phases = set()
    for _ in range(150):
        game.refresh_from_db()
        if game.status != DigitalGame.Status.PLAYING:
            break
        state = game.game_state()
        phases.add(state.phase)
        seat = seats_to_act(state)[0]
        page = client.get(game.get_absolute_url(), {"seat": seat})
        assert page.status_code == 200
        option = legal_move_options(state, seat)[0]
        data = {"seat": seat, "version": game.version, **_posted(option)}
        answer = client.post(reverse("campaign:play_game_move", args=[game.pk]), data)
        assert answer.status_code == 200, answer.content.decode()[:2000]
        assert "game-error" not in answer.content.decode()
    assert len(phases) >= 3


def _posted(option) -> dict:
    data = option.move.to_json()
    if option.max_count is not None:
        data["count"] = option.max_count
    for key, value in list(data.items()):
        if isinstance(value, (list, tuple)):
            data[key] = list(value)
    return data


def test_a_classic_page_shows_the_table_not_legacys_sideboard_CL_11(owner, owner_client):
    game = table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT, rule_set="classic")
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "game-table" in page and "sets traded in so far" in page
    assert "game-sideboard" not in page and "no faction yet" not in page
    legacy = table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT)
    assert "game-sideboard" in owner_client.get(legacy.get_absolute_url()).content.decode()


def test_a_two_player_classic_page_names_the_neutral_army_CL_22(owner, owner_client):
    game = table(owner, SeatKind.ME, SeatKind.BOT, rule_set="classic")
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Neutral army" in page
