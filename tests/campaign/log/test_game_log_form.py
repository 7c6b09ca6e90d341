"""The guided game-log form: steps with their own checks, a draft that survives a reload,
nothing written before the confirmation, refusals shown beside their fields with rule IDs."""

import re
from dataclasses import replace

import pytest

from campaign.models import GameLog, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from rules.rewards import RewardChoice
from rules.world_events import CityFounded
from tests.campaign.log.factories import DESTROYED_CARDS, three_player_entry, with_player
from tests.campaign.log.factories import LOG_OUTCOME as OUTCOME
from tests.campaign.log.factories import LOG_REWARDS as REWARDS
from tests.campaign.log.factories import log_form_players as _players
from tests.campaign.log.factories import log_step as _step

pytestmark = pytest.mark.django_db


def _walk(client, campaign, persons, rewards=REWARDS):
    assert client.post(_step(campaign, "players"), _players(persons)).status_code == 302
    assert client.post(_step(campaign, "during"), {}).status_code == 302
    assert client.post(_step(campaign, "outcome"), OUTCOME).status_code == 302
    return client.post(_step(campaign, "rewards"), rewards)


def test_a_player_logs_a_game_step_by_step(campaign, player_client, persons):
    assert player_client.get(f"/campaigns/{campaign.slug}/log/").status_code == 200
    response = _walk(player_client, campaign, persons)
    assert response.status_code == 302
    assert response["Location"].endswith("/log/confirm/")
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()  # nothing yet
    confirm = player_client.get(_step(campaign, "confirm")).content.decode()
    assert "founded the major city Rio in Brazil" in confirm
    assert "founded the minor city Cairo in Egypt" in confirm
    done = player_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert done.status_code == 302
    assert done["Location"] == f"/campaigns/{campaign.slug}/history/games/1/"
    world = world_current(campaign=campaign)
    assert world.cities["egypt"].name == "Cairo"
    page = player_client.get(done["Location"]).content.decode()
    assert "Gina Guest" in page


def test_held_on_rewards_are_asked_for_in_clockwise_order_from_the_winner_END6(
    campaign, player_client, persons
):
    players = _players(persons, p2_person=persons["viewer"].key)
    player_client.post(_step(campaign, "players"), players)
    player_client.post(_step(campaign, "during"), {})
    outcome = {**OUTCOME, "winner": "khan_industries", "t_saharan_republic": "on"}
    player_client.post(_step(campaign, "outcome"), outcome)
    page = player_client.get(_step(campaign, "rewards")).content.decode()
    # Seat 3 follows the winner in seat 2, then seat 1.
    assert "1st after the winner: Saharan Republic (vera_viewer) held on (END-6)" in page
    assert "2nd after the winner: Die Mechaniker (olga_owner) held on (END-6)" in page


def test_a_guest_is_named_in_the_held_on_order_END6(campaign, player_client, persons):
    """A guest is not a person until the game is logged: the typed name is shown."""
    player_client.post(_step(campaign, "players"), _players(persons))
    player_client.post(_step(campaign, "during"), {})
    outcome = {**OUTCOME, "winner": "khan_industries", "t_saharan_republic": "on"}
    player_client.post(_step(campaign, "outcome"), outcome)
    page = player_client.get(_step(campaign, "rewards")).content.decode()
    assert "1st after the winner: Saharan Republic (Gina Guest) held on (END-6)" in page


def test_a_refused_start_shows_the_rule_beside_the_field_and_keeps_the_input_S7(
    campaign, owner, player_client, persons
):
    world_event_append(
        campaign=campaign,
        events=[CityFounded("egypt", "minor", "Cairo", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    response = player_client.post(_step(campaign, "players"), _players(persons))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["p1_start"] == [
        "Egypt holds the minor city Cairo; nobody starts there. (S-7)"
    ]
    html = response.content.decode()
    assert 'nobody starts there. <a class="rule rule-link" href="/rules/#S-7"' in html
    assert 'value="Gina Guest"' in html  # what was typed is kept
    again = player_client.get(_step(campaign, "players"))  # a reload keeps the draft
    assert 'value="Gina Guest"' in again.content.decode()
    assert again.context["form"].errors["p1_start"]
    assert player_client.get(_step(campaign, "during")).status_code == 302  # not reached yet


def test_the_owner_may_keep_a_refused_step_and_accept_it_with_a_reason_S7(
    campaign, owner, owner_client, player_client, persons
):
    """A refused step blocks players; the owner may go on and give the reason at the end."""
    world_event_append(
        campaign=campaign,
        events=[CityFounded("egypt", "minor", "Cairo", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    refused = player_client.post(_step(campaign, "players"), _players(persons))
    assert "Keep it anyway" not in refused.content.decode()
    assert (
        player_client.post(
            _step(campaign, "players"), {**_players(persons), "keep": "1"}
        ).status_code
        == 200
    )
    shown = owner_client.post(_step(campaign, "players"), _players(persons))
    assert "Keep it anyway" in shown.content.decode()
    kept = owner_client.post(_step(campaign, "players"), {**_players(persons), "keep": "1"})
    assert kept.status_code == 302
    owner_client.post(_step(campaign, "during"), {})
    owner_client.post(_step(campaign, "outcome"), OUTCOME)
    owner_client.post(_step(campaign, "rewards"), {**REWARDS, "hr_khan_industries_code": ""})
    shown = owner_client.get(_step(campaign, "confirm"))  # the refusal and the override, up front
    assert any("(S-7)" in r["text"] for r in shown.context["refusals"])
    assert "Accept anyway" in shown.content.decode()
    confirm = owner_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert any("(S-7)" in r["text"] for r in confirm.context["refusals"])
    assert not GameLog.objects.exists()
    accepted = owner_client.post(
        _step(campaign, "confirm"), {"confirm": "1", "override_reason": "House rule: HQ in Cairo."}
    )
    assert accepted.status_code == 302
    assert GameLog.objects.get().override_reason == "House rule: HQ in Cairo."


def test_a_reward_on_a_territory_no_longer_held_is_explained_END6(campaign, player_client, persons):
    """Going back and changing what a player held leaves its reward target unheld."""
    _walk(player_client, campaign, persons)
    player_client.post(_step(campaign, "outcome"), {**OUTCOME, "h_khan_industries": ["congo"]})
    errors = player_client.get(_step(campaign, "rewards")).context["form"].errors
    assert errors["hr_khan_industries_target"] == [
        "It did not hold that territory when play stopped (END-6): pick one of those listed "
        "in “How it ended”."
    ]


def test_the_form_checks_its_own_fields(campaign, player_client, persons):
    response = player_client.post(
        _step(campaign, "players"), _players(persons, p1_faction="", p2_guest="")
    )
    errors = response.context["form"].errors
    assert errors["p1_faction"] == ["Choose the faction this player took."]
    assert errors["p2_guest"] == ["Give the guest's name."]


def test_a_game_without_a_winner_is_refused_with_the_rule_END2(campaign, player_client, persons):
    player_client.post(_step(campaign, "players"), _players(persons))
    player_client.post(_step(campaign, "during"), {})
    response = player_client.post(_step(campaign, "outcome"), {**OUTCOME, "winner": ""})
    assert response.status_code == 200
    assert "exactly one winner (END-2)" in response.context["form"].errors["winner"][0]
    assert response.context["form"]["h_khan_industries"].value() == ["egypt", "congo"]


def test_a_missing_winner_reward_is_refused_at_its_step_END5(campaign, player_client, persons):
    rewards = {k: v for k, v in REWARDS.items() if not k.startswith("wr_")}
    response = _walk(player_client, campaign, persons, rewards)
    assert response.status_code == 200
    assert response.context["form"].errors["wr_target"] == [
        "The winner takes one reward (DIFF-4). (END-5)"
    ]


def test_a_refused_confirmation_writes_nothing_and_owners_may_accept_it(
    campaign, owner, owner_client, persons
):
    _walk(owner_client, campaign, persons)
    # Meanwhile someone founds a city on Brazil: the confirmation is checked again.
    world_event_append(
        campaign=campaign,
        events=[CityFounded("brazil", "minor", "Sao", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    refused = owner_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert refused.status_code == 200
    assert any("one city each. (G-2)" in r["text"] for r in refused.context["refusals"])
    assert not GameLog.objects.exists()
    assert "Accept anyway" in refused.content.decode()
    accepted = owner_client.post(
        _step(campaign, "confirm"),
        {"confirm": "1", "override_reason": "Sao was a mistake, removed at the table."},
    )
    assert accepted.status_code == 302
    assert GameLog.objects.get().override_reason.startswith("Sao was a mistake")
    timeline = owner_client.get(f"/campaigns/{campaign.slug}/history/games/").content.decode()
    assert "Sao was a mistake" in timeline


def test_a_player_is_not_offered_the_override(campaign, owner, player_client, persons):
    _walk(player_client, campaign, persons)
    world_event_append(
        campaign=campaign,
        events=[CityFounded("brazil", "minor", "Sao", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    refused = player_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert "Only the campaign's owner may accept" in refused.content.decode()


def test_the_owner_corrects_a_game_with_the_form_prefilled(campaign, owner_client, persons):
    _walk(owner_client, campaign, persons)
    owner_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    base = f"/campaigns/{campaign.slug}/history/games/1/correct/"
    page = owner_client.get(base + "rewards/")
    assert page.context["form"]["wr_target"].value() == "brazil"
    owner_client.post(base + "rewards/", {**REWARDS, "wr_target": "argentina", "wr_name": "BA"})
    done = owner_client.post(base + "confirm/", {"confirm": "1", "reason": "It was Argentina."})
    assert done.status_code == 302
    world = world_current(campaign=campaign)
    assert "brazil" not in world.cities
    assert world.cities["argentina"].name == "BA"
    game = owner_client.get(done["Location"]).content.decode()
    assert "It was Argentina." in game


def test_discarding_the_draft_starts_over(campaign, player_client, persons):
    player_client.post(_step(campaign, "players"), _players(persons))
    player_client.post(_step(campaign, "players"), {"discard": "1"})
    page = player_client.get(_step(campaign, "players")).content.decode()
    assert "Gina Guest" not in page


def test_game_fifteen_asks_for_the_worlds_name_and_checks_the_namer_END8(
    campaign, owner, owner_client, persons
):
    for game, card in enumerate(DESTROYED_CARDS[:14], start=1):
        entry = three_player_entry(persons, winner_reward=RewardChoice("R6", card))
        starts = [("alaska", "egypt", "peru"), ("greenland", "congo", "argentina")][game % 2]
        for i, start in enumerate(starts):
            entry = with_player(entry, i, start=start, reward=None, troops_at_end=True)
        game_log(campaign=campaign, user=owner, entry=replace(entry, slogan=""))
    players = _players(persons, p0_start="greenland", p1_start="congo", p2_start="argentina")
    owner_client.post(_step(campaign, "players"), players)
    owner_client.post(_step(campaign, "during"), {})
    owner_client.post(_step(campaign, "outcome"), {**OUTCOME, "h_khan_industries": ["congo"]})
    # The guest's faction is the campaign's first elimination: Pack 2 opens in this game.
    owner_client.post(_step(campaign, "packs"), {})
    page = owner_client.get(_step(campaign, "rewards"))
    assert "Naming the world (END-8)" in page.content.decode()
    assert "Most signatures: olga_owner (olga_owner)" in page.content.decode()
    rewards = {"wr_code": "R6", "wr_target": "ukraine", "world_name": "Terra"}
    wrong = owner_client.post(
        _step(campaign, "rewards"), {**rewards, "world_namer": persons["player"].key}
    )
    assert "(END-8)" in wrong.context["form"].errors["world_namer"][0]
    done = owner_client.post(
        _step(campaign, "rewards"), {**rewards, "world_namer": persons["owner"].key}
    )
    assert done.status_code == 302
    owner_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert world_current(campaign=campaign).world_name == "Terra"


def test_choosing_a_reward_lists_only_its_legal_targets_END5_END6(campaign, player_client, persons):
    _walk(player_client, campaign, persons)
    targets = _step(campaign, "targets")
    major = player_client.get(targets, {"for": "winner", "wr_code": "R2"}).content.decode()
    assert 'value="brazil"' in major
    assert major.count("<option") == 1 + 42  # blank + every territory (no city yet)
    named = player_client.get(targets, {"for": "winner", "wr_code": "R1"}).content.decode()
    assert 'value="continent:africa"' in named
    held = player_client.get(
        targets, {"for": "khan_industries", "hr_khan_industries_code": "H1"}
    ).content.decode()
    assert held.count("<option") == 3  # blank, Egypt and Congo: the territories it held
    nothing = player_client.get(targets, {"for": "winner", "wr_code": "R5"}).content.decode()
    assert nothing == '<option value="">—</option>'  # no city to fortify yet


def test_a_correction_without_a_reason_is_refused_under_the_reason_field(
    campaign, owner_client, persons
):
    _walk(owner_client, campaign, persons)
    owner_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    base = f"/campaigns/{campaign.slug}/history/games/1/correct/"
    owner_client.post(base + "rewards/", REWARDS)
    refused = owner_client.post(base + "confirm/", {"confirm": "1", "reason": " "})
    assert refused.status_code == 200
    assert "Say why the game is corrected." in refused.context["form"].errors["reason"][0]
    assert not refused.context["refusals"]
    assert "Who played" not in refused.context["form"].errors.as_text()


def test_a_step_shows_its_field_errors_and_rule_refusals_at_once_S7(
    campaign, owner, owner_client, persons
):
    world_event_append(
        campaign=campaign,
        events=[CityFounded("egypt", "minor", "Cairo", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    players = _players(persons, p2_guest="")
    response = owner_client.post(_step(campaign, "players"), {**players, "keep": "1"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["p2_guest"] == ["Give the guest's name."]
    assert "nobody starts there" in errors["p1_start"][0]
    assert not response.context["may_keep"]  # a missing name is no rule to override


def test_choosing_a_reward_again_keeps_the_target_already_chosen_END6(
    campaign, player_client, persons
):
    """The targets come back with the territory already chosen still selected when it is
    legal, and with the only legal one selected when there is one."""
    _walk(player_client, campaign, persons)
    targets = _step(campaign, "targets")
    ask = {"for": "khan_industries", "hr_khan_industries_code": "H1"}

    kept = player_client.get(targets, {**ask, "hr_khan_industries_target": "congo"})
    gone = player_client.get(targets, {**ask, "hr_khan_industries_target": "peru"})
    major = player_client.get(targets, {"for": "winner", "wr_code": "R2", "wr_target": "brazil"})

    assert '<option value="congo" selected>' in kept.content.decode()
    assert "selected" not in gone.content.decode()  # Peru is no target of this reward
    assert '<option value="brazil" selected>' in major.content.decode()
    nothing_else = player_client.get(targets, {"for": "winner", "wr_code": "R5"})
    assert nothing_else.content.decode() == '<option value="">—</option>'


def test_a_reward_with_one_legal_target_comes_with_it_selected_END6(
    campaign, player_client, persons
):
    """Khan Industries held Egypt alone when play stopped: its Minor City can go only there."""
    assert player_client.post(_step(campaign, "players"), _players(persons)).status_code == 302
    assert player_client.post(_step(campaign, "during"), {}).status_code == 302
    alone = {**OUTCOME, "h_khan_industries": ["egypt"]}
    assert player_client.post(_step(campaign, "outcome"), alone).status_code == 302

    one = player_client.get(
        _step(campaign, "targets"), {"for": "khan_industries", "hr_khan_industries_code": "H1"}
    ).content.decode()

    assert one == '<option value="">—</option><option value="egypt" selected>Egypt</option>'


def test_the_rewards_are_offered_in_words_first_their_codes_after_END5_END6(
    campaign, player_client, persons
):
    _walk(player_client, campaign, persons)

    page = player_client.get(_step(campaign, "rewards")).content.decode()

    options = re.findall(r'<option value="([RH]\d)"[^>]*>([^<]*)</option>', page)
    assert options and all(text.endswith(f"({code})") for code, text in options), options
