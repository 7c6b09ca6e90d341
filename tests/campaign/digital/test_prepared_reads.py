"""Prepared reads (`campaign.prepared`, DESIGN performance) give what the ORM gives for the same
queryset: instances with converted fields and their select_related objects, or value tuples; a
prepared row update writes what `save(update_fields=...)` writes."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, transaction

from campaign.models import Campaign, Membership
from campaign.models.digital import DigitalGame, GameMove
from campaign.permissions import campaign_role, reader_role
from campaign.prepared import PreparedRead, row_update, rows_insert
from campaign.selectors.digital import digital_game_seated

pytestmark = pytest.mark.django_db

_GAME = PreparedRead(lambda game: DigitalGame.objects.select_related("campaign").filter(pk=game))
_ROLES = PreparedRead(
    lambda campaign: (
        Membership.objects.filter(campaign_id=campaign)
        .values_list("user_id", "role")
        .order_by("user_id")
    )
)
_LOCKED = PreparedRead(lambda pk: Campaign.objects.select_for_update().filter(pk=pk))


def test_an_instance_read_equals_the_orms_with_its_related_object(hotseat_game):
    expected = DigitalGame.objects.select_related("campaign").get(pk=hotseat_game.pk)
    [game] = _GAME(game=hotseat_game.pk)
    assert game.pk == expected.pk and not game._state.adding
    assert game.state == expected.state and isinstance(game.state, dict)  # JSON converted
    assert game.created_at == expected.created_at
    assert game.campaign.name == expected.campaign.name
    assert _GAME(game=hotseat_game.pk + 1000) == []


def test_an_annotation_is_read_as_the_orm_reads_it(hotseat_game, owner, player, outsider):
    """The role of the reader, read with the game (`reader_role`), as the ORM annotates it;
    the permission checks that follow take it from there."""
    read = PreparedRead(
        lambda game, user: (
            DigitalGame.objects.select_related("campaign")
            .annotate(reader_role=reader_role(user))
            .filter(pk=game)
        )
    )
    for user, role in ((owner, "owner"), (player, "player"), (outsider, None)):
        expected = (
            DigitalGame.objects.annotate(reader_role=reader_role(user.pk))
            .get(pk=hotseat_game.pk)
            .reader_role
        )
        [game] = read(game=hotseat_game.pk, user=user.pk)
        assert game.reader_role == expected == role
    game = digital_game_seated(game_id=hotseat_game.pk, reader=player)
    Membership.objects.filter(user=player).delete()  # read before: this request keeps it
    assert campaign_role(campaign=game.campaign, user=player) == "player"


def test_a_values_read_gives_tuples(campaign, owner, player, viewer):
    expected = list(
        Membership.objects.filter(campaign=campaign).order_by("user_id").values_list("user", "role")
    )
    assert _ROLES(campaign=campaign.pk) == expected
    assert campaign_role(campaign=campaign, user=player) == "player"


def test_a_locking_read_runs_in_a_transaction(campaign):
    with transaction.atomic():
        assert [c.pk for c in _LOCKED(pk=campaign.pk)] == [campaign.pk]


def test_an_argument_that_is_not_an_exact_parameter_is_refused(campaign):
    read = PreparedRead(lambda name: Campaign.objects.filter(name__contains=name))
    with pytest.raises(ValueError, match="exact parameter"):
        read(name="Ridge")


def test_the_seated_game_holds_its_seats_in_order_without_another_query(
    hotseat_game, django_assert_num_queries
):
    game = digital_game_seated(game_id=hotseat_game.pk)
    with django_assert_num_queries(0):
        seats = list(game.seats.all())
        assert all(seat.game is game for seat in seats)
    assert [s.index for s in seats] == sorted(s.index for s in hotseat_game.seats.all())
    assert digital_game_seated(game_id=hotseat_game.pk + 1000) is None


def test_a_row_update_writes_as_save_does_and_refreshes_auto_now(hotseat_game):
    game = DigitalGame.objects.get(pk=hotseat_game.pk)
    before = game.updated_at
    game.version += 3
    game.state = {**game.state, "note": "ü"}
    game.decision_deadline = game.created_at
    row_update(game, ["version", "state", "decision_deadline", "updated_at"])
    stored = DigitalGame.objects.get(pk=game.pk)
    assert (stored.version, stored.state, stored.decision_deadline) == (
        game.version,
        game.state,
        game.created_at,
    )
    assert stored.updated_at == game.updated_at > before


def test_a_row_update_of_a_gone_row_fails_as_save_does(hotseat_game):
    game = DigitalGame.objects.get(pk=hotseat_game.pk)
    DigitalGame.objects.filter(pk=game.pk).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        row_update(game, ["version"])


def test_rows_insert_writes_as_bulk_create_does_in_batches(hotseat_game, owner):
    rows = [
        GameMove(
            game=hotseat_game, index=1000 + i, seat=i % 3, actor="bot", move={"n": i}, events=[]
        )
        for i in range(120)
    ]
    rows[0].user = owner
    rows_insert(rows)
    stored = {m.pk: m for m in GameMove.objects.filter(game=hotseat_game, index__gte=1000)}
    assert [stored[r.pk].index for r in rows] == [r.index for r in rows]  # keys read back
    assert stored[rows[0].pk].user_id == owner.pk and stored[rows[5].pk].move == {"n": 5}
    assert all(r.created_at is not None and not r._state.adding for r in rows)


def test_the_locked_game_leaves_its_initial_state_unread(hotseat_game):
    with transaction.atomic():
        game = digital_game_seated(game_id=hotseat_game.pk, lock=True)
    assert "initial_state" in game.get_deferred_fields()
    assert game.state == hotseat_game.state


def test_a_number_no_integer_column_holds_finds_nothing(hotseat_game, owner_client):
    """As the ORM's: SQLite and PostgreSQL would refuse it (a 500 from the fuzzer)."""
    assert digital_game_seated(game_id=10**30) is None
    assert owner_client.get(f"/api/v1/games/{10**30}/state").status_code == 404
