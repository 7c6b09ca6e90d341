"""Why the rules refuse a game log: each refusal with the entry field it belongs to, and the
error that carries them all. Hard refusals cannot be overridden by the owner."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from rules.errors import Violation


@dataclass(frozen=True)
class Refusal:
    """A violation and the entry field it belongs to (e.g. `players.1.start`). A `hard`
    refusal cannot be overridden: the entry would not make sense to the world at all."""

    field: str
    violation: Violation
    hard: bool = False


class GameLogRefused(ApplicationError):
    """The rules (or the world) refuse the entry; nothing was written."""

    def __init__(self, refusals: list[Refusal]) -> None:
        self.refusals = refusals
        overridable = all(not r.hard for r in refusals)
        reasons = " ".join(str(r.violation) for r in refusals)
        message = (
            _(
                "The rules refuse this game log: %(reasons)s The campaign's owner may accept it "
                "anyway by giving a reason."
            )
            if overridable
            else _("The rules refuse this game log: %(reasons)s")
        ) % {"reasons": reasons}
        super().__init__(message, violations=[r.violation for r in refusals], code="refused")

    @property
    def overridable(self) -> bool:
        return all(not r.hard for r in self.refusals)

    def as_json(self) -> dict:
        return {
            "errors": [
                {
                    "field": r.field,
                    "code": r.violation.code,
                    "message": r.violation.message,
                    "rule": r.violation.rule,
                    "overridable": not r.hard,
                }
                for r in self.refusals
            ],
            "overridable": self.overridable,
        }


# Refusals that no override can accept: unknown things, or a log the world could not fold.
HARD_CODES = frozenset(
    {
        "unknown_territory",
        "unknown_continent",
        "unknown_faction",
        "unknown_scar",
        "unknown_person",
        "unknown_incident",
        "unknown_pack",
        "wrong_reward",
        "person_twice",
        "faction_twice",
        "one_winner",
        "game_number",
        "required",
        "bad_target",
        "bad_delta",
        "bad_count",
        "namer_required",
        "not_in_game",
    }
)
