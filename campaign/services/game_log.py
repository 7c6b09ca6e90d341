"""Logging a game played on the physical board, and correcting a logged game.

`GameLogEntry` is the typed entry shared by the guided form and the API. `game_log_plan` turns
an entry into the game's world events, checking every one against the world as it stands and
the supplies left, and naming the field each refusal belongs to. A pack whose condition the
game meets during play (U-3, U-5..U-7) opens among its events, before what it brings is
checked; `game_log` appends the events and claims those packs in one transaction (or refuses,
changing nothing), unless the owner accepts the refusals with a reason (an override, kept on
the log). `game_log_correct` appends an `EventsVoided` for the
game's events and the corrected entry's events, never editing what was appended before.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from django.db import transaction

from campaign.errors import ApplicationError, ConflictError, NotFoundError
from campaign.models import Campaign, EventSource, GameLog, Person, WorldEventRecord
from campaign.permissions import Action, campaign_check
from campaign.selectors.world import world_current, world_event_entries
from campaign.services.campaigns import person_create
from campaign.services.game_log_packs import (
    EventEntry,
    HqMoveEntry,
    eliminated_by_refusals,
    plan_comeback_powers,
    plan_draft,
    plan_events,
    plan_hq_moves,
)
from campaign.services.packs import pack_unlocks_claim
from campaign.services.world import world_event_append
from rules import box
from rules.data import board, content
from rules.errors import Violation
from rules.rewards import (
    RewardChoice,
    held_on_order,
    reward_event,
    reward_violations,
    rewards_given,
    winner_reward_options,
    world_namer_violations,
    world_naming_due,
)
from rules.unlocks import PackDue, packs_due
from rules.world import World
from rules.world_events import (
    EventsVoided,
    FortificationWorn,
    GameIncident,
    GameRecorded,
    PackOpened,
    ScarPlaced,
    VictorSigned,
    WorldEvent,
    WorldNamed,
    replay,
)

# --- the entry ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerEntry:
    """One faction in the game. The player is a person of the campaign (`person`, its key) or
    a guest named here (`guest_name`, who becomes a person). `held` lists the territories the
    player controlled when play stopped; a held-on player's `reward` must target one (END-6).
    `eliminated_by` is the faction that eliminated this one, when the group says.

    Once packs are open: `draft` holds the print codes of the four draft cards drafted at
    setup (rules additions B-D; every player's or nobody's) and `comeback_power` the power
    picked in this game (rules addition E)."""

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
class GameLogEntry:
    """One game as the group reports it. `players` are listed clockwise around the table,
    which gives the held-on reward order (END-6). `winner` is the winning faction's key.
    `events` are the event cards that fired (E-7) and `hq_moves` the HQs a power moved."""

    played_on: datetime.date
    players: tuple[PlayerEntry, ...]
    winner: str
    scars: tuple[ScarEntry, ...] = ()
    wear: tuple[WearEntry, ...] = ()
    incidents: tuple[IncidentEntry, ...] = ()
    events: tuple[EventEntry, ...] = ()
    hq_moves: tuple[HqMoveEntry, ...] = ()
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
            signed_on=day(data.get("signed_on")),
            slogan=data.get("slogan", ""),
            winner_reward=reward(data.get("winner_reward")),
            world_name=data.get("world_name", ""),
            world_namer=data.get("world_namer", ""),
            naming_rounds=tuple(dict(r) for r in data.get("naming_rounds", ())),
        )


# --- refusals ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """A violation and the entry field it belongs to (e.g. `players.1.start`). A `hard`
    refusal cannot be overridden: the entry would not make sense to the world at all."""

    field: str
    violation: Violation
    hard: bool = False


class GameLogRefused(ApplicationError):
    """The rules (or the world) refuse the entry; nothing was written."""

    def __init__(self, refusals: list[Refusal]) -> None:
        self.refusals = refusals
        overridable = all(not r.hard for r in refusals)
        message = "The rules refuse this game log: " + " ".join(str(r.violation) for r in refusals)
        if overridable:
            message += " The campaign's owner may accept it anyway by giving a reason."
        super().__init__(message, violations=[r.violation for r in refusals], code="refused")

    @property
    def overridable(self) -> bool:
        return all(not r.hard for r in self.refusals)

    def as_json(self) -> dict:
        return {
            "errors": [
                {
                    "field": r.field,
                    "code": r.violation.code,
                    "message": r.violation.message,
                    "rule": r.violation.rule,
                    "overridable": not r.hard,
                }
                for r in self.refusals
            ],
            "overridable": self.overridable,
        }


# Refusals that no override can accept: unknown things, or a log the world could not fold.
HARD_CODES = frozenset(
    {
        "unknown_territory",
        "unknown_continent",
        "unknown_faction",
        "unknown_scar",
        "unknown_person",
        "unknown_incident",
        "unknown_pack",
        "wrong_reward",
        "person_twice",
        "faction_twice",
        "one_winner",
        "game_number",
        "required",
        "bad_target",
        "bad_delta",
        "bad_count",
        "namer_required",
        "not_in_game",
    }
)


@dataclass
class GameLogPlan:
    """The events a game writes, in order, and every refusal found on the way. `openings`
    are the packs that opened during the game (their `PackOpened` is among the events); each
    one's `seq` is the index in `events` of the event that set it off."""

    game: int
    events: list[WorldEvent] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    world: World = field(default_factory=World)
    openings: list[PackDue] = field(default_factory=list)


# Packs whose condition can be met during a game open then (U-1): what they bring is in play
# for the rest of that game. The others open once the game is over, through the unlock task.
MID_GAME_TIMINGS = frozenset({"mid_game", "mid_or_end_of_game"})


class _Planner:
    def __init__(self, world: World, game: int, names: Mapping[str, str]) -> None:
        self.plan = GameLogPlan(game=game, world=world)
        self.names = names

    @property
    def world(self) -> World:
        return self.plan.world

    def refuse(self, where: str, violation: Violation, *, hard: bool = False) -> None:
        hard = hard or violation.code in HARD_CODES
        self.plan.refusals.append(Refusal(where, violation, hard))

    def add(self, where: str, event: WorldEvent, violations: list[Violation] | None = None) -> None:
        """Check `event` against the world so far, then fold it in. An event the world could
        not fold (say, wearing a fortification that is not there) is refused for good."""
        found = event.check(self.world) if violations is None else violations
        try:
            world = event.apply(self.world)
        except (KeyError, ValueError, TypeError):
            found = found or [Violation("cannot_apply", "This cannot be recorded.", "DESIGN")]
            for violation in found:
                self.refuse(where, violation, hard=True)
            return
        for violation in found:
            self.refuse(where, violation)
        before = self.world
        self.plan.world = world
        self.plan.events.append(event)
        self._open_due(before, event)

    def _open_due(self, before: World, event: WorldEvent) -> None:
        """Open, right after `event`, each mid-game pack whose condition it meets, so what the
        pack brings is checked against a box that holds it (the faction eliminated by this
        game picks its comeback power at once, C100)."""
        trigger = len(self.plan.events) - 1
        for due in packs_due([(trigger, event)], world=before, names=self.names):
            if content().packs[due.pack].timing not in MID_GAME_TIMINGS:
                continue
            opened = PackOpened(pack=due.pack, game=self.plan.game, reason=due.reason)
            self.plan.world = opened.apply(self.plan.world)
            self.plan.events.append(opened)
            self.plan.openings.append(due)


def _territory_name(key: str) -> str:
    territory = board().territories.get(key)
    return territory.name if territory else repr(key)


def _start_violations(world: World, person: str, start: str) -> list[Violation]:
    """S-7: unoccupied and unmarked, or a Major City this person founded."""
    if start not in board().territories:
        return [Violation("unknown_territory", f"There is no territory '{start}'.", "C-2")]
    city = world.cities.get(start)
    name = _territory_name(start)
    if city is not None:
        if city.kind == "major" and city.founder == person:
            return []
        if city.kind == "major":
            return [
                Violation(
                    "start_in_others_city",
                    f"{name} holds {city.name}, a Major City someone else founded; only its "
                    "founder may start there.",
                    "S-7",
                )
            ]
        return [
            Violation(
                "start_in_city",
                f"{name} holds the {city.kind} city {city.name}; nobody starts there.",
                "S-7",
            )
        ]
    if world.is_marked(start):
        return [
            Violation(
                "start_marked",
                f"{name} carries a scar (a mark); starting territories must be unmarked.",
                "S-7",
            )
        ]
    return []


def game_log_plan(
    *, world: World, entry: GameLogEntry, persons: Mapping[str, str], game: int | None = None
) -> GameLogPlan:
    """Turn `entry` into the game's world events, checking each against the world changed by
    the ones before it. `persons` maps person keys to display names; players' `person` must
    be one of them (guests are created before planning). Pure: reads, never writes."""
    game = world.next_game_number if game is None else game
    planner = _Planner(world, game, persons)
    refuse = planner.refuse
    factions = content().factions

    # Who played what (S-6, S-7, S-10, END-2).
    seen_factions: set[str] = set()
    seen_persons: set[str] = set()
    holders: dict[str, int] = {}
    for i, player in enumerate(entry.players):
        where = f"players.{i}"
        if player.faction not in factions:
            refuse(f"{where}.faction", Violation("unknown_faction", "Choose a faction.", "C-3"))
        elif player.faction in seen_factions:
            refuse(
                f"{where}.faction",
                Violation(
                    "faction_twice",
                    f"{factions[player.faction].name} is already taken; each faction is "
                    "played once.",
                    "S-6",
                ),
            )
        seen_factions.add(player.faction)
        if player.person not in persons:
            refuse(
                f"{where}.person",
                Violation("unknown_person", "Choose a member or name a guest.", "G-17"),
            )
        elif player.person in seen_persons:
            refuse(
                f"{where}.person",
                Violation(
                    "person_twice",
                    f"{persons[player.person]} already plays; each person plays one faction.",
                    "S-6",
                ),
            )
        seen_persons.add(player.person)
        if not player.start:
            refuse(f"{where}.start", Violation("required", "Give the starting territory.", "S-7"))
        else:
            for violation in _start_violations(world, player.person, player.start):
                refuse(f"{where}.start", violation)
        for key in player.held:
            if key not in board().territories:
                refuse(
                    f"{where}.held",
                    Violation("unknown_territory", f"There is no territory '{key}'.", "C-2"),
                )
            elif key in holders:
                refuse(
                    f"{where}.held",
                    Violation(
                        "held_twice",
                        f"{_territory_name(key)} is listed for two players; one player "
                        "controls a territory.",
                        "G-6",
                    ),
                )
            holders.setdefault(key, i)
        if player.held and not player.troops_at_end:
            refuse(
                f"{where}.held",
                Violation(
                    "held_without_troops",
                    "A player with no troops on the board at the end holds no territory.",
                    "G-6",
                ),
            )
    starts = [p.start for p in entry.players if p.start]
    for i, player in enumerate(entry.players):
        if not player.start or player.start not in board().territories:
            continue
        if starts.count(player.start) > 1 and starts.index(player.start) < i:
            refuse(
                f"players.{i}.start",
                Violation(
                    "start_twice",
                    f"{_territory_name(player.start)} is already another faction's start.",
                    "S-7",
                ),
            )
            continue
        near = [
            other.start
            for other in entry.players[:i]
            if other.start in board().territories and board().adjacent(player.start, other.start)
        ]
        if near:
            refuse(
                f"players.{i}.start",
                Violation(
                    "hq_adjacent",
                    f"{_territory_name(player.start)} borders {_territory_name(near[0])}, "
                    "another faction's HQ; HQs may not be placed next to each other at setup.",
                    "S-7.1",
                ),
            )
    if entry.winner not in {p.faction for p in entry.players}:
        refuse(
            "winner", Violation("one_winner", "The winner must be one of the factions.", "END-2")
        )
    winner = next((p for p in entry.players if p.faction == entry.winner), None)
    if winner is not None and not winner.troops_at_end:
        refuse(
            "winner",
            Violation(
                "winner_without_troops",
                "The winner had troops on the board at the end.",
                "END-2",
            ),
        )
    for where, violation in eliminated_by_refusals(entry):
        refuse(where, violation, hard=True)

    if any(r.hard for r in planner.plan.refusals):
        # Who played what is unclear; checking the rest would only add noise.
        return planner.plan

    players = tuple(
        {
            "person": p.person,
            "faction": p.faction,
            "start": p.start,
            "outcome": entry.outcome(p),
            **({"eliminated_by": p.eliminated_by} if p.eliminated_by else {}),
        }
        for p in entry.players
    )
    planner.add("players", GameRecorded(game=game, played_on=str(entry.played_on), players=players))
    by_faction = {p.faction: p.person for p in entry.players}
    starts = {p.start: p.faction for p in entry.players}
    # What packs bring: the draft was made at setup, so it is checked against the world
    # before the game; the rest against the box once a pack opened by this game is in it.
    plan_draft(planner, entry, world, game)
    plan_comeback_powers(planner, entry, by_faction, game)

    def actor(where: str, faction: str) -> str | None:
        if not faction:
            return None
        if faction not in by_faction:
            refuse(
                where,
                Violation("not_in_game", "Choose a faction that played this game.", "S-10"),
            )
            return None
        return by_faction[faction]

    # What happened during the game (G-4, X-9, U-5..U-7).
    for i, scar in enumerate(entry.scars):
        where = f"scars.{i}"
        person = actor(f"{where}.by_faction", scar.by_faction)
        if scar.on not in ("territory", "faction"):
            refuse(
                f"{where}.on",
                Violation("bad_target", "A scar goes on a territory or a faction card.", "G-4"),
            )
            continue
        if scar.scar not in box.scar_types(planner.world):
            refuse(
                f"{where}.scar",
                Violation("unknown_scar", "There is no such scar card in this campaign.", "G-4"),
            )
            continue
        planner.add(
            where,
            ScarPlaced(target=scar.target, on=scar.on, scar=scar.scar, person=person, game=game),
        )
    plan_events(
        planner,
        entry,
        by_faction,
        {**starts, **{m.target: m.faction for m in entry.hq_moves}},
        game,
    )
    plan_hq_moves(planner, entry, by_faction, starts, game)
    for i, wear in enumerate(entry.wear):
        planner.add(
            f"wear.{i}", FortificationWorn(territory=wear.territory, boxes=wear.boxes, game=game)
        )
    for i, incident in enumerate(entry.incidents):
        where = f"incidents.{i}"
        if incident.incident == "hq_moved":
            refuse(
                f"{where}.incident",
                Violation(
                    "hq_move_as_incident",
                    "Record an HQ that moved under the HQ moves, where what allows it is checked.",
                    "G-18",
                ),
                hard=True,
            )
            continue
        person = actor(f"{where}.by_faction", incident.by_faction)
        planner.add(
            where,
            GameIncident(
                game=game,
                incident=incident.incident,
                person=person,
                count=incident.count,
                detail=incident.detail,
            ),
        )

    # The end of the game (END-4 to END-9).
    winner_person = by_faction[entry.winner]
    if rewards_given(game):
        planner.add(
            "signature",
            VictorSigned(
                person=winner_person,
                game=game,
                date=str(entry.signed_on or entry.played_on),
                slogan=entry.slogan.strip(),
            ),
        )
        if entry.winner_reward is not None:
            _reward(planner, "winner_reward", entry.winner_reward, winner_person, game, True, ())
        elif winner_reward_options(planner.world):
            refuse(
                "winner_reward",
                Violation("reward_required", "The winner takes one reward (DIFF-4).", "END-5"),
            )
        outcomes = {p.faction: entry.outcome(p) for p in entry.players}
        order = held_on_order([p.faction for p in entry.players], outcomes)
        index = {p.faction: i for i, p in enumerate(entry.players)}
        for faction in order:
            i = index[faction]
            player = entry.players[i]
            if player.reward is not None:
                _reward(
                    planner,
                    f"players.{i}.reward",
                    player.reward,
                    player.person,
                    game,
                    False,
                    player.held,
                )
        for i, player in enumerate(entry.players):
            if player.reward is not None and entry.outcome(player) != "held_on":
                refuse(
                    f"players.{i}.reward",
                    Violation(
                        "reward_not_held_on",
                        "Only held-on players take a held-on reward; the winner takes the "
                        "winner's reward and eliminated players get nothing.",
                        "END-6",
                    ),
                )
    else:
        given = [("winner_reward", entry.winner_reward)] + [
            (f"players.{i}.reward", p.reward) for i, p in enumerate(entry.players)
        ]
        for where, choice in given:
            if choice is not None:
                refuse(
                    where,
                    Violation("no_rewards", "After game 15 nobody takes rewards.", "END-9"),
                )
        if entry.slogan.strip():
            refuse(
                "slogan",
                Violation("no_signature", "After game 15 no one signs the board.", "END-9"),
            )

    # Naming the world (END-8).
    if world_naming_due(planner.world):
        if not entry.world_name.strip():
            refuse(
                "world_name",
                Violation(
                    "world_name_required",
                    "Game 15 is over: the most frequent signer names the world now.",
                    "END-8",
                ),
            )
        else:
            violations = world_namer_violations(
                planner.world, entry.world_namer or None, rounds=entry.naming_rounds
            )
            for violation in violations:
                refuse("world_namer", violation)
            planner.add(
                "world_name",
                WorldNamed(name=entry.world_name, person=entry.world_namer),
            )
    elif entry.world_name.strip():
        refuse(
            "world_name",
            Violation(
                "world_not_due",
                "The world is named once, at the end of game 15."
                if not planner.world.world_name
                else f"The world is already named {planner.world.world_name}.",
                "END-8",
            ),
        )
    return planner.plan


def _reward(
    planner: _Planner,
    where: str,
    choice: RewardChoice,
    person: str,
    game: int,
    winner: bool,
    held: tuple[str, ...],
) -> None:
    violations = reward_violations(planner.world, choice, winner=winner, held=held)
    if any(v.code == "wrong_reward" for v in violations):
        for violation in violations:
            planner.refuse(where, violation)
        return
    event = reward_event(choice, person=person, game=game)
    planner.add(where, event, violations or event.check(planner.world))


# --- the use cases -------------------------------------------------------------------------------


def _persons_with_guests(campaign: Campaign, entry: GameLogEntry) -> GameLogEntry:
    """Create a person for each guest named in the entry and refer to them by key."""
    players = []
    for i, player in enumerate(entry.players):
        if not player.person and player.guest_name.strip():
            name = player.guest_name.strip()
            existing = Person.objects.filter(
                campaign=campaign, display_name__iexact=name, user=None
            ).first()
            person = existing or person_create(campaign=campaign, display_name=name)
            player = PlayerEntry(**{**player.__dict__, "person": person.key, "guest_name": ""})
        elif not player.person:
            raise GameLogRefused(
                [
                    Refusal(
                        f"players.{i}.person",
                        Violation("required", "Choose a member or name a guest.", "G-17"),
                        hard=True,
                    )
                ]
            )
        players.append(player)
    return GameLogEntry(**{**entry.__dict__, "players": tuple(players)})


def game_plan_append(
    *,
    campaign: Campaign,
    plan: GameLogPlan,
    user,
    source: str,
    override_reason: str | None = None,
) -> list[WorldEventRecord]:
    """Append a planned game's events and claim the packs it opened during play, in the
    caller's transaction (a logged game and a finished digital game alike)."""
    records = world_event_append(
        campaign=campaign,
        events=plan.events,
        user=user,
        source=source,
        game_number=plan.game,
        override_reason=override_reason,
    )
    _claim_openings(campaign, plan, records)
    return records


def _claim_openings(campaign: Campaign, plan: GameLogPlan, records: list[WorldEventRecord]) -> None:
    """`records` are the plan's events as appended, in order."""
    pack_unlocks_claim(
        campaign=campaign,
        openings=[replace(due, seq=records[due.seq].seq) for due in plan.openings],
    )


def _commit(
    *,
    campaign: Campaign,
    user,
    plan: GameLogPlan,
    entry: GameLogEntry,
    override_reason: str | None,
) -> GameLog:
    override_reason = (override_reason or "").strip()
    if plan.refusals:
        if not override_reason or not all(not r.hard for r in plan.refusals):
            raise GameLogRefused(plan.refusals)
        campaign_check(campaign=campaign, user=user, action=Action.MANAGE)
    records = game_plan_append(
        campaign=campaign,
        plan=plan,
        user=user,
        source=EventSource.LOG,
        override_reason=override_reason if plan.refusals else None,
    )
    return _log_row(
        campaign=campaign,
        user=user,
        game=plan.game,
        entry=entry,
        first_seq=records[0].seq,
        last_seq=records[-1].seq,
        refusals=plan.refusals,
        override_reason=override_reason,
        corrects=None,
        correction_reason="",
    )


def _log_row(
    *,
    campaign: Campaign,
    user,
    game: int,
    entry: GameLogEntry,
    first_seq: int,
    last_seq: int,
    refusals: list[Refusal],
    override_reason: str,
    corrects: GameLog | None,
    correction_reason: str,
) -> GameLog:
    return GameLog.objects.create(
        campaign=campaign,
        game_number=game,
        entry=entry.to_json(),
        first_seq=first_seq,
        last_seq=last_seq,
        override_reason=override_reason if refusals else "",
        overridden=[
            {
                "field": r.field,
                "code": r.violation.code,
                "message": r.violation.message,
                "rule": r.violation.rule,
            }
            for r in refusals
        ],
        corrects=corrects,
        correction_reason=correction_reason,
        logged_by=user if user is not None and user.is_authenticated else None,
    )


def game_log(
    *, campaign: Campaign, user, entry: GameLogEntry, override_reason: str | None = None
) -> GameLog:
    """Log the next game of `campaign`: all its world events in one transaction, or none.

    Raises `GameLogRefused` listing each refusal with its field and rule. An owner may accept
    refusals that are not hard by giving `override_reason`, which the log keeps."""
    campaign_check(campaign=campaign, user=user, action=Action.PLAY)
    with transaction.atomic():
        # Lock the campaign: two people logging the same game night at once would otherwise
        # both check against the same world and both become game N.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        entry = _persons_with_guests(campaign, entry)
        persons = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
        plan = game_log_plan(world=world_current(campaign=campaign), entry=entry, persons=persons)
        return _commit(
            campaign=campaign,
            user=user,
            plan=plan,
            entry=entry,
            override_reason=override_reason,
        )


def game_log_latest(*, campaign: Campaign, game_number: int) -> GameLog | None:
    """The log that currently stands for game `game_number` (the last correction, if any)."""
    return (
        GameLog.objects.filter(campaign=campaign, game_number=game_number, corrections=None)
        .order_by("-created_at", "-pk")
        .first()
    )


@dataclass(frozen=True)
class CorrectionScope:
    """What correcting game N touches: the standing logs of games N..latest (re-recorded in
    order after N's replacement), the seqs voided, the pack openings carried after their games
    (a pack once opened stays open; one a re-recorded game opens again during play stays
    where that game opens it), and the world just before game N."""

    logs: tuple[GameLog, ...]
    voided: tuple[int, ...]
    carried: tuple[tuple[int, PackOpened], ...]
    world_before: World


def game_log_correction_scope(*, campaign: Campaign, game_number: int) -> CorrectionScope:
    """Raises NotFoundError when game N was not logged by hand, ConflictError when a later
    game was not either (a digital game's events cannot be re-recorded from an entry)."""
    original = game_log_latest(campaign=campaign, game_number=game_number)
    if original is None:
        raise NotFoundError(
            f"Game {game_number} was not logged by hand here.", code="not_found", rule="S-1"
        )
    latest = world_current(campaign=campaign).games_played
    logs = [original]
    for number in range(game_number + 1, latest + 1):
        log = game_log_latest(campaign=campaign, game_number=number)
        if log is None:
            raise ConflictError(
                f"Game {number} was not logged by hand, so game {game_number} cannot be "
                "corrected here: the games after it would have to be re-recorded.",
                code="later_game_not_logged",
                rule="DESIGN",
            )
        logs.append(log)
    own = {seq for log in logs for seq in range(log.first_seq, log.last_seq + 1)}
    entries = world_event_entries(campaign=campaign)
    gone = {seq for _, event in entries if isinstance(event, EventsVoided) for seq in event.seqs}
    carried: list[tuple[int, PackOpened]] = []
    for seq, event in entries:
        if seq < original.first_seq or seq in gone or isinstance(event, EventsVoided):
            continue
        if isinstance(event, PackOpened):
            carried.append((seq, event))
            continue
        if seq in own:
            continue
        raise ConflictError(
            f"Entry {seq} ({event.kind.replace('_', ' ')}) came after game {game_number} "
            "outside any logged game, so it cannot be corrected here.",
            code="foreign_event",
            rule="DESIGN",
        )
    voided = own | {seq for seq, _ in carried}
    world_before = replay([(s, e) for s, e in entries if s not in voided])
    return CorrectionScope(
        logs=tuple(logs),
        voided=tuple(sorted(voided)),
        carried=tuple(carried),
        world_before=world_before,
    )


def game_log_correct(
    *,
    campaign: Campaign,
    user,
    game_number: int,
    entry: GameLogEntry,
    reason: str,
    override_reason: str | None = None,
) -> GameLog:
    """Correct logged game N (owners only), appending, never editing: one `EventsVoided` for
    the events of games N..latest and the pack openings after N, then game N's corrected
    events and each later game's events re-checked against the corrected world, each pack
    opening carried after its game. One transaction; refusals of later games are named
    "Game K: ..." and may be overridden by the owner like any other."""
    campaign_check(campaign=campaign, user=user, action=Action.MANAGE)
    reason = reason.strip()
    if not reason:
        raise GameLogRefused(
            [
                Refusal(
                    "reason",
                    Violation("reason_required", "Say why the game is corrected.", "DESIGN"),
                    hard=True,
                )
            ]
        )
    with transaction.atomic():
        # Same lock as game_log: a correction and a new log must not interleave.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        scope = game_log_correction_scope(campaign=campaign, game_number=game_number)
        entry = _persons_with_guests(campaign, entry)
        persons = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
        world = scope.world_before
        refusals: list[Refusal] = []
        segments: list[tuple[GameLog, GameLogEntry, GameLogPlan, list[PackOpened], list[Refusal]]]
        segments = []
        for log in scope.logs:
            number = log.game_number
            this = entry if number == game_number else GameLogEntry.from_json(log.entry)
            plan = game_log_plan(world=world, entry=this, persons=persons, game=number)
            own = plan.refusals
            if number != game_number:
                own = [
                    Refusal(
                        f"games.{number}.{r.field}",
                        Violation(
                            r.violation.code,
                            f"Game {number}: {r.violation.message}",
                            r.violation.rule,
                        ),
                        r.hard,
                    )
                    for r in own
                ]
            refusals.extend(own)
            # A pack goes back after the game that opened it (earlier or unknown: after N),
            # unless the re-recorded game opened it again during play.
            world = plan.world
            packs: list[PackOpened] = []
            for _, pack in scope.carried:
                if max(pack.game or game_number, game_number) != number:
                    continue
                if pack.pack not in world.packs_opened:
                    world = pack.apply(world)
                    packs.append(pack)
            segments.append((log, this, plan, packs, own))
        override_reason = (override_reason or "").strip()
        if refusals and (not override_reason or any(r.hard for r in refusals)):
            raise GameLogRefused(refusals)
        records = world_event_append(
            campaign=campaign,
            events=[
                EventsVoided(
                    seqs=scope.voided, reason=f"Correction of game {game_number}: {reason}"
                ),
                *[e for _, _, plan, packs, _ in segments for e in (*plan.events, *packs)],
            ],
            user=user,
            source=EventSource.LOG,
            override_reason=override_reason if refusals else None,
        )
        position = 1
        corrected: GameLog | None = None
        for log, this, plan, packs, own in segments:
            game_records = records[position : position + len(plan.events)]
            _claim_openings(campaign, plan, game_records)
            first, last = game_records[0], game_records[-1]
            position += len(plan.events) + len(packs)
            row = _log_row(
                campaign=campaign,
                user=user,
                game=log.game_number,
                entry=this,
                first_seq=first.seq,
                last_seq=last.seq,
                refusals=own,
                override_reason=override_reason,
                corrects=log,
                correction_reason=reason
                if log.game_number == game_number
                else f"Re-recorded after the correction of game {game_number}: {reason}",
            )
            corrected = corrected or row
        assert corrected is not None
        return corrected
