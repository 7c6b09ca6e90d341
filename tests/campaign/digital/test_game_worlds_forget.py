"""Stored worlds go once no game is played on them (DESIGN, performance: a game's world is
kept once, by digest): a world a game changed twice (the middle one), or a deleted game's,
does not stay for good; the worlds of games still stored, or just taken up by a game
starting, are never dropped."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from campaign.models import DigitalGame
from campaign.models.digital import GameWorld
from campaign.services.game_worlds import unused_worlds_forget
from campaign.tasks import game_worlds_forget
from rules.world_events import CityFounded

pytestmark = pytest.mark.django_db

A_DAY_AGO = timezone.now() - timedelta(days=2)


def _world_changed_mid_game(game: DigitalGame, territory: str = "peru") -> DigitalGame:
    state = game.game_state()
    changed = state.clone()
    changed.world = CityFounded(
        territory=territory, city="minor", name="Cuzcota", person=state.seats[0].person, game=1
    ).apply(state.world)
    game.keep_state(changed)
    game.save()
    return DigitalGame.objects.get(pk=game.pk)


def test_a_world_changed_twice_leaves_the_middle_one_forgotten_a_day_later(hotseat_game):
    middle = _world_changed_mid_game(hotseat_game).world_id
    game = _world_changed_mid_game(hotseat_game, territory="egypt")
    assert len({game.initial_world_id, middle, game.world_id}) == 3

    assert unused_worlds_forget() == 0  # taken up today: a starting game may be about to refer
    GameWorld.objects.update(used_at=A_DAY_AGO)

    assert game_worlds_forget() == 1  # the daily task (CELERY_BEAT_SCHEDULE)
    assert set(GameWorld.objects.values_list("pk", flat=True)) == {
        game.world_id,
        game.initial_world_id,
    }


def test_a_deleted_games_worlds_are_forgotten(hotseat_game):
    game = _world_changed_mid_game(hotseat_game)
    DigitalGame.objects.filter(pk=game.pk).delete()
    GameWorld.objects.update(used_at=A_DAY_AGO)

    assert unused_worlds_forget() == 2
    assert not GameWorld.objects.exists()


def test_the_worlds_games_are_played_on_stay_whatever_their_age(hotseat_game):
    game = _world_changed_mid_game(hotseat_game)
    GameWorld.objects.update(used_at=A_DAY_AGO)

    assert unused_worlds_forget() == 0
    assert set(GameWorld.objects.values_list("pk", flat=True)) == {
        game.world_id,
        game.initial_world_id,
    }
    assert game.game_state().world.cities["peru"].name == "Cuzcota"


def test_a_game_taking_up_an_old_unused_world_keeps_it(hotseat_game):
    """A world whose games went is found again by a new game on the same world: taking it
    up marks it used, so the forgetting run leaves it for that game."""
    digest = hotseat_game.world_id
    data = GameWorld.objects.get(pk=digest).data
    DigitalGame.objects.filter(pk=hotseat_game.pk).delete()
    GameWorld.objects.update(used_at=A_DAY_AGO)

    GameWorld.taken_up(digest, lambda: data)

    assert unused_worlds_forget() == 0
    assert GameWorld.objects.filter(pk=digest).exists()
