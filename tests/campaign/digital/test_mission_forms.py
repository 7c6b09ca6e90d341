"""Claiming missions on the game page (E-8, Pack 3): the claim form is built from the legal
claims, with the inputs each kind needs: none for a plain mission (Reign of Terror D115), the
two ends of the new sea line (Explore the World D121s), the World Capital's territory and a text
input for its name (The World Is Ready D120s); Join the Cause's troops split (D111) is one
choice per way of splitting. A person claims each through the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.forms.digital.moves import move_form_specs
from campaign.models.digital import DigitalGame
from campaign.selectors.world import world_current
from rules.game import EndTurn, GameState, TakeCard, TurnFlags, apply_move, legal_move_options
from rules.world import World
from rules.world_events import CityFounded, PackOpened
from tests.rules.game.helpers import position

from .conftest import stored_hotseat_game

pytestmark = pytest.mark.django_db

ISLANDS = (
    "greenland",
    "iceland",
    "great_britain",
    "japan",
    "madagascar",
    "indonesia",
    "new_guinea",
)
NINE = ("peru", "brazil", "egypt", "china", "india", "siam", "ural", "japan", "congo")


def _world(campaign, cities=None, coins=None) -> World:
    world = PackOpened("pack_3", 1, "a second signature").apply(world_current(campaign=campaign))
    for territory, kind in (cities or {}).items():
        world = CityFounded(territory, kind, f"{kind.title()} {territory}", "x", 1).apply(world)
    return world.evolve(card_coins={**world.card_coins, **(coins or {})})


def _at_end_of_turn(world: World, mission: str, armies, **kwargs) -> GameState:
    state = position(armies=armies, world=world, **kwargs).clone()
    state.mission, state.mission_deck = mission, ("D114", "D116")
    state.slots = ("alaska", "peru", "brazil", "egypt")
    state.draw_pile = ("siam", "india")
    state, _ = apply_move(state, 0, EndTurn())
    assert state.phase == "end_of_turn"
    return state


def _post(client, game: DigitalGame, seat: int, move: dict) -> GameState:
    url = reverse(
        "campaign:digital_game_move", kwargs={"slug": game.campaign.slug, "game_id": game.pk}
    )
    response = client.post(url, {"seat": seat, "version": game.version, **move})
    assert response.status_code == 200, response.content.decode()[:2000]
    game.refresh_from_db()
    return game.game_state()


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


def test_a_plain_mission_is_claimed_with_one_button_reign_of_terror_D115_E8(
    campaign, owner, owner_client, people
):
    state = _at_end_of_turn(
        _world(campaign),
        "D115",
        {t: (0, 1) for t in NINE},
        turn=TurnFlags(conquered=True, conquests=NINE),
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    form = page.split('data-type="claim_mission"')[1].split("</form>")[0]
    assert "Claim the mission Reign of Terror (1 Red Star)" in form
    assert "<select" not in form and 'type="text"' not in form
    assert "Reign of Terror</strong>" in page  # the face-up mission, in words

    after = _post(owner_client, game, 0, {"type": "claim_mission"})
    assert after.seats[0].red_star_tokens == state.seats[0].red_star_tokens + 1
    assert after.mission == "D114"


def test_explore_the_world_D121s_is_claimed_with_the_two_ends_of_its_sea_line_G12(
    campaign, owner, owner_client, people
):
    state = _at_end_of_turn(
        _world(campaign), "D121s", {**{t: (0, 1) for t in ISLANDS}, "peru": (0, 5)}
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    spec = next(s for s in move_form_specs(state, legal_move_options(state, 0)))
    assert spec.type == "claim_mission"
    assert [(f.name, f.label) for f in spec.fields] == [
        ("territory", "New sea line from"),
        ("target", "to"),
    ]
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "New sea line from" in page and 'name="name"' not in page.split("claim_mission")[1]

    after = _post(
        owner_client,
        game,
        0,
        {"type": "claim_mission", "territory": "peru", "target": "western_australia"},
    )
    assert after.world.added_sea_lines == (("peru", "western_australia"),)


def test_the_world_is_ready_D120s_is_claimed_with_a_territory_and_a_typed_name_U5(
    campaign, owner, owner_client, people
):
    world = _world(campaign, {"peru": "minor"}, {"peru": 4, "egypt": 6})
    armies = {"peru": (0, 3), "brazil": (0, 2), "egypt": (1, 2)}
    state = _at_end_of_turn(world, "D120s", armies, turn=TurnFlags(conquered=True))
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    form = page.split('data-type="claim_mission"')[1].split("</form>")[0]
    assert "World Capital in" in form and '<select name="territory"' in form
    assert 'type="text" name="name"' in form and 'value="World Capital"' in form
    assert 'name="target"' not in form

    after = _post(
        owner_client, game, 0, {"type": "claim_mission", "territory": "peru", "name": "Nova Lima"}
    )
    capital = after.world.cities["peru"]
    assert (capital.kind, capital.name) == ("capital", "Nova Lima")
    assert "pack_4" in after.world.packs_opened
    assert after.phase == "open_pack"


def test_a_blank_capital_name_is_refused_on_the_page_E8(campaign, owner, owner_client, people):
    world = _world(campaign, {}, {"peru": 4})
    state = _at_end_of_turn(world, "D120s", {"peru": (0, 3)}, turn=TurnFlags(conquered=True))
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    url = reverse(
        "campaign:digital_game_move", kwargs={"slug": game.campaign.slug, "game_id": game.pk}
    )
    response = owner_client.post(
        url,
        {
            "seat": 0,
            "version": game.version,
            "type": "claim_mission",
            "territory": "peru",
            "name": "  ",
        },
    )
    assert response.status_code == 400
    game.refresh_from_db()
    assert game.state["phase"] == "end_of_turn"


def test_join_the_cause_D111_splits_its_troops_through_one_choice_per_split_E7(
    campaign, owner, owner_client, people
):
    world = _world(campaign, {"egypt": "major", "peru": "minor"}, {"siam": 2})
    state = position(
        armies={"brazil": (0, 2), "egypt": (1, 2), "peru": (1, 1)},
        world=world,
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
    ).clone()
    state.slots = ("alaska", "peru", "brazil", "egypt")
    state.draw_pile, state.event_deck = ("siam", "india"), ("D111",)
    state.mission, state.mission_deck = "D115", ("D114", "D116")
    state, _ = apply_move(state, 0, TakeCard(3))
    assert state.phase == "event_choice"
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Event: Join the Cause" in page
    assert "2 troops into Egypt, 1 troop into Peru" in page

    after = _post(
        owner_client,
        game,
        1,
        {"type": "resolve_event", "option": "troops", "territories": "egypt,egypt,peru"},
    )
    assert (after.troops("egypt"), after.troops("peru")) == (4, 2)
