"""U-8 for the pockets and the box bottom: with Pocket 1 open, nothing of Pocket 2 or the box
bottom shows on any page or API response, while Pocket 1's words do (and the other way round);
the box bottom's words never show before its owner opens it, whatever else is open.

The walk and the readers are those of `test_sealed_packs`, the varied campaign `conftest`'s.
The Mutant card prints Biohazard and Mercenary (Packs 1 and 2), as the physical card does, so
a campaign with Pocket 1 open is checked for the other pockets' words only.
"""

from __future__ import annotations

import pytest

from rules import box
from tests.campaign.pocket_worlds import pocket_1_opened, pocket_2_opened
from tests.campaign.spoilers.test_sealed_packs import (
    _clients,
    _values,
    _walk,
)
from tests.campaign.spoilers.walk import spoilers_in
from tests.campaign.under_way import log_form_under_way

pytestmark = pytest.mark.django_db

EVOLUTIONS = {e.name for e in box.content().evolutions.values()}
"""Hidden under the Mutant card's scratch boxes until both Evolve cards are played (J178)."""


def _pack_page(clients, campaign, pack: str) -> str:
    response = clients["anonymous"].get(f"/campaigns/{campaign.slug}/packs/{pack}/?look=1")
    assert response.status_code == 200
    return response.content.decode()


def test_with_pocket_1_open_nothing_of_pocket_2_or_the_box_bottom_shows_U6_U8(
    varied, persons, owner, player, viewer, client_for
):
    campaign, game = varied
    pocket_1_opened(campaign, owner, persons)
    clients = _clients(client_for, owner, player, viewer)
    log_form_under_way(clients["owner"], campaign, persons)

    seen = _walk(clients, _values(campaign, game), ("pocket_2", "do_not_open"))

    assert seen[f"anonymous /campaigns/{campaign.slug}/history/factions/mutants/"] == 200
    assert seen[f"anonymous /campaigns/{campaign.slug}/history/factions/aliens/"] == 404
    assert seen[f"owner /campaigns/{campaign.slug}/packs/pocket_2/?look=1&game=1"] == 404
    page = _pack_page(clients, campaign, "pocket_1")
    shown = {hit.split(": ", 1)[1].strip("'") for hit in spoilers_in(page, ("pocket_1",))}
    assert shown == set(box.spoiler_terms("pocket_1")) - EVOLUTIONS
    world = clients["viewer"].get(f"/campaigns/{campaign.slug}/").content.decode()
    assert "Bringer of Nuclear Fire" in world and "Fallout Zone" in world  # J164s, J162s


def test_with_pocket_2_open_nothing_of_pocket_1_or_the_box_bottom_shows_U7_U8(
    varied, persons, owner, player, viewer, client_for
):
    campaign, game = varied
    pocket_2_opened(campaign, owner, persons)
    clients = _clients(client_for, owner, player, viewer)
    log_form_under_way(clients["owner"], campaign, persons)

    seen = _walk(clients, _values(campaign, game), ("pocket_1", "do_not_open"))

    assert seen[f"anonymous /campaigns/{campaign.slug}/history/territories/alien_island/"] == 200
    assert seen[f"anonymous /campaigns/{campaign.slug}/history/territories/brazil/"] == 200
    assert seen[f"anonymous /campaigns/{campaign.slug}/history/factions/mutants/"] == 404
    page = _pack_page(clients, campaign, "pocket_2")
    assert len(spoilers_in(page, ("pocket_2",))) == len(box.spoiler_terms("pocket_2"))
    world = clients["viewer"].get(f"/campaigns/{campaign.slug}/").content.decode()
    assert "Alien Island" in world and "Ruin" in world  # K182s, K187s


def test_the_box_bottom_stays_unread_with_both_pockets_open_until_its_owner_opens_it_U8(
    varied, persons, owner, player, viewer, client_for
):
    campaign, game = varied
    pocket_1_opened(campaign, owner, persons)
    pocket_2_opened(campaign, owner, persons)
    clients = _clients(client_for, owner, player, viewer)

    seen = _walk(clients, _values(campaign, game), ("do_not_open",))

    assert seen[f"owner /campaigns/{campaign.slug}/box-bottom/open/"] == 200
    assert seen[f"owner /campaigns/{campaign.slug}/box-bottom/names/"] == 404
    clients["owner"].post(f"/campaigns/{campaign.slug}/box-bottom/open/")
    page = _pack_page(clients, campaign, "do_not_open")
    assert len(spoilers_in(page, ("do_not_open",))) == len(box.spoiler_terms("do_not_open"))
