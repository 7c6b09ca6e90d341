"""Partial knowledge is honest: a logged game may leave a start, the territories held at the end
or a held-on reward "not recorded". The gap is kept as a gap (never a guessed value), shown as
not recorded, the counts it touches say they are uncertain (Minor Cities left, Pack 1's progress,
U-2), and a correction fills it in. Only the winner is always needed (END-2)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from campaign.forms.game_log.entry import entry_from_steps, steps_from_entry
from campaign.models import WorldEventRecord
from campaign.selectors.history.packs import packs_status
from campaign.selectors.record_gaps import record_gaps
from campaign.selectors.world import world_current
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from rules.data import content
from tests.campaign.log.factories import api_payload, three_player_entry, with_player

pytestmark = pytest.mark.django_db

HELD_ON = 1  # the player's Khan Industries holds on in `three_player_entry`
ELIMINATED = 2  # the viewer's Saharan Republic is eliminated


def _forgetful(persons):
    """Game 1 as a group remembers it: nobody knows where the Saharan Republic started, nor
    what Khan Industries held at the end or took for holding on."""
    entry = three_player_entry(persons)
    entry = with_player(entry, HELD_ON, held=(), reward=None, not_recorded=("held", "reward"))
    return with_player(entry, ELIMINATED, start="", not_recorded=("start",))


def _recorded_players(campaign) -> list[dict]:
    record = WorldEventRecord.objects.get(campaign=campaign, kind="game_recorded")
    return record.payload["players"]


def test_gaps_are_kept_as_gaps_never_invented_END_6(campaign, owner, persons):
    game_log(campaign=campaign, user=owner, entry=_forgetful(persons))

    players = _recorded_players(campaign)
    assert players[ELIMINATED]["start"] is None
    assert players[HELD_ON]["not_recorded"] == ["held", "reward"]
    assert "not_recorded" not in players[0]
    world = world_current(campaign=campaign)
    # Only the winner's reward (R2, a Major City) was placed: no Minor City made up.
    assert world.supplies_left()["minor_city"] == content().supplies["minor_city"]
    assert [(g.game, g.faction, g.what) for g in record_gaps(campaign=campaign)] == [
        (1, "khan_industries", "held"),
        (1, "khan_industries", "reward"),
        (1, "saharan_republic", "start"),
    ]


def test_a_start_left_blank_without_saying_so_is_still_refused_S7(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), ELIMINATED, start="")
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=owner, entry=entry)
    assert "players.2.start" in [r.field for r in refused.value.refusals]


@pytest.mark.parametrize(
    ("index", "changes", "field", "code"),
    [
        # Given and "not recorded" at once: one of the two is wrong.
        (HELD_ON, {"not_recorded": ("held",)}, "players.1.held", "gap_given"),
        (HELD_ON, {"not_recorded": ("reward",)}, "players.1.reward", "gap_given"),
        # The winner takes the winner's reward, an eliminated player none (END-6).
        (0, {"not_recorded": ("reward",)}, "players.0.reward", "gap_not_owed"),
        (ELIMINATED, {"not_recorded": ("reward",)}, "players.2.reward", "gap_not_owed"),
        (0, {"not_recorded": ("winner",)}, "players.0.not_recorded", "unknown_gap"),
    ],
)
def test_gaps_that_contradict_the_entry_are_refused_END_6(
    campaign, owner, persons, index, changes, field, code
):
    entry = with_player(three_player_entry(persons), index, **changes)
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=owner, entry=entry)
    assert (field, code) in [(r.field, r.violation.code) for r in refused.value.refusals]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_a_reward_whose_held_list_is_not_recorded_goes_on_its_own_target_END_6(
    campaign, owner, persons
):
    entry = with_player(three_player_entry(persons), HELD_ON, held=(), not_recorded=("held",))
    game_log(campaign=campaign, user=owner, entry=entry)
    world = world_current(campaign=campaign)
    assert world.cities["egypt"].name == "Cairo"
    assert [g.what for g in record_gaps(campaign=campaign)] == ["held"]


def test_pages_say_not_recorded_and_counts_say_uncertain_U2(campaign, owner, persons, owner_client):
    game_log(campaign=campaign, user=owner, entry=_forgetful(persons))

    game_page = owner_client.get(
        reverse("campaign:history_game", kwargs={"slug": campaign.slug, "number": 1})
    ).content.decode()
    assert "start not recorded" in game_page
    assert "held-on reward not recorded" in game_page
    world_page = owner_client.get(
        reverse("campaign:campaign_detail", kwargs={"slug": campaign.slug})
    ).content.decode()
    assert "supply-uncertain" in world_page
    assert "Khan Industries)&#x27;s held-on reward is not recorded" in world_page
    faction_page = owner_client.get(
        reverse(
            "campaign:history_faction",
            kwargs={"slug": campaign.slug, "faction": "saharan_republic"},
        )
    ).content.decode()
    assert "not recorded" in faction_page
    # Pack 1 counts Minor Cities (U-2): a missing held-on reward may have founded one.
    pack_1 = next(p for p in packs_status(campaign=campaign).progress if p["name"] == "Pack 1")
    assert pack_1["uncertain"] and pack_1["missing_rewards"] == 1


def test_a_correction_fills_the_gaps_in_and_the_counts_are_certain_again(
    campaign, owner, persons, owner_client
):
    game_log(campaign=campaign, user=owner, entry=_forgetful(persons))
    game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=three_player_entry(persons),
        reason="Found the photo of the board.",
    )
    assert record_gaps(campaign=campaign) == []
    world = world_current(campaign=campaign)
    assert world.supplies_left()["minor_city"] == content().supplies["minor_city"] - 1
    world_page = owner_client.get(
        reverse("campaign:campaign_detail", kwargs={"slug": campaign.slug})
    ).content.decode()
    assert "supply-uncertain" not in world_page


def test_the_api_takes_gaps_and_gives_them_back(campaign, owner_client, persons):
    payload = api_payload(_forgetful(persons))
    response = owner_client.post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(payload),
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    players = _recorded_players(campaign)
    assert players[ELIMINATED]["start"] is None
    got = owner_client.get(f"/api/v1/campaigns/{campaign.slug}/games/1/").json()
    assert got["entry"]["players"][HELD_ON]["not_recorded"] == ["held", "reward"]


def test_the_log_form_shows_a_gap_as_its_not_recorded_choice_and_back(persons):
    entry = _forgetful(persons)
    steps = steps_from_entry(entry)
    assert steps["players"]["p2_start"] == "not_recorded"
    assert steps["outcome"]["h_khan_industries"] == ["not_recorded"]
    assert steps["rewards"]["hr_khan_industries_code"] == "not_recorded"
    again, _ = entry_from_steps(steps)
    assert again.players[ELIMINATED].not_recorded == ("start",)
    assert again.players[ELIMINATED].start == ""
    assert again.players[HELD_ON].not_recorded == ("held", "reward")
    assert again.players[HELD_ON].held == () and again.players[HELD_ON].reward is None


def test_the_log_form_takes_not_recorded_for_a_start_a_held_list_and_a_reward_END_6(
    campaign, player_client, persons
):
    from tests.campaign.log.test_game_log_form import OUTCOME, REWARDS, _players, _step

    players = _players(persons, p2_start="not_recorded")
    assert player_client.post(_step(campaign, "players"), players).status_code == 302
    assert player_client.post(_step(campaign, "during"), {}).status_code == 302
    mixed = {**OUTCOME, "h_khan_industries": ["not_recorded", "egypt"]}
    refused = player_client.post(_step(campaign, "outcome"), mixed)
    assert refused.status_code == 200
    assert "not both" in refused.content.decode()
    outcome = {**OUTCOME, "h_khan_industries": ["not_recorded"]}
    assert player_client.post(_step(campaign, "outcome"), outcome).status_code == 302
    rewards = {
        **REWARDS,
        "hr_khan_industries_code": "not_recorded",
        "hr_khan_industries_target": "",
        "hr_khan_industries_name": "",
    }
    assert player_client.post(_step(campaign, "rewards"), rewards).status_code == 302
    done = player_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert done.status_code == 302, done.content.decode()[:2000]
    assert [(g.faction, g.what) for g in record_gaps(campaign=campaign)] == [
        ("khan_industries", "held"),
        ("khan_industries", "reward"),
        ("saharan_republic", "start"),
    ]
