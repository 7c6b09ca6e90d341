"""load_demo (idempotent), verify_worlds (snapshot == replay for every campaign) and what
simulate_campaign says of Packs 3 and 4 (its 15-game run is in tests/campaign/digital)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from campaign.management.commands.simulate_campaign import _mission_sections, _mission_summary
from campaign.mission_words import mission_code_label
from campaign.models import Campaign, GameMove, WorldEventRecord, WorldSnapshot
from campaign.models.digital import DigitalGame
from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from campaign.tasks import world_snapshot_verify
from rules.world import World
from rules.world_events import CityFounded
from rules.world_events.missions import MissionClaimed
from rules.world_events.red_slots import LeadMissionChosen, PrivateMissionStuck, SlotMissionClaimed
from tests.campaign.worlds import first_powers
from tests.rules.game.helpers import position


@pytest.mark.django_db
def test_load_demo_creates_a_customized_public_world_once():
    call_command("load_demo")
    call_command("load_demo")

    demo = get_user_model().objects.get(username="demo")
    assert demo.check_password("demo-password")
    campaign = Campaign.objects.get(name="Demo world")
    assert campaign.is_public and campaign.owner == demo
    world = world_current(campaign=campaign)
    assert world.customized and world.games_played >= 1 and world.cities
    count = WorldEventRecord.objects.filter(campaign=campaign).count()
    call_command("load_demo")
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == count
    assert Campaign.objects.filter(name="Demo world").count() == 1


@pytest.mark.django_db
def test_the_demo_world_page_shows_something_to_anyone(client):
    call_command("load_demo")
    page = client.get("/campaigns/demo-world/").content.decode()
    assert "<svg" in page and "New Thebes" in page and "Port Ana" in page
    assert (
        client.post("/accounts/login/", {"login": "demo", "password": "demo-password"}).status_code
        == 302
    )


def test_verify_worlds_passes_when_snapshots_equal_the_replay(campaign, owner, capsys):
    world_event_append(campaign=campaign, events=first_powers(), user=owner, source="setup")
    call_command("verify_worlds")
    assert f"{campaign.slug}: ok" in capsys.readouterr().out
    assert world_snapshot_verify.delay(campaign.pk).get() == []


def test_verify_worlds_fails_naming_the_campaign_whose_snapshot_drifted(campaign, owner, capsys):
    world_event_append(campaign=campaign, events=first_powers(), user=owner, source="setup")
    snapshot = WorldSnapshot.objects.get(campaign=campaign, is_current=True)
    snapshot.world["starting_powers"] = {}
    snapshot.save()

    with pytest.raises(CommandError, match=campaign.slug):
        call_command("verify_worlds")
    assert "starting_powers" in capsys.readouterr().err
    assert world_snapshot_verify.delay(campaign.pk).get()


def _bots_game(campaign, owner, persons) -> tuple[DigitalGame, dict[str, str]]:
    """A recorded-looking game 3: seats 0-2 (the owner, the player, the viewer) play Die
    Mechaniker, Enclave of the Bear and Imperial Balkania; seat 0 led, seats 0 and 2 drew
    cards of their homeland, seat 1 one of its own."""
    state = position(armies={"alaska": (0, 3), "argentina": (1, 3), "ural": (2, 3)})
    people = [persons["owner"], persons["player"], persons["viewer"]]
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name)
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=3,
        seed=0,
        initial_state=state.to_json(),
        state=state.to_json(),
        created_by=owner,
    )
    events = [
        [{"type": "lead_faction", "text": "...", "seat": 0, "faction": "die_mechaniker"}],
        [{"type": "card_taken", "text": "...", "seat": 0, "card": "egypt", "homeland": True}],
        [{"type": "card_taken", "text": "...", "seat": 1, "card": "peru"}],
        [{"type": "card_taken", "text": "...", "seat": 2, "card": "china", "homeland": True}],
        [{"type": "card_taken", "text": "...", "seat": 0, "card": "congo", "homeland": True}],
    ]
    for index, moved in enumerate(events):
        GameMove.objects.create(game=game, index=index, seat=0, move={}, events=moved)
    return game, {p.key: p.display_name for p in people}


def test_simulate_campaign_says_who_led_claimed_founded_and_drew_from_the_homeland_E8_E125s(
    campaign, owner, persons
):
    game, names = _bots_game(campaign, owner, persons)
    owner_key, player_key = persons["owner"].key, persons["player"].key
    events = [
        LeadMissionChosen(3, "die_mechaniker", "E131s", owner_key),
        MissionClaimed(3, "D120s", player_key),
        MissionClaimed(3, "E127s", player_key),
        PrivateMissionStuck("enclave_of_the_bear", "E127s", player_key, 3),
        CityFounded("egypt", "capital", "Nova Roma", player_key, 3),
        SlotMissionClaimed(3, "die_mechaniker", "E130s", owner_key),
    ]
    owner_name, player_name = names[owner_key], names[player_key]
    viewer_name = names[persons["viewer"].key]
    assert _mission_sections(game, events, names) == [
        f"lead faction: Die Mechaniker, chose {mission_code_label('E131s')}",
        f"missions claimed: {player_name} {mission_code_label('D120s')}; "
        f"{player_name} {mission_code_label('E127s')}, now in the red slot of Enclave of the Bear; "
        f"{owner_name} {mission_code_label('E130s')} (red slot)",
        f"World Capital Nova Roma founded in Egypt by {player_name}",
        f"homeland draws: {', '.join(sorted([f'{owner_name} 2', f'{viewer_name} 1']))}",
    ]


def test_simulate_campaign_sums_up_missions_red_slots_and_sea_lines_E8_E124s():
    world = World(red_slots={"khan_industries": "E130s"}, added_sea_lines=(("ontario", "peru"),))
    events = [
        MissionClaimed(1, "D114", "p1"),
        MissionClaimed(2, "D114", "p2"),
        SlotMissionClaimed(3, "khan_industries", "E130s", "p1"),
    ]
    label = mission_code_label
    assert _mission_summary(world, events) == [
        f"  missions completed: {label('D114')} 2, {label('E130s')} 1",
        f"  red slots: Khan Industries = {label('E130s')}",
        "  sea lines drawn: Ontario-Peru",
    ]
