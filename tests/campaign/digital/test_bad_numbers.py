"""A seat or a version that is not a plain number ("²" passes `str.isdigit()` and then breaks
`int()`; 5,000 digits are past what `int()` reads) is a 4xx that changes nothing, on the move
form, the panel's poll, the game page and the state and move API (it used to be a 500)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from campaign.models.digital import GameMove

NOT_NUMBERS = ["²", "9" * 5000, "-1", "1.0", " 1", "\u0661"]  # the last: an Arabic-Indic one


def _url(name: str, game, **extra) -> str:
    return reverse(
        f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk, **extra}
    )


@pytest.mark.parametrize("bad", NOT_NUMBERS)
def test_a_move_with_a_seat_or_version_that_is_no_number_is_a_400(owner_client, hotseat_game, bad):
    url = _url("digital_game_move", hotseat_game)
    for fields in (
        {"seat": bad, "version": str(hotseat_game.version)},
        {"seat": "0", "version": bad},
    ):
        response = owner_client.post(url, {**fields, "type": "end_turn"})
        assert response.status_code == 400
        assert b"The form was incomplete." in response.content
    assert not GameMove.objects.filter(game=hotseat_game).exists()


@pytest.mark.parametrize("bad", NOT_NUMBERS)
def test_the_poll_and_the_page_refuse_a_version_or_seat_that_is_no_number(
    owner_client, hotseat_game, bad
):
    panel = _url("digital_game_panel", hotseat_game)
    assert owner_client.get(panel, {"v": bad}).status_code == 400
    assert owner_client.get(panel, {"v": hotseat_game.version, "seat": bad}).status_code == 400
    assert owner_client.get(_url("digital_game", hotseat_game), {"seat": bad}).status_code == 400


def test_the_poll_still_answers_204_for_the_version_shown(owner_client, hotseat_game):
    panel = _url("digital_game_panel", hotseat_game)
    assert owner_client.get(panel, {"v": hotseat_game.version}).status_code == 204
    assert owner_client.get(panel, {"v": hotseat_game.version + 1}).status_code == 200


def test_a_reward_field_numbered_with_no_number_is_not_a_500(owner_client, hotseat_game):
    fields = {"held²_choice": "R2|alaska", "winner_delta": "²"}
    response = owner_client.post(_url("digital_game_rewards", hotseat_game), fields)
    assert response.status_code < 500


@pytest.mark.parametrize("bad", NOT_NUMBERS)
def test_the_state_api_refuses_a_seat_that_is_no_number(owner, hotseat_game, bad):
    api = APIClient()
    api.force_authenticate(owner)
    response = api.get(f"/api/v1/games/{hotseat_game.pk}/state", {"seat": bad})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_seat"


@pytest.mark.parametrize("bad", ["²", "9" * 5000, 10**100, -1, 99])
def test_the_move_api_refuses_a_seat_or_version_out_of_bounds(owner, hotseat_game, bad):
    api = APIClient()
    api.force_authenticate(owner)
    url = f"/api/v1/games/{hotseat_game.pk}/moves"
    for body in (
        {"seat": bad, "version": hotseat_game.version, "move": {"type": "end_turn"}},
        {"seat": 0, "version": bad if bad != 99 else 10**10, "move": {"type": "end_turn"}},
    ):
        response = api.post(url, body, format="json")
        assert response.status_code == 400, body
    assert not GameMove.objects.filter(game=hotseat_game).exists()


@pytest.mark.parametrize("bad", ["²", "9" * 5000, "-3"])
def test_the_world_history_refuses_a_game_that_is_no_number(owner_client, owner, campaign, bad):
    page = reverse("campaign:history", kwargs={"slug": campaign.slug})
    assert owner_client.get(page, {"game": bad}).status_code == 404
    api = APIClient()
    api.force_authenticate(owner)
    response = api.get(f"/api/v1/campaigns/{campaign.slug}/history/world/", {"game": bad})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_game"


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ({"type": ["attack"]}, "Unknown move type"),
        ({"type": {"attack": 1}}, "Unknown move type"),
        ({"type": "attack", "origin": ["peru"], "target": "brazil", "dice": 3}, "'origin'"),
        ({"type": "recruit", "trade_in": [1, 2]}, "'trade_in[0]'"),
    ],
)
def test_the_move_api_refuses_a_move_of_the_wrong_shape_with_its_reason(
    owner, mixed_game, move, words
):
    """DESIGN, "Errors and bad input": a 400 that says what is wrong, never a 500."""
    api = APIClient()
    api.force_authenticate(owner)
    body = {"seat": 0, "version": mixed_game.version, "move": move}
    before = GameMove.objects.filter(game=mixed_game).count()
    response = api.post(f"/api/v1/games/{mixed_game.pk}/moves", body, format="json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "bad_move" and words in error["message"]
    assert GameMove.objects.filter(game=mixed_game).count() == before
