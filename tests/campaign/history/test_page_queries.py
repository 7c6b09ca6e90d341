"""Pages that sum up a campaign's history read projections the append keeps, not a replay of
the log: their SQL queries stay few and do not grow from 12 games to 24 (DESIGN: pages read
projections, not a replay per request). A correction re-records every later game in a bounded
number of statements, and `rebuild_projections` gives back what the appends kept."""

from dataclasses import replace

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import EventMention, EventVoid, GameLog, PackTrigger, RecordGap
from campaign.models.digital import GameSeat
from campaign.services.digital.finish import digital_game_abandon
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from rules.rewards import RewardChoice
from tests.campaign.log.factories import DESTROYED_CARDS, three_player_entry, with_player

pytestmark = pytest.mark.django_db

HOUSE_RULE = "Our table's rule."
STARTS = (
    ("alaska", "egypt", "peru"),
    ("greenland", "congo", "argentina"),
    ("ontario", "madagascar", "brazil"),
    ("quebec", "east_africa", "venezuela"),
)
PAGE_QUERIES = 15  # issue 18: at most this many per page, however long the campaign
CORRECTION_QUERIES = 50


def _entry(persons, number: int) -> GameLogEntry:
    """Game `number`: the owner wins, destroying a card while rewards are given (END-5 R6),
    and names the world after game 15 (END-8); the others hold on or are eliminated."""
    entry = three_player_entry(persons, slogan="")
    for i, start in enumerate(STARTS[number % len(STARTS)]):
        held = (start,) if i < 2 else ()
        entry = with_player(entry, i, start=start, held=held, reward=None, troops_at_end=i < 2)
    reward = RewardChoice("R6", DESTROYED_CARDS[number - 1]) if number <= 15 else None
    named = {"world_name": "Ridgeway", "world_namer": persons["owner"].key} if number == 15 else {}
    return replace(entry, winner_reward=reward, **named)


def _play(campaign, owner, persons, games, capture) -> None:
    """Log games up to number `games`, each after a digital game started and abandoned (the
    play list then holds as many games as the history)."""
    start = GameLog.objects.filter(campaign=campaign).count() + 1
    seats = [SeatRequest(person=persons[r], kind=GameSeat.Kind.HOTSEAT) for r in persons]
    for number in range(start, games + 1):
        game = digital_game_start(campaign=campaign, user=owner, seats=seats, session_key="s")
        digital_game_abandon(game=game, user=owner)
        with capture(execute=True):
            try:
                game_log(campaign=campaign, user=owner, entry=_entry(persons, number))
            except GameLogRefused:
                game_log(
                    campaign=campaign,
                    user=owner,
                    entry=_entry(persons, number),
                    override_reason=HOUSE_RULE,
                )


def _pages(campaign) -> dict[str, str]:
    slug = campaign.slug
    return {
        "play list": f"/c/{slug}/play/",
        "world": f"/campaigns/{slug}/",
        "world as of game 2": f"/campaigns/{slug}/?game=2",
        "world as of game 11": f"/campaigns/{slug}/?game=11",  # replayed from game 10's
        "timeline": f"/campaigns/{slug}/history/games/",
        "statistics": f"/campaigns/{slug}/history/stats/",
        "territory": f"/campaigns/{slug}/history/territories/egypt/",
    }


def _queries(client, campaign) -> dict[str, int]:
    counts = {}
    for name, url in _pages(campaign).items():
        client.get(url)  # worlds decoded once per process: counted as every later request
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(queries)
    return counts


def test_history_pages_make_as_few_queries_at_24_games_as_at_12(
    campaign, owner, persons, owner_client, django_capture_on_commit_callbacks
):
    _play(campaign, owner, persons, 12, django_capture_on_commit_callbacks)
    at_12 = _queries(owner_client, campaign)
    _play(campaign, owner, persons, 24, django_capture_on_commit_callbacks)
    at_24 = _queries(owner_client, campaign)
    assert at_24 == at_12
    assert max(at_24.values()) <= PAGE_QUERIES, at_24
    # A page at a time: the latest 15 games, with the way back to the earlier ones.
    timeline = owner_client.get(_pages(campaign)["timeline"]).content.decode()
    assert 'id="game-24"' in timeline and 'id="game-10"' in timeline
    assert 'id="game-9"' not in timeline and "?page=2" in timeline
    earlier = owner_client.get(_pages(campaign)["timeline"] + "?page=2").content.decode()
    assert 'id="game-1"' in earlier and 'id="game-9"' in earlier
    assert 'id="game-10"' not in earlier
    plays = owner_client.get(_pages(campaign)["play list"]).content.decode()
    assert plays.count("Abandoned") == 15 and "?page=2" in plays


def test_correcting_game_2_of_24_re_records_the_later_games_in_few_queries(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    _play(campaign, owner, persons, 24, django_capture_on_commit_callbacks)
    entry = replace(_entry(persons, 2), slogan="Second wind")
    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True),
    ):
        game_log_correct(
            campaign=campaign,
            user=owner,
            game_number=2,
            entry=entry,
            reason="The slogan was missing.",
            override_reason=HOUSE_RULE,
        )
    assert len(queries) <= CORRECTION_QUERIES
    standing = GameLog.objects.filter(campaign=campaign, corrections=None)
    assert sorted(standing.values_list("game_number", flat=True)) == list(range(1, 25))
    call_command("verify_worlds")


def _projected(campaign) -> dict[str, list[tuple]]:
    return {
        "voids": sorted(
            EventVoid.objects.filter(campaign=campaign).values_list("seq", "voided_by")
        ),
        "mentions": sorted(
            EventMention.objects.filter(campaign=campaign).values_list("seq", "what", "key")
        ),
        "gaps": sorted(
            RecordGap.objects.filter(campaign=campaign).values_list("seq", "position", "what")
        ),
        "triggers": sorted(
            PackTrigger.objects.filter(campaign=campaign).values_list("pack", "seq")
        ),
    }


def test_rebuild_projections_gives_back_what_the_appends_kept(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    _play(campaign, owner, persons, 4, django_capture_on_commit_callbacks)
    gap = with_player(_entry(persons, 2), 1, held=(), not_recorded=("held",))
    with django_capture_on_commit_callbacks(execute=True):
        game_log_correct(
            campaign=campaign, user=owner, game_number=2, entry=gap, reason="Nobody remembers."
        )
    kept = _projected(campaign)
    assert kept["voids"] and kept["gaps"] and kept["mentions"]
    for model in (EventVoid, EventMention, RecordGap, PackTrigger):
        model.objects.filter(campaign=campaign).delete()
    call_command("rebuild_projections", campaign.slug)
    assert _projected(campaign) == kept


def test_rebuild_projections_names_an_unknown_campaign(campaign):
    with pytest.raises(Exception, match="No such campaign: nowhere"):
        call_command("rebuild_projections", "nowhere")
