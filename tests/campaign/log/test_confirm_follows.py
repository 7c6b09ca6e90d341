"""The log form's confirmation step says what the game leads to before anyone confirms:
eliminations (END-2), packs opening or due (U-3, U-4: name and printed condition only), the
victor's signature count (END-4) and the sticker sheet left (C-10)."""

from __future__ import annotations

import pytest

from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import log_form_players as _players
from tests.campaign.log.factories import log_step as _step
from tests.campaign.log.factories import three_player_entry

pytestmark = pytest.mark.django_db


def _follows(client, campaign) -> list[str]:
    return client.get(_step(campaign, "confirm")).context["follows"]


def test_confirm_lists_the_first_elimination_and_the_pack_it_opens_END2_U3(
    campaign, player_client, persons
):
    player_client.post(
        _step(campaign, "players"), {**_players(persons), "p2_elim": "khan_industries"}
    )
    player_client.post(_step(campaign, "during"), {})
    outcome = {"winner": "die_mechaniker", "t_die_mechaniker": "on", "t_khan_industries": "on"}
    player_client.post(_step(campaign, "outcome"), outcome)
    player_client.post(_step(campaign, "packs"), {"cb_saharan_republic": "stealthy"})
    player_client.post(
        _step(campaign, "rewards"),
        {"wr_code": "R2", "wr_target": "brazil", "wr_name": "Rio"},
    )
    follows = _follows(player_client, campaign)
    assert "Saharan Republic (Gina Guest) is eliminated by Khan Industries (END-2)." in follows
    assert (
        "Pack 2 opens during this game: “A faction is eliminated for the first time” (U-3)."
        in follows
    )
    assert "olga_owner signs the victors' section: their 1st signature (END-4)." in follows
    sheet = follows[-1]
    assert "major cities 4 of 5 (1 used in this game)" in sheet
    assert "minor cities 9 of 9;" in sheet


def test_confirm_names_a_pack_due_after_the_game_by_its_condition_only_U4(
    campaign, owner, player_client, persons
):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    players = {**_players(persons), "p2_person": persons["viewer"].key, "p2_guest": ""}
    player_client.post(_step(campaign, "players"), players)
    player_client.post(_step(campaign, "during"), {})
    outcome = {"winner": "die_mechaniker", **{f"t_{f}": "on" for f in ("khan_industries",)}}
    outcome["t_saharan_republic"] = "on"
    player_client.post(_step(campaign, "outcome"), outcome)
    player_client.post(_step(campaign, "rewards"), {"wr_code": "R6", "wr_target": "ural"})
    follows = _follows(player_client, campaign)
    assert "olga_owner signs the victors' section: their 2nd signature (END-4)." in follows
    assert (
        "Pack 3 is due once this game is logged: "
        "“Someone signs the victors' section for the second time” (U-4)." in follows
    )
    assert not any("eliminated" in line for line in follows)
    page = player_client.get(_step(campaign, "confirm")).content.decode()
    assert "What follows" in page


def test_the_sticker_sheet_line_keeps_pack_4s_mark_unnamed_U5(campaign, player_client, persons):
    player_client.post(_step(campaign, "players"), _players(persons))
    player_client.post(_step(campaign, "during"), {})
    outcome = {f"t_{f}": "on" for f in ("die_mechaniker", "khan_industries", "saharan_republic")}
    player_client.post(_step(campaign, "outcome"), {"winner": "die_mechaniker", **outcome})
    player_client.post(_step(campaign, "rewards"), {"wr_code": "R6", "wr_target": "ural"})
    page = player_client.get(_step(campaign, "confirm")).content.decode()
    assert "Sticker sheet left afterwards" in page
    assert "world capital" not in page.lower()
