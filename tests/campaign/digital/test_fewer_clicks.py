"""Fewer clicks in digital play, counted as the page's POSTs: a simple turn, attacking round
after round (X-6), the missile window a seat can turn down (X-10), the "pass the device" screen
between hot-seat players, the confirm step before cards are given up (T-2, T-11), and the cost
of expanding into a city on its choice (X-3, X-4)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.world import world_current
from campaign.services.digital.moves import play_automatic
from rules.game import Attack, GameState, apply_move, seats_to_act
from rules.world_events import CityFounded
from tests.rules.game.helpers import position, rig_dice

pytestmark = pytest.mark.django_db


def _url(name: str, game: DigitalGame) -> str:
    return reverse(f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk})


def _stored(campaign, owner, owner_client, people, kinds, state: GameState) -> DigitalGame:
    """A game stored at `state`: `kinds[i]` plays seat i ("hotseat" seats on the owner's
    browser, "bot" seats by the server)."""
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name)
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=1,
        seed="0" * 64,
        initial_state=state.to_json(),
        state=state.to_json(),
        created_by=owner,
    )
    session = owner_client.session.session_key
    for index, (person, kind) in enumerate(zip(people, kinds, strict=True)):
        GameSeat.objects.create(
            game=game,
            index=index,
            person=person,
            kind=kind,
            hotseat_session_key=session if kind == GameSeat.Kind.HOTSEAT else "",
        )
    return game


class Clicks:
    """The owner's browser posting the page's forms, counting each POST."""

    def __init__(self, client, game: DigitalGame) -> None:
        self.client, self.game, self.count = client, game, 0

    def state(self) -> GameState:
        self.game.refresh_from_db()
        return self.game.game_state()

    def post(self, seat: int, **fields) -> str:
        self.game.refresh_from_db()
        response = self.client.post(
            _url("digital_game_move", self.game),
            {"seat": seat, "version": self.game.version, **fields},
        )
        assert response.status_code == 200, response.content.decode()[:400]
        self.count += 1
        return response.content.decode()


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


BOTS = [GameSeat.Kind.HOTSEAT, GameSeat.Kind.BOT, GameSeat.Kind.BOT]


def test_a_simple_turn_takes_at_most_six_clicks_T1(campaign, owner, owner_client, people):
    """Recruit, place every recruit, expand twice, end: the bots then play their turns."""
    state = position(
        armies={"argentina": (0, 6), "peru": (0, 4), "egypt": (1, 3), "ural": (2, 3)},
        hqs={"argentina": 0, "egypt": 1, "ural": 2},
        world=world_current(campaign=campaign),
        phase="start_of_turn",
    )
    game = _stored(campaign, owner, owner_client, people, BOTS, state)
    clicks = Clicks(owner_client, game)
    clicks.post(0, type="recruit")
    recruits = clicks.state().turn.recruits_left
    clicks.post(0, type="place_troops", territory="argentina", count=recruits)
    clicks.post(0, type="expand", origin="argentina", target="brazil", count=2)
    clicks.post(0, type="expand", origin="peru", target="venezuela", count=2)
    clicks.post(0, type="end_turn")
    if clicks.state().phase == "end_of_turn":  # a card to take (E-3)
        clicks.post(0, type="take_card", slot="coin")
    assert GameMove.objects.filter(game=game, actor=GameMove.Actor.BOT).exists()
    assert clicks.count <= 6
    assert clicks.count == 5  # expansions earn no card (E-2): nothing to take at the end


@pytest.fixture
def siege(campaign, owner, owner_client, people) -> DigitalGame:
    """Seat 0 (hot-seat) may attack Brazil, a bot's 20 troops, from Argentina (30)."""
    state = position(
        armies={"argentina": (0, 30), "brazil": (1, 20), "ural": (2, 3)},
        hqs={"argentina": 0, "ural": 2},
        world=world_current(campaign=campaign),
    )
    return _stored(campaign, owner, owner_client, people, BOTS, state)


def test_each_further_round_of_an_attack_is_one_click_with_the_dice_remembered_X6(
    owner_client, siege
):
    """Three rounds, three clicks: the first attack, then "attack again" with the same dice;
    the bot defends in between without anyone clicking."""
    clicks = Clicks(owner_client, siege)
    page = clicks.post(0, type="attack", origin="argentina", target="brazil", dice=3)
    left = clicks.state().troops("argentina")
    assert f"Attack Brazil again from Argentina ({left} troops)" in page
    assert "Attack again with 3 dice" in page
    for _ in range(2):
        clicks.post(0, type="attack_again", origin="argentina", target="brazil", dice=3)
    attacks = GameMove.objects.filter(game=siege, move__type="attack")
    assert [m.move["dice"] for m in attacks] == [3, 3, 3]
    assert GameMove.objects.filter(game=siege, move__type="defend_with").count() == 3
    assert clicks.count == 3  # one click for each round
    assert clicks.state().phase == "expand_attack"


def test_attack_until_taken_plays_every_round_in_one_click_X6(
    campaign, owner, owner_client, people
):
    state = position(
        armies={"argentina": (0, 40), "brazil": (1, 4), "ural": (2, 3)},
        hqs={"ural": 2},
        world=world_current(campaign=campaign),
    )
    game = _stored(campaign, owner, owner_client, people, BOTS, state)
    clicks = Clicks(owner_client, game)
    clicks.post(0, type="attack", origin="argentina", target="brazil", dice=3, until=1)
    state = clicks.state()
    assert state.phase == "move_in" and state.owner("brazil") == 0
    assert clicks.count == 1
    assert GameMove.objects.filter(game=game, move__type="attack").count() >= 2


def test_attack_until_n_left_stops_at_that_many_troops_X6(campaign, owner, owner_client, people):
    state = position(
        armies={"argentina": (0, 8), "brazil": (1, 30), "ural": (2, 3)},
        hqs={"ural": 2},
        world=world_current(campaign=campaign),
    )
    game = _stored(campaign, owner, owner_client, people, BOTS, state)
    clicks = Clicks(owner_client, game)
    clicks.post(0, type="attack", origin="argentina", target="brazil", dice=3, until=4)
    state = clicks.state()
    assert 2 <= state.troops("argentina") <= 4 and state.owner("brazil") == 1
    assert GameMove.objects.filter(game=game, move__type="attack").count() >= 2
    # Already at the stop: said in words, nothing changes.
    game.refresh_from_db()
    version = game.version
    response = owner_client.post(
        _url("digital_game_move", game),
        {"seat": 0, "version": version, "type": "attack_again"}
        | {"origin": "argentina", "target": "brazil", "dice": 3, "until": 4},
    )
    assert response.status_code == 400
    assert "already at or below the 4 you chose to keep" in response.content.decode()
    game.refresh_from_db()
    assert game.version == version


def test_a_bad_number_of_troops_to_keep_is_refused_in_words(owner_client, siege):
    response = owner_client.post(
        _url("digital_game_move", siege),
        {"seat": 0, "version": siege.version, "type": "attack", "origin": "argentina"}
        | {"target": "brazil", "dice": 3, "until": "lots"},
    )
    assert response.status_code == 400
    assert "how many troops to keep as a whole number" in response.content.decode()
    siege.refresh_from_db()
    assert siege.version == 0


# --- the missile window (X-10) ------------------------------------------------------------------


def _bystander_game(campaign, owner, owner_client, people, rolls, only_in_fight: bool):
    """Seat 0 (a bot) attacks seat 1 (a bot); seat 2, on the owner's browser, holds a missile."""
    state = position(
        armies={"argentina": (0, 8), "brazil": (1, 5), "ural": (2, 3)},
        hqs={"ural": 2},
        world=world_current(campaign=campaign),
        seat2={"missiles": 1},
    )
    state = rig_dice(state, *rolls)
    kinds = [GameSeat.Kind.BOT, GameSeat.Kind.BOT, GameSeat.Kind.HOTSEAT]
    game = _stored(campaign, owner, owner_client, people, kinds, state)
    GameSeat.objects.filter(game=game, index=2).update(missiles_only_in_fight=only_in_fight)
    return game


def test_dont_ask_me_unless_i_am_in_the_fight_passes_on_other_players_rolls_X10(
    campaign, owner, owner_client, people
):
    """A bot attacks a bot; the bystander on this browser could fire (a 4 to raise) but asked
    to be left out of other players' fights: the service passes for it."""
    game = _bystander_game(
        campaign, owner, owner_client, people, [[6, 4, 1], [5, 5]], only_in_fight=True
    )
    seats = {s.index: s for s in game.seats.all()}
    state, _ = apply_move(game.game_state(), 0, Attack("argentina", "brazil", 3))
    applied: list[GameMove] = []
    state = play_automatic(game, state, applied=applied, seats=seats)
    assert state.phase != "missile_window"  # the roll resolved without asking seat 2
    passes = [m for m in applied if m.actor == GameMove.Actor.PREFERENCE]
    assert passes and {(m.seat, m.move["type"]) for m in passes} == {(2, "pass_missiles")}
    assert state.seats[2].missiles == 1


def test_without_the_preference_the_bystander_is_asked_X10(campaign, owner, owner_client, people):
    game = _bystander_game(
        campaign, owner, owner_client, people, [[6, 4, 1], [5, 5]], only_in_fight=False
    )
    seats = {s.index: s for s in game.seats.all()}
    state, _ = apply_move(game.game_state(), 0, Attack("argentina", "brazil", 3))
    state = play_automatic(game, state, applied=[], seats=seats)
    assert state.phase == "missile_window" and seats_to_act(state) == [2]


def test_the_preference_is_set_on_the_page_for_a_held_seat_X10(
    campaign, owner, owner_client, player_client, people
):
    game = _bystander_game(campaign, owner, owner_client, people, [[6], [1]], False)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "unless I am in the fight" in page
    url = _url("digital_game_preference", game)
    response = owner_client.post(url, {"seat": 2, "missiles_only_in_fight": "on"})
    assert response.status_code == 200
    assert GameSeat.objects.get(game=game, index=2).missiles_only_in_fight
    # Someone else's seat: refused, nothing changes.
    refused = player_client.post(url, {"seat": 2})
    assert refused.status_code in (403, 404)
    assert GameSeat.objects.get(game=game, index=2).missiles_only_in_fight
    owner_client.post(url, {"seat": 2})
    assert not GameSeat.objects.get(game=game, index=2).missiles_only_in_fight


# --- pass the device -----------------------------------------------------------------------------


def test_a_shared_screen_is_covered_until_the_next_player_says_it_is_them(
    campaign, owner, owner_client, people
):
    """Seat 0 attacks seat 1, both hot-seat on one browser: seat 1's dice choice (X-6) waits
    behind "pass the device", with seat 0's cards hidden."""
    state = position(
        armies={"argentina": (0, 8), "brazil": (1, 5), "ural": (2, 3)},
        hqs={"ural": 2},
        world=world_current(campaign=campaign),
        seat0={"cards": ("peru", "egypt")},
    )
    kinds = [GameSeat.Kind.HOTSEAT, GameSeat.Kind.HOTSEAT, GameSeat.Kind.BOT]
    game = _stored(campaign, owner, owner_client, people, kinds, state)
    clicks = Clicks(owner_client, game)
    page = clicks.post(0, type="attack", origin="argentina", target="brazil", dice=3)
    name = people[1].display_name
    assert f"Pass the device to {name}" in page
    assert f"I am {name}, show my turn" in page
    assert 'data-type="defend_with"' not in page and "Egypt" not in _hand(page)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert f"Pass the device to {name}" in page  # the poll and reloads keep it covered
    shown = owner_client.post(_url("digital_game_reveal", game), {"seat": 1})
    assert shown.status_code == 200
    page = shown.content.decode()
    assert "Pass the device" not in page and 'data-type="defend_with"' in page
    # Not a seat of this browser: refused.
    assert owner_client.post(_url("digital_game_reveal", game), {"seat": 2}).status_code == 403


def _hand(page: str) -> str:
    found = re.search(r'aria-label="Your cards">(.*?)</section>', page, re.S)
    return found.group(1) if found else ""


# --- giving up cards asks first ------------------------------------------------------------------


def test_buying_a_red_star_asks_before_the_cards_are_given_up_T2(
    campaign, owner, owner_client, people
):
    cards = ("peru", "egypt", "ural", "siam")
    state = position(
        armies={"argentina": (0, 6), "egypt": (1, 3), "ural": (2, 3)},
        hqs={"argentina": 0, "egypt": 1, "ural": 2},
        world=world_current(campaign=campaign),
        phase="start_of_turn",
        seat0={"cards": cards},
    )
    game = _stored(campaign, owner, owner_client, people, BOTS, state)
    data = {"seat": 0, "version": 0, "type": "buy_red_star", "cards": list(cards)}
    page = owner_client.post(_url("digital_game_move", game), data).content.decode()
    assert "Give up 4 cards?" in page and "for 1 red star" in page
    assert "Peru (" in page and 'name="confirmed"' in page
    game.refresh_from_db()
    assert game.version == 0 and list(game.state["seats"][0]["cards"]) == list(cards)
    confirmed = owner_client.post(_url("digital_game_move", game), data | {"confirmed": "1"})
    assert confirmed.status_code == 200
    game.refresh_from_db()
    assert game.version >= 1 and game.state["seats"][0]["cards"] == []


def test_recruiting_without_a_trade_in_asks_nothing_T11(campaign, owner, owner_client, people):
    state = position(
        armies={"argentina": (0, 6), "egypt": (1, 3), "ural": (2, 3)},
        hqs={"argentina": 0, "egypt": 1, "ural": 2},
        world=world_current(campaign=campaign),
        phase="start_of_turn",
        seat0={"cards": ("peru",)},
    )
    game = _stored(campaign, owner, owner_client, people, BOTS, state)
    page = Clicks(owner_client, game).post(0, type="recruit")
    assert "Give up" not in page
    game.refresh_from_db()
    assert game.state["phase"] == "place"


# --- the cost of a city, on the choice -----------------------------------------------------------


def test_expanding_into_a_city_says_what_it_costs_on_the_choice_X3_X4(
    campaign, owner, owner_client, people
):
    world = world_current(campaign=campaign)
    world = CityFounded("brazil", "major", "Bigtown", "x", 1).apply(world)
    state = position(
        armies={"argentina": (0, 9), "ural": (2, 3), "egypt": (1, 3)},
        hqs={"ural": 2, "egypt": 1},
        world=world,
    )
    game = _stored(campaign, owner, owner_client, people, BOTS, state)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    population = world.population("brazil")
    troops = "troop" if population == 1 else "troops"
    assert (
        f">Brazil, costs {population} {troops} (major city, population {population})</option>"
        in page
    )
    assert ">Peru</option>" in page  # an empty territory costs nothing


def test_no_missile_window_is_offered_to_seats_without_a_missile_X10(
    campaign, owner, owner_client, people
):
    state = position(
        armies={"argentina": (0, 8), "brazil": (1, 5), "ural": (2, 3)},
        hqs={"ural": 2},
        world=world_current(campaign=campaign),
    )
    kinds = [GameSeat.Kind.BOT, GameSeat.Kind.BOT, GameSeat.Kind.HOTSEAT]
    game = _stored(campaign, owner, owner_client, people, kinds, state)

    page = owner_client.get(game.get_absolute_url()).content.decode()

    assert "Missile window" not in page and "unless I am in the fight" not in page
