"""The typed entry of a game played on the physical board, as the guided form and the API
give it, and its JSON form (kept on each `GameLog`, so a correction re-reads it).

Entries stored before a field existed load with that field's default.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from rules.rewards import RewardChoice


@dataclass(frozen=True)
class PlayerEntry:
    """One faction in the game. The player is a person of the campaign (`person`, its key) or
    a guest named here (`guest_name`, who becomes a person). `held` lists the territories the
    player controlled when play stopped; a held-on player's `reward` must target one (END-6).
    `eliminated_by` is the faction that eliminated this one, when the group says.

    Once packs are open: `draft` holds the print codes of the four draft cards drafted at
    setup (rules additions B-D; every player's or nobody's) and `comeback_power` the power
    picked in this game (rules addition E).

    `not_recorded` names what the group does not remember ("start", "held", "reward"): it is
    left blank on purpose, shown as not recorded and never filled in for them; a correction
    may give it later. Only the winner is always needed (END-2)."""

    faction: str
    person: str = ""
    guest_name: str = ""
    start: str = ""
    troops_at_end: bool = True
    held: tuple[str, ...] = ()
    reward: RewardChoice | None = None
    draft: tuple[str, ...] = ()
    eliminated_by: str = ""
    comeback_power: str = ""
    not_recorded: tuple[str, ...] = ()

    def knows(self, what: str) -> bool:
        """False when the group said `what` ("start", "held", "reward") is not recorded."""
        return what not in self.not_recorded


@dataclass(frozen=True)
class ScarEntry:
    """A scar card played during the game, on a territory or a faction card, by the player of
    `by_faction` (blank when nobody in particular)."""

    scar: str
    on: str
    target: str
    by_faction: str = ""


@dataclass(frozen=True)
class WearEntry:
    """Fortification wear boxes marked during the game (X-9)."""

    territory: str
    boxes: int


@dataclass(frozen=True)
class IncidentEntry:
    """Something that happened mid-game (missiles on one roll, a big recruit while holding a
    missile, a mark placed, missiles used), by the player of `by_faction`."""

    incident: str
    by_faction: str = ""
    count: int = 0
    detail: str = ""


@dataclass(frozen=True)
class EventEntry:
    """An event card that fired (E-7): its print code, the option its chooser took (blank for
    a card without choices), the faction that chose, the territories the option went to (a
    city once per troop when troops are split) and the HQs it demolished; `mission` is the
    mission an option laid out face up (E-8), when the group noted it. `detail` says in words
    what it did (blank: built from the rest)."""

    card: str
    option: str = ""
    by_faction: str = ""
    targets: tuple[str, ...] = ()
    demolished: tuple[str, ...] = ()
    detail: str = ""
    mission: str = ""


@dataclass(frozen=True)
class MissionEntry:
    """A mission claimed during the game (E-8): its print code and the faction whose player
    claimed it. A mission that places something says what: the two `ends` of the new sea line
    it draws, or the `territory` and `name` of the World Capital it founds (what that covers is
    read from the world). `from_red_slot`: the faction completed the private mission in the
    red slot of its card (rules addition E124s) rather than the face-up one; whether a private
    mission claimed face up goes into the red slot is read from the world."""

    mission: str
    by_faction: str = ""
    ends: tuple[str, ...] = ()
    territory: str = ""
    name: str = ""
    from_red_slot: bool = False


@dataclass(frozen=True)
class HqMoveEntry:
    """An HQ moved during the game by a faction whose power allows it (the one exception to
    G-18), from `origin` into the neighbouring `target`."""

    faction: str
    origin: str
    target: str


@dataclass(frozen=True)
class NukeEntry:
    """The nuclear strike of the game that opened Pocket 1 (J162s): the territory the third
    missile's player chose, and that player's faction (it becomes the Bringer, J164s)."""

    territory: str
    by_faction: str = ""


@dataclass(frozen=True)
class IslandEntry:
    """Alien Island as it rose in the game that opened Pocket 2 (K180s-K182s): the two coastal
    territories its sea lines end in, and the faction whose player placed it (it becomes the
    Alien Collaborator)."""

    ends: tuple[str, ...]
    by_faction: str = ""


@dataclass(frozen=True)
class MissilePowerEntry:
    """A missile power (J167s) a faction took during the game, on gaining a Red Star token."""

    faction: str
    power: str


@dataclass(frozen=True)
class GameLogEntry:
    """One game as the group reports it. `players` are listed clockwise around the table,
    which gives the held-on reward order (END-6). `winner` is the winning faction's key.
    `events` are the event cards that fired (E-7), `hq_moves` the HQs a power moved,
    `missions` the missions claimed (E-8) and `lead_mission` the face-up mission the lead
    faction chose (rules addition E125s; who leads is read from the faction cards).
    Once the pockets are in the box: `nukes` and `islands` (at most one each, in the game its
    pocket opened), `missile_powers` taken, and `cards_named` when the players of this game
    wrote their names on the box bottom's cards (seat order)."""

    played_on: datetime.date
    players: tuple[PlayerEntry, ...]
    winner: str
    scars: tuple[ScarEntry, ...] = ()
    wear: tuple[WearEntry, ...] = ()
    incidents: tuple[IncidentEntry, ...] = ()
    events: tuple[EventEntry, ...] = ()
    hq_moves: tuple[HqMoveEntry, ...] = ()
    missions: tuple[MissionEntry, ...] = ()
    lead_mission: str = ""
    nukes: tuple[NukeEntry, ...] = ()
    islands: tuple[IslandEntry, ...] = ()
    missile_powers: tuple[MissilePowerEntry, ...] = ()
    cards_named: bool = False
    signed_on: datetime.date | None = None
    slogan: str = ""
    winner_reward: RewardChoice | None = None
    world_name: str = ""
    world_namer: str = ""
    naming_rounds: tuple[dict[str, int], ...] = ()

    def outcome(self, player: PlayerEntry) -> str:
        """END-2: the winner won; a faction with no troops on the board at the end is
        eliminated; everyone else held on."""
        if player.faction == self.winner:
            return "won"
        return "held_on" if player.troops_at_end else "eliminated"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["played_on"] = self.played_on.isoformat()
        data["signed_on"] = self.signed_on.isoformat() if self.signed_on else None
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameLogEntry:
        def reward(raw: Mapping[str, Any] | None) -> RewardChoice | None:
            return RewardChoice(**raw) if raw else None

        def day(raw: str | None) -> datetime.date | None:
            return datetime.date.fromisoformat(raw) if raw else None

        players = tuple(
            PlayerEntry(
                **{
                    **p,
                    "held": tuple(p.get("held", ())),
                    "reward": reward(p.get("reward")),
                    "draft": tuple(p.get("draft", ())),
                    "not_recorded": tuple(p.get("not_recorded", ())),
                }
            )
            for p in data["players"]
        )
        return cls(
            played_on=datetime.date.fromisoformat(data["played_on"]),
            players=players,
            winner=data["winner"],
            scars=tuple(ScarEntry(**s) for s in data.get("scars", ())),
            wear=tuple(WearEntry(**w) for w in data.get("wear", ())),
            incidents=tuple(IncidentEntry(**i) for i in data.get("incidents", ())),
            events=tuple(
                EventEntry(
                    **{
                        **e,
                        "targets": tuple(e.get("targets", ())),
                        "demolished": tuple(e.get("demolished", ())),
                    }
                )
                for e in data.get("events", ())
            ),
            hq_moves=tuple(HqMoveEntry(**m) for m in data.get("hq_moves", ())),
            missions=tuple(
                MissionEntry(**{**m, "ends": tuple(m.get("ends", ()))})
                for m in data.get("missions", ())
            ),
            lead_mission=data.get("lead_mission", ""),
            nukes=tuple(NukeEntry(**n) for n in data.get("nukes", ())),
            islands=tuple(
                IslandEntry(**{**i, "ends": tuple(i.get("ends", ()))})
                for i in data.get("islands", ())
            ),
            missile_powers=tuple(MissilePowerEntry(**m) for m in data.get("missile_powers", ())),
            cards_named=bool(data.get("cards_named", False)),
            signed_on=day(data.get("signed_on")),
            slogan=data.get("slogan", ""),
            winner_reward=reward(data.get("winner_reward")),
            world_name=data.get("world_name", ""),
            world_namer=data.get("world_namer", ""),
            naming_rounds=tuple(dict(r) for r in data.get("naming_rounds", ())),
        )
