"""Refusals: every rule-based refusal carries a machine code, a message and the rule ID."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One reason the rules refuse something, e.g. ("city_exists", "...", "G-2")."""

    code: str
    message: str
    rule: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class RuleError(Exception):
    """Base of refusals raised by the engine; carries one or more violations."""

    def __init__(self, code: str, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.code = code
        self.message = message
        self.rule = rule

    @classmethod
    def from_violation(cls, violation: Violation) -> RuleError:
        return cls(violation.code, violation.message, violation.rule)

    def as_violation(self) -> Violation:
        return Violation(self.code, self.message, self.rule)


class IllegalMove(RuleError):
    """A move that the rules do not allow for this seat in this state."""


class IllegalWorldEvent(RuleError):
    """A world change that the rules or the world as it stands forbid."""
