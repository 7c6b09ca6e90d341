"""Reading a campaign's history: games and what each changed, the world's records as of any
game, each territory's and faction card's story, pack status and statistics."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext, pgettext_lazy

from campaign.dates import local_date
from campaign.models import (
    Campaign,
    EventMention,
    EventSource,
    GameLog,
    PackUnlock,
    WorldEventRecord,
)
from campaign.selectors.campaigns import person_names
from campaign.selectors.mission_history import CITY_KINDS, is_mission_event, mission_event_text
from campaign.selectors.pack_history import (
    draft_lines,
    game_recorded_text,
    pack_event_text,
)
from campaign.selectors.packs import packs_due_now
from campaign.selectors.pocket_history import pocket_event_text
from campaign.selectors.record_gaps import missing_rewards, pack_progress_uncertain, record_gaps
from campaign.selectors.world import (
    WorldLogEntry,
    world_as_of,
    world_current,
    world_log_picked,
)
from campaign.wording import worded
from rules import box
from rules.card_world_events import ComebackPowerChosen, DraftRecorded, EventResolved
from rules.data import board, content
from rules.pocket_world_events import NuclearStrike
from rules.rewards import REWARD_NAMES
from rules.unlocks import is_optional, packs_progress
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

SUPPLY_NAMES = {
    "minor_city": gettext_lazy("Minor City marks"),
    "major_city": gettext_lazy("Major City marks"),
    "world_capital": gettext_lazy("World Capital"),
    "scar_cancel": gettext_lazy("Scar-cancel stickers"),
    "continent_mark_plus": gettext_lazy("+1 continent mark"),
    "continent_mark_minus": gettext_lazy("-1 continent mark"),
    "fortification": gettext_lazy("Fortification marks"),
}
OUTCOME_LABELS = {
    "won": pgettext_lazy("outcome", "Won"),
    "held_on": pgettext_lazy("outcome", "Held on"),
    "eliminated": pgettext_lazy("outcome", "Eliminated"),
}
REWARD_EVENTS: dict[type[WorldEvent], str] = {
    ContinentNamed: "R1",
    ScarCancelled: "R3",
    ContinentBonusChanged: "R4",
    CityFortified: "R5",
    CardDestroyed: "R6",
    CardUpgraded: "H2",
}


NOT_RECORDED = gettext_noop(
    "not recorded"
)  # what the log left blank on purpose; never a guessed value


def _territory(key: str | None) -> str:
    if not key:
        return ""
    return board().territory(key).name if board().knows(key) else key


def _faction(key: str | None) -> str:
    faction = content().factions.get(key or "")
    return faction.name if faction else (key or "")


def _continent(key: str) -> str:
    continent = board().continents.get(key)
    return continent.name if continent else key


def describe(
    event: WorldEvent, names: Mapping[str, str], covered: Mapping[str, City] | None = None
) -> str:
    """One line a person reads in the history, with people's display names; `covered` maps a
    territory to the city that stood there before a later mark covered it."""

    def who(key: str | None) -> str:
        return names.get(key, key) if key else _("someone")

    packed = pack_event_text(event, names)
    if packed is not None:
        return packed
    missioned = mission_event_text(event, names, covered)
    if missioned is not None:
        return missioned
    pocketed = pocket_event_text(event, names, covered)
    if pocketed is not None:
        return pocketed
    match event:
        case ContinentNamed():
            return _("%(who)s named %(continent)s “%(name)s”") % {
                "who": who(event.person),
                "continent": _continent(event.continent),
                "name": event.name,
            }
        case CityFounded():
            return _("%(who)s founded the %(kind)s city %(name)s in %(territory)s") % {
                "who": who(event.person),
                "kind": CITY_KINDS.get(event.city, event.city),
                "name": event.name,
                "territory": _territory(event.territory),
            }
        case ScarPlaced():
            scar = (
                content().scar_types[event.scar].name
                if event.scar in content().scar_types
                else event.scar
            )
            target = _territory(event.target) if event.on == "territory" else _faction(event.target)
            if event.person:
                return _("%(scar)s scar placed on %(target)s by %(who)s") % {
                    "scar": scar,
                    "target": target,
                    "who": who(event.person),
                }
            return _("%(scar)s scar placed on %(target)s") % {"scar": scar, "target": target}
        case ScarCancelled():
            return _("%(who)s cancelled the scar on %(territory)s") % {
                "who": who(event.person),
                "territory": _territory(event.territory),
            }
        case ContinentBonusChanged():
            return _("%(who)s changed %(continent)s's bonus by %(delta)s") % {
                "who": who(event.person),
                "continent": _continent(event.continent),
                "delta": f"{event.delta:+d}",
            }
        case CityFortified():
            return _("%(who)s fortified %(territory)s") % {
                "who": who(event.person),
                "territory": _territory(event.territory),
            }
        case FortificationWorn():
            return ngettext(
                "%(n)s wear box marked on %(territory)s's fortification",
                "%(n)s wear boxes marked on %(territory)s's fortification",
                event.boxes,
            ) % {"n": event.boxes, "territory": _territory(event.territory)}
        case CardDestroyed():
            return _("%(who)s destroyed %(territory)s's territory card") % {
                "who": who(event.person),
                "territory": _territory(event.territory),
            }
        case CardUpgraded():
            return _("%(who)s added a coin to %(territory)s's card") % {
                "who": who(event.person),
                "territory": _territory(event.territory),
            }
        case VictorSigned():
            if event.slogan:
                return _("%(who)s signed the victors' section on %(date)s: “%(slogan)s”") % {
                    "who": who(event.person),
                    "date": local_date(event.date),
                    "slogan": event.slogan,
                }
            return _("%(who)s signed the victors' section on %(date)s") % {
                "who": who(event.person),
                "date": local_date(event.date),
            }
        case WorldNamed():
            return _("%(who)s named the world “%(name)s”") % {
                "who": who(event.person),
                "name": event.name,
            }
        case PackOpened():
            return _("%(pack)s opened: %(reason)s") % {
                "pack": content().packs[event.pack].name,
                "reason": worded(event.reason),
            }
        case GameIncident():
            text = event.describe()
            return (
                text.replace(f"{event.person}: ", f"{who(event.person)}: ")
                if event.person
                else text
            )
        case GameRecorded():
            return game_recorded_text(event, names)
    return event.describe()


# --- games ---------------------------------------------------------------------------------------


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


def _players(event: GameRecorded, names: Mapping[str, str]) -> list[PlayerRow]:
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
                start_name=_territory(p["start"]) if p["start"] else _(NOT_RECORDED),
                outcome=p["outcome"],
                outcome_label=str(OUTCOME_LABELS.get(p["outcome"], p["outcome"])),
                eliminated_by=_faction(p.get("eliminated_by")),
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
            founded[entry.event.territory] = _city(entry.event)
        if not number or (numbers is not None and number not in numbers):
            continue
        game = games.setdefault(number, GameSummary(number=number))
        event = entry.event
        if isinstance(event, EventsVoided):
            continue
        if entry.voided_by is not None:
            if isinstance(event, GameRecorded):
                game.voided.append(_players_text(event.played_on, _players(event, names)))
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
            game.players = _players(event, names)
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
            games[record.game].sat_out.append(_faction(record.faction))
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


def _city(event: CityFounded) -> City:
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


# --- the world as it stands, or as it stood ------------------------------------------------------


@dataclass
class WorldView:
    world: World
    game: int | None  # None: as it stands now
    cities: list[dict[str, Any]]
    scars: list[dict[str, Any]]
    continents: list[dict[str, Any]]
    signatures: list[dict[str, Any]]
    destroyed_cards: list[str]
    upgraded_cards: list[dict[str, Any]]
    packs: list[dict[str, Any]]
    supplies: list[dict[str, Any]]
    factions: list[dict[str, Any]]


def history_world(*, campaign: Campaign, game: int | None = None) -> WorldView:
    """The world now (`game` None) or as it stood after game `game` (404 if there is none)."""
    world = (
        world_current(campaign=campaign)
        if game is None
        else world_as_of(campaign=campaign, game_number=game)
    )
    names = person_names(campaign=campaign)
    cities = [
        {
            "territory": c.territory,
            "territory_name": _territory(c.territory),
            "kind": c.kind,
            "kind_name": str(CITY_KINDS.get(c.kind, c.kind)),
            "name": c.name,
            "founder": names.get(c.founder, c.founder),
            "game": c.game,
            "fortified": world.is_fortified(c.territory),
            "fortification": world.fortifications.get(c.territory),
        }
        for c in sorted(world.cities.values(), key=lambda c: (c.game, c.territory))
    ]
    scars = [
        {
            "target": s.target,
            "target_name": _territory(s.target) if s.on == "territory" else _faction(s.target),
            "on": s.on,
            "kind": content().scar_types[s.kind].name if s.kind in content().scar_types else s.kind,
            "placed_by": names.get(s.placed_by, s.placed_by) if s.placed_by else "",
            "game": s.game,
            "cancelled": s.cancelled,
        }
        for s in sorted(
            [*world.scars.values(), *world.faction_scars.values()], key=lambda s: (s.game, s.target)
        )
    ]
    continents = []
    for key, continent in board().continents.items():
        named = world.continent_names.get(key)
        continents.append(
            {
                "key": key,
                "name": continent.name,
                "printed": continent.bonus,
                "mark": world.continent_marks.get(key, 0),
                "bonus": world.continent_bonus(key),
                "named": named.name if named else "",
                "namer": names.get(named.namer, named.namer) if named else "",
                "named_in": named.game if named else None,
            }
        )
    signatures = [
        {"game": s.game, "name": names.get(s.person, s.person), "date": s.date, "slogan": s.slogan}
        for s in world.signatures
    ]
    unlocks = {u.pack: u for u in PackUnlock.objects.filter(campaign=campaign)}
    packs = [
        {
            "key": p.key,
            "name": p.name,
            "label": p.label,
            "rule": p.rule,
            "opened": p.key in world.packs_opened,
            "game": world.packs_opened[p.key].game if p.key in world.packs_opened else None,
            "reason": world.packs_opened[p.key].reason if p.key in world.packs_opened else "",
            "trigger_seq": unlocks[p.key].trigger_seq if p.key in unlocks else None,
        }
        for p in sorted(content().packs.values(), key=lambda p: p.order)
    ]
    factions = [
        {
            "key": f.key,
            "name": f.name,
            "colour": f.colour,
            "power": content().power(world.starting_powers[f.key]).name
            if f.key in world.starting_powers
            else "",
            "scar": world.faction_scars.get(f.key),
        }
        for f in box.factions(world).values()
    ]
    return WorldView(
        world=world,
        game=game,
        cities=cities,
        scars=scars,
        continents=continents,
        signatures=signatures,
        destroyed_cards=sorted(_territory(t) for t in world.destroyed_cards),
        upgraded_cards=[
            {"territory": t, "name": _territory(t), "coins": n}
            for t, n in sorted(world.card_coins.items())
            if n > 1
        ],
        packs=packs,
        supplies=[
            {
                "name": str(SUPPLY_NAMES.get(key, key)),
                "left": left,
                "total": content().supplies[key],
            }
            for key, left in world.supplies_left().items()
        ],
        factions=factions,
    )


# --- one territory, one faction card -------------------------------------------------------------


def history_territory(*, campaign: Campaign, territory: str) -> list[dict[str, Any]]:
    """Everything that happened to one territory, oldest first (voided entries marked)."""
    names = person_names(campaign=campaign)
    rows = []
    standing: dict[str, City] = {}  # the city here before a later mark covered it
    mentioned = EventMention.objects.filter(
        campaign=campaign, what=EventMention.What.TERRITORY, key=territory
    )
    records = WorldEventRecord.objects.filter(campaign=campaign, seq__in=mentioned.values("seq"))
    for entry in world_log_picked(campaign=campaign, records=records):
        event = entry.event
        if isinstance(event, GameRecorded):
            starters = [p for p in _players(event, names) if p.start == territory]
            text = "; ".join(
                _("%(name)s started %(faction)s here (%(outcome)s)")
                % {"name": p.name, "faction": p.faction_name, "outcome": p.outcome_label.lower()}
                for p in starters
            )
        else:
            text = describe(event, names, standing)
        if isinstance(event, CityFounded) and entry.voided_by is None:
            standing[territory] = _city(event)
        rows.append(
            {
                "game": entry.record.game_number,
                "seq": entry.seq,
                "text": text,
                "voided": entry.voided_by is not None,
            }
        )
    # A re-recorded game voids events that come back unchanged: show only what changed.
    kept = {(r["game"], r["text"]) for r in rows if not r["voided"]}
    return [r for r in rows if not r["voided"] or (r["game"], r["text"]) not in kept]


def history_faction(*, campaign: Campaign, faction: str) -> list[dict[str, Any]]:
    """The back of a faction card: one row per game (player, start, outcome), or sat out."""
    names = person_names(campaign=campaign)
    world = world_current(campaign=campaign)
    return [
        {
            "game": r.game,
            "player": names.get(r.player, r.player) if r.player else _(NOT_RECORDED),
            "start": _territory(r.start) if r.start else _(NOT_RECORDED),
            "outcome": str(OUTCOME_LABELS.get(r.outcome or "", "")),
            "sat_out": r.outcome is None,  # a won row brought in may name no player
        }
        for r in world.faction_history(faction)
    ]


# --- sealed packs --------------------------------------------------------------------------------


@dataclass
class PackStatus:
    open_now: list[dict[str, Any]]  # opened by the latest game, or due and about to be opened
    progress: list[dict[str, Any]]
    opened: list[dict[str, Any]]
    sealed: list[dict[str, Any]]


def packs_status(
    *, campaign: Campaign, world: World | None = None, names: dict[str, str] | None = None
) -> PackStatus:
    """What the group should open now and why, progress on countable conditions, and which
    packs are opened or still sealed (`world`: the campaign's world now, and `names` its
    people's names, when the caller has them). Contents are never shown: only names and
    conditions."""
    world = world_current(campaign=campaign) if world is None else world
    names = person_names(campaign=campaign) if names is None else names
    due = packs_due_now(campaign=campaign, world=world, names=names)
    open_now = [{"name": d.name, "reason": d.reason, "pending": True} for d in due]
    latest = world.games_played
    opened = []
    for key, opening in world.packs_opened.items():
        pack = content().packs[key]
        row = {
            "key": key,
            "name": pack.name,
            "reason": opening.reason,
            "game": opening.game,
            "order": pack.order,
        }
        opened.append(row)
        if latest and opening.game == latest:
            open_now.append({**row, "pending": False})
    opened.sort(key=lambda r: r["order"])
    gaps = record_gaps(campaign=campaign)
    progress = [
        {
            "name": p.name,
            "what": p.what,
            "current": p.current,
            "target": p.target,
            "percent": round(100 * min(p.current, p.target) / p.target) if p.target else 0,
            # A held-on reward not recorded may have founded a Minor City (END-6, U-2).
            "uncertain": pack_progress_uncertain(p.pack, gaps),
            "missing_rewards": missing_rewards(gaps),
        }
        for p in packs_progress(world)
    ]
    sealed = [
        {"name": p.name, "label": p.label, "rule": p.rule, "optional": is_optional(p)}
        for p in sorted(content().packs.values(), key=lambda p: p.order)
        if p.key not in world.packs_opened
    ]
    return PackStatus(open_now=open_now, progress=progress, opened=opened, sealed=sealed)


# --- statistics ----------------------------------------------------------------------------------


@dataclass
class Bar:
    label: str
    segments: list[tuple[str, int, str]]  # (what, value, colour)

    @property
    def total(self) -> int:
        return sum(v for _, v, _ in self.segments)


@dataclass
class Chart:
    title: str
    bars: list[Bar]
    legend: list[tuple[str, str]] = field(default_factory=list)
    not_known: str = ""  # what the records do not tell (games brought in), in words

    BAR_AREA = 320  # px for the longest bar; labels sit to its left
    LABEL_PX = 7  # what one character of a 12 px label takes, with room to spare
    TOTAL_ROOM = 40  # px right of the longest bar for its total

    @property
    def max(self) -> int:
        return max((b.total for b in self.bars), default=0) or 1

    @property
    def label_end(self) -> int:
        """Where the labels end (right-aligned): room for the longest one, whatever its
        language."""
        return max(150, self.LABEL_PX * max((len(b.label) for b in self.bars), default=0))

    @property
    def width(self) -> int:
        return self.label_end + 10 + self.BAR_AREA + self.TOTAL_ROOM

    @property
    def height(self) -> int:
        return 24 * len(self.bars) + 8

    @property
    def rows(self) -> list[dict[str, Any]]:
        """Bar geometry for an inline SVG chart: y, and each segment's x and width."""
        rows = []
        for i, bar in enumerate(self.bars):
            x = 0.0
            segments = []
            for what, value, colour in bar.segments:
                width = self.BAR_AREA * value / self.max
                if value:
                    segments.append(
                        {
                            "x": round(x, 1),
                            "w": round(width, 1),
                            "colour": colour,
                            "what": what,
                            "value": value,
                        }
                    )
                x += width
            rows.append(
                {
                    "y": 24 * i + 4,
                    "label": bar.label,
                    "total": bar.total,
                    "segments": segments,
                    "end": round(x, 1),
                }
            )
        return rows


OUTCOME_COLOURS = {"won": "#8c2f1b", "held_on": "#c9a227", "eliminated": "#6b6b6b"}


def history_stats(*, campaign: Campaign) -> list[Chart]:
    """Wins per player and per faction, where factions start (by continent) and how that goes,
    and cities per player, from the faction cards' records, the victors' section (a game
    brought in may have a signature and no row) and the world's cities."""
    world = world_current(campaign=campaign)
    names = person_names(campaign=campaign)
    played = [r for r in world.faction_records if r.player]
    won_rows = [r for r in world.faction_records if r.outcome == "won"]
    winner_known = {r.game for r in won_rows if r.player}
    won = pgettext("a chart's bar", "won")
    wins_by_player = Counter(names.get(r.player, r.player) for r in won_rows if r.player)
    wins_by_player += Counter(
        names.get(s.person, s.person) for s in world.signatures if s.game not in winner_known
    )
    games_by_player = Counter(names.get(r.player, r.player) for r in played)
    player_bars = [
        Bar(name, [(won, wins_by_player[name], OUTCOME_COLOURS["won"])])
        for name in sorted(
            {*games_by_player, *wins_by_player}, key=lambda n: (-wins_by_player[n], n)
        )
    ]
    faction_bars = [
        Bar(faction.name, [(won, world.wins(faction.key), faction.colour)])
        for faction in box.factions(world).values()
    ]
    games = range(1, world.games_played + 1)
    signed = {s.game for s in world.signatures}
    who_unknown = [g for g in games if g not in winner_known and g not in signed]
    faction_known = {r.game for r in won_rows}
    faction_unknown = [g for g in games if g not in faction_known]
    who_unknown_words = faction_unknown_words = ""
    if who_unknown:
        who_unknown_words = ngettext(
            "Not known: who won game %(games)s.",
            "Not known: who won games %(games)s.",
            len(who_unknown),
        ) % {"games": _numbers(who_unknown)}
    if faction_unknown:
        faction_unknown_words = ngettext(
            "Not known: which faction won game %(games)s.",
            "Not known: which faction won games %(games)s.",
            len(faction_unknown),
        ) % {"games": _numbers(faction_unknown)}
    by_continent: dict[str, Counter[str]] = defaultdict(Counter)
    for r in played:
        if r.start in board().territories:
            by_continent[board().continent_of(r.start).name][r.outcome or ""] += 1
    start_bars = [
        Bar(
            continent.name,
            [
                (str(OUTCOME_LABELS[o]), by_continent[continent.name][o], OUTCOME_COLOURS[o])
                for o in ("won", "held_on", "eliminated")
            ],
        )
        for continent in board().continents.values()
    ]
    cities: dict[str, Counter[str]] = defaultdict(Counter)
    for city in world.cities.values():
        cities[names.get(city.founder, city.founder)][city.kind] += 1
    city_colours = {"minor": "#7a9a6b", "major": "#3b6fb6", "capital": "#8c2f1b"}
    city_bars = [
        Bar(
            name,
            [(str(CITY_KINDS[kind]), counts[kind], city_colours[kind]) for kind in city_colours],
        )
        for name, counts in sorted(cities.items())
    ]
    return [
        Chart(
            _("Wins per player"),
            player_bars,
            not_known=who_unknown_words,
        ),
        Chart(
            _("Wins per faction"),
            faction_bars,
            not_known=faction_unknown_words,
        ),
        Chart(
            _("Where factions start, and how it goes"),
            start_bars,
            legend=[(str(OUTCOME_LABELS[o]), c) for o, c in OUTCOME_COLOURS.items()],
        ),
        Chart(
            _("Cities per founder"),
            city_bars,
            legend=[(str(CITY_KINDS[k]).capitalize(), c) for k, c in city_colours.items()],
        ),
    ]


def _numbers(games: list[int]) -> str:
    """Game numbers in words: "2", "2 and 5", "2, 5 and 6"."""
    listed = [str(g) for g in games]
    if len(listed) == 1:
        return listed[0]
    return _("%(games)s and %(last)s") % {"games": ", ".join(listed[:-1]), "last": listed[-1]}
