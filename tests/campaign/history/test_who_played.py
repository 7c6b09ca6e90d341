"""Who played (issue 11): a seat taken by a substitute in one game, and who eliminated whom.

A substitute is whoever sat in the seat, a guest named on the "Who played" step or another
member: the signature (END-4), the faction card's record (S-10, END-2) and the statistics go
to them, never to the member who stayed home. An eliminated seat's eliminator (G-13) is
recorded from the log form, packs or not, and shown on the game's page."""

import pytest

from campaign.models import Person
from campaign.selectors.history.stats import history_stats
from campaign.selectors.history.world import history_world
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import LOG_OUTCOME as OUTCOME
from tests.campaign.log.factories import LOG_REWARDS as REWARDS
from tests.campaign.log.factories import log_form_players, three_player_entry, with_player
from tests.campaign.log.factories import log_step as _step

pytestmark = pytest.mark.django_db


def _log(campaign, user, entry, capture):
    with capture(execute=True):
        game_log(campaign=campaign, user=user, entry=entry)


def test_a_guest_substituting_for_a_member_signs_and_counts_in_the_statistics_END_4(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    # The owner stays home; Sam takes the seat that wins with Die Mechaniker.
    entry = with_player(three_player_entry(persons), 0, person="", guest_name="Sam Standin")
    _log(campaign, owner, entry, django_capture_on_commit_callbacks)
    sam = Person.objects.get(campaign=campaign, display_name="Sam Standin")
    assert sam.is_guest
    world = world_current(campaign=campaign)
    assert [r.player for r in world.faction_history("die_mechaniker")] == [sam.key]
    assert [s["name"] for s in history_world(campaign=campaign).signatures] == ["Sam Standin"]
    wins = {bar.label: bar.total for bar in history_stats(campaign=campaign)[0].bars}
    assert wins["Sam Standin"] == 1
    assert persons["owner"].display_name not in wins  # absent: no game, no win


def test_a_member_substituting_for_another_gets_the_win_S_10(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    # The viewer plays the winning seat this time; the owner takes the eliminated one.
    entry = with_player(three_player_entry(persons), 0, person=persons["viewer"].key)
    entry = with_player(entry, 2, person=persons["owner"].key)
    _log(campaign, owner, entry, django_capture_on_commit_callbacks)
    wins = {bar.label: bar.total for bar in history_stats(campaign=campaign)[0].bars}
    assert wins[persons["viewer"].display_name] == 1
    assert wins[persons["owner"].display_name] == 0


def _log_by_form(client, campaign, persons, **players):
    data = log_form_players(persons, **players)
    assert client.post(_step(campaign, "players"), data).status_code == 302
    assert client.post(_step(campaign, "during"), {}).status_code == 302
    assert client.post(_step(campaign, "outcome"), OUTCOME).status_code == 302
    assert client.post(_step(campaign, "rewards"), REWARDS).status_code == 302
    done = client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert done.status_code == 302
    return client.get(done["Location"]).content.decode()


def test_the_log_form_records_who_eliminated_whom_without_any_pack_open_G_13(
    campaign, player_client, persons
):
    assert not world_current(campaign=campaign).packs_opened
    page = _log_by_form(player_client, campaign, persons, p2_elim="die_mechaniker")
    assert "Gina Guest (Saharan Republic, from Peru, <strong>eliminated</strong> by Die " in page
    record = history_world(campaign=campaign).world.faction_history("saharan_republic")[0]
    assert record.outcome == "eliminated"


def test_an_eliminated_seat_without_its_eliminator_says_it_was_not_recorded_G_13(
    campaign, player_client, persons
):
    page = _log_by_form(player_client, campaign, persons)
    assert "<strong>eliminated</strong>; by whom not recorded" in page
