"""Standalone games (issue 19, part 4): a table set in the lobby under a rule set (RS-1) and
its options (RS-2), on a fresh board, outside any campaign; invitations, hot-seat, bots,
spectators, and dice checked after the end (DESIGN randomness)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaign.errors import ApplicationError, ConflictError
from campaign.live import game_watcher
from campaign.models import Person, WorldEventRecord
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.dice import digital_game_dice_check
from campaign.services.digital.finish import digital_game_abandon
from campaign.services.standalone import SeatKind, standalone_begin_now, standalone_seat_take
from rules.game import seats_to_act
from tests.play.conftest import SESSION, play_out, table

pytestmark = pytest.mark.django_db


def test_a_table_of_me_and_bots_begins_at_once_on_a_fresh_board_RS_1(bot_table, owner):
    game = bot_table
    assert game.campaign is None and game.status == DigitalGame.Status.PLAYING
    state = game.game_state()
    assert state.rule_set == "legacy" and game.rule_set == "legacy"
    assert [s.name for s in game.seats.order_by("index")] == ["olga_owner", "Bot 2", "Bot 3"]
    assert game.seats.get(index=0).user == owner
    # Nothing of any campaign: no person, no world event.
    assert not Person.objects.exists() and not WorldEventRecord.objects.exists()
    assert game.seed_commitment and not game.seed_revealed


@pytest.mark.parametrize(
    ("kinds", "options", "code"),
    [
        ((SeatKind.ME, SeatKind.BOT), None, "player_count"),
        ((SeatKind.ME,) + (SeatKind.BOT,) * 6, None, "player_count"),
        ((SeatKind.ME, SeatKind.BOT, SeatKind.BOT), {"no_such_option": 3}, "unknown_option"),
        ((SeatKind.ME, SeatKind.ME, SeatKind.BOT), None, "person_twice"),
        ((SeatKind.BOT, SeatKind.BOT, SeatKind.BOT), None, "bots_only"),
    ],
)
def test_a_table_that_combines_badly_is_refused_in_plain_words_and_nothing_is_stored_RS_1(
    owner, kinds, options, code
):
    with pytest.raises(ApplicationError) as refused:
        table(owner, *kinds, options=options)
    assert refused.value.violations[0].code == code and refused.value.message
    assert not DigitalGame.objects.exists()


def test_an_unknown_rule_set_is_refused_RS_1(owner):
    with pytest.raises(ApplicationError) as refused:
        table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT, rule_set="chess")
    assert refused.value.violations[0].code == "unknown_rule_set"


def test_an_invited_seat_is_taken_by_whoever_opens_the_link_and_play_begins(
    invite_table, player, outsider
):
    game = invite_table
    assert game.status == DigitalGame.Status.WAITING and game.invite_token
    assert game.state == {} and not game.seed_revealed
    standalone_seat_take(token=game.invite_token, user=player)
    game.refresh_from_db()
    assert game.status == DigitalGame.Status.PLAYING
    seat = game.seats.get(index=1)
    assert seat.user == player and seat.name == "pete_player"
    # Opening it again changes nothing; a third person finds the table full.
    assert standalone_seat_take(token=game.invite_token, user=player).pk == game.pk
    with pytest.raises(ConflictError):
        standalone_seat_take(token=game.invite_token, user=outsider)
    assert game.game_state().seats[1].name == "pete_player"


def test_the_invitation_page_asks_to_sign_in_then_seats_the_visitor(
    invite_table, anon_client, player_client
):
    url = reverse("campaign:play_invite", kwargs={"token": invite_table.invite_token})
    page = anon_client.get(url)
    assert page.status_code == 200 and "Sign in" in page.content.decode()
    refused = anon_client.post(url)
    assert refused.status_code == 302 and "login" in refused["Location"]
    taken = player_client.post(url)
    assert taken.status_code == 302 and taken["Location"] == invite_table.get_absolute_url()
    invite_table.refresh_from_db()
    assert invite_table.status == DigitalGame.Status.PLAYING
    nowhere = reverse("campaign:play_invite", kwargs={"token": "nope"})
    assert anon_client.get(nowhere).status_code == 404


def test_the_starter_may_begin_at_once_with_bots_in_the_open_seats(invite_table, owner, player):
    with pytest.raises(ApplicationError):
        standalone_begin_now(game=invite_table, user=player)
    standalone_begin_now(game=invite_table, user=owner)
    invite_table.refresh_from_db()
    assert invite_table.status == DigitalGame.Status.PLAYING
    assert invite_table.seats.get(index=1).kind == GameSeat.Kind.BOT


def test_a_private_game_is_invisible_to_outsiders(
    bot_table, owner_client, outsider_client, anon_client, outsider
):
    url = bot_table.get_absolute_url()
    assert owner_client.get(url).status_code == 200
    assert outsider_client.get(url).status_code == 404
    assert anon_client.get(url).status_code == 302
    dice = reverse("campaign:play_game_dice", args=[bot_table.pk])
    assert outsider_client.get(dice).status_code == 404
    assert outsider_client.get(f"/api/v1/games/{bot_table.pk}/state").status_code == 404
    assert game_watcher(user=outsider, session_key="", slug=None, game_id=bot_table.pk) is None
    # Nor is it listed in the lobby for them.
    lobby = outsider_client.get(reverse("campaign:lobby")).content.decode()
    assert url not in lobby


def test_anyone_watches_a_public_game_as_a_spectator(owner, anon_client, outsider):
    game = table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT, public=True)
    page = anon_client.get(game.get_absolute_url())
    assert page.status_code == 200 and "Watching" in page.content.decode()
    watcher = game_watcher(user=outsider, session_key="", slug=None, game_id=game.pk)
    assert watcher is not None and watcher.spectator
    seated = game_watcher(user=owner, session_key="", slug=None, game_id=game.pk)
    assert seated is not None and not seated.spectator
    assert game.get_absolute_url() in anon_client.get(reverse("campaign:lobby")).content.decode()
    state = anon_client.get(f"/api/v1/games/{game.pk}/state").json()
    assert state["rule_set"] == "legacy" and state["held_seats"] == []


def test_hot_seat_players_share_the_starters_browser(owner):
    game = table(owner, SeatKind.HOTSEAT, SeatKind.HOTSEAT, SeatKind.BOT)
    seats = list(game.seats.order_by("index"))
    assert [s.name for s in seats] == ["Player 1", "Player 2", "Bot 3"]
    assert {s.hotseat_session_key for s in seats[:2]} == {SESSION}
    game = play_out(game, owner, session_key=SESSION, limit=40, to_the_end=False)
    by_people = set(game.moves.filter(actor="player").values_list("seat", flat=True))
    assert by_people == {0, 1}


def test_bots_and_a_person_play_to_the_end_then_the_dice_verify_DESIGN_randomness(
    bot_table, owner, owner_client
):
    game = play_out(bot_table, owner)
    assert game.status == DigitalGame.Status.FINISHED and game.finished_at is not None
    state = game.game_state()
    assert state.is_over and not seats_to_act(state)
    assert game.seed_revealed
    check = digital_game_dice_check(game=game)
    assert check.ok and check.moves_checked == game.moves.count()
    page = owner_client.get(reverse("campaign:play_game_dice", args=[game.pk])).content.decode()
    assert "Verified" in page and game.seed in page
    out = io.StringIO()
    call_command("verify_game", str(game.pk), stdout=out)
    assert "standalone legacy table" in out.getvalue() and "Verified" in out.getvalue()
    finished = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Game over" in finished and "wins." in finished
    assert not WorldEventRecord.objects.exists()


def test_a_move_on_the_page_is_played_by_the_seat_holder(bot_table, owner_client, outsider):
    state = bot_table.game_state()
    seat = seats_to_act(state)[0]
    assert seat == 0
    page = owner_client.get(bot_table.get_absolute_url()).content.decode()
    assert reverse("campaign:play_game_move", args=[bot_table.pk]) in page
    assert "Risk Legacy" in page  # the rule set in force


def test_the_starter_abandons_a_waiting_table(invite_table, owner, player):
    with pytest.raises(ApplicationError):
        digital_game_abandon(game=invite_table, user=player)
    digital_game_abandon(game=invite_table, user=owner)
    invite_table.refresh_from_db()
    assert invite_table.status == DigitalGame.Status.ABANDONED


def test_the_lobby_form_starts_a_table_and_refuses_bad_choices_with_a_400_RS_2(
    owner_client, monkeypatch
):
    from rules.rule_sets import RULE_SETS, OptionSpec, RuleSet

    # A rule set registered now appears in the form at once, its options as fields.
    monkeypatch.setitem(
        RULE_SETS,
        "trial",
        RuleSet(
            key="trial",
            name="Trial rules",
            min_players=2,
            max_players=6,
            options=(OptionSpec("units", "int", 10, "Starting units", minimum=1, maximum=40),),
        ),
    )
    lobby = owner_client.get(reverse("campaign:lobby")).content.decode()
    assert "Trial rules" in lobby and 'name="trial__units"' in lobby
    seats = {"seat0_kind": "me", "seat1_kind": "bot"}
    too_many = owner_client.post(
        reverse("campaign:lobby"), {"rule_set": "trial", "trial__units": "99", **seats}
    )
    assert too_many.status_code == 400
    assert "whole number from 1 to 40" in too_many.content.decode()
    too_few = owner_client.post(reverse("campaign:lobby"), {"rule_set": "legacy", **seats})
    assert too_few.status_code == 400 and "3 to 5 players" in too_few.content.decode()
    assert not DigitalGame.objects.exists()
    started = owner_client.post(
        reverse("campaign:lobby"),
        {"rule_set": "legacy", **seats, "seat2_kind": "hotseat", "seat2_name": "Ana"},
    )
    game = DigitalGame.objects.get()
    assert started.status_code == 302 and started["Location"] == game.get_absolute_url()
    assert [s.name for s in game.seats.order_by("index")] == ["olga_owner", "Bot 2", "Ana"]
    assert game.campaign is None and game.status == DigitalGame.Status.PLAYING


def test_signed_out_visitors_see_the_lobby_but_must_sign_in_to_start(anon_client):
    page = anon_client.get(reverse("campaign:lobby"))
    assert page.status_code == 200 and "Sign in" in page.content.decode()
    posted = anon_client.post(reverse("campaign:lobby"), {"rule_set": "legacy"})
    assert posted.status_code == 302 and not DigitalGame.objects.exists()
