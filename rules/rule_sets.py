"""The rule sets a game may be played under, their options, and which choices combine.

Every rule set plays on the one engine (`rules.game`): the board, combat, moves, dice and the
game state are shared. A rule set is a list of named steps (`rules.variants.steps`) that its
modules replace or extend; this registry only says what may be chosen. `name`, `label` and
`help` are catalogue messages marked with `gettext_noop`: translate them where they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import IllegalMove, Violation
from rules.words import gettext as _
from rules.words import gettext_noop

Refusal = Violation
"""One reason a choice of rule set and options is refused: code, message, rule ID."""

LEGACY = "legacy"
CLASSIC = "classic"
INVASION = "invasion"


@dataclass(frozen=True)
class OptionSpec:
    """One option of a rule set: `kind` is "choice" (one of `choices`), "int" (from `minimum`
    to `maximum`) or "bool"."""

    key: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    """(value, label) pairs of a "choice" option; labels are catalogue messages."""
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""
    """The rule ID the option changes (its anchor on the rules page)."""


Check = Callable[[int, Mapping[str, Any]], list[Violation]]


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""
    player_rule: str = ""
    """The rule ID that sets the number of players."""
    checks: tuple[Check, ...] = field(default=(), repr=False)
    """Further refusals for choices that combine badly (incompatible modules)."""

    def option(self, key: str) -> OptionSpec | None:
        return next((o for o in self.options if o.key == key), None)

    def defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}


def _fewer_hqs_need_four(players: int, options: Mapping[str, Any]) -> list[Violation]:
    if options.get("short_game") == "some_hqs" and players < 4:
        return [
            Violation(
                "short_game_players",
                _("The race for two or three headquarters needs 4 to 6 players."),
                "CL-31",
            )
        ]
    return []


def _objectives_need_three(players: int, options: Mapping[str, Any]) -> list[Violation]:
    if options.get("mode") == "objectives" and players < 3:
        return [
            Violation(
                "objectives_players",
                _("Secret objectives need at least 3 players: with 2 they are world domination."),
                "IN-11",
            )
        ]
    return []


CLASSIC_OPTIONS = (
    OptionSpec(
        key="short_game",
        kind="choice",
        default="off",
        label=gettext_noop("Shorter game"),
        help=gettext_noop(
            "Secret headquarters: win by taking the others' headquarters while keeping yours."
        ),
        choices=(
            ("off", gettext_noop("Off: conquer the world")),
            ("all_hqs", gettext_noop("Take every enemy headquarters")),
            ("some_hqs", gettext_noop("Take 2 (4 players) or 3 (5-6 players) headquarters")),
        ),
        rule="CL-30",
    ),
)

INVASION_OPTIONS = (
    OptionSpec(
        key="assignment",
        kind="choice",
        default="random",
        label=gettext_noop("Territory assignment"),
        help=gettext_noop("Dealt at random and evenly, or picked one by one in turns."),
        choices=(
            ("random", gettext_noop("Random and balanced")),
            ("pick", gettext_noop("Picked in turns")),
        ),
        rule="IN-3",
    ),
    OptionSpec(
        key="starting_units",
        kind="int",
        default=10,
        label=gettext_noop("Starting units"),
        help=gettext_noop("Units each player places freely on their territories before play."),
        minimum=0,
        maximum=40,
        rule="IN-5",
    ),
    OptionSpec(
        key="hand_limit",
        kind="int",
        default=5,
        label=gettext_noop("Hand limit"),
        help=gettext_noop("Most cards a player may hold; a card is only taken below it."),
        minimum=3,
        maximum=9,
        rule="IN-6",
    ),
    OptionSpec(
        key="trade_values",
        kind="choice",
        default="by_set",
        label=gettext_noop("Card sets are worth"),
        help=gettext_noop("A fixed value by what the set shows, or the classic rising values."),
        choices=(
            ("by_set", gettext_noop("By what the set shows")),
            ("escalating", gettext_noop("Rising with every set traded")),
        ),
        rule="IN-7",
    ),
    OptionSpec(
        key="fortify",
        kind="choice",
        default="connected",
        label=gettext_noop("Moving armies at the end of the turn"),
        help=gettext_noop("Once, along a chain of your territories, or only to a neighbour."),
        choices=(
            ("connected", gettext_noop("Along your own territories")),
            ("adjacent", gettext_noop("To a neighbouring territory")),
        ),
        rule="IN-8",
    ),
    OptionSpec(
        key="mode",
        kind="choice",
        default="domination",
        label=gettext_noop("Game mode"),
        help=gettext_noop("Conquer the whole world, or meet a secret objective first."),
        choices=(
            ("domination", gettext_noop("World domination")),
            ("objectives", gettext_noop("Secret objectives")),
        ),
        rule="IN-10",
    ),
)

RULE_SETS: dict[str, RuleSet] = {
    LEGACY: RuleSet(
        key=LEGACY,
        name=gettext_noop("Risk Legacy"),
        min_players=3,
        max_players=5,
        summary=gettext_noop("The campaign game: the world changes from one game to the next."),
        player_rule="C-1",
    ),
    CLASSIC: RuleSet(
        key=CLASSIC,
        name=gettext_noop("Classic Risk"),
        min_players=2,
        max_players=6,
        options=CLASSIC_OPTIONS,
        summary=gettext_noop(
            "The 1980 rules: claim the world, trade cards for ever more armies, conquer it all."
        ),
        player_rule="CL-1",
        checks=(_fewer_hqs_need_four,),
    ),
    INVASION: RuleSet(
        key=INVASION,
        name=gettext_noop("Invasión"),
        min_players=2,
        max_players=6,
        options=INVASION_OPTIONS,
        summary=gettext_noop(
            "Classic Risk made for the screen: dealt territories, a hand limit, optional "
            "secret objectives."
        ),
        player_rule="IN-2",
        checks=(_objectives_need_three,),
    ),
}


def rule_set(key: str) -> RuleSet:
    """The rule set `key`, or IllegalMove naming the ones there are."""
    found = RULE_SETS.get(key)
    if found is None:
        raise IllegalMove(
            "unknown_rule_set",
            _("There is no rule set '%(key)s'.") % {"key": key},
            "RS-1",
        )
    return found


def _option_refusals(spec: OptionSpec, value: Any) -> list[Violation]:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            return [
                Violation(
                    "bad_option",
                    _("Option '%(key)s' is yes or no.") % {"key": spec.key},
                    spec.rule or "RS-2",
                )
            ]
        return []
    if spec.kind == "int":
        low, high = spec.minimum, spec.maximum
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            return [
                Violation(
                    "bad_option",
                    _("Option '%(key)s' is a whole number from %(low)s to %(high)s.")
                    % {"key": spec.key, "low": low, "high": high},
                    spec.rule or "RS-2",
                )
            ]
        return []
    allowed = [value for value, _label in spec.choices]
    if value not in allowed:
        return [
            Violation(
                "bad_option",
                _("Option '%(key)s' is one of: %(choices)s.")
                % {"key": spec.key, "choices": ", ".join(allowed)},
                spec.rule or "RS-2",
            )
        ]
    return []


def check_choice(
    rule_set_key: str, players: int, options: Mapping[str, Any] | None = None
) -> list[Violation]:
    """Every reason to refuse playing `rule_set_key` with `players` players and `options`
    (options left out take their defaults); an empty list when the choice is fine."""
    found = RULE_SETS.get(rule_set_key)
    if found is None:
        return [
            Violation(
                "unknown_rule_set",
                _("There is no rule set '%(key)s'.") % {"key": rule_set_key},
                "RS-1",
            )
        ]
    refusals: list[Violation] = []
    if not found.min_players <= players <= found.max_players:
        refusals.append(
            Violation(
                "player_count",
                _("A game of %(rule_set)s has %(low)s to %(high)s players.")
                % {
                    "rule_set": _(found.name),
                    "low": found.min_players,
                    "high": found.max_players,
                },
                found.player_rule or "RS-1",
            )
        )
    given = dict(options or {})
    for key in sorted(given):
        if found.option(key) is None:
            refusals.append(
                Violation(
                    "unknown_option",
                    _("%(rule_set)s has no option '%(key)s'.")
                    % {"rule_set": _(found.name), "key": key},
                    "RS-2",
                )
            )
    if refusals:
        return refusals
    chosen = {**found.defaults(), **given}
    for spec in found.options:
        refusals += _option_refusals(spec, chosen[spec.key])
    if refusals:
        return refusals
    for check in found.checks:
        refusals += check(players, chosen)
    return refusals


def chosen_options(rule_set_key: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a game is played with: the given ones over the rule set's defaults."""
    return {**rule_set(rule_set_key).defaults(), **dict(options or {})}
