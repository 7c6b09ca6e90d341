"""A campaign's games as its history tells them: who played what and how it went, and what each
game changed, with the corrections, overrides and voided entries that touched it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from campaign.dates import local_date
from campaign.models import Campaign, EventSource, GameLog, WorldEventRecord
from campaign.selectors.campaigns import person_names
from campaign.selectors.history.describe import (
    NOT_RECORDED,
    OUTCOME_LABELS,
    describe,
    faction_name,
    territory_name,
)
from campaign.selectors.mission_history import is_mission_event
from campaign.selectors.pack_history import draft_lines
from campaign.selectors.pocket_history import pocket_event_text
from campaign.selectors.world import WorldLogEntry, world_current, world_log_picked
from rules.data import content
from rules.rewards import REWARD_NAMES
from rules.world import City, World
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    EventsVoided,
    FortificationWorn,
    GameIncident,
    GameRecorded,
    PackOpened,
    ScarCancelled,
    ScarPlaced,
    VictorSigned,
    WorldEvent,
    WorldNamed,
)
from rules.world_events.pack_cards import ComebackPowerChosen, DraftRecorded, EventResolved
from rules.world_events.pockets import NuclearStrike

REWARD_EVENTS: dict[type[WorldEvent], str] = {
    ContinentNamed: "R1",
    ScarCancelled: "R3",
    ContinentBonusChanged: "R4",
    CityFortified: "R5",
    CardDestroyed: "R6",
    CardUpgraded: "H2",
}


@dataclass
class PlayerRow:
    person: str
    name: str
    faction: str
    faction_name: str
    colour: str
    start: str
    start_name: str
    outcome: str
    outcome_label: str
    eliminated_by: str = ""  # the faction that eliminated this one, when the log says
    not_recorded: tuple[str, ...] = ()  # gaps the log left ("held", "reward")


@dataclass
class GameSummary:
    number: int
    played_on: str = ""
    source: str = ""
    players: list[PlayerRow] = field(default_factory=list)
    signature: str = ""
    rewards: list[str] = field(default_factory=list)
    scars: list[str] = field(default_factory=list)
    incidents: list[str] = field(default_factory=list)
    packs: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    overrides: list[dict[str, Any]] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    voided: list[str] = field(default_factory=list)
    world_name: str = ""
    draft: list[str] = field(default_factory=list)  # who drafted what (rules additions B-D)
    events: list[str] = field(default_factory=list)  # event cards drawn and what they placed
    comebacks: list[str] = field(default_factory=list)  # comeback powers taken in this game
    missions: list[str] = field(default_factory=list)  # missions claimed and what they placed
    # S-10: the factions of the box nobody took this game (an X on their card's back)
    sat_out: list[str] = field(default_factory=list)
    by_hand: bool = False  # logged by hand: an eliminator left out was not recorded

    @property
    def winner(self) -> PlayerRow | None:
        return next((p for p in self.players if p.outcome == "won"), None)


def player_rows(event: GameRecorded, names: Mapping[str, str]) -> list[PlayerRow]:
    rows = []
    for p in event.players:
        faction = content().factions.get(p["faction"])
        rows.append(
            PlayerRow(
                person=p["person"],
                name=names.get(p["person"], p["person"]),
                faction=p["faction"],
                faction_name=faction.name if faction else p["faction"],
                colour=faction.colour if faction else "#999",
                start=p["start"] or "",
                start_name=territory_name(p["start"]) if p["start"] else _(NOT_RECORDED),
                outcome=p["outcome"],
                outcome_label=str(OUTCOME_LABELS.get(p["outcome"], p["outcome"])),
                eliminated_by=faction_name(p.get("eliminated_by")),
                not_recorded=tuple(p.get("not_recorded", ())),
            )
        )
    return rows


def history_game_numbers(*, campaign: Campaign) -> list[int]:
    """The numbers of the games the log has entries for, oldest first."""
    return list(
        WorldEventRecord.objects.filter(campaign=campaign, game_number__isnull=False)
        .order_by("game_number")
        .values_list("game_number", flat=True)
        .distinct()
    )


def history_games(
    *,
    campaign: Campaign,
    numbers: Collection[int] | None = None,
    show_accounts: bool = False,
    names: Mapping[str, str] | None = None,
    world: World | None = None,
) -> list[GameSummary]:
    """Every game (or the games `numbers`), oldest first, with what it changed; voided entries
    and the corrections and overrides that touched the game are listed with their reasons, and
    with the user name of who logged them when `show_accounts` (members: who plays is not for
    other readers). Only those games' entries are read (and the cities founded, which a later
    mark may cover), with the corrections that voided them. `names` and `world` (the world
    now, or as of the latest of `numbers`: its faction cards hold these games' rows), when the
    caller has them."""
    names = person_names(campaign=campaign) if names is None else names
    records = WorldEventRecord.objects.filter(campaign=campaign).select_related("created_by")
    if numbers is not None:
        records = records.filter(Q(game_number__in=numbers) | Q(kind=CityFounded.kind))
    log = world_log_picked(campaign=campaign, records=records)
    games: dict[int, GameSummary] = {}
    drawn: dict[int, bool] = {}  # whether the game's previous event was an event card's
    founded: dict[str, City] = {}  # the city standing in each territory, for what gets covered
    # An HQ the nuke demolished (J163) is told right under the nuke, whichever came first.
    nukes: dict[tuple[int, str], str] = {}  # (game, territory) -> the nuke's line
    nuked = {
        (e.record.game_number, e.event.territory)
        for e in log
        if isinstance(e.event, NuclearStrike) and e.voided_by is None
    }
    under_nuke: dict[tuple[int, str], list[str]] = defaultdict(list)
    for entry in log:
        number = entry.record.game_number
        if isinstance(entry.event, CityFounded) and entry.voided_by is None:
            founded[entry.event.territory] = founded_city(entry.event)
        if not number or (numbers is not None and number not in numbers):
            continue
        game = games.setdefault(number, GameSummary(number=number))
        event = entry.event
        if isinstance(event, EventsVoided):
            continue
        if entry.voided_by is not None:
            if isinstance(event, GameRecorded):
                game.voided.append(_players_text(event.played_on, player_rows(event, names)))
            else:
                game.voided.append(describe(event, names))
            continue
        # What an event card placed follows its `EventResolved` (a fortification, HQs
        # demolished); a fortification anywhere else is a reward.
        placed = isinstance(event, GameIncident) and event.incident == "hq_demolished"
        if placed and (number, event.detail) in nuked:
            under_nuke[number, event.detail].append(describe(event, names))
            continue
        placed = placed or (isinstance(event, CityFortified) and drawn.get(number, False))
        drawn[number] = isinstance(event, EventResolved) or (placed and drawn.get(number, False))
        if isinstance(event, GameRecorded):
            game.played_on = event.played_on
            game.players = player_rows(event, names)
            game.source = entry.record.get_source_display()
            game.by_hand = entry.record.source == EventSource.LOG
        elif isinstance(event, VictorSigned):
            game.signature = describe(event, names)
        elif isinstance(event, ScarPlaced):
            game.scars.append(describe(event, names))
        elif isinstance(event, DraftRecorded):
            game.draft.extend(draft_lines(event, names))
        elif isinstance(event, EventResolved) or placed:
            game.events.append(describe(event, names))
        elif isinstance(event, ComebackPowerChosen):
            game.comebacks.append(describe(event, names))
        elif is_mission_event(event):
            game.missions.append(describe(event, names, founded))
        elif isinstance(event, PackOpened):
            game.packs.append(describe(event, names))
        elif isinstance(event, GameIncident | FortificationWorn):
            game.incidents.append(describe(event, names))
        elif (pocketed := pocket_event_text(event, names, founded)) is not None:
            game.incidents.append(pocketed)  # what a pocket did during the game
            if isinstance(event, NuclearStrike):
                nukes[number, event.territory] = pocketed
        elif isinstance(event, WorldNamed):
            game.world_name = describe(event, names)
        elif isinstance(event, (CityFounded, *REWARD_EVENTS)):
            code = "R2" if isinstance(event, CityFounded) and event.city == "major" else None
            code = code or ("H1" if isinstance(event, CityFounded) else REWARD_EVENTS[type(event)])
            game.rewards.append(f"{_(REWARD_NAMES[code])}: {describe(event, names)}")
        else:
            game.other.append(describe(event, names, founded))
    rows = GameLog.objects.filter(campaign=campaign).select_related("logged_by").order_by("pk")
    if numbers is not None:
        # The logs of these games, and any whose entries hold one of theirs (a carried entry).
        seqs = [e.seq for e in log if e.record.game_number in games]
        rows = rows.filter(
            Q(game_number__in=numbers)
            | Q(first_seq__lte=max(seqs, default=0), last_seq__gte=min(seqs, default=0))
        )
    rows = list(rows)
    for log_row in rows:
        game = games.get(log_row.game_number)
        if game is None:
            continue
        by = None
        if show_accounts:
            by = log_row.logged_by.get_username() if log_row.logged_by else _("someone")
        # A correction that accepts the same refusals for the same reason repeats nothing new.
        if log_row.override_reason and not any(
            o["reason"] == log_row.override_reason and o["refusals"] == log_row.overridden
            for o in game.overrides
        ):
            game.overrides.append(
                {"reason": log_row.override_reason, "refusals": log_row.overridden, "by": by}
            )
        if log_row.corrects_id:
            game.corrections.append(
                {"reason": log_row.correction_reason, "by": by, "at": log_row.created_at}
            )
    for (number, territory), lines in under_nuke.items():
        incidents = games[number].incidents
        at = incidents.index(nukes[number, territory]) + 1
        incidents[at:at] = lines
    _overrides_outside_logs(games, log, rows, show_accounts)
    world = world_current(campaign=campaign) if world is None else world
    for record in world.faction_records:
        if record.outcome is None and record.game in games:
            games[record.game].sat_out.append(faction_name(record.faction))
    for game in games.values():
        # A re-recorded game voids events that come back unchanged: show only what changed.
        shown = {
            *game.rewards,
            *game.scars,
            *game.incidents,
            *game.packs,
            *game.other,
            *game.events,
            *game.comebacks,
            *game.missions,
            _("The draft: %(picks)s") % {"picks": "; ".join(game.draft)},
            game.signature,
            game.world_name,
            _players_text(game.played_on, game.players),
        }
        game.voided = [v for v in game.voided if v not in shown and not _same_reward(v, shown)]
    return [games[n] for n in sorted(games)]


def _overrides_outside_logs(
    games: dict[int, GameSummary],
    log: list[WorldLogEntry],
    rows: list[GameLog],
    show_accounts: bool,
) -> None:
    """An owner's override recorded outside any logged game (a pack opened by hand between
    games) is listed with the game whose world it changed, once per reason (a correction's
    carried entries repeat the reason its log already shows)."""
    logged = [(row.first_seq, row.last_seq) for row in rows]
    for entry in log:
        record = entry.record
        game = games.get(record.game_number or 0)
        if game is None or not record.override_reason or entry.voided_by is not None:
            continue
        if any(first <= record.seq <= last for first, last in logged):
            continue
        if any(o["reason"] == record.override_reason for o in game.overrides):
            continue
        by = None
        if show_accounts:
            by = record.created_by.get_username() if record.created_by else _("someone")
        game.overrides.append({"reason": record.override_reason, "refusals": [], "by": by})


def founded_city(event: CityFounded) -> City:
    """The city an event founded, as the world keeps it (to name it once it is covered)."""
    return City(event.territory, event.city, event.name, event.person, event.game)  # type: ignore[arg-type]


def _players_text(played_on: str, players: list[PlayerRow]) -> str:
    def row(p: PlayerRow) -> str:
        words = {
            "name": p.name,
            "faction": p.faction_name,
            "start": p.start_name,
            "outcome": p.outcome_label.lower(),
            "by": p.eliminated_by,
        }
        if p.eliminated_by:
            return _("%(name)s (%(faction)s, from %(start)s, %(outcome)s by %(by)s)") % words
        return _("%(name)s (%(faction)s, from %(start)s, %(outcome)s)") % words

    rows = "; ".join(row(p) for p in players)
    return _("Played %(date)s: %(players)s") % {"date": local_date(played_on), "players": rows}


def _same_reward(text: str, shown: set[str]) -> bool:
    """Rewards are shown as "<reward name>: <what>"; the voided line is "<what>"."""
    return any(line.endswith(f": {text}") for line in shown)
