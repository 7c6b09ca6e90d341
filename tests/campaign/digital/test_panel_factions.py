"""The game page's players table shows what the faction cards bring, in words: the lead
faction (E125s, Pack 4), each faction's comeback power (blue slot, rules addition E) and the
private mission in its red slot (E124s); a campaign that has not opened Pack 4 sees no lead."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current
from rules import box
from rules.data import content
from rules.game import GameState
from rules.world import World
from rules.world_events.pack_cards import ComebackPowerChosen
from rules.world_events.red_slots import PrivateMissionStuck
from tests.campaign.box_worlds import pack_3_opened, pack_4_opened
from tests.rules.game.helpers import position

pytestmark = pytest.mark.django_db

ARMIES = {"alaska": (0, 3), "argentina": (1, 3), "ural": (2, 3)}


def _panel(client, campaign, owner, persons, world: World) -> str:
    """The panel of a game at this world, seats 0-2 playing Die Mechaniker, Enclave of the
    Bear and Imperial Balkania, watched by the owner."""
    state: GameState = position(armies=ARMIES, world=world)
    people = [persons["owner"], persons["player"], persons["viewer"]]
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name)
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=world.next_game_number,
        seed=0,
        initial_state=state.to_json(),
        state=state.to_json(),
        created_by=owner,
    )
    for index, person in enumerate(people):
        GameSeat.objects.create(game=game, index=index, person=person, kind=GameSeat.Kind.BOT)
    url = reverse("campaign:digital_game_panel", kwargs={"slug": campaign.slug, "game_id": game.pk})
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_players_table_names_the_lead_faction_and_its_slots_E125s_E124s(
    owner_client, campaign, owner, persons
):
    pack_4_opened(campaign, owner, persons)
    world = world_current(campaign=campaign)
    power = next(iter(box.comeback_powers(world).values()))
    world = ComebackPowerChosen("enclave_of_the_bear", power.key, None, 2).apply(world)
    world = PrivateMissionStuck("die_mechaniker", "E127s", None, 2).apply(world)
    page = _panel(owner_client, campaign, owner, persons, world)
    assert "Die Mechaniker has the most wins (2 wins) and is the lead faction." in page
    assert 'title="Lead faction (E-10)">leads</span>' in page
    assert f"Comeback power {power.name}: {power.text}" in page
    mission = content().missions["E127s"]
    assert f"Red-slot mission {mission.name} (E127s): {mission.text}" in page


def test_a_campaign_without_pack_4_sees_no_lead_faction_U8(owner_client, campaign, owner, persons):
    pack_3_opened(campaign, owner, persons)
    page = _panel(owner_client, campaign, owner, persons, world_current(campaign=campaign))
    assert "lead" not in page.lower()
    assert "Red-slot" not in page
