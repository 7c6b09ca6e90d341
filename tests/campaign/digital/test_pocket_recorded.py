"""A finished digital game writes what its pockets did into the campaign's world, through the
same checks as a game logged by hand: the nuke's fallout zone and its Bringer (J162s, J164s),
the missile powers taken (J167s), Alien Island's two sea lines and its Collaborator (K182s), an
Evolve card scratched (J178) and a weakness played into a faction card's yellow slot (K194s)."""

from __future__ import annotations

import pytest

from campaign.models import WorldEventRecord
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.history.games import history_games
from campaign.selectors.world import world_current
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from rules.game import (
    BuyRedStar,
    ChooseNukeTarget,
    GameState,
    PlaceAlienIsland,
    PlayScarCard,
    ResolveEvent,
)
from rules.game.missile_powers import ChooseMissilePower
from tests.rules.game.helpers import FACTIONS, play, position

from . import pocket_positions as at
from .conftest import stored_hotseat_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


def _record(campaign, owner, owner_client, people, state: GameState, starts) -> None:
    """Store the game, ended, with bots in its seats (they choose the rewards) and record it."""
    game = stored_hotseat_game(campaign, owner, owner_client, people, at.over(state, starts))
    game.seats.update(kind=GameSeat.Kind.BOT, hotseat_session_key="")
    DigitalGame.objects.filter(pk=game.pk).update(status=DigitalGame.Status.REWARDS)
    game.refresh_from_db()
    digital_game_finish(game=game, user=owner, rewards=RewardsChosen())


def test_J162s_J167s_a_digital_nuke_and_a_missile_power_land_in_the_campaign_world(
    campaign, owner, owner_client, people
):
    state = at.nuke_choice(world_current(campaign=campaign), people)
    state, _ = play(state, (0, ChooseNukeTarget("brazil")))
    # Later that turn seat 0 buys a Red Star token and takes Rally for its faction card.
    state = state.clone()
    state.phase = "start_of_turn"
    state.set_seat(0, cards=("coin",) * 4)
    state, _ = play(state, (0, BuyRedStar(("coin",) * 4)), (0, ChooseMissilePower("rally")))

    _record(campaign, owner, owner_client, people, state, ("argentina", "venezuela", "egypt"))

    world = world_current(campaign=campaign)
    assert "pocket_1" in world.packs_opened
    assert world.fallout == "brazil" and world.bringer == FACTIONS[0]
    assert world.missile_powers == {FACTIONS[0]: "rally"}
    kinds = set(WorldEventRecord.objects.filter(campaign=campaign).values_list("kind", flat=True))
    assert {"nuclear_strike", "missile_power_gained"} <= kinds


def test_K182s_alien_island_placed_in_a_digital_game_lands_in_the_campaign_world(
    campaign, owner, owner_client, people
):
    state = at.island_placement(world_current(campaign=campaign), people)
    state, _ = play(state, (0, PlaceAlienIsland("brazil", "western_australia")))

    _record(campaign, owner, owner_client, people, state, ("alaska", "egypt", "ural"))

    world = world_current(campaign=campaign)
    assert "pocket_2" in world.packs_opened
    assert set(world.alien_island) == {"brazil", "western_australia"}
    assert world.faction_scars[FACTIONS[0]].kind == "alien_collaborator"


def test_J178_an_evolve_card_scratched_in_a_later_digital_game_lands_in_the_campaign_world(
    campaign, owner, owner_client, people
):
    """Game 1 nukes Brazil (Pocket 1 opens); in game 2 the Mutants' player scratches off
    Offensive on J178: the campaign's card is scratched for good."""
    state = at.nuke_choice(world_current(campaign=campaign), people)
    state, _ = play(state, (0, ChooseNukeTarget("brazil")))
    _record(campaign, owner, owner_client, people, state, ("argentina", "venezuela", "egypt"))

    state = at.evolve_choice(world_current(campaign=campaign), people)
    state, _ = play(state, (1, ResolveEvent("offensive")))
    _record(campaign, owner, owner_client, people, state, ("siam", "alaska", "egypt"))

    world = world_current(campaign=campaign)
    assert world.evolutions == {"J178": "offensive"}
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="mutants_evolved").exists()


def test_K194s_a_weakness_played_in_a_later_digital_game_lands_on_the_faction_card(
    campaign, owner, owner_client, people
):
    """Game 1 raises Alien Island (Pocket 2 opens); in game 2 seat 0 plays Cautious into the
    yellow slot of seat 1's faction card: the campaign's card carries it for good."""
    state = at.island_placement(world_current(campaign=campaign), people)
    state, _ = play(state, (0, PlaceAlienIsland("brazil", "western_australia")))
    _record(campaign, owner, owner_client, people, state, ("alaska", "egypt", "ural"))

    state = at.seated(
        position(
            armies={"peru": (0, 3), "alaska": (1, 3), "egypt": (2, 3)},
            phase="start_of_turn",
            world=world_current(campaign=campaign),
            seat0={"scar_card": "cautious"},
        ),
        people,
    )
    state, _ = play(state, (0, PlayScarCard(FACTIONS[1])))
    _record(campaign, owner, owner_client, people, state, ("siam", "argentina", "egypt"))

    scar = world_current(campaign=campaign).faction_scars[FACTIONS[1]]
    assert scar.kind == "cautious" and scar.on == "faction"


def test_J163_an_hq_lost_to_the_nuke_is_listed_under_the_nuke_in_the_games_history(
    campaign, owner, owner_client, people
):
    """Seat 1's HQ stood in Brazil when the nuke fell there: the game's history lists the HQ
    demolished right after the nuke that caused it, never among the event cards drawn."""
    state = at.nuke_choice(world_current(campaign=campaign), people).clone()
    state.hqs = {**state.hqs, "brazil": 1}
    state, _ = play(state, (0, ChooseNukeTarget("brazil")))

    _record(campaign, owner, owner_client, people, state, ("argentina", "venezuela", "egypt"))

    game = history_games(campaign=campaign)[-1]
    lost = f"{people[1].display_name}'s HQ in Brazil was demolished"
    assert not any(lost in line for line in game.events)
    nuke = next(i for i, line in enumerate(game.incidents) if "nuked Brazil" in line)
    assert lost in game.incidents[nuke + 1]
