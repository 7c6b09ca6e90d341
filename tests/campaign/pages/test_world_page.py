"""The world page shows every mark, the faction cards, the victors, the packs (never their
contents while sealed) and the supplies left."""

from __future__ import annotations

from campaign.services.world import world_event_append
from rules.data import content
from rules.world_events import (
    CardDestroyed,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    PackOpened,
    ScarPlaced,
    VictorSigned,
)
from tests.campaign.worlds import FACTIONS, first_powers, game, pregame_coins


def test_the_world_page_shows_the_marks_cards_victors_packs_and_supplies(
    anon_client, public_campaign, owner, persons
):
    campaign = public_campaign
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    winner = persons["owner"]
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    world_event_append(
        campaign=campaign,
        events=[
            game(1, keys),
            ScarPlaced("peru", "territory", "bunker", keys[1], 1),
            ScarPlaced("siberia", "territory", "ammo_shortage", None, 1),
            CityFounded("egypt", "major", "New Thebes", winner.key, 1),
            CityFortified("egypt", winner.key, 1),
            ContinentNamed("africa", "Sandland", winner.key, 1),
            ContinentBonusChanged("europe", -1, winner.key, 1),
            CardDestroyed("japan", winner.key, 1),
            VictorSigned(winner.key, 1, "2026-01-01", "First blood"),
            PackOpened("pack_2", 1, "A faction was eliminated"),
        ],
        user=owner,
        source="log",
    )

    page = anon_client.get(campaign.get_absolute_url()).content.decode()

    assert "<svg" in page
    assert 'rel="icon"' in page  # browsers do not ask for a missing /favicon.ico on every page
    assert "New Thebes" in page and f"founded by {winner.display_name}" in page
    assert "Bunker on Peru (game 1, by " in page
    assert "Ammo Shortage on Siberia (game 1)</li>" in page  # nobody in particular: no "by —"
    assert "Egypt: 10 uses left" in page
    assert "Sandland" in page and "Japan: <strong>destroyed</strong>" in page
    assert "Brazil: 3 coins" in page
    power = content().factions[FACTIONS[0]].powers[0]
    assert power.name in page
    assert page.count('<li><span class="muted">—</span></li>') == 14  # 15 victor lines
    assert "First blood" in page
    assert "opened</span> in game 1 (A faction was eliminated)" in page
    assert page.count("badge--sealed") == len(content().packs) - 1
    assert "Major cities</td><td>4 of 5" in page
    assert "Fortifications</td><td>4 of 5" in page


def test_the_world_as_of_an_earlier_game_hides_what_came_later(
    owner_client, campaign, owner, persons
):
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    world_event_append(
        campaign=campaign,
        events=[game(1, keys), CityFounded("egypt", "major", "New Thebes", keys[0], 1)],
        user=owner,
        source="log",
    )

    before = owner_client.get(f"{campaign.get_absolute_url()}?game=0").content.decode()
    now = owner_client.get(campaign.get_absolute_url()).content.decode()

    assert "before game 1" in before and "New Thebes" not in before
    assert "New Thebes" in now


def test_a_new_world_invites_the_owner_to_customize_it(owner_client, viewer_client, campaign):
    assert "Customize it now" in owner_client.get(campaign.get_absolute_url()).content.decode()
    assert "Customize it now" not in viewer_client.get(campaign.get_absolute_url()).content.decode()


def test_supplies_never_read_below_zero_after_an_owner_override(
    owner_client, campaign, owner, persons
):
    """C-10: the sheet has 5 major cities; a sixth accepted by override shows as 0 left."""
    territories = ["peru", "egypt", "japan", "ural", "china", "india"]
    founder = persons["owner"].key
    world_event_append(
        campaign=campaign,
        events=[CityFounded(t, "major", t.title(), founder, 1) for t in territories],
        user=owner,
        source="log",
        override_reason="House rule: six capitals",
    )

    page = owner_client.get(campaign.get_absolute_url()).content.decode()

    assert "0 of 5 <span" in page and "(1 more placed by override)" in page
    assert "-1 of 5" not in page
