"""The API answers what its schema says, under a schema-based fuzzer: schemathesis reads the live
schema (`/api/schema/`), sends generated requests (valid and invalid) to every operation through
the WSGI application, and checks each answer: never a server error, and every body matches the
schema of its status. A few examples per operation keep the run under a minute.

The requests act as a campaign's owner (a token), and path parameters name real things of that
campaign (its slug, a logged game, a digital game, an opened pack) so the fuzzer reaches past
the 404s; the other parameters and the bodies are the fuzzer's.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import response_schema_conformance

from campaign.models.digital import GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from tests.campaign.log.factories import three_player_entry
from tests.campaign.worlds import first_powers, pregame_coins

EXAMPLES_PER_OPERATION = 25


@pytest.fixture
def played(campaign, owner, persons) -> dict[str, str]:
    """The test campaign with its world set up, game 1 logged (Pack 2 opened), and a digital
    game of the owner and two bots under way: the values path parameters take."""
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        *(SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(2)),
    ]
    game = digital_game_start(campaign=campaign, user=owner, seats=seats, seed=5)
    return {
        "slug": campaign.slug,
        "game_id": game.pk,
        "number": 1,
        "pack": "pack_2",
        "territory": "egypt",
        "faction": "die_mechaniker",
    }


CHECKS = [not_a_server_error, response_schema_conformance]


def _operations(schema) -> list:
    """Every operation, the ones that delete last (they may delete the campaign itself)."""
    operations = [result.ok() for result in schema.get_all_operations()]
    return sorted(operations, key=lambda operation: operation.method.lower() == "delete")


@pytest.fixture
def one_connection():
    """Keep the test's database connection across requests, as Django's test client does:
    the application closes a connection in a transaction it did not open (the test's)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def test_no_server_error_and_every_answer_matches_the_schema(owner, played, one_connection):
    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    failures = []
    for operation in _operations(schema):
        fixed = {p.name: played[p.name] for p in operation.path_parameters if p.name in played}
        strategy = st.one_of(
            *(operation.as_strategy(mode, path_parameters=fixed) for mode in GenerationMode),
            operation.as_strategy(GenerationMode.NEGATIVE),
        )

        @given(case=strategy)
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def answers_as_documented(case) -> None:
            # Read each time: the fuzzer may have asked for a new token (POST /api/v1/token/).
            token, _ = Token.objects.get_or_create(user=owner)
            case.call_and_validate(headers={"Authorization": f"Token {token.key}"}, checks=CHECKS)

        try:
            answers_as_documented()
        except (Exception, FailureGroup) as failure:  # every operation's, reported together
            failures.append(f"{operation.label}:\n{str(failure)[:1500]}")
    assert not failures, "\n\n".join(failures)
