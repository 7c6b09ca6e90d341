"""The rewards of a game's end (END-5, END-6, END-9): what the rules offer, the checks of a
choice, and the order the held-on players choose in.

Shared by the hand-logged games (`campaign/services/game_log/`) and digital play. Everything here
is pure: it reads a `World` and returns options, violations or world events.

- `winner_reward_options(world)` / `held_on_reward_options(world, held=...)` list what the rules
  offer, each option with its legal targets (END-5, END-6). An option appears only while its
  supply lasts and it has a legal target.
- `reward_violations(world, choice, ...)` checks a chosen reward by the same generated options,
  so a page's choices and the server's checks never disagree; `reward_event(...)` turns a legal
  choice into its world event.
- `held_on_order(seating, outcomes)` gives the clockwise order of held-on players (END-6).

Naming the world (END-8) is `rules.world_naming`; a game's end composed into its events, in
order, is `rules.game_end`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rules import board_links
from rules.data import board, content
from rules.errors import IllegalWorldEvent, Violation
from rules.words import gettext as _
from rules.words import gettext_noop
from rules.world import World
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    ScarCancelled,
    WorldEvent,
)

RewardCode = Literal["R1", "R2", "R3", "R4", "R5", "R6", "H1", "H2"]

# The names are English msgids (marked, not translated: a constant is built at import, in no
# one's language); translate them where they are shown, with `_(REWARD_NAMES[code])`.
WINNER_REWARDS: dict[str, str] = {
    "R1": gettext_noop("Name a continent"),
    "R2": gettext_noop("Found a Major City"),
    "R3": gettext_noop("Cancel a scar"),
    "R4": gettext_noop("Change a continent bonus"),
    "R5": gettext_noop("Fortify a city"),
    "R6": gettext_noop("Destroy a territory card"),
}
HELD_ON_REWARDS: dict[str, str] = {
    "H1": gettext_noop("Found a Minor City"),
    "H2": gettext_noop("Add a coin to a territory card"),
}
REWARD_NAMES: dict[str, str] = {**WINNER_REWARDS, **HELD_ON_REWARDS}
# Rewards whose target is a continent; every other reward targets a territory.
CONTINENT_REWARDS = frozenset({"R1", "R4"})
# Rewards that need a name typed by the player (a continent's or a city's).
NAMED_REWARDS = frozenset({"R1", "R2", "H1"})


@dataclass(frozen=True)
class RewardOption:
    """One reward the rules offer now, with every legal target (continent or territory keys).
    `name` is in the reader's language (translated when the options are listed). `deltas`
    lists the continent marks still in the supply for R4 (+1 and/or -1)."""

    code: str
    name: str
    rule: str
    targets: tuple[str, ...]
    deltas: tuple[int, ...] = ()

    @property
    def targets_continents(self) -> bool:
        return self.code in CONTINENT_REWARDS

    @property
    def needs_name(self) -> bool:
        return self.code in NAMED_REWARDS


@dataclass(frozen=True)
class RewardChoice:
    """A reward someone picked: the option code, its target, a name where the option needs
    one (R1, R2, H1) and the mark for R4 (+1 or -1)."""

    code: str
    target: str
    name: str = ""
    delta: int = 0


def rewards_given(game: int) -> bool:
    """END-9: signatures and rewards belong to games 1-15 only."""
    return 1 <= game <= content().constants["rewarded_games"]


# --- the options (END-5, END-6) ---------------------------------------------------------------


def winner_reward_options(world: World) -> list[RewardOption]:
    """END-5 R1-R6: every reward whose supply lasts and that has a legal target now."""
    supplies = world.supplies_left()
    territories = list(board_links.territories(world))
    options: list[RewardOption] = []

    def offer(code: str, targets: Iterable[str], deltas: tuple[int, ...] = ()) -> None:
        targets = tuple(targets)
        if targets:
            options.append(RewardOption(code, _(REWARD_NAMES[code]), "END-5", targets, deltas))

    offer("R1", (c for c in board().continents if c not in world.continent_names))
    if supplies["major_city"] > 0:
        offer("R2", (t for t in territories if t not in world.cities and t != world.fallout))
    if supplies["scar_cancel"] > 0:
        offer("R3", (t for t in territories if world.live_scar(t)))
    deltas = tuple(
        d
        for d, supply in ((1, "continent_mark_plus"), (-1, "continent_mark_minus"))
        if supplies[supply] > 0
    )
    if deltas:
        offer("R4", (c for c in board().continents if c not in world.continent_marks), deltas)
    if supplies["fortification"] > 0:
        offer("R5", (t for t in territories if t in world.cities))
    offer("R6", (t for t in territories if world.has_card(t)))
    return options


def held_on_reward_options(world: World, *, held: Iterable[str]) -> list[RewardOption]:
    """END-6 H1/H2 for a player who held the territories `held` when play stopped. The
    number of coin stickers is not known (OPEN-8), so H2 is limited only by the 6-coin cap
    and destroyed cards."""
    held = [t for t in board_links.territories(world) if t in set(held)]
    cap = content().constants["card_coins_max"]
    options: list[RewardOption] = []
    if world.supplies_left()["minor_city"] > 0:
        targets = tuple(t for t in held if t not in world.cities and t != world.fallout)
        if targets:
            options.append(RewardOption("H1", _(REWARD_NAMES["H1"]), "END-6", targets))
    # Coin cards are not territory cards, so a territory target can never be one (END-6 H2).
    targets = tuple(t for t in held if world.has_card(t) and world.card_coins[t] < cap)
    if targets:
        options.append(RewardOption("H2", _(REWARD_NAMES["H2"]), "END-6", targets))
    return options


def _target_label(code: str, key: str) -> str:
    if code in CONTINENT_REWARDS:
        continent = board().continents.get(key)
        return continent.name if continent else repr(key)
    return board().territory(key).name if board().knows(key) else repr(key)


def _why_not(world: World, code: str, target: str) -> Violation:
    """Explains why `target` is not among an offered option's targets, naming the rule."""
    label = _target_label(code, target)
    rule = "END-6" if code in HELD_ON_REWARDS else "END-5"
    if code in CONTINENT_REWARDS:
        if target not in board().continents:
            return Violation(
                "unknown_continent", _("There is no continent '%(key)s'.") % {"key": target}, "C-2"
            )
        if code == "R1":
            named = world.continent_names[target]
            return Violation(
                "continent_already_named",
                _("%(continent)s is already named %(name)s.")
                % {"continent": label, "name": named.name},
                rule,
            )
        return Violation(
            "bonus_already_changed",
            _("%(continent)s's bonus was changed already; once only.") % {"continent": label},
            rule,
        )
    if not board_links.on_board(world, target):
        return Violation(
            "unknown_territory", _("There is no territory '%(key)s'.") % {"key": target}, "C-2"
        )
    if code in {"R2", "H1"} and target == world.fallout:
        return Violation(
            "fallout_unchangeable",
            _("%(territory)s is the fallout zone: no city may go there.") % {"territory": label},
            "G-1",
        )
    if code in {"R2", "H1"} and target in world.cities:
        city = world.cities[target]
        return Violation(
            "city_exists",
            _("%(territory)s already holds the city %(city)s; one city each.")
            % {"territory": label, "city": city.name},
            "G-2",
        )
    if code == "R3":
        return Violation(
            "no_scar",
            _("%(territory)s has no scar on the board to cancel.") % {"territory": label},
            rule,
        )
    if code == "R5":
        return Violation(
            "no_city", _("%(territory)s has no city to fortify.") % {"territory": label}, rule
        )
    if code in {"R6", "H2"} and not world.has_card(target):
        return Violation(
            "card_gone",
            _("%(territory)s's territory card is already destroyed.") % {"territory": label},
            "G-8",
        )
    if code == "H2" and world.card_coins[target] >= content().constants["card_coins_max"]:
        cap = content().constants["card_coins_max"]
        return Violation(
            "card_full",
            _("%(territory)s's card already has %(cap)s coins.") % {"territory": label, "cap": cap},
            rule,
        )
    return Violation(
        "not_held",
        _("%(territory)s was not held by this player when play stopped.") % {"territory": label},
        "END-6",
    )


def _no_option(world: World, code: str) -> Violation:
    supplies = world.supplies_left()
    exhausted = {
        "R2": ("major_city", _("All 5 Major City marks are used.")),
        "R3": ("scar_cancel", _("All 4 scar-cancel stickers are used.")),
        "R5": ("fortification", _("All 5 fortification marks are used.")),
        "H1": ("minor_city", _("All 9 Minor City marks are used.")),
    }
    if code in exhausted and supplies[exhausted[code][0]] <= 0:
        return Violation("supply_exhausted", exhausted[code][1], "C-10")
    if code == "R4" and supplies["continent_mark_plus"] + supplies["continent_mark_minus"] <= 0:
        return Violation("supply_exhausted", _("Both continent bonus marks are used."), "END-5")
    rule = "END-6" if code in HELD_ON_REWARDS else "END-5"
    return Violation(
        "reward_not_available",
        _("%(reward)s has no legal target now, so it is not offered.")
        % {"reward": _(REWARD_NAMES[code])},
        rule,
    )


def reward_violations(
    world: World,
    choice: RewardChoice,
    *,
    winner: bool,
    held: Iterable[str] = (),
) -> list[Violation]:
    """Why `choice` is refused for the winner (END-5) or a held-on player holding `held`
    (END-6); an empty list means it is legal. Checked against the generated options."""
    offered = winner_reward_options(world) if winner else held_on_reward_options(world, held=held)
    allowed = WINNER_REWARDS if winner else HELD_ON_REWARDS
    if choice.code not in allowed:
        if winner:
            refusal = _("%(code)s is not a reward for the winner.") % {"code": choice.code}
        else:
            refusal = _("%(code)s is not a reward for a held-on player.") % {"code": choice.code}
        rule = "END-5" if winner else "END-6"
        return [Violation("wrong_reward", refusal, rule)]
    option = next((o for o in offered if o.code == choice.code), None)
    if option is None:
        refusal = _no_option(world, choice.code)
        if refusal.code == "supply_exhausted" or not choice.target:
            return [refusal]
        return [_why_not(world, choice.code, choice.target)]
    violations: list[Violation] = []
    if choice.target not in option.targets:
        violations.append(_why_not(world, choice.code, choice.target))
    if choice.code == "R4" and choice.delta not in option.deltas:
        if choice.delta in (1, -1):
            violations.append(
                Violation(
                    "no_mark_left",
                    _("The %(mark)s mark is already used.") % {"mark": f"{choice.delta:+d}"},
                    "END-5",
                )
            )
        else:
            violations.append(
                Violation("bad_delta", _("The continent marks are +1 and -1."), "END-5")
            )
    if option.needs_name and not choice.name.strip():
        if choice.code == "R1":
            ask = _("Give the continent a name.")
        else:
            ask = _("Give the new city a name.")
        violations.append(Violation("name_required", ask, option.rule))
    return violations


def reward_event(choice: RewardChoice, *, person: str, game: int) -> WorldEvent:
    """The world event a reward writes (END-5 R1-R6, END-6 H1-H2)."""
    code, target = choice.code, choice.target
    if code == "R1":
        return ContinentNamed(continent=target, name=choice.name, person=person, game=game)
    if code in {"R2", "H1"}:
        kind = "major" if code == "R2" else "minor"
        return CityFounded(territory=target, city=kind, name=choice.name, person=person, game=game)
    if code == "R3":
        return ScarCancelled(territory=target, person=person, game=game)
    if code == "R4":
        return ContinentBonusChanged(continent=target, delta=choice.delta, person=person, game=game)
    if code == "R5":
        return CityFortified(territory=target, person=person, game=game)
    if code == "R6":
        return CardDestroyed(territory=target, person=person, game=game)
    if code == "H2":
        return CardUpgraded(territory=target, person=person, game=game)
    raise IllegalWorldEvent(
        "unknown_reward", _("There is no reward '%(code)s'.") % {"code": code}, "END-5"
    )


# --- who rewards in which order (END-6) -------------------------------------------------------


def held_on_order(seating: Sequence[str], outcomes: Mapping[str, str]) -> list[str]:
    """END-6: the held-on players in clockwise order starting from the winner.

    `seating` lists the players clockwise around the table; `outcomes` maps each to
    won / held_on / eliminated. Eliminated players get nothing, so they are left out."""
    winners = [p for p in seating if outcomes.get(p) == "won"]
    if len(winners) != 1:
        raise IllegalWorldEvent("one_winner", _("Exactly one faction wins a game."), "END-2")
    start = seating.index(winners[0])
    clockwise = [*seating[start + 1 :], *seating[:start]]
    return [p for p in clockwise if outcomes.get(p) == "held_on"]
