"""Game log entries for tests: a legal three-player game on a fresh world, easy to vary."""

from __future__ import annotations

import datetime
from dataclasses import replace

from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from rules.rewards import RewardChoice

# One territory card per game for the winner to destroy (END-5 R6) over a whole campaign,
# none of them a start or held territory of `three_player_entry`.
DESTROYED_CARDS = (
    "ural",
    "siberia",
    "yakutsk",
    "kamchatka",
    "irkutsk",
    "mongolia",
    "japan",
    "china",
    "india",
    "siam",
    "indonesia",
    "new_guinea",
    "iceland",
    "scandinavia",
    "ukraine",
)


def three_player_entry(persons, **changes) -> GameLogEntry:
    """Owner wins with Die Mechaniker, the player holds on, the guest is eliminated.
    `persons` is the conftest fixture (owner/player/viewer Persons)."""
    entry = GameLogEntry(
        played_on=datetime.date(2026, 1, 10),
        players=(
            PlayerEntry("die_mechaniker", person=persons["owner"].key, start="alaska"),
            PlayerEntry(
                "khan_industries",
                person=persons["player"].key,
                start="egypt",
                held=("egypt", "congo"),
                reward=RewardChoice("H1", "egypt", "Cairo"),
            ),
            PlayerEntry(
                "saharan_republic",
                person=persons["viewer"].key,
                start="peru",
                troops_at_end=False,
            ),
        ),
        winner="die_mechaniker",
        winner_reward=RewardChoice("R2", "brazil", "Rio"),
        slogan="First blood",
    )
    return replace(entry, **changes)


def with_player(entry: GameLogEntry, index: int, **changes) -> GameLogEntry:
    players = list(entry.players)
    players[index] = replace(players[index], **changes)
    return replace(entry, players=tuple(players))


def api_payload(entry: GameLogEntry, **extra) -> dict:
    data = entry.to_json()
    return {**data, **extra}


def owner_wins_again(persons) -> GameLogEntry:
    """Game 2 after `three_player_entry`: the owner wins again, nobody is eliminated, so the
    owner's second signature leaves Pack 3 due once the game is over (U-4), for the task."""
    entry = three_player_entry(persons, winner_reward=RewardChoice("R6", DESTROYED_CARDS[0]))
    for i, start in enumerate(("greenland", "congo", "argentina")):
        entry = with_player(entry, i, start=start, troops_at_end=True, reward=None, held=())
    return entry


# --- the log form, posted step by step -----------------------------------------------------------


def log_step(campaign, step: str) -> str:
    return f"/campaigns/{campaign.slug}/log/{step}/"


def log_form_players(persons, **changes) -> dict[str, str]:
    """The players step of `three_player_entry`'s game: the owner and the player, a guest (Gina)
    in seat 3."""
    return {
        "played_on": "2026-01-10",
        "p0_person": persons["owner"].key,
        "p0_faction": "die_mechaniker",
        "p0_start": "alaska",
        "p1_person": persons["player"].key,
        "p1_faction": "khan_industries",
        "p1_start": "egypt",
        "p2_person": "__guest__",
        "p2_guest": "Gina Guest",
        "p2_faction": "saharan_republic",
        "p2_start": "peru",
        **changes,
    }


def later_game_players(persons, played_on: str) -> dict[str, str]:
    """The players step of a later game: owner, player and viewer from other starts."""
    return log_form_players(
        persons,
        played_on=played_on,
        p0_start="greenland",
        p1_start="congo",
        p2_person=persons["viewer"].key,
        p2_guest="",
        p2_start="argentina",
    )


# Saharan Republic has no troops left at the end: eliminated (END-2).
LOG_OUTCOME = {
    "winner": "die_mechaniker",
    "t_die_mechaniker": "on",
    "t_khan_industries": "on",
    "h_khan_industries": ["egypt", "congo"],
}
LOG_REWARDS = {
    "slogan": "First blood",
    "wr_code": "R2",
    "wr_target": "brazil",
    "wr_name": "Rio",
    "hr_khan_industries_code": "H1",
    "hr_khan_industries_target": "egypt",
    "hr_khan_industries_name": "Cairo",
}
