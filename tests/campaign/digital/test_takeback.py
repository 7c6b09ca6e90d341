"""Take-backs on the game page and in the API (issue 20, part 3; PRI-4): the player on turn
takes back a placing, an expansion or a maneuver; nothing after dice or a card comes back; a
take-back over another person's answer waits for their agreement; every take-back is an entry
of the append-only log, and the replay and the dice check still pass after one."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.models.digital_takeback import TakeBackRequest
from campaign.selectors.dice import digital_game_dice_check
from campaign.selectors.digital import digital_game_replay
from campaign.selectors.digital_replay import digital_game_replay_at
from campaign.services.digital.finish import digital_game_abandon
from campaign.services.digital.moves import move_submit
from campaign.services.digital.repeat import last_attack
from notices.models import Notice
from notices.words import notice_text
from rules.game.state import TurnFlags
from tests.campaign.digital.conftest import HOTSEAT_SESSION, first_legal, play_until
from tests.rules.game.helpers import position

pytestmark = pytest.mark.django_db

ARMIES = {"alaska": (0, 6), "northwest_territory": (0, 2), "kamchatka": (1, 3)}


def _url(name: str, game: DigitalGame, **kwargs) -> str:
    return reverse(
        f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk, **kwargs}
    )


def _api(game: DigitalGame, request_id: int | None = None) -> str:
    if request_id is None:
        return reverse("api:game-take-back", kwargs={"game_id": game.pk})
    return reverse(
        "api:game-take-back-answer", kwargs={"game_id": game.pk, "request_id": request_id}
    )


@pytest.fixture
def table(campaign, owner, persons, guest_person):
    """The owner (seat 0, on turn, holding a scar card) and the player (seat 1) on their own
    browsers, a bot in seat 2: expand-and-attack on a hand-built board."""

    def build(**changes) -> DigitalGame:
        state = position(armies=ARMIES, seat0={"scar_card": "bunker"}, **changes)
        people = [persons["owner"], persons["player"], guest_person]
        for index, person in enumerate(people):
            state.set_seat(index, person=person.key, name=person.display_name)
        game = DigitalGame.objects.create(
            campaign=campaign,
            game_number=1,
            seed="0",
            initial_state=state.to_json(),
            state=state.to_json(),
            created_by=owner,
        )
        for index, person in enumerate(people):
            kind = GameSeat.Kind.BOT if index == 2 else GameSeat.Kind.HUMAN
            GameSeat.objects.create(
                game=game, index=index, person=person, kind=kind, user=person.user
            )
        return game

    return build


def _move(game, user, seat, move) -> DigitalGame:
    game.refresh_from_db()
    move_submit(game=game, seat=seat, move=move, version=game.version, user=user)
    game.refresh_from_db()
    return game


def _placed_hotseat_game(owner, hotseat_game) -> tuple[DigitalGame, dict]:
    """A hot-seat game in its first placing step, and the state before the placement made."""
    game = play_until(hotseat_game, owner, "place")
    before = game.game_state().to_json()
    seat, move = first_legal(game)
    move_submit(
        game=game,
        seat=seat,
        move=move,
        version=game.version,
        user=owner,
        session_key=HOTSEAT_SESSION,
    )
    game.refresh_from_db()
    return game, before


def _hotseat_client(client, owner):
    client.force_login(owner)
    session = client.session
    session.save()
    GameSeat.objects.update(hotseat_session_key=session.session_key)
    return client


def test_a_placement_is_taken_back_from_the_page_and_kept_in_the_log_PRI_4(
    client, owner, hotseat_game
):
    game, before = _placed_hotseat_game(owner, hotseat_game)
    client = _hotseat_client(client, owner)
    rows = GameMove.objects.filter(game=game).count()
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'action="' + _url("digital_game_take_back", game) + '"' in page

    response = client.post(
        _url("digital_game_take_back", game),
        {"seat": game.game_state().current_seat, "version": game.version},
    )

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.game_state().to_json() == before
    # Append-only: the placement stays in the log, the take-back is one more entry.
    assert GameMove.objects.filter(game=game).count() == rows + 1
    last = GameMove.objects.filter(game=game).order_by("-index").first()
    assert last.move == {"type": "take_back", "first": rows - 1}
    assert "takes back 1 move" in client.get(_url("digital_game_log", game)).content.decode()


def test_replay_and_the_dice_check_still_pass_after_a_take_back_PRI_4(client, owner, hotseat_game):
    game, _ = _placed_hotseat_game(owner, hotseat_game)
    client = _hotseat_client(client, owner)
    seat = game.game_state().current_seat
    client.post(_url("digital_game_take_back", game), {"seat": seat, "version": game.version})
    GameSeat.objects.update(hotseat_session_key=HOTSEAT_SESSION)  # back to the test driver
    game.refresh_from_db()
    # Placing again after the take-back, then more play.
    game = play_until(game, owner, "expand_attack")

    assert digital_game_replay(game=game).state.to_json() == game.game_state().to_json()
    moves = GameMove.objects.filter(game=game).count()
    for position_ in range(moves + 1):
        digital_game_replay_at(game=game, position=position_, seat=None)
    game = digital_game_abandon(game=game, user=owner)
    check = digital_game_dice_check(game=game)
    assert check.ok, check.problems
    assert check.moves_checked == moves


def test_a_maneuver_is_taken_back_through_the_api_PRI_4(owner_client, owner, table):
    game = table(turn=TurnFlags(conquered=True))
    game = _move(
        game,
        owner,
        0,
        {"type": "maneuver", "origin": "alaska", "target": "northwest_territory", "count": 3},
    )
    assert game.state["phase"] == "end_of_turn"

    offered = owner_client.get(_api(game), {"seat": 0}).json()
    done = owner_client.post(
        _api(game), {"seat": 0, "version": game.version}, content_type="application/json"
    )

    assert offered["available"] and offered["moves"] == [0] and offered["refusal"] is None
    assert done.status_code == 200
    assert done.json()["state"]["armies"]["alaska"] == [0, 6]
    assert done.json()["events"][0]["type"] == "taken_back"


def test_a_take_back_after_the_dice_is_refused_with_its_rule_and_changes_nothing_PRI_4(
    owner_client, owner, player, table
):
    game = table()
    game = _move(
        game, owner, 0, {"type": "expand", "origin": "alaska", "target": "alberta", "count": 1}
    )
    game = _move(
        game, owner, 0, {"type": "attack", "origin": "alaska", "target": "kamchatka", "dice": 3}
    )
    game = _move(game, player, 1, {"type": "defend_with", "dice": 2})
    game = _move(game, owner, 0, {"type": "pass_scar_card"})  # the dice roll
    assert "natural_attack" in str(GameMove.objects.filter(game=game).last().events)
    version, rows = game.version, GameMove.objects.filter(game=game).count()

    refused = owner_client.post(
        _api(game), {"seat": 0, "version": version}, content_type="application/json"
    )
    offered = owner_client.get(_api(game), {"seat": 0}).json()

    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["code"] == "final_after_dice" and error["rule"] == "PRI-4"
    assert not offered["available"] and offered["refusal"]["code"] == "final_after_dice"
    game.refresh_from_db()
    assert game.version == version and GameMove.objects.filter(game=game).count() == rows


def test_a_take_back_over_another_persons_answer_waits_for_their_agreement_PRI_4(
    owner_client, player_client, owner, player, table
):
    """The defender chose dice and the scar window before the roll is open: nothing rolled,
    so the attack may come back, with the defender's choice, if the defender agrees."""
    game = table()
    start = game.game_state().to_json()
    game = _move(
        game, owner, 0, {"type": "attack", "origin": "alaska", "target": "kamchatka", "dice": 3}
    )
    game = _move(game, player, 1, {"type": "defend_with", "dice": 2})
    assert game.state["phase"] == "scar_before_roll"
    version = game.version

    asked = owner_client.post(
        _api(game), {"seat": 0, "version": version}, content_type="application/json"
    )

    assert asked.status_code == 202
    request_id = asked.json()["request"]["id"]
    assert asked.json()["request"]["waiting_on"] == [1]
    game.refresh_from_db()
    assert game.version == version  # nothing changes before the answer
    panel = player_client.get(game.get_absolute_url()).content.decode()
    assert _url("digital_game_take_back_answer", game, request_id=request_id) in panel
    # The defender is told, as of any decision waiting on them.
    told = Notice.objects.get(user=player, ref=f"take_back:{request_id}")
    assert told.kind == "decision" and told.closed_at is None
    assert "taking back a move" in notice_text(told)

    # The defender declines: the attack stands; the request is kept, declined.
    declined = player_client.post(
        _url("digital_game_take_back_answer", game, request_id=request_id),
        {"seat": 1, "answer": "decline"},
    )
    assert declined.status_code == 200
    assert TakeBackRequest.objects.get(pk=request_id).status == "declined"
    told.refresh_from_db()
    assert told.closed_at is not None
    game.refresh_from_db()
    assert game.version == version

    # Asked again, the defender accepts: the board is as before the attack.
    again = owner_client.post(
        _api(game), {"seat": 0, "version": version}, content_type="application/json"
    ).json()["request"]["id"]
    accepted = player_client.post(
        _api(game, again), {"seat": 1, "accept": True}, content_type="application/json"
    )
    assert accepted.status_code == 200 and accepted.json()["request"]["status"] == "accepted"
    game.refresh_from_db()
    assert game.game_state().to_json() == start
    assert list(TakeBackRequest.objects.filter(game=game).values_list("status", flat=True)) == [
        "accepted",
        "declined",
    ]
    assert digital_game_replay(game=game).state.to_json() == game.game_state().to_json()
    # "Attack again" does not offer the attack taken back.
    assert last_attack(game=game, state=game.game_state(), seat=0) is None


def test_a_request_lapses_when_the_game_moves_on_PRI_4(
    owner_client, player_client, owner, player, table
):
    game = table()
    game = _move(
        game, owner, 0, {"type": "attack", "origin": "alaska", "target": "kamchatka", "dice": 3}
    )
    game = _move(game, player, 1, {"type": "defend_with", "dice": 2})
    request_id = owner_client.post(
        _api(game), {"seat": 0, "version": game.version}, content_type="application/json"
    ).json()["request"]["id"]
    game = _move(game, owner, 0, {"type": "pass_scar_card"})  # the dice roll

    late = player_client.post(
        _api(game, request_id), {"seat": 1, "accept": True}, content_type="application/json"
    )

    assert late.status_code == 409 and late.json()["errors"][0]["code"] == "take_back_lapsed"
    assert TakeBackRequest.objects.get(pk=request_id).status == "lapsed"


def test_only_the_seats_player_takes_back_and_only_the_asked_answer(
    owner_client, player_client, owner, player, table
):
    game = table()
    game = _move(
        game, owner, 0, {"type": "expand", "origin": "alaska", "target": "alberta", "count": 1}
    )

    theirs = player_client.post(
        _api(game), {"seat": 0, "version": game.version}, content_type="application/json"
    )
    not_on_turn = player_client.post(
        _api(game), {"seat": 1, "version": game.version}, content_type="application/json"
    )

    assert theirs.status_code == 403
    assert not_on_turn.status_code == 400
    assert not_on_turn.json()["errors"][0]["code"] == "not_on_turn"


def test_a_refusal_reads_in_spanish_PRI_4(owner_client, owner, table):
    game = table()

    refused = owner_client.post(
        _api(game),
        {"seat": 0, "version": game.version},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="es",
    )

    message = refused.json()["errors"][0]["message"]
    assert refused.status_code == 400 and "No has hecho" in message


def test_the_take_back_button_reads_in_spanish(owner_client, owner, table):
    game = table()
    game = _move(
        game, owner, 0, {"type": "expand", "origin": "alaska", "target": "alberta", "count": 1}
    )

    page = owner_client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert "Deshacerla" in page and "Take it back" not in page


def test_the_schema_documents_the_take_back_endpoints(owner_client):
    schema = owner_client.get(reverse("api-schema"), {"format": "json"}).json()

    assert "/api/v1/games/{game_id}/take-back" in schema["paths"]
    assert "/api/v1/games/{game_id}/take-back/{request_id}" in schema["paths"]


def test_the_asked_persons_page_hears_of_a_request_and_of_its_answer_PRI_4(
    owner_client, player_client, owner, player, table, django_capture_on_commit_callbacks
):
    """A request changes no version, so the pages are told to fetch their panels: the asked
    person sees Accept/Decline without reloading, and the buttons go once answered."""
    game = table()
    game = _move(
        game, owner, 0, {"type": "attack", "origin": "alaska", "target": "kamchatka", "dice": 3}
    )
    game = _move(game, player, 1, {"type": "defend_with", "dice": 2})
    sent = []
    with patch("campaign.live._send_message", lambda *args: sent.append(args)):
        with django_capture_on_commit_callbacks(execute=True):
            asked = owner_client.post(
                _api(game), {"seat": 0, "version": game.version}, content_type="application/json"
            )
        assert sent == [(game.pk, {"type": "game.seats", "game": game.pk}, "seats")]
        with django_capture_on_commit_callbacks(execute=True):
            player_client.post(
                _api(game, asked.json()["request"]["id"]),
                {"seat": 1, "accept": False},
                content_type="application/json",
            )
        assert len(sent) == 2
