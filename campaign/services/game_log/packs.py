"""What opened packs bring to a logged game: the draft (rules additions B-D), comeback powers
chosen (rules addition E), HQs moved by a power that allows it (G-18) and who eliminated whom.
Event cards that fired (E-7) are `events`.

`game_log_plan` calls these with its planner, after the game is recorded and any pack that
opened during the game is open, so content that pack brings is checked against the box as it
stood by then. Content of a pack the campaign has not opened is refused in words that name
nothing of it (U-8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from django.utils.translation import gettext_noop

from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.planner import GamePlanner
from rules import box
from rules.content_records import ComebackPower
from rules.data import board, content
from rules.errors import Violation
from rules.pack_words import (
    draft_code_label,
)
from rules.words import gettext as _
from rules.world import World
from rules.world_events import GameIncident
from rules.world_events.pack_cards import ComebackPowerChosen, DraftRecorded

# The comeback-power effect that lets a faction move an HQ.
HQ_MOVING_EFFECT = "move_hq_at_turn_start"

NOT_IN_GAME = Violation(
    "not_in_game", gettext_noop("Choose a faction that played this game."), "S-10"
)


def translated(violation: Violation) -> Violation:
    """A refusal kept in a module constant (its message marked with `gettext_noop`), in the
    reader's language."""
    return Violation(violation.code, _(violation.message), violation.rule)


def territory_label(key: str) -> str:
    return board().territory(key).name if board().knows(key) else repr(key)


def _faction(key: str) -> str:
    faction = content().factions.get(key)
    return faction.name if faction else key


def unknown_territories(keys: tuple[str, ...]) -> list[str]:
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
            found.append((f"players.{i}.eliminated_by", translated(NOT_IN_GAME)))
        elif by == player.faction:
            found.append(
                (
                    f"players.{i}.eliminated_by",
                    Violation(
                        "eliminated_by_itself", _("A faction does not eliminate itself."), "G-13"
                    ),
                )
            )
        elif entry.outcome(player) != "eliminated":
            found.append(
                (
                    f"players.{i}.troops_at_end",
                    Violation(
                        "eliminated_by_not_eliminated",
                        _(
                            "%(faction)s is said to be eliminated by %(by)s, but it is marked "
                            "as having troops on the board at the end; an eliminated faction "
                            "has none."
                        )
                        % {"faction": _faction(player.faction), "by": _faction(by)},
                        "END-2",
                    ),
                )
            )
    return found


# --- the draft (rules additions B-D) ------------------------------------------------------------


NO_DRAFT = Violation(
    "no_draft", gettext_noop("This campaign's setup uses no such cards: leave them out."), "S-6"
)


def plan_draft(planner: GamePlanner, entry: GameLogEntry, world: World, game: int) -> None:
    """One `DraftRecorded` for the game when every player's four draft cards are given (none
    given: the draft is not recorded). `world` is the world at setup, before the game."""
    picks = [p.draft for p in entry.players]
    if not any(picks):
        return
    if not box.draft_active(world):
        for i, player in enumerate(entry.players):
            if player.draft:
                planner.refuse(f"players.{i}.draft", translated(NO_DRAFT), hard=True)
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
                    _(
                        "Give %(faction)s's four draft cards too, or leave every player's out "
                        "(the draft is then not recorded)."
                    )
                    % {"faction": name},
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
                    _("%(codes)s: no draft card has that code.")
                    % {"codes": ", ".join(map(repr, unknown))},
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
                    _(
                        "%(faction)s drafts one card of each kind: starting troops, starting "
                        "coin cards, turn order and starting placement."
                    )
                    % {"faction": name},
                    "S-8",
                ),
            )
        idle = [c for c in player.draft if c not in in_use]
        if idle:
            planner.refuse(
                where,
                Violation(
                    "draft_card_not_in_use",
                    _(
                        "%(cards)s: not in use with %(n)s players (a card's corner shows the "
                        "fewest players it needs)."
                    )
                    % {"cards": ", ".join(map(draft_code_label, idle)), "n": len(entry.players)},
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
                _("%(cards)s: drafted by two players; each card goes to one.")
                % {"cards": ", ".join(map(draft_code_label, twice))},
                "S-8",
            )
        )
    left = sorted(in_use - set(taken))
    if left and not twice:
        violations.append(
            Violation(
                "draft_cards_left",
                _("Every draft card in use is taken; left over: %(cards)s.")
                % {"cards": ", ".join(map(draft_code_label, left))},
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
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
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
                Violation(
                    "unknown_power", _("There is no such power in this campaign's box."), "U-8"
                ),
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


# --- HQs moved (G-18 and the power that breaks it) ----------------------------------------------


def hq_mover(world: World) -> ComebackPower | None:
    """The power in this campaign's box that moves HQs, if any."""
    return next(
        (p for p in box.comeback_powers(world).values() if p.effect == HQ_MOVING_EFFECT), None
    )


def plan_hq_moves(
    planner: GamePlanner,
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
            planner.refuse(f"{where}.faction", translated(NOT_IN_GAME), hard=True)
            continue
        unknown = unknown_territories((move.origin, move.target))
        if unknown:
            planner.refuse(
                f"{where}.target",
                Violation(
                    "unknown_territory",
                    _("There is no territory '%(key)s'.") % {"key": unknown[0]},
                    "C-2",
                ),
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
                    _("HQs never move: an HQ stays where it was placed until it is demolished."),
                    "G-18",
                ),
            )
        elif planner.world.comeback_powers.get(move.faction) != mover.key:
            planner.refuse(
                f"{where}.faction",
                Violation(
                    "hq_power_missing",
                    _(
                        "%(faction)s does not hold %(power)s, the one power that moves an HQ; "
                        "without it HQs never move."
                    )
                    % {"faction": name, "power": mover.name},
                    "G-18",
                ),
            )
        if not board().adjacent(move.origin, move.target):
            planner.refuse(
                f"{where}.target",
                Violation(
                    "not_adjacent",
                    _(
                        "%(target)s does not border %(origin)s: an HQ moves into a neighbouring "
                        "territory."
                    )
                    % {
                        "target": territory_label(move.target),
                        "origin": territory_label(move.origin),
                    },
                    "G-12",
                ),
            )
        if move.origin not in standing:
            planner.refuse(
                f"{where}.origin",
                Violation(
                    "no_hq_there",
                    _("No HQ stands in %(territory)s to move.")
                    % {"territory": territory_label(move.origin)},
                    "G-18",
                ),
            )
        elif move.target in standing:
            planner.refuse(
                f"{where}.target",
                Violation(
                    "hq_there",
                    _("%(territory)s already holds an HQ.")
                    % {"territory": territory_label(move.target)},
                    "G-18",
                ),
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
