"""What the two pockets and the box bottom bring to a logged game: the nuclear strike (J162s,
J164s) and Alien Island (K180s-K182s), each planned the moment its pocket opens during the
game (or refused, if it never opens); missile powers taken (J167s); the names written on the
box bottom's cards; what their event cards do to the world (an Evolve card scratched, J178 and
J179; a Minor City ruined, K187s); and territories held on Alien Island once it rose.

Everything is checked by the world events of `rules.world_events.pockets`, which refuse sealed
content in words that name nothing of it (U-8). Such a refusal is hard: no override records
what the campaign's box does not hold, and the event is never folded into the plan's world.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from campaign.services.game_log.entry import EventEntry, GameLogEntry
from campaign.services.game_log.packs import NOT_IN_GAME, translated
from campaign.services.game_log.planner import GamePlanner
from rules import board_links, box
from rules.content_records import EventCard, EventOption
from rules.data import board, content
from rules.errors import Violation
from rules.event_targets import RUIN
from rules.words import gettext as _
from rules.world_events import WorldEvent
from rules.world_events.pockets import (
    NOTHING_SUCH,
    AlienIslandPlaced,
    CardsNamed,
    CityRuined,
    MissilePowerGained,
    MutantsEvolved,
    NuclearStrike,
)

"""The event option effect that ruins a Minor City (Die Humans)."""

EVOLVE_CARD = "mutants_evolve"

# Refusals after which the pocket's event would make no sense in the world: never overridden.
HARD = frozenset(
    {
        "not_in_box",
        "unknown_territory",
        "unknown_faction",
        "fallout_exists",
        "island_exists",
        "two_ends",
        "slot_closed",
        "already_scratched",
        "already_named",
        "bad_names",
        "bad_option",
    }
)

# The incident that opens each pocket during a game (U-6, U-7).
OPENING_INCIDENT = {"pocket_1": "missiles_on_one_roll", "pocket_2": "big_recruit_with_missile"}


def _sealed(rule: str) -> Violation:
    return Violation("not_in_box", _(NOTHING_SUCH), rule)


def _add(planner: GamePlanner, where: str, event: WorldEvent) -> bool:
    """Check `event` against the plan's world and fold it in, unless a refusal is hard."""
    found = event.check(planner.world)
    hard = [v for v in found if v.code in HARD]
    if hard:
        for violation in hard:
            planner.refuse(where, violation, hard=True)
        return False
    planner.add(where, event, found)
    return True


def _actor(
    planner: GamePlanner,
    where: str,
    faction: str,
    by_faction: Mapping[str, str],
    missing: str,
    rule: str,
) -> str | None:
    """The person playing `faction` in this game, refusing a blank or an absent faction."""
    if not faction:
        planner.refuse(where, Violation("actor_required", missing, rule), hard=True)
        return None
    if faction not in by_faction:
        planner.refuse(where, translated(NOT_IN_GAME), hard=True)
        return None
    return by_faction[faction]


def _same_as_incident(
    planner: GamePlanner, where: str, entry: GameLogEntry, pack: str, faction: str, what: str
) -> None:
    """The faction named here is the one whose player set the pocket off (the incident)."""
    incident = next(
        (i for i in entry.incidents if i.incident == OPENING_INCIDENT[pack] and i.by_faction),
        None,
    )
    if incident is not None and incident.by_faction != faction:
        planner.refuse(
            where,
            Violation(
                "not_the_trigger",
                _("%(who)s is %(faction)s, whose player set this off; give that faction here too.")
                % {"who": what, "faction": content().faction_name(incident.by_faction)},
                "U-1",
            ),
        )


# --- as a pocket opens ----------------------------------------------------------------------


def _plan_nukes(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    for i, nuke in enumerate(entry.nukes):
        where = f"nukes.{i}"
        if not box.is_open(planner.world, "pocket_1"):
            planner.refuse(where, _sealed("U-6"), hard=True)
            continue
        person = _actor(
            planner,
            f"{where}.by_faction",
            nuke.by_faction,
            by_faction,
            _("Say whose player fired the third missile: that player chose the territory."),
            "U-6",
        )
        if person is None:
            continue
        _same_as_incident(
            planner,
            f"{where}.by_faction",
            entry,
            "pocket_1",
            nuke.by_faction,
            _("The third firer"),
        )
        _add(
            planner,
            f"{where}.territory",
            NuclearStrike(
                territory=nuke.territory, faction=nuke.by_faction, person=person, game=game
            ),
        )


def _plan_islands(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    for i, island in enumerate(entry.islands):
        where = f"islands.{i}"
        if not box.is_open(planner.world, "pocket_2"):
            planner.refuse(where, _sealed("U-7"), hard=True)
            continue
        person = _actor(
            planner,
            f"{where}.by_faction",
            island.by_faction,
            by_faction,
            _("Say whose player was about to place the troops: that player placed it."),
            "U-7",
        )
        if person is None:
            continue
        _same_as_incident(
            planner,
            f"{where}.by_faction",
            entry,
            "pocket_2",
            island.by_faction,
            _("The placer"),
        )
        _add(
            planner,
            f"{where}.ends",
            AlienIslandPlaced(
                ends=tuple(island.ends), faction=island.by_faction, person=person, game=game
            ),
        )


def plan_pocket_openings(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> Callable[[], None]:
    """Plan the nuke and the island as soon as their pocket is open: now, if it opened before
    this game (then they are refused: each happens once, as its pocket opens), or right as
    this game's incident opens it. Returns what to call once the game's incidents are
    planned: an entry whose pocket never opened is refused then, naming nothing of it."""
    waiting: list[tuple[Callable[[], bool], Callable[..., None]]] = []
    for pack, given, plan in (
        ("pocket_1", entry.nukes, _plan_nukes),
        ("pocket_2", entry.islands, _plan_islands),
    ):
        if not given:
            continue

        def then(pack: str = pack, plan: Callable[..., None] = plan) -> bool:
            if not box.is_open(planner.world, pack):
                return False
            plan(planner, entry, by_faction, game)
            return True

        if not then():
            planner.on_opening(then)
            waiting.append((then, plan))

    def settle() -> None:
        for then, plan in waiting:
            if planner.withdraw(then):
                plan(planner, entry, by_faction, game)

    return settle


# --- what their event cards do ----------------------------------------------------------------


def plan_event_effects(
    planner: GamePlanner,
    where: str,
    card: EventCard,
    option: EventOption,
    fired: EventEntry,
    person: str | None,
    game: int,
) -> None:
    """After a pocket event card's `EventResolved`: a card only one faction's player chooses
    on is chosen by that player; an Evolve card is scratched (`MutantsEvolved`); a ruin
    (`CityRuined`) goes to the Minor City named."""
    chooser = box.factions(planner.world).get(card.chooser or "")
    if chooser is not None and fired.by_faction and fired.by_faction != card.chooser:
        planner.refuse(
            f"{where}.by_faction",
            Violation(
                "wrong_chooser",
                _("Only the player of %(faction)s chooses on %(card)s (%(code)s).")
                % {"faction": chooser.name, "card": card.name, "code": card.code},
                "E-7",
            ),
        )
    if card.key == EVOLVE_CARD and option.key:
        _add(planner, f"{where}.card", MutantsEvolved(card.code, option.key, person, game))
    if option.effect == RUIN:
        if not fired.targets:
            planner.refuse(
                f"{where}.targets",
                Violation(
                    "event_target_required",
                    _("Say which Minor City %(card)s (%(code)s) ruined.")
                    % {"card": card.name, "code": card.code},
                    "E-7",
                ),
                hard=True,
            )
            return
        _add(planner, f"{where}.targets", CityRuined(fired.targets[0], person, game))


# --- after the game's incidents ---------------------------------------------------------------


def plan_pocket_choices(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    """Missile powers taken (checked once any pocket this game opened is open), the names
    written on the box bottom's cards, and territories held on Alien Island only once it is
    on the board."""
    for i, taken in enumerate(entry.missile_powers):
        where = f"missile_powers.{i}"
        if taken.faction not in by_faction:
            planner.refuse(f"{where}.faction", translated(NOT_IN_GAME), hard=True)
            continue
        _add(
            planner,
            f"{where}.power",
            MissilePowerGained(
                faction=taken.faction,
                power=taken.power,
                person=by_faction[taken.faction],
                game=game,
            ),
        )
    if entry.cards_named:
        _add(
            planner,
            "cards_named",
            CardsNamed(persons=tuple(p.person for p in entry.players), game=game),
        )
    for i, player in enumerate(entry.players):
        for key in player.held:
            if key not in board().territories and not board_links.on_board(planner.world, key):
                planner.refuse(
                    f"players.{i}.held",
                    Violation(
                        "unknown_territory",
                        _("There is no territory '%(key)s'.") % {"key": key},
                        "C-2",
                    ),
                    hard=True,
                )
