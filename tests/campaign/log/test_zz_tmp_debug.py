import re
import pytest
from tests.campaign.log.test_pocket_log_form import _to_packs, _step, REWARDS
pytestmark = pytest.mark.django_db

def test_dbg(campaign, persons, player_client):
    during = {"missiles3": "on", "missiles3_by": "khan_industries"}
    _to_packs(player_client, campaign, persons, during)
    player_client.post(_step(campaign, "packs"), {"nuke_territory": "ukraine"})
    player_client.post(_step(campaign, "rewards"), REWARDS)
    confirm = player_client.get(_step(campaign, "confirm")).content.decode()
    i = confirm.find('class="summary"')
    print(re.sub(r"\s+", " ", confirm[i-2000:i+3000]))
    assert 0
