"""What opened packs bring to a logged game: the draft (rules additions B-D), event cards that
fired (E-7), comeback powers chosen (rules addition E), HQs moved by a power that allows it
(G-18) and who eliminated whom.

`game_log_plan` calls these with its planner, after the game is recorded and any pack that
opened during the game is open, so content that pack brings is checked against the box as it
stood by then. Content of a pack the campaign has not opened is refused in words that name
nothing of it (U-8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules import box
from rules.data import ComebackPower, EventCard, EventOption, board, content
from rules.errors import Violation
from rules.pack_words import (
    draft_code_label,
    event_card_label,
    event_option_words,
)
from rules.pack_world_events import ComebackPowerChosen, DraftRecorded, EventResolved
from rules.world import World
from rules.world_events import CityFortified, GameIncident

if TYPE_CHECKING:
    from campaign.services.game_log import GameLogEntry, _Planner


@dataclass(frozen=True)
class EventEntry:
    """An event card that fired (E-7): its print code, the option its chooser took (blank for
    a card without choices), the faction that chose, the territories the option went to and
    the HQs it demolished. `detail` says in words what it did (blank: built from the rest)."""

    card: str
    option: str = ""
    by_faction: str = ""
    targets: tuple[str, ...] = ()
    demolished: tuple[str, ...] = ()
    detail: str = ""


@dataclass(frozen=True)
class HqMoveEntry:
    """An HQ moved during the game by a faction whose power allows it (the one exception to
    G-18), from `origin` into the neighbouring `target`."""

    faction: str
    origin: str
    target: str


@dataclass(frozen=True)
class Targets:
    """Which territories an event option names in a log: at most `most` (at least `least`),
    each holding a city when `cities`; `fortifies`: its one target gets a fortification."""

    most: int
    least: int = 0
    cities: bool = False
    fortifies: bool = False
    joined: str = "on"


# What a log names for each event option (the cards' effects are the engine's business; a log
# only records where they landed). Options not listed name no territory.
EVENT_TARGETS: dict[tuple[str, str], Targets] = {
    ("fortify", "fortification"): Targets(most=1, least=1, cities=True, fortifies=True),
    ("fortify", "troops"): Targets(most=2, cities=True),
    ("control_the_people", "troops"): Targets(most=1, cities=True),
    ("control_the_people", "maneuver"): Targets(most=2, joined="between"),
}
# Event cards that demolish HQs, with the kind of city whose territory they strike.
DEMOLISHING_EVENTS: dict[str, str] = {"riots": "major"}
# The comeback-power effect that lets a faction move an HQ.
HQ_MOVING_EFFECT = "move_hq_at_turn_start"

# A card with choices that was drawn while nobody chose: a tie skips it (E-7), or the group did
# not note the choice. Its option is left blank.
NO_CHOICE = EventOption(
    key="", text="Drawn, but nobody chose: a tie skips the event.", after="discard"
)

NOT_IN_GAME = Violation("not_in_game", "Choose a faction that played this game.", "S-10")


def _territory(key: str) -> str:
    territory = board().territories.get(key)
    return territory.name if territory else repr(key)


def _faction(key: str) -> str:
    faction = content().factions.get(key)
    return faction.name if faction else key


def _listed(keys: tuple[str, ...] | list[str]) -> str:
    names = [_territory(k) for k in keys]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _unknown_territories(keys: tuple[str, ...]) -> list[str]:
    return [k for k in keys if k not in board().territories]


# --- who eliminated whom (END-2) ----------------------------------------------------------------


def eliminated_by_refusals(entry: GameLogEntry) -> list[tuple[str, Violation]]:
    """`eliminated_by` names another faction of this game, for a player eliminated in it."""
    playing = {p.faction for p in entry.players}
    found: list[tuple[str, Violation]] = []
    for i, player in enumerate(entry.players):
        by = player.eliminated_by
        if not by:
            continue
        if by not in playing:
            found.append((f"players.{i}.eliminated_by", NOT_IN_GAME))
        elif by == player.faction:
            found.append(
                (
                    f"players.{i}.eliminated_by",
                    Violation(
                        "eliminated_by_itself", "A faction does not eliminate itself.", "G-13"
                    ),
                )
            )
        elif entry.outcome(player) != "eliminated":
            found.append(
                (
                    f"players.{i}.troops_at_end",
                    Violation(
                        "eliminated_by_not_eliminated",
                        f"{_faction(player.faction)} is said to be eliminated by "
                        f"{_faction(by)}, but it is marked as having troops on the board at "
                        "the end; an eliminated faction has none.",
                        "END-2",
                    ),
                )
            )
    return found


# --- the draft (rules additions B-D) ------------------------------------------------------------


NO_DRAFT = Violation("no_draft", "This campaign's setup uses no such cards: leave them out.", "S-6")


def plan_draft(planner: _Planner, entry: GameLogEntry, world: World, game: int) -> None:
    """One `DraftRecorded` for the game when every player's four draft cards are given (none
    given: the draft is not recorded). `world` is the world at setup, before the game."""
    picks = [p.draft for p in entry.players]
    if not any(picks):
        return
    if not box.draft_active(world):
        for i, player in enumerate(entry.players):
            if player.draft:
                planner.refuse(f"players.{i}.draft", NO_DRAFT, hard=True)
        return
    known = {c.code: c for pack in box.opened_contents(world) for c in pack.draft_cards}
    in_use = {c.code for c in box.draft_cards(world, len(entry.players))}
    broken = False
    for i, player in enumerate(entry.players):
        where = f"players.{i}.draft"
        name = _faction(player.faction)
        if not player.draft:
            planner.refuse(
                where,
                Violation(
                    "draft_missing",
                    f"Give {name}'s four draft cards too, or leave every player's out "
                    "(the draft is then not recorded).",
                    "S-8",
                ),
                hard=True,
            )
            broken = True
            continue
        unknown = [c for c in player.draft if c not in known]
        if unknown:
            planner.refuse(
                where,
                Violation(
                    "unknown_draft_card",
                    f"{', '.join(map(repr, unknown))}: no draft card has that code.",
                    "S-8",
                ),
                hard=True,
            )
            broken = True
            continue
        kinds = sorted(known[c].kind for c in player.draft)
        if kinds != sorted(box.DRAFT_KINDS):
            planner.refuse(
                where,
                Violation(
                    "draft_kinds",
                    f"{name} drafts one card of each kind: starting troops, starting coin "
                    "cards, turn order and starting placement.",
                    "S-8",
                ),
            )
        idle = [c for c in player.draft if c not in in_use]
        if idle:
            planner.refuse(
                where,
                Violation(
                    "draft_card_not_in_use",
                    f"{', '.join(map(draft_code_label, idle))}: not in use with "
                    f"{len(entry.players)} players (a card's corner shows the fewest players "
                    "it needs).",
                    "S-8",
                ),
            )
    if broken:
        return
    taken = Counter(c for p in entry.players for c in p.draft)
    violations = []
    twice = sorted(code for code, n in taken.items() if n > 1)
    if twice:
        violations.append(
            Violation(
                "draft_card_twice",
                f"{', '.join(map(draft_code_label, twice))}: drafted by two players; each "
                "card goes to one.",
                "S-8",
            )
        )
    left = sorted(in_use - set(taken))
    if left and not twice:
        violations.append(
            Violation(
                "draft_cards_left",
                "Every draft card in use is taken; left over: "
                f"{', '.join(map(draft_code_label, left))}.",
                "S-8",
            )
        )
    event = DraftRecorded(
        game=game,
        picks=tuple(
            {"faction": p.faction, "person": p.person, "cards": list(p.draft)}
            for p in entry.players
        ),
    )
    planner.add("draft", event, violations)


# --- comeback powers (Pack 2, rules addition E) -------------------------------------------------


def plan_comeback_powers(
    planner: _Planner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    """A `ComebackPowerChosen` per player who picked one in this game, checked against the box
    as it stands once any pack opened during the game is open."""
    powers = box.comeback_powers(planner.world)
    for i, player in enumerate(entry.players):
        if not player.comeback_power:
            continue
        where = f"players.{i}.comeback_power"
        if player.comeback_power not in powers:
            planner.refuse(
                where,
                Violation("unknown_power", "There is no such power in this campaign's box.", "U-8"),
                hard=True,
            )
            continue
        planner.add(
            where,
            ComebackPowerChosen(
                faction=player.faction,
                power=player.comeback_power,
                person=by_faction.get(player.faction),
                game=game,
            ),
        )


# --- event cards (E-7) ---------------------------------------------------------------------------


def _event_detail(option: EventOption, rule: Targets, fired: EventEntry) -> str:
    if fired.detail.strip():
        return fired.detail.strip()
    parts = []
    words = event_option_words(option)
    where = f"{rule.joined} {_listed(fired.targets)}" if fired.targets else ""
    if words or where:
        parts.append(" ".join(w for w in (words, where) if w))
    if fired.demolished:
        hqs = "HQ" if len(fired.demolished) == 1 else "HQs"
        parts.append(f"{hqs} demolished in {_listed(fired.demolished)}")
    return "; ".join(parts)


def _event_card(
    planner: _Planner, where: str, fired: EventEntry, seen: set[str]
) -> EventCard | None:
    """The card, if it may fire now: in this campaign's box, not destroyed, once a game."""
    card = content().event_cards.get(fired.card)
    if card is None or not box.is_open(planner.world, card.pack):
        planner.refuse(
            f"{where}.card",
            Violation(
                "unknown_event_card",
                "There is no such event card in this campaign's event deck.",
                "E-7",
            ),
            hard=True,
        )
        return None
    label = event_card_label(card)
    if card.code in seen:
        planner.refuse(
            f"{where}.card",
            Violation(
                "event_twice",
                f"{label} is listed twice: the event deck is not reshuffled during a game, so "
                "a card fires once at most.",
                "E-7",
            ),
            hard=True,
        )
        return None
    seen.add(card.code)
    if card.code in planner.world.destroyed_box_cards:
        planner.refuse(
            f"{where}.card",
            Violation(
                "event_card_destroyed",
                f"{label} was destroyed for good in an earlier game; it never fires again.",
                "G-8",
            ),
            hard=True,
        )
        return None
    return card


def plan_events(
    planner: _Planner,
    entry: GameLogEntry,
    by_faction: Mapping[str, str],
    hqs: Mapping[str, str],
    game: int,
) -> None:
    """An `EventResolved` per card that fired, then what it placed: a `CityFortified` for an
    option that fortifies, a `GameIncident(hq_demolished)` per HQ it demolished. `hqs` maps
    each territory an HQ stood in during the game (its start, or where it was moved) to the
    faction it belongs to."""
    refuse = planner.refuse
    seen: set[str] = set()
    for i, fired in enumerate(entry.events):
        where = f"events.{i}"
        card = _event_card(planner, where, fired, seen)
        if card is None:
            continue
        label = event_card_label(card)
        option = card.option(fired.option) or (
            NO_CHOICE if card.chooser and not fired.option else None
        )
        if option is None:
            choices = " or ".join(event_option_words(o) for o in card.options)
            refuse(
                f"{where}.option",
                Violation(
                    "bad_event_option",
                    f"{label} offers the choices {choices}."
                    if card.chooser
                    else f"{label} offers no choice: leave the option empty.",
                    "E-7",
                ),
                hard=True,
            )
            continue
        if fired.by_faction and fired.by_faction not in by_faction:
            refuse(f"{where}.by_faction", NOT_IN_GAME, hard=True)
            continue
        if card.chooser and option is not NO_CHOICE and not fired.by_faction:
            refuse(
                f"{where}.by_faction",
                Violation(
                    "chooser_required",
                    f"Say which faction chose on {label}: the player with the largest population.",
                    "E-7",
                ),
            )
        elif not card.chooser and fired.by_faction:
            refuse(
                f"{where}.by_faction",
                Violation(
                    "no_chooser", f"Nobody chooses on {label}: leave “chosen by” empty.", "E-7"
                ),
            )
        rule = EVENT_TARGETS.get((card.key, option.key), Targets(most=0))
        unknown = _unknown_territories((*fired.targets, *fired.demolished))
        if unknown:
            refuse(
                f"{where}.targets",
                Violation("unknown_territory", f"There is no territory '{unknown[0]}'.", "C-2"),
                hard=True,
            )
            continue
        if not _targets_fit(planner, where, card, option, rule, fired):
            continue
        _demolitions_fit(planner, where, card, fired, hqs)
        person = by_faction.get(fired.by_faction) if fired.by_faction else None
        detail = _event_detail(option, rule, fired)
        planner.add(
            where,
            EventResolved(
                game=game, card=card.code, option=option.key, person=person, detail=detail
            ),
        )
        if rule.fortifies:
            planner.add(
                f"{where}.targets",
                CityFortified(territory=fired.targets[0], person=person or "", game=game),
            )
        owners = {hq: by_faction.get(faction) for hq, faction in hqs.items()}
        for territory in fired.demolished:
            planner.add(
                f"{where}.demolished",
                GameIncident(
                    game=game,
                    incident="hq_demolished",
                    person=owners.get(territory),
                    detail=territory,
                ),
            )


def _targets_fit(
    planner: _Planner,
    where: str,
    card: EventCard,
    option: EventOption,
    rule: Targets,
    fired: EventEntry,
) -> bool:
    """Check the option's targets; False when the entry cannot be recorded at all."""
    label = event_card_label(card)
    words = event_option_words(option)
    what = f"{label} ({words})" if words else label
    count = len(fired.targets)
    if count < rule.least:
        planner.refuse(
            f"{where}.targets",
            Violation("event_target_required", f"Say which city {what} went to.", "E-7"),
            hard=True,
        )
        return False
    if count > rule.most:
        planner.refuse(
            f"{where}.targets",
            Violation(
                "event_targets",
                f"{what} names no territory: leave the targets empty."
                if rule.most == 0
                else f"{what} goes to {rule.most} territor{'y' if rule.most == 1 else 'ies'} "
                "at most.",
                "E-7",
            ),
        )
    if len(set(fired.targets)) != count:
        planner.refuse(
            f"{where}.targets",
            Violation("event_targets", f"{what} names each territory once.", "E-7"),
        )
    if rule.cities and not rule.fortifies:  # a fortification's city is checked as it is placed
        for territory in fired.targets:
            if territory not in planner.world.cities:
                planner.refuse(
                    f"{where}.targets",
                    Violation(
                        "event_target_not_city",
                        f"{_territory(territory)} holds no city; {what} goes to city territories.",
                        "E-7",
                    ),
                )
    return True


def _demolitions_fit(
    planner: _Planner, where: str, card: EventCard, fired: EventEntry, hqs: Mapping[str, str]
) -> None:
    label = event_card_label(card)
    city_kind = DEMOLISHING_EVENTS.get(card.key)
    if fired.demolished and city_kind is None:
        planner.refuse(
            f"{where}.demolished",
            Violation("event_demolishes_nothing", f"{label} demolishes no HQ.", "G-10"),
        )
        return
    for territory in fired.demolished:
        city = planner.world.cities.get(territory)
        if city is None or city.kind != city_kind:
            planner.refuse(
                f"{where}.demolished",
                Violation(
                    "event_demolition_city",
                    f"{_territory(territory)} is not a {city_kind} city territory; {label} "
                    f"strikes only those.",
                    "G-10",
                ),
            )
        if territory not in hqs:
            planner.refuse(
                f"{where}.demolished",
                Violation(
                    "no_hq_there",
                    f"No HQ stood in {_territory(territory)} during this game.",
                    "G-10",
                ),
            )


# --- HQs moved (G-18 and the power that breaks it) ----------------------------------------------


def hq_mover(world: World) -> ComebackPower | None:
    """The power in this campaign's box that moves HQs, if any."""
    return next(
        (p for p in box.comeback_powers(world).values() if p.effect == HQ_MOVING_EFFECT), None
    )


def plan_hq_moves(
    planner: _Planner,
    entry: GameLogEntry,
    by_faction: Mapping[str, str],
    starts: Mapping[str, str],
    game: int,
) -> None:
    """A `GameIncident(hq_moved, detail="origin>target")` per move, refused unless the faction
    holds the power that moves HQs by then, and the HQ goes to a neighbouring territory that
    holds none. `starts` maps each HQ's starting territory to its faction."""
    standing = dict(starts)
    for i, move in enumerate(entry.hq_moves):
        where = f"hq_moves.{i}"
        if move.faction not in by_faction:
            planner.refuse(f"{where}.faction", NOT_IN_GAME, hard=True)
            continue
        unknown = _unknown_territories((move.origin, move.target))
        if unknown:
            planner.refuse(
                f"{where}.target",
                Violation("unknown_territory", f"There is no territory '{unknown[0]}'.", "C-2"),
                hard=True,
            )
            continue
        mover = hq_mover(planner.world)
        name = _faction(move.faction)
        if mover is None:
            planner.refuse(
                f"{where}.faction",
                Violation(
                    "hq_never_moves",
                    "HQs never move: an HQ stays where it was placed until it is demolished.",
                    "G-18",
                ),
            )
        elif planner.world.comeback_powers.get(move.faction) != mover.key:
            planner.refuse(
                f"{where}.faction",
                Violation(
                    "hq_power_missing",
                    f"{name} does not hold {mover.name}, the one power that moves an HQ; "
                    "without it HQs never move.",
                    "G-18",
                ),
            )
        if not board().adjacent(move.origin, move.target):
            planner.refuse(
                f"{where}.target",
                Violation(
                    "not_adjacent",
                    f"{_territory(move.target)} does not border {_territory(move.origin)}: an "
                    "HQ moves into a neighbouring territory.",
                    "G-12",
                ),
            )
        if move.origin not in standing:
            planner.refuse(
                f"{where}.origin",
                Violation(
                    "no_hq_there", f"No HQ stands in {_territory(move.origin)} to move.", "G-18"
                ),
            )
        elif move.target in standing:
            planner.refuse(
                f"{where}.target",
                Violation("hq_there", f"{_territory(move.target)} already holds an HQ.", "G-18"),
            )
        else:
            standing[move.target] = standing.pop(move.origin)
        planner.add(
            where,
            GameIncident(
                game=game,
                incident="hq_moved",
                person=by_faction[move.faction],
                detail=f"{move.origin}>{move.target}",
            ),
        )
