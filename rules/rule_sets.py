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


RULE_SETS: dict[str, RuleSet] = {
    LEGACY: RuleSet(
        key=LEGACY,
        name=gettext_noop("Risk Legacy"),
        min_players=3,
        max_players=5,
        summary=gettext_noop("The campaign game: the world changes from one game to the next."),
        player_rule="C-1",
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
