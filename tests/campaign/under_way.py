"""A campaign with things under way, for the tests that walk every page: a hot-seat digital
game a few moves in, and the owner's log form filled up to its last steps."""

from __future__ import annotations

from django.test import Client

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start
from tests.campaign.digital.conftest import HOTSEAT_SESSION, play_hotseat
from tests.campaign.log.factories import later_game_players


def hotseat_game_under_way(campaign, owner, persons, guest_person) -> DigitalGame:
    """The owner's browser holds a hot-seat game of three, 12 moves in."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    game = digital_game_start(
        campaign=campaign, user=owner, seats=seats, seed=7, session_key=HOTSEAT_SESSION
    )
    return play_hotseat(game, owner, 12)


def log_form_under_way(client: Client, campaign, persons, **headers) -> None:
    """Take the owner through the log form up to its last step, so every step renders."""
    step = f"/campaigns/{campaign.slug}/log/"
    players = later_game_players(persons, "2026-02-01")
    assert client.post(f"{step}players/", players, **headers).status_code == 302
    assert client.post(f"{step}during/", {}, **headers).status_code == 302
    outcome = {"winner": "die_mechaniker", "t_die_mechaniker": "on", "t_khan_industries": "on"}
    outcome["t_saharan_republic"] = "on"
    assert client.post(f"{step}outcome/", outcome, **headers).status_code == 302
