"""Past games' snapshots keep a digest, whole worlds only at checkpoints (DESIGN: the stored
history grows with the games, not games x world size, so `verify_worlds` is linear in the
log); the world as of any game is replayed from the nearest checkpoint (S-1: the world after
each game stays readable), and the migration turns whole-world snapshots into that form."""

import importlib

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import WorldSnapshot
from campaign.models.world import CHECKPOINT_EVERY
from campaign.selectors.world import (
    world_as_of,
    world_counted_entries,
    world_projection,
    world_snapshot_mismatches,
)
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from rules.world import World
from tests.campaign.history.test_page_queries import HOUSE_RULE, _entry

pytestmark = pytest.mark.django_db

GAMES = 13  # checkpoints at games 0 and 10, games 11 to 13 replayed from game 10's


def _log(campaign, owner, persons, games: int) -> None:
    for number in range(1, games + 1):
        try:
            game_log(campaign=campaign, user=owner, entry=_entry(persons, number))
        except GameLogRefused:
            game_log(
                campaign=campaign,
                user=owner,
                entry=_entry(persons, number),
                override_reason=HOUSE_RULE,
            )


def _replayed(campaign) -> dict[int, World]:
    counted = world_counted_entries(campaign=campaign)
    _, per_game = world_projection(counted, world=World(), after_seq=0)
    return {n: world for n, (_, world) in per_game.items()}


@pytest.fixture
def logged(campaign, owner, persons, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        _log(campaign, owner, persons, GAMES)
    return campaign


def test_past_games_keep_digests_and_whole_worlds_only_at_checkpoints(logged):
    past = WorldSnapshot.objects.filter(campaign=logged, is_current=False)
    assert sorted(past.values_list("games_played", flat=True)) == list(range(GAMES + 1))
    whole = past.filter(world__isnull=False).values_list("games_played", flat=True)
    assert sorted(whole) == [0, CHECKPOINT_EVERY]
    assert all(len(d) == 64 for d in past.values_list("digest", flat=True))
    assert world_snapshot_mismatches(campaign=logged) == []


def test_verify_reads_the_log_once_and_whole_worlds_only_of_checkpoints(logged):
    """DESIGN: verifying is one read of the log, one of the digests and one of the whole
    worlds kept (checkpoints and the current one), however many games were played."""
    with CaptureQueriesContext(connection) as queries:
        assert world_snapshot_mismatches(campaign=logged) == []
    assert len(queries) == 3
    whole = [q["sql"] for q in queries if '."world"' in q["sql"].split("FROM")[0]]
    assert len(whole) == 1 and '"id" IN (' in whole[0], whole


def test_the_world_as_of_every_game_equals_the_replay_of_the_log(logged):
    replayed = _replayed(logged)
    for game in range(GAMES + 1):
        assert world_as_of(campaign=logged, game_number=game) == replayed[game], game


def test_verify_worlds_names_a_tampered_digest_and_a_tampered_checkpoint(logged):
    past = WorldSnapshot.objects.filter(campaign=logged, is_current=False)
    past.filter(games_played=12).update(digest="0" * 64)
    checkpoint = past.get(games_played=CHECKPOINT_EVERY)
    checkpoint.world["world_name"] = "Tampered"
    checkpoint.save()
    problems = world_snapshot_mismatches(campaign=logged)
    assert problems == [
        "snapshot as of game 12 differs from the replay in its digest or last entry",
        f"snapshot as of game {CHECKPOINT_EVERY} differs from the replay in: world_name",
    ]
    with pytest.raises(Exception, match="do not match their log"):
        call_command("verify_worlds")


def test_verify_worlds_names_a_tampered_row_on_a_faction_card(logged):
    """The faction cards' rows, the part of a world that grows with every game and that
    verifying converts once for all checkpoints, are still compared at each checkpoint and in
    the current world (END-2: who played which faction and how it ended)."""
    snapshots = WorldSnapshot.objects.filter(campaign=logged)
    checkpoint = snapshots.get(is_current=False, games_played=CHECKPOINT_EVERY)
    checkpoint.world["faction_records"][3]["outcome"] = "won"
    checkpoint.save()
    current = snapshots.get(is_current=True)
    current.world["faction_records"].append(dict(current.world["faction_records"][-1]))
    current.save()
    assert world_snapshot_mismatches(campaign=logged) == [
        f"snapshot as of game {CHECKPOINT_EVERY} differs from the replay in: faction_records",
        "current snapshot differs from the replay in: faction_records",
    ]


def test_the_migration_digests_snapshots_that_held_whole_worlds(logged):
    """Snapshots stored before 0019 held every game's whole world and no digest."""
    replayed = _replayed(logged)
    for snapshot in WorldSnapshot.objects.filter(campaign=logged, is_current=False):
        snapshot.world, snapshot.digest = replayed[snapshot.games_played].to_json(), ""
        snapshot.save()
    WorldSnapshot.objects.filter(campaign=logged, is_current=True).update(digest="")
    migration = importlib.import_module("campaign.migrations.0019_snapshot_digests")
    migration.snapshots_digested(apps, None)
    assert world_snapshot_mismatches(campaign=logged) == []
    assert world_as_of(campaign=logged, game_number=GAMES) == replayed[GAMES]
    migration.snapshots_whole(apps, None)
    assert not WorldSnapshot.objects.filter(campaign=logged, world__isnull=True).exists()
