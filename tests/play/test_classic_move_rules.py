"""The move forms of Classic Risk and Invasión games cite the rule set's own rules (CL-6,
CL-11, CL-14, CL-19; IN-1, IN-7, IN-8), never Risk Legacy's (T-13, X-6, M-3), in English and in
Spanish."""

from __future__ import annotations

import re

import pytest

from campaign.forms.digital.moves import move_form_specs
from campaign.models.digital import DigitalGame
from campaign.services.digital.moves import move_submit
from campaign.services.standalone import SeatKind
from rules.bots import HeuristicBot
from rules.game import apply_move, legal_move_options, seats_to_act
from rules.simulate import play_game
from tests.play.conftest import table

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
FORM = re.compile(r'<form class="move-form[^"]*" data-type="([a-z_]+)".*?</form>', re.S)
CITED = re.compile(r'<h3>[^<]*<a class="rule rule-link" href="[^"]*#([A-Z]+-\d+)"')
LEGACY_IDS = re.compile(r"\b(?:T|X|M|S)-\d+\b")


def _played_to(game: DigitalGame, user, session_key: str, phase: str) -> int:
    """Bot moves for every seat until `phase` comes round; the seat to act then."""
    for step in range(3000):
        state = game.game_state()
        seat = seats_to_act(state)[0]
        if state.phase == phase:
            return seat
        move = HeuristicBot(seed=step).choose(state, seat)
        move_submit(
            game=game,
            seat=seat,
            move=move.to_json(),
            version=game.version,
            user=user,
            session_key=session_key,
        )
        game.refresh_from_db()
    pytest.fail(f"{phase} never came")


def _cited(client, game: DigitalGame, seat: int, **headers) -> dict[str, str]:
    page = client.get(game.get_absolute_url(), {"seat": seat}, **headers).content.decode()
    forms = {m[1]: m[0] for m in FORM.finditer(page)}
    assert not any(LEGACY_IDS.search(form) for form in forms.values())
    return {kind: found[1] for kind, form in forms.items() if (found := CITED.search(form))}


@pytest.mark.parametrize(
    ("rule_set", "reinforce", "attack"),
    [
        ("classic", {"place_troops": "CL-6"}, {"attack": "CL-14", "maneuver": "CL-19"}),
        ("invasion", {"place_troops": "IN-1"}, {"attack": "IN-1", "maneuver": "IN-8"}),
    ],
)
def test_move_forms_cite_the_rule_sets_own_rules(owner, client_for, rule_set, reinforce, attack):
    game = table(owner, SeatKind.HOTSEAT, SeatKind.HOTSEAT, SeatKind.HOTSEAT, rule_set=rule_set)
    client = client_for(owner)
    session = client.session
    session.save()
    game.seats.update(hotseat_session_key=session.session_key)
    seat = _played_to(game, owner, session.session_key, "cl_reinforce")
    for headers in ({}, SPANISH):
        cited = _cited(client, game, seat, **headers)
        assert reinforce.items() <= cited.items(), cited
    seat = _played_to(game, owner, session.session_key, "cl_attack")
    for headers in ({}, SPANISH):
        cited = _cited(client, game, seat, **headers)
        assert attack.items() <= cited.items(), cited


@pytest.mark.parametrize(
    ("rule_set", "expected"),
    [
        (
            "classic",
            {"trade_cards": "CL-11", "defend_with": "CL-15", "move_in": "CL-16"},
        ),
        ("invasion", {"trade_cards": "IN-7", "defend_with": "IN-1", "move_in": "IN-1"}),
    ],
)
def test_every_shared_move_of_a_whole_game_cites_its_rule_set(rule_set, expected):
    run = play_game(3, ["heuristic"] * 4, rule_set=rule_set)
    state, cited = run.initial, {}
    for seat, move in run.moves:
        if move.type not in cited:  # the forms of the first state that offers each move
            for spec in move_form_specs(state, legal_move_options(state, seat)):
                cited.setdefault(spec.type, set()).add(spec.rule)
        state, _events = apply_move(state, seat, move)
    assert {kind: {rule} for kind, rule in expected.items()}.items() <= cited.items()
    prefix = "CL-" if rule_set == "classic" else "IN-"
    assert all(rule.startswith(prefix) for rules in cited.values() for rule in rules), cited
