"""A move's cost does not grow with the campaign (DESIGN, performance): the game's world is
kept once, by digest, and a move through the API reads the game row once under its lock and
writes the state without the world."""

from __future__ import annotations

import importlib
import json

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models.digital import DigitalGame, GameSeat, GameWorld
from campaign.selectors.digital import digital_game_replay
from rules.game import SeatSpec, new_game
from rules.game.view import view_for, world_view
from rules.world import World
from rules.world_events import CityFounded
from tests.campaign.digital.conftest import first_legal, play_hotseat, stored_hotseat_game

pytestmark = pytest.mark.django_db

# Every request reads its session, its user and the user's preferences (as a bare view does);
# tests run inside a transaction, so the move's own transaction is a savepoint.
_EVERY_REQUEST = ("django_session", "auth_user", "accounts_preferences")


def _own_statements(captured: list[dict]) -> list[str]:
    return [
        q["sql"]
        for q in captured
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
        and not any(f'FROM "{table}"' in q["sql"] for table in _EVERY_REQUEST)
    ]


def _held_by(client, game: DigitalGame) -> None:
    """The game's hot-seat seats held by `client`'s browser session."""
    session = client.session
    session.save()
    GameSeat.objects.filter(game=game).update(hotseat_session_key=session.session_key)


def test_a_move_through_the_api_reads_the_game_once_and_writes_no_world_DESIGN(
    hotseat_game, owner, owner_client
):
    game = play_hotseat(hotseat_game, owner, 12)
    _held_by(owner_client, game)
    seat, move = first_legal(game)
    with CaptureQueriesContext(connection) as captured:
        answer = owner_client.post(
            f"/api/v1/games/{game.pk}/moves",
            {"seat": seat, "version": game.version, "move": move},
            content_type="application/json",
        )
    assert answer.status_code == 200, answer.content
    statements = _own_statements(captured.captured_queries)
    # The game locked with its campaign and the reader's role in it, its seats, the move, the
    # game written.
    assert len(statements) <= 4, "\n".join(s[:120] for s in statements)
    assert sum('FROM "campaign_digitalgame"' in s for s in statements) == 1
    update = next(s for s in statements if s.startswith('UPDATE "campaign_digitalgame"'))
    assert "card_coins" not in update  # the world is not written again
    assert answer.json()["state"]["version"] == game.version + 1


def test_the_world_is_kept_once_and_the_states_refer_to_it_DESIGN(hotseat_game, owner):
    game = play_hotseat(hotseat_game, owner, 20)
    game.refresh_from_db()
    assert "world" not in game.state and "world" not in game.initial_state
    stored = GameWorld.objects.get(pk=game.world_id).data
    assert stored == game.game_state().world.to_json()
    # The replay from the start still finds the stored state.
    assert digital_game_replay(game=game).state.to_json() == game.whole_state()


def test_a_world_changed_mid_game_is_kept_as_its_own_world_DESIGN(hotseat_game):
    game = DigitalGame.objects.get(pk=hotseat_game.pk)
    state = game.game_state()
    changed = state.clone()
    changed.world = CityFounded(
        territory="peru", city="minor", name="Cuzcota", person=state.seats[0].person, game=1
    ).apply(state.world)
    game.keep_state(changed)
    game.save()
    game = DigitalGame.objects.get(pk=game.pk)
    assert game.world_id != game.initial_world_id
    assert GameWorld.objects.count() == 2
    assert game.game_state().world.cities["peru"].name == "Cuzcota"
    assert "peru" not in game.initial_game_state().world.cities


def test_a_game_stored_whole_plays_on_and_replays_DESIGN(
    campaign, owner, owner_client, persons, guest_person
):
    """Games stored before worlds were kept apart carry their world in each state."""
    people = [persons["owner"], persons["player"], guest_person]
    start = new_game(
        World(), [SeatSpec(p.key, p.display_name) for p in people], seed=5, game_number=1
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, start)
    assert game.world_id is None and "world" in game.state
    seat, move = first_legal(game)
    answer = owner_client.post(
        f"/api/v1/games/{game.pk}/moves",
        {"seat": seat, "version": 0, "move": move},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    game.refresh_from_db()
    assert game.world_id is not None and "world" not in game.state
    assert game.initial_world_id is None and "world" in game.initial_state
    assert digital_game_replay(game=game).state.to_json() == game.whole_state()


def test_the_migration_moves_stored_worlds_out_of_the_states_DESIGN(
    campaign, owner, owner_client, persons, guest_person
):
    migration = importlib.import_module("campaign.migrations.0018_game_worlds")
    people = [persons["owner"], persons["player"], guest_person]
    start = new_game(
        World(), [SeatSpec(p.key, p.display_name) for p in people], seed=9, game_number=1
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, start)
    whole = json.loads(json.dumps(game.state))

    migration.worlds_apart(apps, None)

    game.refresh_from_db()
    assert game.world_id is not None and game.initial_world_id == game.world_id
    assert "world" not in game.state
    assert game.whole_state() == whole
    migration.worlds_back(apps, None)
    game.refresh_from_db()
    assert game.world_id is None and game.state == whole


def test_states_name_their_world_which_is_fetched_apart_and_cached_by_digest_DESIGN(
    hotseat_game, owner_client, outsider_client
):
    state = owner_client.get(f"/api/v1/games/{hotseat_game.pk}/state").json()
    assert "world" not in state
    digest = state["world_digest"]
    assert digest == hotseat_game.world_id

    fetched = owner_client.get(f"/api/v1/games/{hotseat_game.pk}/world")
    assert fetched.status_code == 200
    assert fetched.json() == {
        "digest": digest,
        "world": world_view(hotseat_game.game_state().world),  # nothing sealed named (U-8)
    }
    again = owner_client.get(
        f"/api/v1/games/{hotseat_game.pk}/world", HTTP_IF_NONE_MATCH=fetched["ETag"]
    )
    assert again.status_code == 304 and not again.content
    # Not a member of the campaign: not told the game exists.
    assert outsider_client.get(f"/api/v1/games/{hotseat_game.pk}/world").status_code == 404


def test_a_state_poll_reads_the_game_with_the_readers_role_and_its_seats_DESIGN(
    hotseat_game, owner, owner_client
):
    game = play_hotseat(hotseat_game, owner, 6)
    _held_by(owner_client, game)
    with CaptureQueriesContext(connection) as captured:
        answer = owner_client.get(f"/api/v1/games/{game.pk}/state?seat=0")
    assert answer.status_code == 200
    statements = _own_statements(captured.captured_queries)
    assert len(statements) <= 2, "\n".join(s[:120] for s in statements)
    assert not any(s.startswith('SELECT "campaign_membership"') for s in statements)


def test_a_seats_view_from_the_stored_state_is_the_view_of_the_state_DESIGN(hotseat_game, owner):
    """The answer to a move reuses the state's JSON the move stored, only for that state."""
    game = play_hotseat(hotseat_game, owner, 12)
    state = game.game_state()
    assert game.stored_json(state) is game.state
    assert game.stored_json(game.game_state()) is game.state  # read again: held again
    assert game.stored_json(state) is None  # an older read is not the one held
    for seat in (None, 0, 1):
        assert view_for(state, seat, with_world=False, stored=game.state) == view_for(
            state, seat, with_world=False
        )
