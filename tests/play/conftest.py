"""Fixtures of standalone games: tables set in the lobby by `owner`, and a driver that plays
a seat's moves as the careful bot would (a test driver standing in for a person)."""

from __future__ import annotations

import pytest

from campaign.models.digital import DigitalGame
from campaign.services.digital.moves import move_submit
from campaign.services.standalone import LobbySeat, SeatKind, standalone_game_create
from rules.bots import HeuristicBot
from rules.game import seats_to_act

SESSION = "the-starters-browser"


def table(user, *kinds: str, rule_set: str = "legacy", options=None, public=False, seed=5):
    return standalone_game_create(
        user=user,
        rule_set=rule_set,
        options=options,
        seats=[LobbySeat(kind=kind) for kind in kinds],
        is_public=public,
        session_key=SESSION,
        seed=seed,
    )


@pytest.fixture
def bot_table(owner) -> DigitalGame:
    """The owner and two bots, Legacy rules on a fresh board, private."""
    return table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT)


@pytest.fixture
def invite_table(owner) -> DigitalGame:
    """The owner, one invited seat and a bot, public: waiting for the invited."""
    return table(owner, SeatKind.ME, SeatKind.INVITE, SeatKind.BOT, public=True)


def play_out(
    game: DigitalGame, user, *, session_key: str = "", limit: int = 5000, to_the_end: bool = True
) -> DigitalGame:
    """Play every move people owe, as the careful bot would, until the game ends (or for
    `limit` moves when not `to_the_end`)."""
    for step in range(limit):
        game.refresh_from_db()
        if game.status != DigitalGame.Status.PLAYING:
            return game
        state = game.game_state()
        seat = seats_to_act(state)[0]
        move = HeuristicBot(seed=step).choose(state, seat)
        move_submit(
            game=game,
            seat=seat,
            move=move.to_json(),
            version=game.version,
            user=user,
            session_key=session_key,
        )
    if to_the_end:
        pytest.fail("the game did not end")
    game.refresh_from_db()
    return game
