"""Missions (Pack 3, E-8): whether the player ending a turn has met the face-up mission,
claiming it instead of a card (its Red Stars, what it places, where the card goes), and the
next mission laid out.

A mission's condition is data (`condition.kind` in its pack's content, with parameters) naming
one of the functions registered in `CONDITIONS`; its `action` says what the claimer places: a
new sea line (Explore the World) or the World Capital (The World Is Ready, which opens Pack 4
at once). Every claim is recorded as a `MissionClaimed` world event after what it placed, and
before a `PrivateMissionStuck` when a private mission goes into the red slot (Pack 4, E124s).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import board_links, box
from rules.bounds import NAME_MAX
from rules.content_records import Mission
from rules.data import content, rules_board
from rules.errors import IllegalMove, Violation
from rules.game import lead_faction
from rules.game.common import ask_to_open, check_win, continent_bonuses, pack_due, seat_label
from rules.game.draws import card_choices, entitled_to_card, held_slots
from rules.game.events import GameEvent
from rules.game.moves import ClaimMission, MoveOption
from rules.game.rotation import finish_turn
from rules.game.state import GameState, faction_name, territory_name
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy, ngettext
from rules.world_events import CityFounded, WorldEvent, fallout_unchangeable
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded
from rules.world_events.red_slots import into_red_slot

CAPITAL_NAME = "World Capital"
"""The name a capital gets unless its founder gives another (the listed claim carries it)."""
CAPITAL_PACK = "pack_4"
"""The pack whose mark the World Capital is: it opens as the capital is placed (U-5)."""

Condition = Callable[[GameState, int, Mapping[str, Any]], bool]
CONDITIONS: dict[str, Condition] = {}
"""Condition kind (mission data) -> whether `seat` meets it now, at the end of its turn."""


def condition(kind: str) -> Callable[[Condition], Condition]:
    def register(function: Condition) -> Condition:
        CONDITIONS[kind] = function
        return function

    return register


# --- what this turn did ----------------------------------------------------------------------


def cities_conquered(state: GameState) -> set[str]:
    """City territories taken by attack this turn (the World Capital is a city too)."""
    return {t for t in state.turn.conquests if t in state.world.cities}


def continents_taken(state: GameState, seat: int) -> list[str]:
    """Continents every territory of which was taken by attack this turn; with the campaign's
    `unexpected_attack_hold` reading "held", only those the seat still holds entirely."""
    taken = set(state.turn.conquests)
    hold = box.setting(state.world, "unexpected_attack_hold") == "held"
    return [
        key
        for key, continent in rules_board().continents.items()
        if taken.issuperset(continent.territories)
        and (not hold or all(state.owner(t) == seat for t in continent.territories))
    ]


def capital_territories(state: GameState, seat: int, coins: int) -> list[str]:
    """The World Is Ready: territories of the face-up cards worth `coins` or more that the
    seat could take at this end of turn (with the homeland draw, unless the campaign reads the
    card without it), while the World Capital mark is still unplaced."""
    if not entitled_to_card(state, seat) or state.world.supplies_left()["world_capital"] <= 0:
        return []
    if box.setting(state.world, "world_is_ready_draw") == "own_territories":
        slots: list[int | str] = list(held_slots(state, seat))
    else:
        slots = card_choices(state, seat)
    cards = [state.slots[slot - 1] for slot in slots if isinstance(slot, int)]
    return sorted(c for c in cards if c is not None and state.world.card_coins[c] >= coins)


def sea_line_ends(state: GameState) -> list[tuple[str, str]]:
    """Explore the World: every ordered pair of different coastal territories that are not
    adjacent yet, the two ends a new sea line may join; never the fallout zone (J169s)."""
    coast = [
        t
        for t in sorted(rules_board().territories)
        if board_links.touches_ocean(t) and fallout_unchangeable(state.world, t) is None
    ]
    return [
        (a, b)
        for a in coast
        for b in coast
        if a != b and not board_links.adjacent(state.world, a, b)
    ]


# --- the conditions (PACKS §3, D114-D121s) ---------------------------------------------------


@condition("cities_held")
def _cities_held(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Superior Infrastructure: hold this many city territories of any kind."""
    held = sum(1 for t in state.controlled(seat) if t in state.world.cities)
    return held >= params["count"]


@condition("conquests")
def _conquests(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Reign of Terror: take this many territories by attack this turn."""
    return len(set(state.turn.conquests)) >= params["count"]


@condition("cities_conquered")
def _cities_conquered(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Urban Assault: take this many city territories by attack this turn."""
    return len(cities_conquered(state)) >= params["count"]


@condition("sea_conquests")
def _sea_conquests(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Amphibious Onslaught: take this many territories with attacks across sea lines."""
    return len(set(state.turn.sea_conquests)) >= params["count"]


@condition("continent_conquered")
def _continent_conquered(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Unexpected Attack: take every territory of one continent by attack this turn."""
    return bool(continents_taken(state, seat))


@condition("continent_bonus")
def _continent_bonus(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Imperial Might: the continent bonuses held add up to this much, counted as recruited
    (T-10, marks and the namer's +1 included) or printed only, as the campaign reads it."""
    if box.setting(state.world, "imperial_might_bonus") == "printed":
        continents = rules_board().continents
        total = sum(
            continent.bonus
            for continent in continents.values()
            if all(state.owner(t) == seat for t in continent.territories)
        )
    else:
        total = sum(continent_bonuses(state, seat).values())
    return total >= params["total"]


@condition("islands_held")
def _islands_held(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Explore the World: hold this many islands (no link of theirs is a land border)."""
    held = sum(1 for t in board_links.islands(state.world) if state.owner(t) == seat)
    return held >= params["count"]


@condition("capital_card")
def _capital_card(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """The World Is Ready: entitled to draw, with a card worth this much among those allowed."""
    return bool(capital_territories(state, seat, params["coins"]))


@condition("control_biohazard_and_fallout")
def _biohazard_and_fallout(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Mutant Domain (J-MUT, printed in the Mutants' red slot): hold the fallout territory and
    every territory carrying a live Biohazard scar (with none on the board, the fallout alone)."""
    world = state.world
    if world.fallout is None or state.owner(world.fallout) != seat:
        return False
    return all(
        state.owner(territory) == seat
        for territory, scar in world.scars.items()
        if scar.kind == "biohazard" and not scar.cancelled
    )


STANDING_CONDITIONS = frozenset(
    {
        "control_biohazard_and_fallout",
        "cities_held",
        "continent_bonus",
        "islands_held",
        "capital_and_majors",
        "scarred_territories_held",
    }
)
"""Conditions about what a player holds, not about what their turn did."""


# --- the face-up mission -----------------------------------------------------------------------


def face_up(state: GameState) -> Mission | None:
    return content().missions.get(state.mission or "")


def met(state: GameState, seat: int, code: str) -> bool:
    """Whether `seat` meets the mission `code` now."""
    mission = content().missions.get(code)
    if mission is None:
        return False
    params = dict(mission.condition)
    check = CONDITIONS.get(params.pop("kind"))
    return check is not None and check(state, seat, params)


def mission_claimable(state: GameState, seat: int) -> bool:
    """E-8: there is a face-up mission and the player ending the turn has met it."""
    return state.mission is not None and met(state, seat, state.mission)


def claim_options(state: GameState, seat: int) -> list[MoveOption]:
    """Every legal claim of the face-up mission: a plain claim, one per pair of ends of a new
    sea line, or one per territory the World Capital may go into (any name allowed)."""
    mission = face_up(state)
    if mission is None or not mission_claimable(state, seat):
        return []
    if mission.action == "sea_line":
        return [MoveOption(ClaimMission(a, b)) for a, b in sea_line_ends(state)]
    if mission.action == "world_capital":
        coins = mission.condition["coins"]
        return [
            MoveOption(ClaimMission(territory=t, name=CAPITAL_NAME), text="name")
            for t in capital_territories(state, seat, coins)
        ]
    return [MoveOption(ClaimMission())]


def replace_face_up(state: GameState, code: str, rng: Rng) -> str | None:
    """Join the Cause: `code` leaves the mission deck to lie face up; the one it replaces is
    discarded (out of this game, still in the box) and the deck is shuffled. Returns it."""
    old = state.mission
    state.mission = code
    state.mission_deck = tuple(rng.shuffled([c for c in state.mission_deck if c != code]))
    return old


def mission_name(code: str | None) -> str:
    mission = content().missions.get(code or "")
    if not mission:
        return _("none")
    return _("%(mission)s (%(code)s)") % {"mission": mission.name, "code": mission.code}


# --- claiming ----------------------------------------------------------------------------------


def claim_problem(state: GameState, seat: int, move: ClaimMission) -> Violation | None:
    """Why this claim is refused, or None."""
    mission = face_up(state)
    if mission is None or not mission_claimable(state, seat):
        return Violation("mission_not_met", _("You have not met the face-up mission."), "E-8")
    if mission.action == "sea_line":
        if move.name:
            return Violation(
                "nothing_to_name",
                _("%(mission)s founds nothing to name.") % {"mission": mission.name},
                "E-8",
            )
        if not move.territory or not move.target:
            return Violation(
                "sea_line_ends", _("Say which two territories the new sea line joins."), "E-8"
            )
        problems = SeaLineAdded(move.territory, move.target).check(state.world)
        return problems[0] if problems else None
    if mission.action == "world_capital":
        if move.target:
            return Violation(
                "one_territory", _("The World Capital goes into one territory."), "E-8"
            )
        if move.territory not in capital_territories(state, seat, mission.condition["coins"]):
            return Violation(
                "capital_territory",
                _(
                    "The World Capital goes into the territory of a face-up card you could take "
                    "worth %(coins)s or more coins."
                )
                % {"coins": mission.condition["coins"]},
                "E-8",
            )
        if not move.name.strip() or len(move.name) > NAME_MAX:
            return Violation(
                "capital_name",
                _("Name the World Capital (1 to %(most)s characters).") % {"most": NAME_MAX},
                "E-8",
            )
        return None
    if move.territory or move.target or move.name:
        return Violation(
            "nothing_placed",
            _("%(mission)s places nothing: claim it without a territory or a name.")
            % {"mission": mission.name},
            "E-8",
        )
    return None


def _place(
    state: GameState, seat: int, mission: Mission, move: ClaimMission, events: list[GameEvent]
) -> tuple[list[WorldEvent], str]:
    """What the claim puts on the board, as world events in order, and words for the log.
    The World Capital's pack opens as its mark is about to be placed (U-5)."""
    person = state.seats[seat].person
    game = state.game_number
    if mission.action == "sea_line":
        line = SeaLineAdded(move.territory, move.target, person, game)
        return [line], _("a new sea line joins %(one)s and %(other)s") % {
            "one": territory_name(move.territory),
            "other": territory_name(move.target),
        }
    if mission.action == "world_capital":
        where = territory_name(move.territory)
        pack_due(
            state,
            CAPITAL_PACK,
            _("%(player)s is about to place the World Capital in %(territory)s")
            % {"player": seat_label(state, seat), "territory": where},
            seat,
            events,
            detail="world_capital",
            ask=False,
        )
        placed: list[WorldEvent] = []
        covered = state.world.cities.get(move.territory)
        if covered is not None:
            placed.append(CityCovered(move.territory, person, game))
        name = move.name.strip()
        placed.append(CityFounded(move.territory, "capital", name, person, game))
        if covered is None:
            words = _("the World Capital %(name)s is founded in %(territory)s")
        elif covered.kind == "major":
            words = _(
                "the World Capital %(name)s is founded in %(territory)s, over the major city "
                "%(city)s"
            )
        elif covered.kind == "minor":
            words = _(
                "the World Capital %(name)s is founded in %(territory)s, over the minor city "
                "%(city)s"
            )
        else:
            words = _(
                "the World Capital %(name)s is founded in %(territory)s, over the capital city "
                "%(city)s"
            )
        city = covered.name if covered else ""
        return placed, words % {"name": name, "territory": where, "city": city}
    return [], ""


def _into_red_slot(state: GameState, seat: int, mission: Mission) -> list[WorldEvent]:
    """E124s: a private mission claimed by a faction whose red slot is empty is stuck there
    (and its card destroyed); with the slot full the card goes back to the box as usual."""
    player = state.seats[seat]
    if player.faction is None:
        return []
    stuck = into_red_slot(
        state.world, player.faction, mission.code, player.person, state.game_number
    )
    return [stuck] if stuck is not None else []


def _fate(state: GameState, seat: int, mission: Mission, stuck: bool) -> str:
    faction = faction_name(state.seats[seat].faction)
    if stuck:
        return _("it goes into the red slot of %(faction)s and the card is destroyed") % {
            "faction": faction
        }
    if mission.code in state.world.destroyed_box_cards:
        return _("the card is destroyed")
    if mission.private:
        return _("the red slot of %(faction)s is taken, so the card goes back to the box") % {
            "faction": faction
        }
    return _("the card goes back to the box")


def claim_mission(state: GameState, seat: int, move: ClaimMission, events: list[GameEvent]) -> None:
    """E-8: instead of a card. What the mission places goes on the board, the card goes back
    to the box, into the claimer's red slot (E124s) or is destroyed, its Red Stars are taken
    (W-1 checked), a new mission is laid out and the turn ends; a pack the claim opened is
    acknowledged then, and with Pack 4 the lead faction chooses that new mission (E123)."""
    problem = claim_problem(state, seat, move)
    if problem is not None:
        raise IllegalMove.from_violation(problem)
    mission = face_up(state)
    assert mission is not None
    opened = CAPITAL_PACK not in state.world.packs_opened
    placed, words = _place(state, seat, mission, move, events)
    claimed = MissionClaimed(
        game=state.game_number, mission=mission.code, person=state.seats[seat].person
    )
    stuck = _into_red_slot(state, seat, mission)
    for event in (*placed, claimed, *stuck):
        problems = event.check(state.world)
        if problems:
            raise IllegalMove.from_violation(problems[0])
        state.world = event.apply(state.world)
    state.world_events = (*state.world_events, *placed, claimed, *stuck)
    stars = state.seats[seat].red_star_tokens + mission.stars
    state.set_seat(seat, red_star_tokens=stars)
    destroyed = mission.code in state.world.destroyed_box_cards
    fate = _fate(state, seat, mission, bool(stuck))
    star_words = ngettext("a Red Star", "%(count)s Red Stars", mission.stars) % {
        "count": mission.stars
    }
    text = (
        _("%(player)s claims the mission %(mission)s for %(stars)s: %(placed)s; %(fate)s.")
        if words
        else _("%(player)s claims the mission %(mission)s for %(stars)s; %(fate)s.")
    )
    events.append(
        GameEvent(
            "mission_claimed",
            text
            % {
                "player": seat_label(state, seat),
                "mission": mission.name,
                "stars": star_words,
                "placed": words,
                "fate": fate,
            },
            {
                "seat": seat,
                "mission": mission.code,
                "reward": mission.stars,
                "destroyed": destroyed,
                "territory": move.territory,
                "target": move.target,
                "name": move.name.strip(),
                "red_slot": bool(stuck),
            },
        )
    )
    if check_win(state, events, seat):
        return
    opened = opened and CAPITAL_PACK in state.world.packs_opened
    chooser = lead_faction.open_mid_game(state, events) if opened else None
    if chooser is None:
        _lay_out_top(state, events)
    else:
        state.mission = None
    finish_turn(state, events)
    if chooser is not None:
        lead_faction.ask_to_choose(state, chooser)
    if opened:
        ask_to_open(state, CAPITAL_PACK, seat)


def _lay_out_top(state: GameState, events: list[GameEvent]) -> None:
    """E-8: the top card of the mission deck is the new face-up mission."""
    state.mission = state.mission_deck[0] if state.mission_deck else None
    state.mission_deck = state.mission_deck[1:]
    events.append(
        GameEvent(
            "mission_laid_out",
            gettext_lazy("New face-up mission: %(mission)s.")
            % {"mission": mission_name(state.mission)}
            if state.mission
            else gettext_lazy("The mission deck is empty: no mission lies face up."),
            {"mission": state.mission},
        )
    )
