"""Correcting a logged game carries what the group recorded between games after it (STYLE 9):
a comeback power picked on Pack 2's page (C100) and the owner's readings go back after the
game they followed, re-checked against the corrected world, like pack openings (U-1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.models import GameLog, WorldEventRecord
from campaign.selectors.world import world_current, world_replay
from campaign.services.box import comeback_power_choose, settings_choose
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from tests.campaign.log.factories import owner_wins_again, three_player_entry, with_player

pytestmark = pytest.mark.django_db

ELIMINATED = "saharan_republic"  # the viewer's faction, eliminated in `three_player_entry`


def _picked_on_pack_2s_page(campaign, owner, persons) -> None:
    """Game 1 eliminates the viewer's faction and so opens Pack 2 (U-3); its power is picked
    on Pack 2's page, outside any logged game (C100); then game 2 is logged."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    comeback_power_choose(
        campaign=campaign, user=owner, pack="pack_2", faction=ELIMINATED, power="stealthy"
    )
    game_log(campaign=campaign, user=owner, entry=owner_wins_again(persons))


def _seq(campaign, kind: str) -> int:
    record = WorldEventRecord.objects.filter(campaign=campaign, kind=kind).order_by("-seq").first()
    assert record is not None
    return record.seq


def test_correcting_an_earlier_game_after_a_pick_on_pack_2s_page_carries_the_pick_C100_U1(
    campaign, owner, persons
):
    _picked_on_pack_2s_page(campaign, owner, persons)
    corrected = replace(three_player_entry(persons), slogan="Blood first")
    game_log_correct(
        campaign=campaign, user=owner, game_number=1, entry=corrected, reason="The motto."
    )
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    assert world.comeback_powers == {ELIMINATED: "stealthy"}
    assert world.signatures[0].slogan == "Blood first"
    assert world.games_played == 2
    # Put back after game 1, before game 2 is re-recorded.
    first, second = (
        GameLog.objects.get(campaign=campaign, game_number=n, corrections=None) for n in (1, 2)
    )
    assert first.last_seq < _seq(campaign, "comeback_power_chosen") < second.first_seq


def test_a_carried_pick_whose_faction_the_correction_no_longer_eliminates_is_refused_X15(
    campaign, owner, persons
):
    _picked_on_pack_2s_page(campaign, owner, persons)
    held_on = with_player(three_player_entry(persons), 2, troops_at_end=True)
    before = WorldEventRecord.objects.filter(campaign=campaign).count()
    with pytest.raises(GameLogRefused) as refused:
        game_log_correct(
            campaign=campaign, user=owner, game_number=1, entry=held_on, reason="Vera held on."
        )
    [refusal] = refused.value.refusals
    assert refusal.violation.code == "no_comeback_pick" and not refusal.hard
    assert refusal.violation.message.startswith(
        "After game 1: Saharan Republic is no longer eliminated in game 1"
    )
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == before
    game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=held_on,
        reason="Vera held on.",
        override_reason="She took the sticker anyway, as the table agreed.",
    )
    world = world_current(campaign=campaign)
    assert world.comeback_powers == {ELIMINATED: "stealthy"}
    assert world == world_replay(campaign=campaign)


def test_a_pick_the_corrected_game_records_itself_is_not_carried_twice_G3(campaign, owner, persons):
    _picked_on_pack_2s_page(campaign, owner, persons)
    with_pick = with_player(three_player_entry(persons), 2, comeback_power="stealthy")
    game_log_correct(
        campaign=campaign, user=owner, game_number=1, entry=with_pick, reason="Noted in the log."
    )
    world = world_current(campaign=campaign)
    assert world.comeback_powers == {ELIMINATED: "stealthy"}
    assert world == world_replay(campaign=campaign)


def test_a_reading_chosen_between_games_is_carried_after_its_game_U8(campaign, owner, persons):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    settings_choose(campaign=campaign, user=owner, values={"well_armed_hq": "enemy"})
    game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=replace(three_player_entry(persons), slogan="Again"),
        reason="The motto.",
    )
    world = world_current(campaign=campaign)
    assert world.settings == {"well_armed_hq": "enemy"}
    assert world == world_replay(campaign=campaign)
