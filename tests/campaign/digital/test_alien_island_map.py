"""The game page's map once Alien Island is placed (K182s): the island is drawn with its troops
like any territory, can be picked on the map, and its card reads by name in a hand."""

from __future__ import annotations

import re

import pytest

from campaign.selectors.world import world_current
from tests.rules.game.helpers import position
from tests.rules.pocket_worlds import with_pocket_2

from .conftest import stored_hotseat_game

pytestmark = pytest.mark.django_db


def test_the_game_map_shows_alien_island_with_its_troops_and_sea_lines_K182s(
    campaign, owner, owner_client, persons, guest_person
):
    world = with_pocket_2(world_current(campaign=campaign), ends=("brazil", "western_australia"))
    state = position(
        armies={"alien_island": (0, 12), "brazil": (1, 3), "egypt": (2, 2)},
        world=world,
        seat0={"cards": ("alien_island",)},
    ).clone()
    people = [persons["owner"], persons["player"], guest_person]
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)

    page = owner_client.get(game.get_absolute_url()).content.decode()

    island = re.search(r'<g id="t-alien_island"[^>]*>', page)
    assert island is not None and "selectable" in island.group(0)  # it may attack Brazil
    assert 'data-troops="12"' in page
    assert page.count('class="sea-line island-line"') == 2
    hand = page[page.index('aria-label="Your cards"') :]
    assert re.search(r'<span>Alien Island</span><span class="coins" title="3 coins">', hand)
