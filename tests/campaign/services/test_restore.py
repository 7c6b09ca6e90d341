"""Backups that restore: whatever the service holds exports and imports back identically, and
the restore check (`verify_worlds`) is right about every campaign it restored."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.core.management import call_command

from campaign.errors import ApplicationError
from campaign.models import Campaign, GameLog
from campaign.models.digital import GameSeat
from campaign.selectors.world import world_current, world_snapshot_mismatches
from campaign.services.backup import campaigns_backup
from campaign.services.campaigns import campaign_create
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.export import campaign_export, campaign_import
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.record import game_log
from campaign.tasks import packs_evaluate
from tests.campaign.digital.conftest import HOTSEAT_SESSION, play_hotseat
from tests.campaign.log.factories import owner_wins_again, three_player_entry

pytestmark = [pytest.mark.django_db, pytest.mark.fault]

VOLATILE = ("exported_at", "created_at")


def comparable(document: dict) -> dict:
    """The document without what an import cannot keep (times it was written)."""
    text = json.dumps(document, sort_keys=True)
    loaded = json.loads(text)
    loaded.pop("exported_at", None)
    for part in ("events", "game_logs", "digital_games"):
        for row in loaded.get(part, []):
            for key in VOLATILE:
                row.pop(key, None)
            for move in row.get("moves", []):
                move.pop("created_at", None)
    return loaded


def round_trip(campaign: Campaign, owner) -> Campaign:
    """Export, import as the server's restore does, and check the copy exports the same."""
    document = json.loads(json.dumps(campaign_export(campaign=campaign)))
    copy = campaign_import(document=document, owner=owner, link_accounts=True)
    again = campaign_export(campaign=copy)
    assert comparable(again) == comparable(document)
    assert world_current(campaign=copy) == world_current(campaign=campaign)
    return copy


def test_a_correction_that_removes_a_pack_condition_after_it_opened_restores_U1(
    campaign, owner, persons
):
    """Game 1 and game 2 won by Ann (Pack 3 opens on her second signature), then game 2
    corrected so Ben won: the pack stays open, and the backup of that campaign restores
    (the import refused it: pack_not_due)."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    game_log(campaign=campaign, user=owner, entry=owner_wins_again(persons))
    packs_evaluate(campaign.pk)
    assert "pack_3" in world_current(campaign=campaign).packs_opened
    ben_wins = replace(owner_wins_again(persons), winner="khan_industries")
    game_log_correct(
        campaign=campaign, user=owner, game_number=2, entry=ben_wins, reason="Ben won."
    )
    assert "pack_3" in world_current(campaign=campaign).packs_opened
    assert GameLog.objects.filter(campaign=campaign).count() == 3

    copy = round_trip(campaign, owner)

    assert "pack_3" in world_current(campaign=copy).packs_opened


def test_an_empty_campaign_restores_and_verifies_DESIGN(owner, capsys):
    """A campaign with no events is not broken (109 false alarms after a restore)."""
    empty = campaign_create(owner=owner, name="Not started", is_public=False)

    copy = round_trip(empty, owner)

    assert world_snapshot_mismatches(campaign=copy) == []
    call_command("verify_worlds")
    assert "Every world equals the replay of its log." in capsys.readouterr().out


@pytest.fixture
def digital_played(campaign, owner, persons, guest_person):
    """Game 1 played by four bots and finished (seed drawn by the server), then game 2 under
    way on three hot-seat seats: a finished game and one still in play."""
    over = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4
    )
    digital_game_finish(game=over, user=owner, rewards=RewardsChosen())
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    running = digital_game_start(
        campaign=campaign, user=owner, seats=seats, session_key=HOTSEAT_SESSION
    )
    play_hotseat(running, owner, 5)
    return campaign


def test_a_backup_carries_digital_games_and_their_dice_verify_after_restore_DESIGN(
    digital_played, owner, tmp_path, capsys
):
    """Seed, commitment, seats, moves and final state come back; `verify_game` passes on the
    restored finished game, and the game in play goes on from where it was."""
    folder = campaigns_backup(folder=tmp_path, keep=1)
    path = folder / f"{digital_played.slug}.json"
    call_command("import_campaign", str(path), owner=owner.username)
    copy = Campaign.objects.exclude(pk=digital_played.pk).get()

    originals = {g.game_number: g for g in digital_played.digital_games.all()}
    restored = {g.game_number: g for g in copy.digital_games.all()}
    assert set(restored) == set(originals) == {1, 2}
    for number, game in restored.items():
        original = originals[number]
        assert (game.seed, game.seed_commitment, game.status, game.state) == (
            original.seed,
            original.seed_commitment,
            original.status,
            original.state,
        )
        assert game.moves.count() == original.moves.count() > 0
        assert [s.person.key for s in game.seats.all()] == [
            s.person.key for s in original.seats.all()
        ]
    call_command("verify_game", restored[1].pk)
    assert "Verified" in capsys.readouterr().out
    assert comparable(campaign_export(campaign=copy, secrets=True)) == comparable(
        json.loads(path.read_text())
    )


def test_an_export_keeps_the_seed_of_a_game_in_play_secret_DESIGN(digital_played):
    """Only the server's backup holds a running game's seed: an export shows finished games."""
    document = campaign_export(campaign=digital_played)
    running = digital_played.digital_games.get(game_number=2)

    assert [g["game_number"] for g in document["digital_games"]] == [1]
    assert running.seed not in json.dumps(document)


def test_an_imported_digital_game_whose_moves_do_not_give_its_dice_is_refused_DESIGN(
    digital_played, owner
):
    document = json.loads(json.dumps(campaign_export(campaign=digital_played)))
    moves = document["digital_games"][0]["moves"]
    rolled = next(m for m in moves if any(isinstance(e.get("dice"), list) for e in m["events"]))
    event = next(e for e in rolled["events"] if isinstance(e.get("dice"), list))
    event["dice"] = [7 - d for d in event["dice"]]
    before = Campaign.objects.count()

    with pytest.raises(ApplicationError) as refused:
        campaign_import(document=document, owner=owner, link_accounts=True)

    assert refused.value.violations[0].code == "bad_digital_game"
    assert "Digital game 1" in refused.value.message
    assert Campaign.objects.count() == before


@pytest.mark.parametrize(
    "edit",
    [
        lambda g: g.update(seed=["00"]),
        lambda g: g.update(status="won"),
        lambda g: g["seats"][0].update(person="mallory"),
        lambda g: g["moves"][0].update(index=9),
        lambda g: g.update(initial_state={"phase": []}),
        lambda g: g.update(clock={"kind": "sundial"}),
        lambda g: g.update(clock={"kind": "turn", "turn_hours": 0}),
        lambda g: g["seats"][0].update(missed_turns=-1),
        lambda g: g["seats"][0].update(bot_level="grandmaster"),
    ],
    ids=[
        "seed",
        "status",
        "seat",
        "move",
        "start",
        "clock",
        "turn-hours",
        "missed-turns",
        "bot-level",
    ],
)
def test_a_malformed_digital_game_is_refused_in_words_DESIGN(digital_played, owner, edit):
    document = json.loads(json.dumps(campaign_export(campaign=digital_played)))
    edit(document["digital_games"][0])
    before = Campaign.objects.count()

    with pytest.raises(ApplicationError) as refused:
        campaign_import(document=document, owner=owner, link_accounts=True)

    assert {v.code for v in refused.value.violations} == {"bad_digital_game"}
    assert Campaign.objects.count() == before
