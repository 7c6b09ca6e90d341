"""world_event_append: the one door through which a campaign's world changes."""

from __future__ import annotations

import random

import pytest

from campaign.errors import ApplicationError, ForbiddenError
from campaign.models import WorldEventRecord, WorldSnapshot
from campaign.selectors.world import (
    world_as_of,
    world_current,
    world_log,
    world_replay,
    world_snapshot_mismatches,
)
from campaign.services.hooks import world_events_appended
from campaign.services.world import world_event_append
from rules.data import board, content
from rules.world_events import (
    CardDestroyed,
    CityFounded,
    ContinentNamed,
    EventsVoided,
    ScarPlaced,
    StartingPowerChosen,
)
from tests.campaign.worlds import FACTIONS, first_powers, game, pregame_coins


def _append(campaign, user, events, **kwargs):
    return world_event_append(
        campaign=campaign, events=events, user=user, source=kwargs.pop("source", "log"), **kwargs
    )


def _keys(persons):
    return [persons["owner"].key, persons["player"].key, persons["viewer"].key]


def test_appended_events_are_numbered_in_order_and_the_snapshot_equals_the_replay(campaign, owner):
    records = _append(campaign, owner, [*first_powers(), pregame_coins()], source="setup")

    assert [r.seq for r in records] == list(range(1, 7))
    assert [r.kind for r in records][-1] == "pregame_coins_placed"
    assert all(r.created_by == owner and r.source == "setup" for r in records)
    world = world_current(campaign=campaign)
    assert world.customized
    assert world == world_replay(campaign=campaign)
    assert world_snapshot_mismatches(campaign=campaign) == []


def test_each_event_is_checked_against_the_world_after_the_ones_before_it_p2(campaign, owner):
    """P-2: a faction's second power choice in the same batch is refused, as it would be
    later: the first choice already destroyed the other power."""
    faction = content().factions[FACTIONS[0]]
    events = [
        StartingPowerChosen(faction.key, faction.powers[0].key),
        StartingPowerChosen(faction.key, faction.powers[1].key),
    ]
    with pytest.raises(ApplicationError) as refused:
        _append(campaign, owner, events, source="setup")

    assert [v.code for v in refused.value.violations] == ["power_already_chosen"]
    assert refused.value.violations[0].rule == "P-2"
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    assert not WorldSnapshot.objects.filter(campaign=campaign).exists()


def test_one_error_lists_every_violation_and_nothing_is_written(campaign, owner, persons):
    _append(campaign, owner, [*first_powers(), pregame_coins()], source="setup")
    bad = [
        CityFounded("atlantis", "minor", "Nowhere", persons["owner"].key, 1),
        ScarPlaced("egypt", "territory", "no_such_scar", None, 1),
        ContinentNamed("europe", "  ", persons["owner"].key, 1),
    ]
    with pytest.raises(ApplicationError) as refused:
        _append(campaign, owner, bad)

    codes = [v.code for v in refused.value.violations]
    assert codes == ["unknown_territory", "unknown_scar", "name_required"]
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == 6


def test_the_owner_may_accept_a_refused_event_with_a_reason_which_is_stored(
    campaign, owner, persons
):
    _append(campaign, owner, [*first_powers(), pregame_coins()], source="setup")
    _append(campaign, owner, [game(1, _keys(persons))])
    city = CityFounded("egypt", "major", "Cairo", persons["owner"].key, 1)
    twice = CityFounded("egypt", "minor", "Giza", persons["owner"].key, 1)  # G-2: one city

    records = _append(campaign, owner, [city, twice], override_reason="House rule: twin cities")

    assert [r.override_reason for r in records] == ["House rule: twin cities"] * 2
    assert world_current(campaign=campaign).cities["egypt"].name == "Giza"
    assert world_snapshot_mismatches(campaign=campaign) == []


def test_only_an_owner_may_override_the_rules(campaign, player, persons):
    event = CityFounded("atlantis", "minor", "Nowhere", persons["player"].key, 1)
    with pytest.raises(ForbiddenError):
        _append(campaign, player, [event], override_reason="please")
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_an_empty_batch_or_an_unknown_source_is_refused(campaign, owner):
    with pytest.raises(ApplicationError):
        _append(campaign, owner, [])
    with pytest.raises(ApplicationError):
        _append(campaign, owner, first_powers(), source="carrier pigeon")


def test_the_world_as_of_each_game_includes_that_games_rewards(campaign, owner, persons):
    keys = _keys(persons)
    _append(campaign, owner, [*first_powers(), pregame_coins()], source="setup")
    _append(campaign, owner, [game(1, keys), CityFounded("egypt", "major", "Cairo", keys[0], 1)])
    _append(campaign, owner, [ContinentNamed("africa", "Sandland", keys[0], 1)])
    _append(campaign, owner, [game(2, keys, starts=("peru", "japan", "iceland"))])

    before = world_as_of(campaign=campaign, game_number=0)
    after_1 = world_as_of(campaign=campaign, game_number=1)
    after_2 = world_as_of(campaign=campaign, game_number=2)
    assert before.customized and before.games_played == 0 and not before.cities
    assert after_1.games_played == 1
    assert "egypt" in after_1.cities and "africa" in after_1.continent_names
    assert after_2 == world_current(campaign=campaign)
    with pytest.raises(ApplicationError):
        world_as_of(campaign=campaign, game_number=3)
    records = WorldEventRecord.objects.filter(campaign=campaign, kind="city_founded")
    assert [r.game_number for r in records] == [1]


def test_a_correction_voids_earlier_entries_and_rebuilds_every_snapshot(campaign, owner, persons):
    keys = _keys(persons)
    _append(campaign, owner, [*first_powers(), pregame_coins()], source="setup")
    (wrong,) = _append(campaign, owner, [CardDestroyed("brazil", keys[0], 1)], override_reason="x")
    _append(campaign, owner, [game(1, keys)])

    (correction,) = _append(campaign, owner, [EventsVoided((wrong.seq,), "Brazil survived")])

    assert correction.corrects == [wrong.seq]
    assert world_current(campaign=campaign).has_card("brazil")
    assert world_as_of(campaign=campaign, game_number=1).has_card("brazil")
    assert world_snapshot_mismatches(campaign=campaign) == []
    log = world_log(campaign=campaign)
    assert log[wrong.seq - 1].voided_by == correction.seq


def test_a_correction_must_name_existing_entries_and_a_reason(campaign, owner):
    _append(campaign, owner, first_powers(), source="setup")
    with pytest.raises(ApplicationError) as refused:
        _append(campaign, owner, [EventsVoided((99,), "")])
    assert {v.code for v in refused.value.violations} == {"unknown_entry", "reason_required"}


def test_listeners_hear_about_appended_events_only_after_commit(
    campaign, owner, django_capture_on_commit_callbacks
):
    heard = []

    def listener(sender, campaign, records, **kwargs):
        heard.append((campaign.pk, [r.seq for r in records]))

    world_events_appended.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            _append(campaign, owner, first_powers(), source="setup")
        assert heard == []
        for callback in callbacks:
            callback()
    finally:
        world_events_appended.disconnect(listener)
    assert heard == [(campaign.pk, [1, 2, 3, 4, 5])]


def test_a_refused_append_notifies_nobody(campaign, owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(ApplicationError):
        _append(campaign, owner, [StartingPowerChosen("nobody", "nothing")], source="setup")
    assert callbacks == []


def test_snapshots_equal_the_replay_after_many_random_appends(campaign, owner, persons):
    """Whatever is appended (accepted or overridden, in batches, with corrections), the
    cached worlds always equal a replay of the log."""
    rng = random.Random(20261122)
    keys = _keys(persons)
    territories = sorted(board().territories)
    _append(campaign, owner, [*first_powers(), pregame_coins()], source="setup")
    number = 0
    for _ in range(25):
        batch = []
        for _ in range(rng.randint(1, 3)):
            pick = rng.random()
            if pick < 0.3:
                number += 1
                starts = tuple(rng.sample(territories, 3))
                batch.append(game(number, keys, starts=starts))
            elif pick < 0.6:
                batch.append(CityFounded(rng.choice(territories), "minor", "Town", keys[1], number))
            elif pick < 0.8:
                batch.append(ScarPlaced(rng.choice(territories), "territory", "bunker", None, 0))
            else:
                batch.append(CardDestroyed(rng.choice(territories), None, number))
        _append(campaign, owner, batch, override_reason="random house rules")
        if rng.random() < 0.2:
            seqs = list(
                WorldEventRecord.objects.filter(campaign=campaign).values_list("seq", flat=True)
            )
            _append(campaign, owner, [EventsVoided((rng.choice(seqs),), "typo")])
        assert world_snapshot_mismatches(campaign=campaign) == []
    assert world_current(campaign=campaign) == world_replay(campaign=campaign)
