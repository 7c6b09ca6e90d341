"""Between the guided game-log form's steps and the entry: `entry_from_steps` builds the
`GameLogEntry` the service takes from the steps' cleaned data, with where each entry field lives
in the form (so each refusal is shown next to its field, `refusals_by_field`);
`steps_from_entry` goes back (to correct a logged game)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from campaign.forms.game_log.gaps import NOT_RECORDED, known, seat_gaps
from campaign.forms.game_log.missions import missions_from_step, step_from_missions
from campaign.forms.game_log.packs import packs_from_step, seat_draft, step_from_packs
from campaign.forms.game_log.pockets import pockets_from_step, step_from_pockets
from campaign.forms.game_log.red_slots import red_slots_from_step, step_from_red_slots
from campaign.forms.game_log.steps import GUEST, MAX_PLAYERS, SCAR_ROWS, WEAR_ROWS
from campaign.services.game_log.entry import (
    GameLogEntry,
    IncidentEntry,
    PlayerEntry,
    ScarEntry,
    WearEntry,
)
from campaign.services.game_log.refusals import Refusal
from rules import box
from rules.data import content
from rules.rewards import RewardChoice


def _get(raw: Mapping[str, Any], key: str, default: Any = "") -> Any:
    value = raw.get(key, default)
    if isinstance(value, list):
        return value[-1] if value else default
    return value


def seated_factions(players_raw: Mapping[str, Any]) -> list[str]:
    return [
        _get(players_raw, f"p{i}_faction")
        for i in range(MAX_PLAYERS)
        if _get(players_raw, f"p{i}_faction") in content().factions
    ]


def eliminated_factions(players_raw: Mapping[str, Any]) -> frozenset[str]:
    """Factions the players step says another eliminated (their outcome starts that way)."""
    return frozenset(
        _get(players_raw, f"p{i}_faction")
        for i in range(MAX_PLAYERS)
        if _get(players_raw, f"p{i}_elim") and _get(players_raw, f"p{i}_faction")
    )


def entry_from_steps(
    cleaned: Mapping[str, Mapping[str, Any]], *, provisional: bool = False
) -> tuple[GameLogEntry, dict[str, str]]:
    """The `GameLogEntry` from the steps' cleaned data, and where each entry field lives in
    the form (entry path -> form field name). With `provisional`, steps not filled yet get
    neutral defaults so the earlier ones can be checked against the rules."""
    where: dict[str, str] = {}
    players_data = cleaned.get("players", {})
    during = cleaned.get("during", {})
    outcome = cleaned.get("outcome", {})
    rewards = cleaned.get("rewards", {})
    events, hq_moves, comeback_powers = packs_from_step(cleaned.get("packs", {}), where)
    claimed = missions_from_step(during, where)
    from_slots, lead_mission = red_slots_from_step(cleaned.get("packs", {}), where, len(claimed))
    pockets = pockets_from_step(cleaned.get("packs", {}), during, where)
    players: list[PlayerEntry] = []
    for i in range(MAX_PLAYERS):
        faction = players_data.get(f"p{i}_faction")
        if not faction:
            continue
        person = players_data.get(f"p{i}_person") or ""
        n = len(players)
        where.update(
            {
                f"players.{n}.person": f"p{i}_person" if person != GUEST else f"p{i}_guest",
                f"players.{n}.faction": f"p{i}_faction",
                f"players.{n}.start": f"p{i}_start",
                f"players.{n}.held": f"h_{faction}",
                f"players.{n}.reward": f"hr_{faction}_target",
                f"players.{n}.draft": f"p{i}_draft_{box.DRAFT_KINDS[0]}",
                f"players.{n}.eliminated_by": f"p{i}_elim",
                f"players.{n}.troops_at_end": f"t_{faction}",
                f"players.{n}.comeback_power": f"cb_{faction}",
            }
        )
        eliminated_by = players_data.get(f"p{i}_elim") or ""
        reward = None
        code = known(rewards.get(f"hr_{faction}_code") or "")
        if code:
            reward = RewardChoice(
                code,
                rewards.get(f"hr_{faction}_target") or "",
                rewards.get(f"hr_{faction}_name") or "",
            )
        players.append(
            PlayerEntry(
                faction=faction,
                person="" if person == GUEST else person,
                guest_name=(players_data.get(f"p{i}_guest") or "").strip()
                if person == GUEST
                else "",
                start=known(players_data.get(f"p{i}_start") or ""),
                # Until the outcome is given, a faction someone eliminated is taken as such.
                troops_at_end=bool(outcome.get(f"t_{faction}", not eliminated_by)),
                held=tuple(t for t in outcome.get(f"h_{faction}") or () if known(t)),
                reward=reward,
                draft=seat_draft(players_data, i),
                eliminated_by=eliminated_by,
                comeback_power=comeback_powers.get(faction, ""),
                not_recorded=seat_gaps(
                    players_data.get(f"p{i}_start") or "",
                    outcome.get(f"h_{faction}") or (),
                    rewards.get(f"hr_{faction}_code") or "",
                ),
            )
        )
    scars = []
    for i in range(SCAR_ROWS):
        if during.get(f"s{i}_scar") and during.get(f"s{i}_target"):
            target = during[f"s{i}_target"]
            on = "faction" if target.startswith("faction:") else "territory"
            where[f"scars.{len(scars)}"] = f"s{i}_target"
            where[f"scars.{len(scars)}.by_faction"] = f"s{i}_by"
            scars.append(
                ScarEntry(
                    during[f"s{i}_scar"],
                    on,
                    target.removeprefix("faction:"),
                    during.get(f"s{i}_by") or "",
                )
            )
    wear = []
    for i in range(WEAR_ROWS):
        if during.get(f"w{i}_territory"):
            where[f"wear.{len(wear)}"] = f"w{i}_territory"
            wear.append(WearEntry(during[f"w{i}_territory"], during.get(f"w{i}_boxes") or 0))
    incidents = []

    def incident(field: str, entry: IncidentEntry) -> None:
        where[f"incidents.{len(incidents)}"] = field
        where[f"incidents.{len(incidents)}.by_faction"] = field
        incidents.append(entry)

    if during.get("missiles3"):
        incident(
            "missiles3",
            IncidentEntry(
                "missiles_on_one_roll",
                during.get("missiles3_by") or "",
                content().constants["pocket1_missiles"],
            ),
        )
    if during.get("recruit30"):
        incident(
            "recruit30",
            IncidentEntry(
                "big_recruit_with_missile",
                during.get("recruit30_by") or "",
                during.get("recruit30_troops") or 0,
            ),
        )
    for player in players:
        used = during.get(f"m_{player.faction}")
        if used:
            incident(f"m_{player.faction}", IncidentEntry("missiles_used", player.faction, used))
    winner = outcome.get("winner") or ""
    if provisional and not winner and players:
        winner = players[0].faction
    winner_reward = None
    if rewards.get("wr_code"):
        target = rewards.get("wr_target") or ""
        winner_reward = RewardChoice(
            rewards["wr_code"],
            target.removeprefix("continent:"),
            rewards.get("wr_name") or "",
            int(rewards.get("wr_delta") or 0),
        )
    where.update(
        {
            "winner": "winner",
            "signature": "slogan",
            "slogan": "slogan",
            "winner_reward": "wr_target",
            "world_name": "world_name",
            "world_namer": "world_namer",
        }
    )
    played_on = players_data.get("played_on") or datetime.date.today()
    entry = GameLogEntry(
        played_on=played_on,
        players=tuple(players),
        winner=winner,
        scars=tuple(scars),
        wear=tuple(wear),
        incidents=tuple(incidents),
        events=events,
        hq_moves=hq_moves,
        missions=(*claimed, *from_slots),
        lead_mission=lead_mission,
        **pockets,
        signed_on=rewards.get("signed_on") or None,
        slogan=rewards.get("slogan") or "",
        winner_reward=winner_reward,
        world_name=rewards.get("world_name") or "",
        world_namer=rewards.get("world_namer") or "",
        naming_rounds=tuple(rewards.get("naming_rounds") or ()),
    )
    return entry, where


def field_step(field: str) -> str:
    """Which step shows a form field."""
    if re.fullmatch(r"p\d_(person|guest|faction|start|elim|draft_\w+)|played_on", field):
        return "players"
    if re.fullmatch(r"(s|w|mi)\d_\w+|missiles3\w*|recruit30\w*|m_\w+", field):
        return "during"
    if re.fullmatch(r"winner|t_\w+|h_\w+", field):
        return "outcome"
    if re.fullmatch(
        r"e\d_\w+|mv\d_\w+|cb_\w+|rs_\w+|lead_mission|nuke_\w+|island_\w+|mp_\w+|cards_named",
        field,
    ):
        return "packs"
    return "rewards"


def refusals_by_field(
    refusals: list[Refusal], where: Mapping[str, str]
) -> list[tuple[str | None, Refusal]]:
    """Each refusal with the form field it belongs to (None: the step as a whole)."""
    placed = []
    for refusal in refusals:
        path = refusal.field
        field = where.get(path)
        while field is None and "." in path:
            path = path.rsplit(".", 1)[0]
            field = where.get(path)
        placed.append((field, refusal))
    return placed


def steps_from_entry(entry: GameLogEntry) -> dict[str, dict[str, Any]]:
    """The raw step data that shows `entry` in the form again (to correct a logged game)."""
    players: dict[str, Any] = {"played_on": entry.played_on.isoformat()}
    outcome: dict[str, Any] = {"winner": entry.winner}
    rewards: dict[str, Any] = {
        "signed_on": entry.signed_on.isoformat() if entry.signed_on else "",
        "slogan": entry.slogan,
        "world_name": entry.world_name,
        "world_namer": entry.world_namer,
        "naming_rounds": "\n".join(
            ", ".join(f"{k}={v}" for k, v in r.items()) for r in entry.naming_rounds
        ),
    }
    for i, player in enumerate(entry.players):
        players.update(
            {
                # A guest not logged yet (an entry sent back for approval) keeps its name.
                f"p{i}_person": player.person or (GUEST if player.guest_name else ""),
                f"p{i}_guest": player.guest_name,
                f"p{i}_faction": player.faction,
                f"p{i}_start": player.start if player.knows("start") else NOT_RECORDED,
                f"p{i}_elim": player.eliminated_by,
            }
        )
        drafted = {
            content().draft_cards[c].kind: c for c in player.draft if c in content().draft_cards
        }
        players.update({f"p{i}_draft_{kind}": code for kind, code in drafted.items()})
        if player.troops_at_end:
            outcome[f"t_{player.faction}"] = "on"
        outcome[f"h_{player.faction}"] = (
            list(player.held) if player.knows("held") else [NOT_RECORDED]
        )
        if not player.knows("reward"):
            rewards[f"hr_{player.faction}_code"] = NOT_RECORDED
        if player.reward:
            rewards[f"hr_{player.faction}_code"] = player.reward.code
            rewards[f"hr_{player.faction}_target"] = player.reward.target
            rewards[f"hr_{player.faction}_name"] = player.reward.name
    during: dict[str, Any] = {}
    for i, scar in enumerate(entry.scars[:SCAR_ROWS]):
        target = f"faction:{scar.target}" if scar.on == "faction" else scar.target
        during.update(
            {f"s{i}_scar": scar.scar, f"s{i}_target": target, f"s{i}_by": scar.by_faction}
        )
    for i, wear in enumerate(entry.wear[:WEAR_ROWS]):
        during.update({f"w{i}_territory": wear.territory, f"w{i}_boxes": str(wear.boxes)})
    for incident in entry.incidents:
        if incident.incident == "missiles_on_one_roll":
            during.update({"missiles3": "on", "missiles3_by": incident.by_faction})
        elif incident.incident == "big_recruit_with_missile":
            during.update(
                {
                    "recruit30": "on",
                    "recruit30_by": incident.by_faction,
                    "recruit30_troops": str(incident.count),
                }
            )
        elif incident.incident == "missiles_used":
            during[f"m_{incident.by_faction}"] = str(incident.count)
    during.update(step_from_missions(tuple(m for m in entry.missions if not m.from_red_slot)))
    if entry.winner_reward:
        reward = entry.winner_reward
        target = f"continent:{reward.target}" if reward.code in {"R1", "R4"} else reward.target
        rewards.update(
            {
                "wr_code": reward.code,
                "wr_target": target,
                "wr_name": reward.name,
                "wr_delta": str(reward.delta) if reward.delta else "",
            }
        )
    packs = step_from_packs(
        entry.events,
        entry.hq_moves,
        {p.faction: p.comeback_power for p in entry.players if p.comeback_power},
    )
    packs.update(step_from_red_slots(entry.missions, entry.lead_mission))
    packs.update(step_from_pockets(entry))
    return {
        "players": players,
        "during": during,
        "outcome": outcome,
        "packs": packs,
        "rewards": rewards,
    }
