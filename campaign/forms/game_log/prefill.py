"""What the log form can fill in before anyone types: the last game's players in their seat
order, each with the faction they take most often, and a held-on reward when its target is
plain, and the winner's usual reward; then each player's reward of the last game where the rules
still offer it. Everything stays editable; only an unfilled step gets it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from campaign.forms.game_log.steps import GUEST
from campaign.models import Campaign
from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.record import game_log_latest
from rules import box
from rules.data import board
from rules.rewards import (
    CONTINENT_REWARDS,
    HELD_ON_REWARDS,
    WINNER_REWARDS,
    RewardChoice,
    RewardOption,
    held_on_reward_options,
    winner_reward_options,
)
from rules.world import World

MAX_SEATS = 5  # the players step's rows (C-1)


def usual_faction(world: World, person: str) -> str | None:
    """The faction `person` played most often (the latest of equals), if any."""
    played = [r for r in world.faction_records if r.player == person]
    if not played:
        return None
    counts = Counter(r.faction for r in played)
    latest = {r.faction: r.game for r in played}
    return max(counts, key=lambda f: (counts[f], latest[f]))


def seats_prefill(
    *, campaign: Campaign, world: World, persons: Mapping[str, str]
) -> dict[str, str]:
    """Seats of the last logged game (members only; guests change), each member with their
    usual faction, or last game's one when two would want the same."""
    entry = last_game_entry(campaign=campaign, world=world)
    if entry is None:
        return {}
    allowed = box.factions(world)
    initial: dict[str, str] = {}
    taken: set[str] = set()
    seat = 0
    for player in entry.players:
        if player.person not in persons:
            continue
        faction = usual_faction(world, player.person)
        if faction in taken or faction not in allowed:
            faction = player.faction
        initial[f"p{seat}_person"] = player.person
        if faction in allowed and faction not in taken:
            initial[f"p{seat}_faction"] = faction
            taken.add(faction)
        seat += 1
    return initial


def rewards_prefill(known: Mapping[str, Any]) -> dict[str, str]:
    """The rewards step's defaults, from what `before_rewards` found: the winner founds a Major
    City (END-5 R2) when it is offered, the reward tables take most; a held-on player who held a
    single territory adds a coin to its card (END-6 H2), the one reward that needs no name and
    has only that target. The table changes either with one choice."""
    initial: dict[str, str] = {}
    if "R2" in known.get("winner_options", []):
        initial["wr_code"] = "R2"
    for player in known.get("held_on", []):
        if len(player["held"]) == 1 and "H2" in player["options"]:
            initial[f"hr_{player['faction']}_code"] = "H2"
            initial[f"hr_{player['faction']}_target"] = player["held"][0]
    return initial


def last_game_entry(*, campaign: Campaign, world: World) -> GameLogEntry | None:
    """The entry of the last game logged, as it stands after corrections."""
    if not world.games_played:
        return None
    last = game_log_latest(campaign=campaign, game_number=world.games_played)
    return GameLogEntry.from_json(last.entry) if last is not None else None


def same_rewards_prefill(
    known: Mapping[str, Any],
    last: GameLogEntry | None,
    players: Mapping[str, str],
    winner: Any,
    names: Mapping[str, str],
) -> tuple[dict[str, str], list[str], list[str]]:
    """ "Same rewards as last game": each player (the same member, else the same faction) is
    given the reward they took in the last game when the rules offer it now on the same target
    (END-5, END-6). A reward that names something new (a city, a continent) or that is no longer
    offered there is not copied. `players` maps this game's factions to their members, `names`
    members to their names. Returns the fields' values and, for the page, what was copied and
    what was not."""
    if last is None or "world" not in known:
        return {}, [], []
    world, winner = known["world"], _last(winner)
    before: dict[str, tuple[RewardChoice, str]] = {}
    for player in last.players:
        reward = last.winner_reward if player.faction == last.winner else player.reward
        if reward is None:
            continue
        name = player.person or player.guest_name or player.faction
        if player.person:
            before[f"person:{player.person}"] = (reward, name)
        before[f"faction:{player.faction}"] = (reward, name)
    seats: list[tuple[str, str, list[RewardOption]]] = []
    if winner:
        seats.append((winner, "wr", winner_reward_options(world)))
    for held_on in known.get("held_on", []):
        faction = held_on["faction"]
        seats.append(
            (faction, f"hr_{faction}", held_on_reward_options(world, held=held_on["held"]))
        )
    initial: dict[str, str] = {}
    copied: list[str] = []
    not_copied: list[str] = []
    for faction, prefix, options in seats:
        person = players.get(faction, "")
        found = before.get(f"person:{person}") if person else None
        found = found or before.get(f"faction:{faction}")
        if found is None:
            continue
        reward, who = found
        said = _("%(who)s: %(reward)s on %(target)s") % {
            "who": names.get(person, who),
            "reward": _reward_name(reward.code),
            "target": _target_name(reward),
        }
        option = next((o for o in options if o.code == reward.code), None)
        offered = (
            option is not None
            and not option.needs_name
            and reward.target in option.targets
            and (not option.deltas or reward.delta in option.deltas)
        )
        if not offered:
            not_copied.append(said)
            continue
        initial[f"{prefix}_code"] = reward.code
        initial[f"{prefix}_target"] = reward.target
        if reward.delta:
            initial[f"{prefix}_delta"] = str(reward.delta)
        copied.append(said)
    return initial, copied, not_copied


def _reward_name(code: str) -> str:
    name = WINNER_REWARDS.get(code) or HELD_ON_REWARDS.get(code)
    return f"{_(name)} ({code})" if name else code


def _target_name(reward: RewardChoice) -> str:
    if reward.code in CONTINENT_REWARDS:
        continent = board().continents.get(reward.target)
        return continent.name if continent else reward.target
    return board().territory(reward.target).name if board().knows(reward.target) else reward.target


def seated_persons(players_raw: Mapping[str, Any]) -> dict[str, str]:
    """The players step's factions and the members who took them (guests left out)."""
    seated = {}
    for i in range(MAX_SEATS):
        faction, person = (_last(players_raw.get(f"p{i}_{part}")) for part in ("faction", "person"))
        if faction and person and person != GUEST:
            seated[faction] = person
    return seated


def held_prefill(players_raw: Mapping[str, Any], eliminated: Iterable[str]) -> dict[str, list]:
    """ "Held at the end" starts as each faction's start for those not eliminated (END-6): the
    territory most often still held; the others are added (or it taken out) with a tap."""
    out = set(eliminated)
    initial: dict[str, list] = {}
    for i in range(MAX_SEATS):
        faction, start = (_last(players_raw.get(f"p{i}_{part}")) for part in ("faction", "start"))
        if faction and start and faction not in out:
            initial[f"h_{faction}"] = [start]
    return initial


def mark_starts(form: forms.Form, players_raw: Mapping[str, Any]) -> None:
    """Give each "held at the end" field its faction's start, for the page's one-tap "held
    only its start" (END-6)."""
    for i in range(MAX_SEATS):
        faction, start = (_last(players_raw.get(f"p{i}_{part}")) for part in ("faction", "start"))
        field = form.fields.get(f"h_{faction}")
        if field is not None and start:
            field.widget.attrs["data-start"] = start


def _last(value: Any) -> str:
    if isinstance(value, list):
        return str(value[-1]) if value else ""
    return str(value or "")
