"""Dice nobody can predict and anyone can check afterwards (DESIGN randomness, issue 12): a
256-bit seed from the operating system, its commitment shown from the start, the seed shown once
the game is over, and the check by page and by `manage.py verify_game`."""

from __future__ import annotations

import hashlib
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command, execute_from_command_line
from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.dice import ROLLED_DICE_KEYS, rolled_dice
from campaign.services.digital.finish import (
    RewardsChosen,
    digital_game_abandon,
    digital_game_finish,
)
from campaign.services.digital.start import SeatRequest, digital_game_start
from tests.campaign.digital.conftest import HOTSEAT_SESSION

OLD_GAME = Path(__file__).parents[2] / "rules" / "game" / "splitmix_game_before_hmac_dice.json"


def _url(name: str, game: DigitalGame) -> str:
    return reverse(f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk})


def _api_state(client, game: DigitalGame):
    return client.get(reverse("api:game-state", kwargs={"game_id": game.pk}))


@pytest.fixture
def running_game(campaign, owner, persons, guest_person) -> DigitalGame:
    """Three hot-seat seats, the seed drawn by the server: the game waits on a person."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    return digital_game_start(
        campaign=campaign, user=owner, seats=seats, session_key=HOTSEAT_SESSION
    )


@pytest.fixture
def over_game(campaign, owner) -> DigitalGame:
    """Four bots, the seed drawn by the server: they play the whole game inside the start."""
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4
    )
    assert game.status == DigitalGame.Status.REWARDS
    return game


def _verify(game: DigitalGame) -> str:
    out = StringIO()
    call_command("verify_game", str(game.pk), stdout=out, stderr=StringIO())
    return out.getvalue()


def _first_move_with_dice(game: DigitalGame) -> GameMove:
    return next(m for m in game.moves.order_by("index") if rolled_dice(m.events))


# --- the seed and its commitment ---------------------------------------------------------------


def test_a_new_game_gets_a_256_bit_seed_from_the_server_and_a_commitment_DESIGN_randomness(
    running_game, campaign, owner
):
    digital_game_abandon(game=running_game, user=owner)
    next_game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 3
    )
    seeds = {running_game.seed, next_game.seed}
    assert len(seeds) == 2 and all(len(s) == 64 and int(s, 16) >= 0 for s in seeds)
    for game in (running_game, next_game):
        assert game.seed_commitment == hashlib.sha256(bytes.fromhex(game.seed)).hexdigest()
        assert not game.seed_chosen
        assert game.initial_state["rng"]["seed"] == game.seed  # the dice come from it


def test_the_page_and_api_show_the_commitment_but_never_the_seed_while_the_game_runs(
    running_game, owner_client, viewer_client
):
    game = running_game
    for client in (owner_client, viewer_client):
        page = client.get(game.get_absolute_url()).content.decode()
        assert game.seed_commitment in page
        assert game.seed not in page
        response = _api_state(client, game)
        assert response.json()["dice"] == {
            "commitment": game.seed_commitment,
            "seed": None,
            "seed_chosen": False,
        }
        assert game.seed not in response.content.decode()
        moves = client.get(reverse("api:game-moves", kwargs={"game_id": game.pk}))
        assert game.seed not in moves.content.decode()
        dice_page = client.get(_url("digital_game_dice", game)).content.decode()
        assert "still in play" in dice_page and game.seed not in dice_page


def test_the_seed_is_revealed_on_the_page_and_in_the_api_once_the_game_is_over(
    over_game, owner, owner_client
):
    page = owner_client.get(over_game.get_absolute_url()).content.decode()
    assert over_game.seed in page and over_game.seed_commitment in page
    assert _api_state(owner_client, over_game).json()["dice"]["seed"] == over_game.seed
    digital_game_finish(game=over_game, user=owner, rewards=RewardsChosen())
    page = owner_client.get(over_game.get_absolute_url()).content.decode()
    assert over_game.seed in page


def test_a_chosen_seed_is_marked_on_the_page_as_not_secret(hotseat_game, owner_client):
    assert hotseat_game.seed_chosen and hotseat_game.seed == "0" * 63 + "7"
    page = owner_client.get(hotseat_game.get_absolute_url()).content.decode()
    assert "it is not secret" in page
    assert _api_state(owner_client, hotseat_game).json()["dice"]["seed_chosen"] is True


def test_only_the_owner_may_choose_a_dice_seed(owner_client, player_client, campaign, persons):
    new = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    assert "Dice seed" in owner_client.get(new).content.decode()
    assert "Dice seed" not in player_client.get(new).content.decode()
    table = {"seat0_kind": "human", "seat0_person": persons["player"].pk}
    table |= {"seat1_kind": "bot", "seat2_kind": "bot", "seed": 5}
    response = player_client.post(new, table)
    assert response.status_code == 400
    assert "Only the campaign&#x27;s owner chooses a dice seed" in response.content.decode()
    assert not DigitalGame.objects.exists()


# --- verify_game ---------------------------------------------------------------------------------


def test_verify_game_succeeds_on_a_finished_bot_game_DESIGN_randomness(over_game, owner):
    digital_game_finish(game=over_game, user=owner, rewards=RewardsChosen())
    out = _verify(over_game)
    moves = over_game.moves.count()
    dice = sum(len(rolled_dice(m.events)) for m in over_game.moves.all())
    assert f"Seed:       {over_game.seed}" in out
    assert f"SHA-256 of the seed: {over_game.seed_commitment}" in out
    assert f"Replayed {moves} of {moves} moves; {dice} dice match the log." in out
    assert "Verified" in out


def test_verify_game_fails_on_a_changed_die_in_the_log(over_game):
    row = _first_move_with_dice(over_game)
    events = json.loads(json.dumps(row.events))
    event = next(e for e in events if rolled_dice([e]))
    key = next(k for k in ROLLED_DICE_KEYS if isinstance(event.get(k), list) and event[k])
    event[key][0] = event[key][0] % 6 + 1
    GameMove.objects.filter(pk=row.pk).update(events=events)
    with pytest.raises(CommandError, match=f"Move {row.index}: the log shows the dice"):
        _verify(over_game)


def test_verify_game_fails_on_a_tampered_move_with_exit_status_1(over_game, monkeypatch):
    """A defender's choice rewritten: the replay no longer gives the stored dice or state."""
    row = next(m for m in over_game.moves.order_by("index") if m.move["type"] == "defend_with")
    changed = dict(row.move, dice=1 if row.move["dice"] == 2 else 2)
    GameMove.objects.filter(pk=row.pk).update(move=changed)
    # Run as the command line does; keep the test database's connection open.
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "verify_game", str(over_game.pk)])
    assert exited.value.code == 1


def test_verify_game_fails_when_the_seed_does_not_match_its_commitment(over_game):
    DigitalGame.objects.filter(pk=over_game.pk).update(seed_commitment="0" * 64)
    over_game.refresh_from_db()
    with pytest.raises(CommandError, match="does not match the commitment"):
        _verify(over_game)


def test_verify_game_fails_when_the_stored_start_does_not_follow_from_the_seed(over_game):
    start = dict(over_game.initial_state)
    start["draw_pile"] = list(reversed(start["draw_pile"]))
    DigitalGame.objects.filter(pk=over_game.pk).update(initial_state=start)
    over_game.refresh_from_db()
    with pytest.raises(CommandError, match="does not follow from the seed"):
        _verify(over_game)


def test_verify_game_fails_when_the_stored_final_state_differs(over_game):
    final = dict(over_game.state, turn_number=over_game.state["turn_number"] + 1)
    DigitalGame.objects.filter(pk=over_game.pk).update(state=final)
    over_game.refresh_from_db()
    with pytest.raises(CommandError, match="does not give the stored final state"):
        _verify(over_game)


def test_verify_game_refuses_a_game_in_play_and_an_unknown_game(running_game):
    with pytest.raises(CommandError, match="still in play: its dice seed stays secret"):
        _verify(running_game)
    with pytest.raises(CommandError, match="There is no digital game 999999"):
        call_command("verify_game", "999999")


def test_verify_game_replays_a_game_stored_with_the_old_generator(campaign, owner):
    """A game stored before 256-bit seeds (int `rng`, its seed number rewritten in hex)."""
    stored = json.loads(OLD_GAME.read_text())
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=1,
        seed=format(stored["seed"], "064x"),
        status=DigitalGame.Status.FINISHED,
        version=len(stored["moves"]),
        initial_state=stored["initial_state"],
        state=stored["state"],
        created_by=owner,
    )
    GameMove.objects.bulk_create(
        GameMove(game=game, index=i, seat=m["seat"], move=m["move"], events=m["events"])
        for i, m in enumerate(stored["moves"])
    )
    out = _verify(game)
    assert "Commitment: none (started before commitments" in out
    assert "Replayed 182 of 182 moves" in out and "Verified" in out


# --- the dice page -------------------------------------------------------------------------------


def test_the_dice_page_is_for_the_campaigns_members_STYLE16(
    over_game, owner_client, player_client, viewer_client, outsider_client, anon_client
):
    url = _url("digital_game_dice", over_game)
    for client in (owner_client, player_client, viewer_client):
        page = client.get(url)
        assert page.status_code == 200
        assert "Verified" in page.content.decode() and over_game.seed in page.content.decode()
    assert outsider_client.get(url).status_code == 404
    response = anon_client.get(url)
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_dice_page_of_a_public_campaign_stays_closed_to_anonymous_readers(
    over_game, public_campaign, anon_client
):
    response = anon_client.get(_url("digital_game_dice", over_game))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_dice_page_names_the_first_mismatch(over_game, viewer_client):
    row = _first_move_with_dice(over_game)
    GameMove.objects.filter(pk=row.pk).update(events=[])
    page = viewer_client.get(_url("digital_game_dice", over_game)).content.decode()
    assert "Does not verify" in page and f"Move {row.index}: the log shows the dice []" in page


def test_a_game_of_another_campaign_has_no_dice_page_here(over_game, owner_client, owner):
    from campaign.services.campaigns import campaign_create

    other = campaign_create(owner=owner, name="Another table", is_public=False)
    url = reverse(
        "campaign:digital_game_dice", kwargs={"slug": other.slug, "game_id": over_game.pk}
    )
    assert owner_client.get(url).status_code == 404


# --- the migration -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_games_stored_before_keep_their_seed_in_hex_and_no_commitment(owner):
    """Migrations 0004-0005: an old number seed becomes 64 hex digits of the same number."""
    executor = MigrationExecutor(connection)
    before = [("campaign", "0003_digital_games")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    campaign = old.get_model("campaign", "Campaign").objects.create(
        name="Old table", slug="old-table", owner_id=owner.pk
    )
    old.get_model("campaign", "DigitalGame").objects.create(
        campaign=campaign, game_number=1, seed=1_234_567, initial_state={}, state={}
    )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    game = DigitalGame.objects.get(campaign_id=campaign.pk)
    assert game.seed == format(1_234_567, "064x")
    assert (game.seed_commitment, game.seed_chosen) == ("", False)
