"""The one application error type; the API maps it to HTTP in one handler, pages to messages."""

from __future__ import annotations

from collections.abc import Iterable

from rules.errors import RuleError, Violation


class ApplicationError(Exception):
    """A use case refused: what was asked breaks the rules or the campaign's state.

    `violations` lists every reason (code, message, rule ID); `status` is the HTTP status the
    API answers with (400 refused input, 404 unknown thing, 403 not allowed, 409 stale).
    """

    status = 400

    def __init__(
        self,
        message: str,
        *,
        violations: Iterable[Violation] = (),
        code: str = "invalid",
        rule: str = "",
        status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.violations = list(violations) or [Violation(code, message, rule)]
        if status is not None:
            self.status = status

    @classmethod
    def from_rule_error(cls, error: RuleError) -> ApplicationError:
        return cls(error.message, violations=[error.as_violation()])

    def as_json(self) -> dict:
        return {
            "errors": [
                {"code": v.code, "message": v.message, "rule": v.rule} for v in self.violations
            ]
        }


class NotFoundError(ApplicationError):
    status = 404


class ForbiddenError(ApplicationError):
    status = 403


class ConflictError(ApplicationError):
    status = 409
