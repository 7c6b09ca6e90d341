"""A digital game's missions (E-8, Pack 3) reach the world through the same log entry as a table
game's: a bot claims The World Is Ready (D120s), and the finished game founds the World Capital
over the city there and opens Pack 4 in that game (U-5)."""

from __future__ import annotations

import pytest

from campaign.models import EventSource, WorldEventRecord
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current, world_replay
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.world import world_event_append
from rules.world_events import CardUpgraded, CityFounded
from rules.world_events.missions import MissionClaimed
from tests.campaign.box_worlds import pack_3_opened

pytestmark = pytest.mark.django_db

TOWNS = ("peru", "china", "india", "ural", "ontario", "japan")
RICH_CARDS = ("siam", "india", "china", "ontario", "peru", "western_australia", "argentina")
SEED = 18  # four bots on this world: one claims The World Is Ready in game 2


@pytest.fixture
def rich_world(campaign, owner, persons):
    """Packs 1-3 open after game 1, more Minor Cities and cards worth 4 coins to claim on."""
    pack_3_opened(campaign, owner, persons)
    founder = persons["player"].key
    events = [CityFounded(t, "minor", f"Town {i}", founder, 1) for i, t in enumerate(TOWNS)]
    events += [CardUpgraded(t, founder, 1) for t in RICH_CARDS for _ in range(3)]
    world_event_append(
        campaign=campaign, events=events, user=owner, source="log", override_reason="test world"
    )
    return campaign


def test_a_bot_game_records_the_mission_it_claimed_and_the_capital_it_founded_D120s_U5(
    rich_world, owner
):
    game = digital_game_start(
        campaign=rich_world, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4, seed=SEED
    )
    assert game.status == DigitalGame.Status.REWARDS
    claimed = [e for e in game.game_state().world_events if isinstance(e, MissionClaimed)]
    assert [c.mission for c in claimed] == ["D120s"]

    digital_game_finish(game=game, user=owner, rewards=RewardsChosen())

    world = world_current(campaign=rich_world)
    capital = next(c for c in world.cities.values() if c.kind == "capital")
    assert (capital.founder, capital.game) == (claimed[0].person, 2)
    assert [c.territory for c in world.covered_cities] == [capital.territory]
    assert world.packs_opened["pack_4"].game == 2
    assert "D120s" in world.destroyed_box_cards
    records = WorldEventRecord.objects.filter(campaign=rich_world, game_number=2)
    kinds = [r.kind for r in records.order_by("seq")]
    assert {"mission_claimed", "pack_opened", "city_founded"} <= set(kinds)
    assert kinds.index("pack_opened") < kinds.index("mission_claimed")
    assert {r.source for r in records} == {EventSource.DIGITAL}
    assert world == world_replay(campaign=rich_world)
