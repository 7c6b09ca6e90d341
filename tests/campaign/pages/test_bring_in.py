"""Bringing in a campaign already under way (issue 11): the board as it stands at game 7 is
entered step by step and recorded as world events in one go; a refusal shows under its field
and writes nothing; only the owner may do it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Person, WorldEventRecord
from campaign.selectors.bring_in import record_begins
from campaign.selectors.world import world_as_of, world_current, world_snapshot_mismatches
from campaign.services.export import campaign_export, campaign_import
from rules.data import board, content
from tests.campaign.spoilers.walk import spoilers_in

CITIES = [
    ("egypt", "minor", "Cairo Nova", "Ann"),
    ("brazil", "minor", "Rio Alto", ""),
    ("ontario", "minor", "Lakeside", "Ann"),
    ("siam", "major", "Old Bangkok", "Bo"),
    ("peru", "minor", "Cuzco", "Cy"),
]


def _url(campaign, step: str) -> str:
    return reverse("campaign:bring_in_step", kwargs={"slug": campaign.slug, "step": step})


def _games() -> dict[str, str]:
    """Six games played; nobody remembers who won games 2 and 5."""
    data = {"games_played": "6"}
    for game, winner in {1: "Ann", 3: "Bo", 4: "Ann", 6: "Cy"}.items():
        data[f"winner_{game}"] = winner
    return data


def _board(cities=CITIES) -> dict[str, str]:
    data: dict[str, str] = {}
    for i, (territory, kind, name, founder) in enumerate(cities):
        data |= {
            f"city_{i}_territory": territory,
            f"city_{i}_kind": kind,
            f"city_{i}_name": name,
            f"city_{i}_founder": founder,
        }
    scars = list(content().scar_types)[:2]
    data |= {"scar_0_territory": "iceland", "scar_0_kind": scars[0]}
    data |= {"scar_1_territory": "japan", "scar_1_kind": scars[1], "scar_1_by": "Bo"}
    data |= {"fort_0_territory": "siam", "fort_0_wear": "3"}
    data |= {"cont_australia_name": "Down Under", "cont_australia_namer": "Ann"}
    data |= {"cont_europe_mark": "-1"}
    return data


def _cards() -> dict[str, str]:
    """Every card with its printed coin; 12 pre-game stickers and 2 coins added since."""
    coins = dict.fromkeys(board().territories, 1)
    for key in ("brazil", "egypt", "ukraine", "siam", "japan", "peru"):
        coins[key] = 3  # two stickers each: 12 in all, the pre-game ones
    coins["egypt"] = 4  # one more since
    coins["ontario"] = 2
    data = {f"coins_{k}": str(v) for k, v in coins.items()}
    data["destroyed_yakutsk"] = "on"
    return data


def _factions() -> dict[str, str]:
    return {key: f.powers[0].key for key, f in content().base_factions.items()}


def _bring_in(client, campaign, *, board=None, games=None) -> None:
    for step, data in [
        ("games", games or _games()),
        ("packs", {"packs": ["pack_1"]}),
        ("board", board or _board()),
        ("cards", _cards()),
        ("factions", _factions()),
    ]:
        response = client.post(_url(campaign, step), {**data, "next": "1"})
        assert response.status_code == 302, response.content.decode()[:3000]


@pytest.mark.django_db
def test_a_group_at_game_7_brings_in_its_board_s1_end4_u1(owner_client, campaign):
    _bring_in(owner_client, campaign)

    confirm = owner_client.get(_url(campaign, "confirm")).content.decode()
    assert "The record will begin at game 7." in confirm
    assert "Pack 1 opened: brought in before game 7" in confirm
    response = owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})

    assert response.status_code == 302
    world = world_current(campaign=campaign)
    assert world.next_game_number == 7
    assert {s.game for s in world.signatures} == {1, 3, 4, 6}  # games 2 and 5: not known
    assert len(world.cities) == 5 and world.cities["siam"].kind == "major"
    assert world.cities["brazil"].founder == ""  # founder not known
    ann = Person.objects.get(campaign=campaign, display_name="Ann").key
    assert world.continent_names["australia"].namer == ann
    assert world.continent_marks == {"europe": -1}
    assert len(world.scars) == 2
    assert world.fortifications["siam"].wear == 3
    assert world.card_coins["egypt"] == 4 and world.card_coins["ontario"] == 2
    assert world.pregame_coins_placed and world.coin_stickers_used == 14
    assert world.destroyed_cards == {"yakutsk"}
    assert "pack_1" in world.packs_opened
    assert world.customized
    assert world_as_of(campaign=campaign, game_number=6) == world  # time travel to game 6
    assert world_snapshot_mismatches(campaign=campaign) == []

    page = owner_client.get(campaign.get_absolute_url()).content.decode()
    assert "Cairo Nova" in page and "Down Under" in page
    log = owner_client.get(reverse("campaign:game_log", kwargs={"slug": campaign.slug}))
    assert "Log game 7" in log.content.decode()
    history = owner_client.get(reverse("campaign:history_games", kwargs={"slug": campaign.slug}))
    assert "The record begins at game 7" in history.content.decode()


@pytest.mark.django_db
def test_a_city_on_an_unknown_territory_is_refused_under_its_field_c2(owner_client, campaign):
    owner_client.post(_url(campaign, "games"), {**_games(), "next": "1"})
    board = _board() | {"city_0_territory": "atlantis"}

    response = owner_client.post(_url(campaign, "board"), {**board, "next": "1"})

    assert response.status_code == 400
    page = response.content.decode()
    first = page.index('name="city_0_territory"')
    assert "There is no such territory on the board" in page[first : first + 3000]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_a_tenth_minor_city_is_refused_under_its_field_and_nothing_is_written_c10(
    owner_client, campaign
):
    owner_client.post(_url(campaign, "games"), {**_games(), "next": "1"})
    places = ["egypt", "brazil", "ontario", "siam", "peru", "argentina", "india", "china", "congo"]
    places.append("iceland")
    cities = [(t, "minor", f"Town {i}", "") for i, t in enumerate(places)]
    board = _board(cities) | {"scar_0_territory": "", "scar_0_kind": ""}

    response = owner_client.post(_url(campaign, "board"), {**board, "next": "1"})

    assert response.status_code == 400
    page = response.content.decode()
    tenth = page.index('name="city_9_territory"')
    assert "No minor city marks are left." in page[tenth : tenth + 3000]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_confirming_with_a_step_missing_writes_nothing(owner_client, campaign):
    owner_client.post(_url(campaign, "games"), {**_games(), "next": "1"})

    response = owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})

    assert response.status_code == 400
    assert "is not filled in yet" in response.content.decode()
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["player_client", "viewer_client"])
def test_only_the_owner_may_bring_a_campaign_in(request, campaign, who):
    client = request.getfixturevalue(who)

    assert client.get(_url(campaign, "games")).status_code == 403
    assert client.post(_url(campaign, "confirm"), {"confirm": "1"}).status_code == 403
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_creating_a_campaign_already_played_leads_to_bringing_it_in(owner_client):
    response = owner_client.post(
        reverse("campaign:campaign_create"), {"name": "Game seven group", "already_played": "on"}
    )

    assert response.status_code == 302
    page = owner_client.get(response["Location"], follow=True)
    assert "How many games have you played?" in page.content.decode()


@pytest.mark.django_db
def test_a_campaign_with_a_recorded_game_cannot_bring_games_in_s1(owner_client, campaign):
    _bring_in(owner_client, campaign)
    owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})
    records = WorldEventRecord.objects.filter(campaign=campaign).count()

    page = owner_client.get(_url(campaign, "games")).content.decode()
    response = owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})

    assert "earlier games can be brought in only before the first recorded game" in page
    assert response.status_code == 400
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == records


@pytest.mark.django_db
def test_an_export_of_a_brought_in_campaign_imports_with_its_record_start(
    owner_client, owner, campaign
):
    _bring_in(owner_client, campaign)
    owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})

    copy = campaign_import(
        document=campaign_export(campaign=campaign, show_accounts=False), owner=owner
    )

    assert world_current(campaign=copy) == world_current(campaign=campaign)
    assert record_begins(campaign=copy) == 7


PACKS_2_4_POCKET_1 = ["pack_1", "pack_2", "pack_3", "pack_4", "pocket_1"]
SEALED = ["pack_2", "pack_3", "pack_4", "pocket_1", "pocket_2"]


def _bring_in_to_factions(client, campaign, packs: list[str]) -> None:
    for step, data in [
        ("games", _games()),
        ("packs", {"packs": packs}),
        ("board", _board()),
        ("cards", _cards()),
    ]:
        response = client.post(_url(campaign, step), {**data, "next": "1"})
        assert response.status_code == 302, response.content.decode()[:3000]


def _slots() -> dict[str, str]:
    mission = next(m.code for m in content().missions.values() if m.private)
    return _factions() | {
        "comeback_khan_industries": "resourceful",
        "red_saharan_republic": mission,
        "missile_enclave_of_the_bear": "emp",
        "bringer": "imperial_balkania",
        "fallout": "kamchatka",
    }


@pytest.mark.django_db
def test_pack_slots_and_the_fallout_come_through_to_the_world_g3_e8_j167s_j162s(
    owner_client, campaign
):
    """With Packs 2 and 4 and Pocket 1 ticked, the factions step takes a comeback power (blue
    slot), a private mission stuck in a red slot (E124s), a missile power (J167s) and the
    Bringer of Nuclear Fire with the fallout zone (J162s, J164s)."""
    _bring_in_to_factions(owner_client, campaign, PACKS_2_4_POCKET_1)
    page = owner_client.get(_url(campaign, "factions")).content.decode()
    assert 'name="comeback_khan_industries"' in page and 'name="fallout"' in page
    assert 'name="island_end_1"' not in page  # Pocket 2 stays sealed

    response = owner_client.post(_url(campaign, "factions"), {**_slots(), "next": "1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert owner_client.post(_url(campaign, "confirm"), {"confirm": "1"}).status_code == 302

    world = world_current(campaign=campaign)
    mission = _slots()["red_saharan_republic"]
    assert world.comeback_powers == {"khan_industries": "resourceful"}
    assert world.red_slots == {"saharan_republic": mission}
    assert world.missile_powers == {"enclave_of_the_bear": "emp"}
    assert world.fallout == "kamchatka" and world.bringer == "imperial_balkania"
    assert "kamchatka" in world.destroyed_cards
    assert world_snapshot_mismatches(campaign=campaign) == []


@pytest.mark.django_db
def test_one_comeback_power_on_two_cards_is_refused_under_its_field_g15(owner_client, campaign):
    _bring_in_to_factions(owner_client, campaign, PACKS_2_4_POCKET_1)
    data = _slots() | {"comeback_saharan_republic": "resourceful"}

    response = owner_client.post(_url(campaign, "factions"), {**data, "next": "1"})

    assert response.status_code == 400
    page = response.content.decode()
    field = page.index('name="comeback_saharan_republic"')
    assert "is already on" in page[field : field + 4000]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_the_bringer_without_the_fallout_zone_is_refused_u6(owner_client, campaign):
    _bring_in_to_factions(owner_client, campaign, PACKS_2_4_POCKET_1)
    data = _slots() | {"fallout": ""}

    response = owner_client.post(_url(campaign, "factions"), {**data, "next": "1"})

    assert response.status_code == 400
    assert "Give both the Bringer of Nuclear Fire and the fallout zone" in response.content.decode()


@pytest.mark.django_db
def test_packs_not_ticked_show_no_slot_fields_u8(owner_client, campaign):
    """Only Pack 1 opened: no comeback, red-slot, missile, weakness, fallout or island field,
    and no word of a sealed pack on the factions step; a sealed item posted is refused."""
    _bring_in_to_factions(owner_client, campaign, ["pack_1"])

    page = owner_client.get(_url(campaign, "factions")).content.decode()
    posted = owner_client.post(_url(campaign, "factions"), {**_slots(), "next": "1"})

    assert spoilers_in(page, SEALED) == []
    for name in ("comeback_", "red_", "missile_", "weakness_", "fallout", "bringer", "island_"):
        assert f'name="{name}' not in page
    assert posted.status_code == 302  # the unknown fields are ignored, nothing of them kept
    owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})
    world = world_current(campaign=campaign)
    assert not world.comeback_powers and not world.missile_powers and world.fallout is None


@pytest.mark.django_db
def test_alien_island_and_a_weakness_come_through_with_pocket_2_k180s(owner_client, campaign):
    """Pocket 2 ticked: Alien Island's two ends with its collaborator (K180s), and a weakness
    in another card's yellow slot; the collaborator's card takes no second weakness (G-4)."""
    _bring_in_to_factions(owner_client, campaign, ["pack_1", "pocket_2"])
    island = {
        "island_end_1": "iceland",
        "island_end_2": "brazil",
        "collaborator": "khan_industries",
    }
    twice = _factions() | island | {"weakness_khan_industries": "cautious"}

    refused = owner_client.post(_url(campaign, "factions"), {**twice, "next": "1"})
    data = _factions() | island | {"weakness_saharan_republic": "cautious"}
    response = owner_client.post(_url(campaign, "factions"), {**data, "next": "1"})
    owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})

    assert refused.status_code == 400
    assert "already carries a scar" in refused.content.decode()
    assert response.status_code == 302, response.content.decode()[:3000]
    world = world_current(campaign=campaign)
    assert world.alien_island == ("iceland", "brazil")
    assert world.faction_scars["khan_industries"].kind == "alien_collaborator"
    assert world.faction_scars["saharan_republic"].kind == "cautious"


@pytest.mark.django_db
def test_a_world_capital_on_a_card_brought_in_at_4_coins_is_accepted_e8(owner_client, campaign):
    """The capital stands in Egypt, whose card shows 4 coins today (one added since the
    pre-game stickers): the brought-in board is checked as one state, cards and all (E-8)."""
    cities = [*CITIES[1:], ("egypt", "capital", "Nova Roma", "Ann")]
    for step, data in [
        ("games", _games()),
        ("packs", {"packs": ["pack_1", "pack_2", "pack_3", "pack_4"]}),
        ("cards", _cards()),
        ("board", _board(cities)),
        ("factions", _factions()),
    ]:
        response = owner_client.post(_url(campaign, step), {**data, "next": "1"})
        assert response.status_code == 302, response.content.decode()[:3000]

    response = owner_client.post(_url(campaign, "confirm"), {"confirm": "1"})

    assert response.status_code == 302, response.content.decode()[:3000]
    world = world_current(campaign=campaign)
    assert world.cities["egypt"].kind == "capital" and world.card_coins["egypt"] == 4
    assert world_snapshot_mismatches(campaign=campaign) == []


@pytest.mark.django_db
def test_a_world_capital_on_a_card_worth_3_is_refused_under_its_city_e8(owner_client, campaign):
    cities = [*CITIES[:4], ("peru", "capital", "Nova Lima", "Cy")]
    for step, data in [
        ("games", _games()),
        ("packs", {"packs": ["pack_1", "pack_2", "pack_3", "pack_4"]}),
    ]:
        owner_client.post(_url(campaign, step), {**data, "next": "1"})
    owner_client.post(_url(campaign, "cards"), {**_cards(), "next": "1"})

    response = owner_client.post(_url(campaign, "board"), {**_board(cities), "next": "1"})

    assert response.status_code == 400
    page = response.content.decode()
    field = page.index('name="city_4_territory"')
    assert "worth 3 coins: the World Capital goes into" in page[field : field + 3000]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_brought_in_games_count_in_the_statistics_with_their_factions_s10_end4(
    owner_client, owner, campaign
):
    """Who won games 1, 3, 4 and 6 is known, and which faction won games 1, 3 and 4: wins per
    player count the signatures of the games brought in, wins per faction the rows brought in
    (which the lead faction reads, E125s), and the charts say what is not known."""
    games = _games() | {
        "faction_1": "die_mechaniker",
        "faction_3": "khan_industries",
        "faction_4": "die_mechaniker",
    }
    _bring_in(owner_client, campaign, games=games)
    assert owner_client.post(_url(campaign, "confirm"), {"confirm": "1"}).status_code == 302

    world = world_current(campaign=campaign)
    assert world.wins("die_mechaniker") == 2 and world.wins("khan_industries") == 1
    ann, bo = (Person.objects.get(campaign=campaign, display_name=n).key for n in ("Ann", "Bo"))
    assert {(r.game, r.player) for r in world.faction_records} == {(1, ann), (3, bo), (4, ann)}
    page = owner_client.get(
        reverse("campaign:history_stats", kwargs={"slug": campaign.slug})
    ).content.decode()
    assert "<title>Ann: 2 won</title>" in page
    assert "<title>Bo: 1 won</title>" in page and "<title>Cy: 1 won</title>" in page
    assert "<title>Die Mechaniker: 2 won</title>" in page
    assert "Not known: who won games 2 and 5." in page
    assert "Not known: which faction won games 2, 5 and 6." in page
    back = owner_client.get(
        reverse(
            "campaign:history_faction",
            kwargs={"slug": campaign.slug, "faction": "die_mechaniker"},
        )
    ).content.decode()
    assert "sat out" not in back and back.count("not recorded") == 2  # two starts
    copy = campaign_import(
        document=campaign_export(campaign=campaign, show_accounts=False), owner=owner
    )
    assert world_current(campaign=copy) == world
