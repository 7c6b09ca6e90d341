"""The end of a digital game: the outcome and rewards change the world as a logged game does."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaign import tasks
from campaign.errors import ConflictError, ForbiddenError
from campaign.models import Campaign, EventSource, WorldEventRecord
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current, world_replay
from campaign.services.digital.finish import (
    RewardsChosen,
    digital_game_abandon,
    digital_game_finish,
    digital_game_reward_context,
)
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.game_log.refusals import GameLogRefused
from rules.rewards import RewardChoice
from tests.campaign.digital.conftest import HOTSEAT_SESSION


@pytest.fixture
def bots_game(campaign, owner) -> DigitalGame:
    """Four bots play a whole game inside the start (nobody human must ever act)."""
    return digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4, seed=3
    )


def test_bots_play_until_the_game_is_over_and_rewards_are_due(bots_game):
    assert bots_game.status == DigitalGame.Status.REWARDS
    assert bots_game.state["phase"] == "game_over"
    assert bots_game.decision_deadline is None


def test_finishing_writes_the_same_world_events_as_a_logged_game(bots_game, owner, campaign):
    """END-2, END-4, END-5, END-6: game recorded, victor signed, rewards; source digital."""
    digital_game_finish(game=bots_game, user=owner, rewards=RewardsChosen())
    records = list(WorldEventRecord.objects.filter(campaign=campaign).order_by("seq"))
    kinds = [r.kind for r in records]
    assert kinds[0] == "game_recorded"
    assert "victor_signed" in kinds
    assert {r.source for r in records} == {EventSource.DIGITAL}
    assert {r.game_number for r in records} == {1}
    world = world_current(campaign=campaign)
    assert world.games_played == 1
    assert world == world_replay(campaign=campaign)
    winner_seat = bots_game.state["winner"]
    assert world.signatures[0].person == bots_game.state["seats"][winner_seat]["person"]
    bots_game.refresh_from_db()
    assert bots_game.status == DigitalGame.Status.FINISHED


def test_finishing_runs_the_pack_unlock_task(bots_game, owner, monkeypatch):

    calls = []
    monkeypatch.setattr(
        tasks.packs_evaluate, "apply_async", lambda args, **options: calls.append(args[0])
    )
    with pytest.MonkeyPatch.context():
        from django.test import TestCase

        with TestCase.captureOnCommitCallbacks(execute=True):
            digital_game_finish(game=bots_game, user=owner, rewards=RewardsChosen())
    assert calls == [bots_game.campaign_id]


def test_a_game_is_recorded_once(bots_game, owner, campaign):
    digital_game_finish(game=bots_game, user=owner, rewards=RewardsChosen())
    count = WorldEventRecord.objects.filter(campaign=campaign).count()
    with pytest.raises(ConflictError):
        digital_game_finish(game=bots_game, user=owner, rewards=RewardsChosen())
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == count


def _make_people_hold_the_seats(game: DigitalGame) -> None:
    """Hand the bots' seats to one hot-seat browser, to test people's reward choices."""
    GameSeat.objects.filter(game=game).update(
        kind=GameSeat.Kind.HOTSEAT, hotseat_session_key=HOTSEAT_SESSION
    )


def test_a_winner_who_is_a_person_must_take_a_reward(bots_game, owner, campaign):
    """DIFF-4 / END-5: while any reward is legal the winner takes one; nothing is written."""
    _make_people_hold_the_seats(bots_game)
    with pytest.raises(GameLogRefused) as refused:
        digital_game_finish(
            game=bots_game, user=owner, session_key=HOTSEAT_SESSION, rewards=RewardsChosen()
        )
    assert any(r.violation.code == "reward_required" for r in refused.value.refusals)
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    bots_game.refresh_from_db()
    assert bots_game.status == DigitalGame.Status.REWARDS


def test_people_choose_their_rewards_from_the_offered_options(bots_game, owner, campaign):
    _make_people_hold_the_seats(bots_game)
    context = digital_game_reward_context(game=bots_game)
    r2 = next(o for o in context.winner.options if o.code == "R2")
    held_on = {}
    for chooser in context.held_on:
        h2 = next(o for o in chooser.options if o.code == "H2")
        held_on[chooser.seat.index] = RewardChoice("H2", h2.targets[0])
    digital_game_finish(
        game=bots_game,
        user=owner,
        session_key=HOTSEAT_SESSION,
        rewards=RewardsChosen(
            winner_reward=RewardChoice("R2", r2.targets[0], name="Newhaven"),
            held_on=held_on,
            slogan="Onward",
        ),
    )
    world = world_current(campaign=campaign)
    assert world.cities[r2.targets[0]].name == "Newhaven"
    assert world.signatures[0].slogan == "Onward"
    assert world.coin_stickers_used == len(held_on)


def test_only_the_games_players_or_the_owner_choose_rewards(bots_game, player, viewer):
    for user in (player, viewer):
        with pytest.raises(ForbiddenError):
            digital_game_finish(game=bots_game, user=user, rewards=RewardsChosen())


def test_simulate_campaign_plays_fifteen_games_and_names_the_world(db, capsys):
    """END-8: after game 15 the world carries a name; every game is recorded with rewards."""
    call_command("simulate_campaign", games=15, players=4, seed=3)
    out = capsys.readouterr().out
    campaign = Campaign.objects.get(slug="simulated-campaign-seed-3")
    world = world_current(campaign=campaign)
    assert world.games_played == 15
    assert world.world_name
    assert len(world.signatures) == 15
    assert world.cities  # rewards were applied
    assert out.count("\nGame ") == 15
    assert f"The world of {world.world_name}" in out


def test_one_unfinished_game_per_campaign_until_it_is_abandoned(bots_game, owner, player, campaign):
    """One world, one table: a second game waits until the first is recorded or abandoned."""
    seats = [SeatRequest(None, GameSeat.Kind.BOT)] * 3
    with pytest.raises(ConflictError):
        digital_game_start(campaign=campaign, user=owner, seats=seats, seed=1)
    with pytest.raises(ForbiddenError):
        digital_game_abandon(game=bots_game, user=player)  # neither its creator nor the owner
    digital_game_abandon(game=bots_game, user=owner)
    assert world_current(campaign=campaign).games_played == 0
    assert digital_game_start(campaign=campaign, user=owner, seats=seats, seed=1).pk


def test_the_reward_form_records_the_game(owner_client, bots_game, campaign):
    from django.urls import reverse

    _make_people_hold_the_seats(bots_game)
    session = owner_client.session
    session.save()
    GameSeat.objects.filter(game=bots_game).update(hotseat_session_key=session.session_key)
    context = digital_game_reward_context(game=bots_game)
    option = next(o for o in context.winner.options if o.code == "R6")
    url = reverse(
        "campaign:digital_game_rewards", kwargs={"slug": campaign.slug, "game_id": bots_game.pk}
    )
    refused = owner_client.post(url, {})
    assert refused.status_code == 400
    assert "The winner takes one reward" in refused.content.decode()
    response = owner_client.post(url, {"winner_choice": f"R6|{option.targets[0]}"})
    assert response.status_code == 204
    assert response["HX-Redirect"] == bots_game.get_absolute_url()
    assert option.targets[0] in world_current(campaign=campaign).destroyed_cards


def test_a_game_logged_by_hand_meanwhile_pushes_this_one_to_the_next_number(
    bots_game, owner, campaign, persons, guest_person
):
    """S-1: the world numbers games as they are recorded; the digital game becomes game 2."""
    import datetime

    from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
    from campaign.services.game_log.record import game_log

    table = [
        ("die_mechaniker", persons["owner"], "alaska"),
        ("khan_industries", persons["player"], "brazil"),
        ("saharan_republic", guest_person, "india"),
    ]
    game_log(
        campaign=campaign,
        user=owner,
        entry=GameLogEntry(
            played_on=datetime.date(2026, 11, 1),
            players=tuple(PlayerEntry(faction=f, person=p.key, start=t) for f, p, t in table),
            winner="die_mechaniker",
            winner_reward=RewardChoice("R6", "peru"),
        ),
    )
    assert bots_game.game_number == 1
    digital_game_finish(game=bots_game, user=owner, rewards=RewardsChosen())
    bots_game.refresh_from_db()
    assert bots_game.game_number == 2
    assert world_current(campaign=campaign).games_played == 2


def test_the_reward_page_says_who_signs_which_victors_line(bots_game, owner, client):
    """END-4: the end of the game shows the winner signing the next free victors' line."""
    context = digital_game_reward_context(game=bots_game)
    assert context.signature_line == 1
    client.force_login(owner)
    page = client.get(bots_game.get_absolute_url()).content.decode()
    winner = context.winner.seat.person.display_name
    assert f"{winner} signs line 1 of the victors" in page


def test_a_reward_value_the_form_never_offers_is_refused_not_taken_as_nothing(
    bots_game, owner, client
):
    """A garbled reward choice is a 400 with words; the game waits for its rewards (END-6)."""
    client.force_login(owner)
    url = reverse(
        "campaign:digital_game_rewards",
        kwargs={"slug": bots_game.campaign.slug, "game_id": bots_game.pk},
    )
    response = client.post(url, {"held1_choice": "garbage"})
    assert response.status_code == 400
    assert "not one of the choices offered" in response.content.decode()
    bots_game.refresh_from_db()
    assert bots_game.status == DigitalGame.Status.REWARDS
