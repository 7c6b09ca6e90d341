"""A campaign with Pack 1 open sets up its digital games with the draft (rules additions B-D,
S-8): the page offers the picks in words, a seat posts one like any other move, and everyone
sees who drafted what."""

from __future__ import annotations

from django.urls import reverse

from campaign.models import WorldEventRecord
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.models.world import EventSource
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.world import world_event_append
from rules.game import seats_to_act
from rules.world_events import PackOpened


def _move_url(game: DigitalGame) -> str:
    return reverse(
        "campaign:digital_game_move", kwargs={"slug": game.campaign.slug, "game_id": game.pk}
    )


def _open_pack_1(campaign) -> None:
    world_event_append(
        campaign=campaign,
        events=[PackOpened("pack_1", 1, "the ninth Minor City was founded")],
        user=None,
        source=EventSource.SYSTEM,
    )


def _drafting_game(owner_client, campaign, persons, guest_person) -> DigitalGame:
    """Pack 1 open, three hot-seat seats on the owner's browser, the order roll done."""
    _open_pack_1(campaign)
    new = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    seats = [persons["owner"], persons["player"], guest_person]
    table = {f"seat{i}_kind": "hotseat" for i in range(3)}
    table |= {f"seat{i}_person": person.pk for i, person in enumerate(seats)}
    assert owner_client.post(new, table | {"seed": 5}).status_code == 302
    game = DigitalGame.objects.get(campaign=campaign)
    while game.state["phase"] == "setup_order":
        seat = seats_to_act(game.game_state())[0]
        data = {"seat": seat, "version": game.version, "type": "roll_for_order"}
        assert owner_client.post(_move_url(game), data).status_code == 200
        game.refresh_from_db()
    assert game.state["phase"] == "setup_draft"
    return game


def test_a_seat_drafts_a_card_then_a_faction_through_the_page_B67s(
    owner_client, campaign, persons, guest_person
):
    game = _drafting_game(owner_client, campaign, persons, guest_person)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'data-type="draft_pick"' in page
    # Two forms: a faction, or a draft card; neither asks for "none" of the other.
    assert "Draft a faction" in page and "Or draft a card you lack the kind of" in page
    assert "S-8" in page
    assert '<option value="B97">10 starting troops (B97)</option>' in page
    assert "None:" not in page

    picker = seats_to_act(game.game_state())[0]
    data = {"seat": picker, "version": game.version, "type": "draft_pick"}
    response = owner_client.post(_move_url(game), data | {"card": "B97"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["seats"][picker]["draft_cards"] == ["B97"]
    assert game.state["seats"][picker]["starting_troops"] == 10
    assert GameMove.objects.get(game=game, index=game.version - 1).move == {
        "type": "draft_pick",
        "faction": "",
        "card": "B97",
    }

    following = seats_to_act(game.game_state())[0]
    data = {"seat": following, "version": game.version, "type": "draft_pick"}
    response = owner_client.post(_move_url(game), data | {"faction": "khan_industries"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["seats"][following]["faction"] == "khan_industries"
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Drafted: 10 starting troops (B97)" in page
    assert "takes draft card B97 (10 starting troops)." in page


def test_a_draft_pick_the_rules_refuse_is_shown_in_words_B67s(
    owner_client, campaign, persons, guest_person
):
    game = _drafting_game(owner_client, campaign, persons, guest_person)
    picker = seats_to_act(game.game_state())[0]
    data = {"seat": picker, "version": game.version, "type": "draft_pick"}
    response = owner_client.post(_move_url(game), data | {"card": "B99"})
    assert response.status_code == 400
    assert "no draft card &#x27;B99&#x27; in use with 3 players" in response.content.decode()
    game.refresh_from_db()
    assert not GameMove.objects.filter(game=game, move__type="draft_pick").exists()


def test_a_drafted_game_records_its_draft_in_the_world_B67s(campaign, owner):
    """Four bots draft, play to the end, and the finished game's draft joins the world's log."""
    _open_pack_1(campaign)
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4, seed=3
    )
    assert game.status == DigitalGame.Status.REWARDS
    digital_game_finish(game=game, user=owner, rewards=RewardsChosen())
    record = WorldEventRecord.objects.get(campaign=campaign, kind="draft_recorded")
    drafted = {p["person"]: sorted(p["cards"]) for p in record.payload["picks"]}
    assert drafted == {s["person"]: sorted(s["draft_cards"]) for s in game.state["seats"]}
