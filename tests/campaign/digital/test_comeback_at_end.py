"""A comeback power owed as a digital game ends (X-15, END-2): the winner's conquest of a
faction's last territory (its HQ, the fourth red star) ends the game in the move that knocks
that faction out, so the engine asks nothing. A person picks in the reward form (never a
default taken for them); a bot picks through the bot."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import WorldEventRecord
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current, world_replay
from campaign.services.digital.finish import (
    RewardsChosen,
    digital_game_finish,
    digital_game_reward_context,
)
from campaign.services.game_log.refusals import GameLogRefused
from campaign.services.world import world_event_append
from rules.game import Attack, DefendWith
from rules.rng import seed_hex
from rules.world_events import PackOpened
from tests.rules.game.helpers import FACTIONS, play, position, rig_dice

pytestmark = pytest.mark.django_db

STARTS = ("alaska", "brazil", "egypt")
LOSER = FACTIONS[1]  # seat 1's faction, knocked out by the game's last move


def _ended_game(
    campaign, owner, people, kinds, session_key: str = "", *, pack_2: bool = True
) -> DigitalGame:
    """Pack 2 is open (unless not `pack_2`); seat 0 (3 red stars) takes Brazil, seat 1's HQ
    and last territory, for the fourth red star: the game is over, awaiting its rewards."""
    if pack_2:
        world_event_append(
            campaign=campaign,
            events=[PackOpened("pack_2", None, "a faction was eliminated")],
            user=owner,
            source="setup",
        )
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 2), "egypt": (2, 3)},
        hqs={"brazil": 1},
        world=world_current(campaign=campaign),
        seat0={"red_star_tokens": 3},
    ).clone()
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name, start=STARTS[index])
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [6, 5, 4], [1, 1])
    state, _ = play(state, (1, DefendWith(2)))
    assert state.is_over and state.comeback_due == ((1,) if pack_2 else ())
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=1,
        seed=seed_hex(0),
        initial_state=state.to_json(),
        state=state.to_json(),
        created_by=owner,
        status=DigitalGame.Status.REWARDS,
    )
    for index, (person, kind) in enumerate(zip(people, kinds, strict=True)):
        GameSeat.objects.create(
            game=game, index=index, person=person, kind=kind, hotseat_session_key=session_key
        )
    return game


@pytest.fixture
def person_knocked_out(campaign, owner, owner_client, persons, guest_person) -> DigitalGame:
    """Bots win and hold on; the player (a person, on the owner's hot-seat browser) is the one
    knocked out."""
    bot, hotseat = GameSeat.Kind.BOT, GameSeat.Kind.HOTSEAT
    people = [persons["owner"], persons["player"], guest_person]
    session = owner_client.session.session_key
    return _ended_game(campaign, owner, people, (bot, hotseat, bot), session)


def _picks(campaign) -> list[dict]:
    return list(
        WorldEventRecord.objects.filter(
            campaign=campaign, kind="comeback_power_chosen"
        ).values_list("payload", flat=True)
    )


def test_the_knocked_out_person_is_offered_the_powers_left_X15(person_knocked_out):
    context = digital_game_reward_context(game=person_knocked_out)
    [picker] = context.comeback
    assert (picker.seat.index, picker.faction) == (1, LOSER)
    assert {p.key for p in picker.options} == {
        "resourceful",
        "stealthy",
        "well_armed",
        "mobile",
        "convincing",
        "well_supplied",
    }
    assert context.bot_choices.comeback == {}
    assert context.result.seats[1].eliminated_by == FACTIONS[0]


def test_no_power_is_taken_for_a_person_who_has_not_picked_X15(person_knocked_out, campaign, owner):
    before = WorldEventRecord.objects.filter(campaign=campaign).count()
    with pytest.raises(GameLogRefused) as refused:
        digital_game_finish(game=person_knocked_out, user=owner, rewards=RewardsChosen())
    [refusal] = refused.value.refusals
    assert (refusal.field, refusal.violation.code) == ("comeback.1", "comeback_pick_required")
    assert refusal.violation.rule == "X-15" and refusal.hard
    assert "pick one of those left" in refusal.violation.message
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == before
    person_knocked_out.refresh_from_db()
    assert person_knocked_out.status == DigitalGame.Status.REWARDS


def test_the_persons_pick_is_recorded_with_the_game_and_who_eliminated_it_X15_END2(
    person_knocked_out, campaign, owner
):
    digital_game_finish(
        game=person_knocked_out, user=owner, rewards=RewardsChosen(comeback={1: "stealthy"})
    )
    world = world_current(campaign=campaign)
    assert world.comeback_powers == {LOSER: "stealthy"}
    assert world == world_replay(campaign=campaign)
    [pick] = _picks(campaign)
    assert (pick["faction"], pick["power"], pick["game"]) == (LOSER, "stealthy", 1)
    recorded = WorldEventRecord.objects.get(campaign=campaign, kind="game_recorded").payload
    assert recorded["players"][1]["eliminated_by"] == FACTIONS[0]


def test_the_reward_form_asks_the_person_and_records_the_pick_X15(
    person_knocked_out, campaign, owner_client
):
    page = owner_client.get(person_knocked_out.get_absolute_url()).content.decode()
    assert 'name="cb1_power"' in page and "a comeback power for" in page
    url = reverse(
        "campaign:digital_game_rewards",
        kwargs={"slug": campaign.slug, "game_id": person_knocked_out.pk},
    )
    refused = owner_client.post(url, {})
    assert refused.status_code == 400
    assert "pick one of those left" in refused.content.decode()
    assert owner_client.post(url, {"cb1_power": "mobile"}).status_code == 204
    assert world_current(campaign=campaign).comeback_powers == {LOSER: "mobile"}


def test_a_bot_knocked_out_at_the_end_picks_through_the_bot_X15(
    campaign, owner, persons, guest_person
):
    people = [persons["owner"], persons["player"], guest_person]
    game = _ended_game(campaign, owner, people, (GameSeat.Kind.BOT,) * 3)
    context = digital_game_reward_context(game=game)
    assert context.comeback == []
    [(seat, power)] = context.bot_choices.comeback.items()
    assert seat == 1
    digital_game_finish(game=game, user=owner, rewards=RewardsChosen())
    assert world_current(campaign=campaign).comeback_powers == {LOSER: power}


def test_the_elimination_that_opens_pack_2_is_picked_in_the_reward_form_too_C100_U3(
    campaign, owner, owner_client, persons, guest_person
):
    """No rule E during the game, so the engine owed nothing; the game's elimination opens
    Pack 2 as it is recorded, and the eliminated faction picks at once (C100)."""
    people = [persons["owner"], persons["player"], guest_person]
    kinds = (GameSeat.Kind.BOT, GameSeat.Kind.HOTSEAT, GameSeat.Kind.BOT)
    game = _ended_game(
        campaign, owner, people, kinds, owner_client.session.session_key, pack_2=False
    )
    [picker] = digital_game_reward_context(game=game).comeback
    assert picker.faction == LOSER
    digital_game_finish(game=game, user=owner, rewards=RewardsChosen(comeback={1: "well_armed"}))
    world = world_current(campaign=campaign)
    assert world.packs_opened["pack_2"].game == 1
    assert world.comeback_powers == {LOSER: "well_armed"}
