import pytest
import tests.campaign.spoilers.test_sealed_packs as packs_mod
import tests.campaign.spoilers.test_sealed_pockets as pockets_mod
from tests.campaign.spoilers.test_sealed_packs import test_no_page_or_api_response_names_a_sealed_pack_U8 as test_t1  # noqa
from tests.campaign.spoilers.test_sealed_pockets import test_with_pocket_1_open_nothing_of_pocket_2_or_the_box_bottom_shows_U6_U8 as test_t2  # noqa

@pytest.fixture(autouse=True)
def _topic(monkeypatch):
    real = packs_mod._values
    def values(c, g):
        v = real(c, g); v["topic"] = ["x"]; return v
    monkeypatch.setattr(packs_mod, "_values", values)
    monkeypatch.setattr(pockets_mod, "_values", values)
