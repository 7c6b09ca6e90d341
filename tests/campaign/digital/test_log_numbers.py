"""The game log numbers each line by its move, so a move keeps its number on the game page
(the latest moves only) and on the whole log, however far the game has gone."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaign.models import GameMove, GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.wording import worded_event

pytestmark = pytest.mark.django_db


def _numbered(html: str) -> list[tuple[int, str]]:
    """(number, text) of each log line, top to bottom."""
    # A move's first line starts with its replay link (↺); the text follows it.
    lines = re.findall(
        r'<li class="log-[^"]*" value="(\d+)">(?:<a class="log-replay"[^>]*>[^<]*</a>)?([^<]*)',
        html,
    )
    return [(int(number), text.strip()) for number, text in lines]


def test_a_log_line_keeps_its_moves_number_on_the_page_and_on_the_whole_log(
    owner_client, campaign, owner
):
    bots = [SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(3)]
    game = digital_game_start(campaign=campaign, user=owner, seats=bots, seed=5)
    kwargs = {"slug": campaign.slug, "game_id": game.pk}
    last = GameMove.objects.filter(game=game).order_by("-index").first()
    assert last.index > 60

    page = _numbered(
        owner_client.get(reverse("campaign:digital_game", kwargs=kwargs)).content.decode()
    )
    whole = _numbered(
        owner_client.get(reverse("campaign:digital_game_log", kwargs=kwargs)).content.decode()
    )

    assert page[0][0] == whole[0][0] == last.index
    assert page == whole[: len(page)]
    numbers = [number for number, _ in whole]
    assert numbers == sorted(numbers, reverse=True)
    assert numbers[-1] == GameMove.objects.filter(game=game).order_by("index").first().index
    first = worded_event(GameMove.objects.get(game=game, index=1).events[0])["text"]
    assert (1, first) in whole
