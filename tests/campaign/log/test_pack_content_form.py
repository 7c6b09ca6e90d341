"""The guided log form with what opened packs bring: draft cards and "eliminated by" on "Who
played", the step "What the packs brought" (events, HQ moves, comeback powers), the confirm
page saying it all; a campaign that has not opened a pack sees nothing of it (U-8)."""

from __future__ import annotations

import pytest

from campaign.selectors.world import world_current
from rules.data import content
from tests.campaign.log.pack_entries import packs_1_and_2_opened
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

ALL_PACKS = tuple(content().pack_contents)


def _step(campaign, step):
    return f"/campaigns/{campaign.slug}/log/{step}/"


def _players(persons, **changes):
    data = {
        "played_on": "2026-03-01",
        "p0_person": persons["owner"].key,
        "p0_faction": "die_mechaniker",
        "p0_start": "brazil",
        "p1_person": persons["player"].key,
        "p1_faction": "khan_industries",
        "p1_start": "egypt",
        "p2_person": persons["viewer"].key,
        "p2_faction": "saharan_republic",
        "p2_start": "japan",
    }
    return {**data, **changes}


DRAFT = {
    "p0_draft_troops": "B97",
    "p0_draft_coins": "B82",
    "p0_draft_turn_order": "B90",
    "p0_draft_placement": "B85",
    "p1_draft_troops": "B96",
    "p1_draft_coins": "B81",
    "p1_draft_turn_order": "B91",
    "p1_draft_placement": "B86",
    "p2_draft_troops": "B95",
    "p2_draft_coins": "B80",
    "p2_draft_turn_order": "B92",
    "p2_draft_placement": "B87",
    "p2_elim": "die_mechaniker",
}
DURING = {
    "s0_scar": "biohazard",
    "s0_target": "siberia",
    "s0_by": "khan_industries",
    "s1_scar": "mercenary",
    "s1_target": "argentina",
    "s1_by": "die_mechaniker",
}
OUTCOME = {
    "winner": "die_mechaniker",
    "t_die_mechaniker": "on",
    "t_khan_industries": "on",
    "h_khan_industries": ["egypt", "congo"],
}
PACKS = {
    "e0_card": "B73|fortification",
    "e0_by": "khan_industries",
    "e0_targets": ["india"],
    "e1_card": "B77|",
    "e1_demolished": ["brazil"],
    "cb_saharan_republic": "mobile",
}
REWARDS = {
    "wr_code": "R6",
    "wr_target": "ural",
    "hr_khan_industries_code": "H1",
    "hr_khan_industries_target": "egypt",
    "hr_khan_industries_name": "Cairo",
}


def test_a_game_after_packs_1_and_2_is_logged_through_the_form_B73_B77_B70s_C106s(
    campaign, owner, persons, player_client
):
    packs_1_and_2_opened(campaign, owner, persons)
    players = player_client.get(_step(campaign, "players")).content.decode()
    assert "10 starting troops (B97)" in players
    assert "Eliminated by" in players
    assert (
        player_client.post(_step(campaign, "players"), _players(persons, **DRAFT)).status_code
        == 302
    )
    during = player_client.get(_step(campaign, "during")).content.decode()
    assert "Biohazard" in during and "Mercenary" in during
    assert player_client.post(_step(campaign, "during"), DURING).status_code == 302
    moved_on = player_client.post(_step(campaign, "outcome"), OUTCOME)
    assert moved_on["Location"] == _step(campaign, "packs")
    page = player_client.get(_step(campaign, "packs")).content.decode()
    assert "What the packs brought" in page
    assert "Fortify (B73): Fortify one of your cities" in page
    assert "Riots (B77): " in page
    assert "Mobile: At the start of its turn" in page
    assert "HQ moved with Mobile" in page
    assert player_client.post(_step(campaign, "packs"), PACKS).status_code == 302
    assert player_client.post(_step(campaign, "rewards"), REWARDS).status_code == 302
    confirm = player_client.get(_step(campaign, "confirm")).content.decode()
    owner_name = persons["owner"].display_name
    for line in (
        f"{owner_name} (Die Mechaniker) drafted 10 starting troops, 2 starting coin cards",
        "Saharan Republic ("
        + persons["viewer"].display_name
        + ") was eliminated by Die Mechaniker",
        "Event Fortify (B73) drawn",
        "chose: Fortify one of your cities, while fortifications are left; in India; the card "
        "is destroyed for good",
        "Event Riots (B77) drawn",
        f"{owner_name}&#x27;s HQ in Brazil was demolished",
        "took the comeback power Mobile for Saharan Republic",
        "Biohazard scar placed on Siberia",
        "Mercenary scar placed on Argentina",
    ):
        assert line in confirm, line
    done = player_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert done.status_code == 302
    world = world_current(campaign=campaign)
    assert world.destroyed_box_cards == frozenset({"B73"})
    assert world.is_fortified("india")
    assert world.comeback_powers == {"saharan_republic": "mobile"}
    assert world.scars["argentina"].kind == "mercenary"


def test_a_draft_card_of_each_kind_or_none_per_seat_S8(campaign, owner, persons, player_client):
    packs_1_and_2_opened(campaign, owner, persons)
    half = {k: v for k, v in DRAFT.items() if k != "p1_draft_coins"}
    response = player_client.post(_step(campaign, "players"), _players(persons, **half))
    assert response.status_code == 200
    assert response.context["form"].errors["p1_draft_troops"] == [
        "Choose one draft card of each kind for this seat, or none (S-8)."
    ]
    twice = {**DRAFT, "p1_draft_troops": "B97"}
    response = player_client.post(_step(campaign, "players"), _players(persons, **twice))
    assert response.status_code == 200
    errors = response.context["form"].non_field_errors()
    assert any("10 starting troops (B97): drafted by two players" in e for e in errors)


def test_moving_an_hq_without_mobile_is_refused_beside_the_field_G18(
    campaign, owner, persons, player_client
):
    packs_1_and_2_opened(campaign, owner, persons)
    player_client.post(_step(campaign, "players"), _players(persons, **DRAFT))
    player_client.post(_step(campaign, "during"), {})
    player_client.post(_step(campaign, "outcome"), OUTCOME)
    moves = {"mv0_faction": "khan_industries", "mv0_origin": "egypt", "mv0_target": "east_africa"}
    response = player_client.post(_step(campaign, "packs"), moves)
    assert response.status_code == 200
    assert response.context["form"].errors["mv0_faction"] == [
        "Khan Industries does not hold Mobile, the one power that moves an HQ; without it HQs "
        "never move. (G-18)"
    ]
    assert not world_current(campaign=campaign).games_played


def test_the_game_that_opens_pack_2_offers_the_eliminated_faction_its_comeback_power_C100(
    campaign, persons, player_client
):
    """Nothing is open before this game; marking the viewer's faction eliminated opens Pack 2
    during it, and the form asks for the pick in the same log."""
    players = _players(persons, p0_start="alaska", p2_start="peru", p2_elim="die_mechaniker")
    player_client.post(_step(campaign, "players"), players)
    player_client.post(_step(campaign, "during"), {})
    outcome = player_client.get(_step(campaign, "outcome")).context["form"]
    assert outcome["t_saharan_republic"].value() is False  # eliminated, as said on step 1
    player_client.post(_step(campaign, "outcome"), OUTCOME)
    page = player_client.get(_step(campaign, "packs")).content.decode()
    assert "Pack 2 opened during this game: Saharan Republic" in page
    assert "cb_saharan_republic" in page
    assert "Fortify" not in page  # Pack 1 is still sealed
    player_client.post(_step(campaign, "packs"), {"cb_saharan_republic": "stealthy"})
    rewards = {**REWARDS, "wr_code": "R2", "wr_target": "brazil", "wr_name": "Rio"}
    assert player_client.post(_step(campaign, "rewards"), rewards).status_code == 302
    assert player_client.post(_step(campaign, "confirm"), {"confirm": "1"}).status_code == 302
    world = world_current(campaign=campaign)
    assert world.comeback_powers == {"saharan_republic": "stealthy"}
    assert list(world.packs_opened) == ["pack_2"]


def test_a_campaign_without_packs_sees_nothing_of_them_in_the_form_U8(
    campaign, persons, owner_client
):
    players = _players(persons, p0_start="alaska", p2_start="peru")
    pages = [owner_client.get(_step(campaign, "players")).content.decode()]
    assert owner_client.post(_step(campaign, "players"), players).status_code == 302
    pages.append(owner_client.get(_step(campaign, "during")).content.decode())
    owner_client.post(_step(campaign, "during"), {})
    pages.append(owner_client.get(_step(campaign, "outcome")).content.decode())
    everyone_on = {**OUTCOME, "t_saharan_republic": "on"}
    moved_on = owner_client.post(_step(campaign, "outcome"), everyone_on)
    assert moved_on["Location"] == _step(campaign, "rewards")  # no step for packs
    assert owner_client.get(_step(campaign, "packs"))["Location"] == _step(campaign, "rewards")
    pages.append(owner_client.get(_step(campaign, "rewards")).content.decode())
    owner_client.post(_step(campaign, "rewards"), {"wr_code": "R6", "wr_target": "ural"})
    pages.append(owner_client.get(_step(campaign, "confirm")).content.decode())
    for page in pages:
        assert not spoilers_in(page, ALL_PACKS)
        assert "What the packs brought" not in page
        assert "p0_draft" not in page
    # A sealed scar typed into the form is refused like any unknown choice, unnamed.
    typed = owner_client.post(
        _step(campaign, "during"), {"s0_scar": "biohazard", "s0_target": "siberia"}
    )
    assert typed.status_code == 200
    assert not spoilers_in(typed.content.decode(), ALL_PACKS)


def test_the_packs_step_comes_and_goes_with_the_elimination_that_opens_pack_2_U3(
    campaign, persons, player_client
):
    players = _players(persons, p0_start="alaska", p2_start="peru")
    player_client.post(_step(campaign, "players"), players)
    player_client.post(_step(campaign, "during"), {})
    assert player_client.post(_step(campaign, "outcome"), OUTCOME)["Location"] == _step(
        campaign, "packs"
    )
    back = player_client.post(_step(campaign, "rewards"), {"back": "1"})
    assert back["Location"] == _step(campaign, "packs")
    # Everyone held on after all: no pack opens, the step is skipped, and never loops.
    everyone_on = {**OUTCOME, "t_saharan_republic": "on"}
    assert player_client.post(_step(campaign, "outcome"), everyone_on)["Location"] == _step(
        campaign, "rewards"
    )
    assert player_client.get(_step(campaign, "packs"))["Location"] == _step(campaign, "rewards")
    player_client.post(_step(campaign, "players"), {**players, "p2_faction": ""})
    assert player_client.get(_step(campaign, "packs")).status_code == 302
