"""The customization before the first game (P-1..P-3): choices that follow the rules change
the world; anything else is refused with the rule cited, what was typed is kept, and
nothing changes."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaign.models import WorldEventRecord
from campaign.selectors.world import world_current, world_snapshot_mismatches
from campaign.services.world import world_event_append
from rules.data import content
from tests.campaign.worlds import FACTIONS, first_powers, game, pregame_coins


@pytest.fixture
def url(campaign):
    return reverse("campaign:setup", kwargs={"slug": campaign.slug})


def _nothing_written(campaign) -> bool:
    return not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_choosing_a_power_for_every_faction_destroys_the_others_p2(owner_client, campaign, url):
    choices = {key: f.powers[1].key for key, f in content().base_factions.items()}

    response = owner_client.post(url, {"step": "powers", **choices, "confirm": "1"})

    assert response.status_code == 302
    assert world_current(campaign=campaign).starting_powers == choices
    page = owner_client.get(response["Location"]).content.decode()
    assert "Starting powers chosen" in page
    assert 'name="step" value="powers"' not in page  # nothing left to choose


def test_another_factions_power_is_refused_citing_p2_and_changes_nothing(
    owner_client, campaign, url
):
    mine, other = content().factions[FACTIONS[0]], content().factions[FACTIONS[1]]
    typed = {"step": "powers", mine.key: other.powers[0].key, other.key: other.powers[1].key}

    response = owner_client.post(url, typed)

    assert response.status_code == 400
    page = response.content.decode()
    assert f"{mine.name} must take one of its own two starting powers. <a" in page
    assert 'href="/rules/#P-2" title="The rule P-2">P-2</a>' in page
    kept = re.search(rf'<input[^>]*value="{other.powers[1].key}"[^>]*>', page).group(0)
    assert "checked" in kept
    assert _nothing_written(campaign)


def test_a_second_power_for_a_faction_already_done_is_refused_citing_p2(
    owner_client, campaign, url
):
    """A page left open in another tab still offers the faction: its choice must be refused,
    not silently dropped."""
    faction = content().factions[FACTIONS[0]]
    owner_client.post(url, {"step": "powers", faction.key: faction.powers[0].key, "confirm": "1"})
    before = WorldEventRecord.objects.filter(campaign=campaign).count()

    response = owner_client.post(
        url, {"step": "powers", faction.key: faction.powers[1].key, "confirm": "1"}
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert f"{faction.name} already has its starting power" in page and "(P-2)" in page
    assert world_current(campaign=campaign).starting_powers == {faction.key: faction.powers[0].key}
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == before


def test_submitting_no_choice_is_refused(owner_client, campaign, url):
    response = owner_client.post(url, {"step": "powers"})
    assert response.status_code == 400
    assert "(P-2)" in response.content.decode()
    assert _nothing_written(campaign)


def test_placing_the_twelve_coins_with_at_most_three_per_card_p3(owner_client, campaign, url):
    coins = {"brazil": 2, "egypt": 2, "siam": 2, "japan": 2, "peru": 1, "iceland": 1, "ural": 2}

    response = owner_client.post(url, {"step": "coins", **coins, "confirm": "1"})

    assert response.status_code == 302
    world = world_current(campaign=campaign)
    assert world.pregame_coins_placed
    assert world.card_coins["brazil"] == 3 and world.card_coins["peru"] == 2
    assert world.card_coins["alaska"] == 1


def test_a_card_above_three_coins_is_refused_citing_p3_keeping_the_typed_numbers(
    owner_client, campaign, url
):
    coins = {"brazil": 3, "egypt": 2, "siam": 2, "japan": 2, "peru": 2, "iceland": 1}

    response = owner_client.post(url, {"step": "coins", **coins})

    page = response.content.decode()
    assert response.status_code == 400
    assert "Brazil would have 4 coins" in page and "(P-3)" in page
    assert 'name="brazil" value="3"' in page
    assert _nothing_written(campaign)


@pytest.mark.parametrize(
    "coins",
    [{"brazil": 2, "egypt": 2}, {"brazil": "two"}, {"brazil": -1, "egypt": 13}],
    ids=["eleven_short", "not_a_number", "out_of_range"],
)
def test_wrong_coin_entries_are_refused_with_a_message(owner_client, campaign, url, coins):
    response = owner_client.post(url, {"step": "coins", **coins})
    assert response.status_code == 400
    assert "(P-3)" in response.content.decode()
    assert _nothing_written(campaign)


def test_a_coin_on_an_unknown_territory_is_refused_citing_p3(owner_client, campaign, url):
    coins = {"brazil": 2, "egypt": 2, "siam": 2, "japan": 2, "peru": 1, "iceland": 1, "ural": 1}

    response = owner_client.post(url, {"step": "coins", **coins, "atlantis": 1})

    page = response.content.decode()
    assert response.status_code == 400
    assert "&#x27;atlantis&#x27; is not a territory card" in page and "(P-3)" in page
    assert 'name="brazil" value="2"' in page
    assert _nothing_written(campaign)


def test_random_customization_finishes_what_is_left_p1(owner_client, campaign, url, owner):
    first = content().factions[FACTIONS[0]]
    world_event_append(campaign=campaign, events=first_powers()[:1], user=owner, source="setup")

    response = owner_client.post(url, {"step": "random", "confirm": "1"})

    assert response.status_code == 302
    world = world_current(campaign=campaign)
    assert world.customized
    assert world.starting_powers[first.key] == first.powers[0].key
    assert sum(world.card_coins.values()) == len(world.card_coins) + 12
    assert max(world.card_coins.values()) == 2  # one sticker on each of 12 cards
    assert world_snapshot_mismatches(campaign=campaign) == []


def test_randomizing_a_customized_world_changes_nothing(owner_client, campaign, url, owner):
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    response = owner_client.post(url, {"step": "random", "confirm": "1"}, follow=True)
    assert "already customized" in response.content.decode()
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == 6


def test_customization_is_closed_once_game_one_is_played_p1(
    owner_client, campaign, url, owner, persons
):
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(campaign=campaign, events=[game(1, keys)], user=owner, source="log")

    response = owner_client.post(
        url, {"step": "powers", FACTIONS[0]: first_powers()[0].power, "confirm": "1"}
    )

    assert response.status_code == 400
    assert "before game 1" in response.content.decode()
    assert not world_current(campaign=campaign).starting_powers


def test_an_unknown_step_changes_nothing(owner_client, campaign, url):
    response = owner_client.post(url, {"step": "teleport"})
    assert response.status_code == 302
    assert _nothing_written(campaign)


@pytest.mark.parametrize(
    ("typed", "question"),
    [
        ({"step": "powers", FACTIONS[0]: first_powers()[0].power}, "destroyed for good (P-2)"),
        (
            {"step": "coins", "brazil": 2, "egypt": 2, "siam": 2, "japan": 2, "peru": 2, "ural": 2},
            "for the whole campaign (P-3)",
        ),
        ({"step": "random"}, "What it picks is final (P-1)"),
    ],
    ids=["powers", "coins", "random"],
)
def test_a_setup_step_asks_first_and_writes_nothing_until_confirmed_P1(
    owner_client, campaign, url, typed, question
):
    asked = owner_client.post(url, typed)

    assert asked.status_code == 200
    page = asked.content.decode()
    assert question in page and "This cannot be undone." in page
    assert _nothing_written(campaign)

    confirmed = {key: value for key, value in asked.context["ask"]["fields"]}
    done = owner_client.post(url, {**confirmed, "confirm": "1"})
    assert done.status_code == 302
    assert not _nothing_written(campaign)


def test_the_question_lists_the_choices_in_words_P2(owner_client, url):
    faction = content().factions[FACTIONS[0]]
    asked = owner_client.post(url, {"step": "powers", faction.key: faction.powers[1].key})
    assert asked.context["ask"]["summary"] == [f"{faction.name}: {faction.powers[1].name}"]


def _log_url(campaign) -> str:
    return reverse("campaign:game_log_step", kwargs={"slug": campaign.slug, "step": "players"})


def test_the_game_1_log_form_offers_the_customization_first_by_hand_or_at_random_p1(
    owner_client, player_client, campaign, url
):
    page = owner_client.get(_log_url(campaign)).content.decode()

    offer = page.index('id="customize-first"')
    assert offer < page.index('name="played_on"')
    assert f'href="{url}"' in page[offer : offer + 2000]
    assert 'name="step" value="random"' in page[offer : offer + 2000]
    players = player_client.get(_log_url(campaign)).content.decode()
    assert 'id="customize-first"' in players and 'value="random"' not in players


def test_a_customized_world_is_logged_without_the_offer_p1(owner_client, owner, campaign):
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )

    assert 'id="customize-first"' not in owner_client.get(_log_url(campaign)).content.decode()


def test_after_game_1_the_world_page_invites_no_customization_p1(owner_client, owner, campaign):
    """Game 1 logged on a world never customized: setup is closed for good, so the world page
    says what is not known instead of inviting what can no longer be done."""
    world_event_append(
        campaign=campaign, events=[game(1, ["a", "b", "c"])], user=owner, source="log"
    )

    page = owner_client.get(campaign.get_absolute_url()).content.decode()

    setup = reverse("campaign:setup", kwargs={"slug": campaign.slug})
    assert "Customize it now" not in page and f'href="{setup}"' not in page.split("<main")[-1]
    assert "Starting power not chosen yet" not in page
    assert "Starting power not recorded" in page


def test_the_world_page_says_its_words_first_and_the_rules_after_p1(owner_client, campaign):
    page = owner_client.get(campaign.get_absolute_url()).content.decode()

    assert "needs its customization. <a" in page and "(P-1 to P-3)" not in page
    assert 'title="The rule P-3">P-3</a>' in page
