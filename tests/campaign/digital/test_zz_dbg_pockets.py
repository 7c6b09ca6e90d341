import pytest
from campaign.selectors.world import world_current
from tests.campaign.digital import pocket_positions as at
from tests.campaign.digital.conftest import stored_hotseat_game
from tests.rules.pocket_worlds import with_pocket_1
from tests.rules.game.helpers import FACTIONS
pytestmark = pytest.mark.django_db
def test_dbg(campaign, owner, owner_client, persons, guest_person):
    people=[persons["owner"], persons["player"], guest_person]
    state = at.bad_intel_window(world_current(campaign=campaign), people)
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    html = owner_client.get(game.get_absolute_url()).content.decode()
    i=html.index('data-type="pass_missile_power"'); print(html[i:i+900])
    world = with_pocket_1(world_current(campaign=campaign), fallout="ural", bringer=FACTIONS[1])
    state = at.rally_turn(world, people)
    game.delete()
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    html = owner_client.get(game.get_absolute_url()).content.decode()
    i=html.index('Face-up cards'); print(html[i:i+900])
