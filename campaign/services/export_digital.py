"""Digital games in a campaign's export: seed, commitment, seats, the move log and the state it
replays to, so a restored campaign keeps every move and its dice still check.

A game in play keeps its seed secret, so only the server's backup (`secrets`) carries it; an
export shows finished games only. An import takes a game only if its dice check passes
(`campaign.selectors.dice`): the seed matches its commitment, the start follows from the seed,
and replaying the moves gives every die of the log and the stored state.
"""

from __future__ import annotations

import copy
import re
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models import Campaign, Person
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.dice import digital_game_dice_check
from campaign.services.digital.clock import TURN_HOURS_MAX, TURN_HOURS_MIN, VACATION_DAYS_MAX
from rules.bounds import NUMBER_MAX
from rules.errors import RuleError, Violation

HEX = re.compile(r"[0-9a-f]{1,64}")
KEY_MAX = DigitalGame._meta.get_field("clock_key").max_length
_BROKEN = (LookupError, TypeError, ValueError, AttributeError, RuleError)


def digital_games_export(
    *, campaign: Campaign, show_accounts: bool, secrets: bool
) -> list[dict[str, Any]]:
    """The campaign's digital games, oldest first; a game in play only with `secrets`."""

    def _username(user) -> str | None:
        return user.get_username() if user is not None and show_accounts else None

    def _when(moment: datetime | None) -> str | None:
        return moment.isoformat() if moment is not None else None

    games = DigitalGame.objects.filter(campaign=campaign).select_related("created_by")
    if not secrets:
        games = games.exclude(status=DigitalGame.Status.PLAYING)
    return [
        {
            "game_number": game.game_number,
            "seed": game.seed,
            "seed_commitment": game.seed_commitment,
            "seed_chosen": game.seed_chosen,
            "status": game.status,
            "version": game.version,
            "initial_state": game.whole_state(initial=True),
            "state": game.whole_state(),
            "decision_deadline": _when(game.decision_deadline),
            "clock": {
                "kind": game.clock,
                "turn_hours": game.turn_hours,
                "vacation_days": game.vacation_days,
                "turn_deadline": _when(game.turn_deadline),
                "key": game.clock_key,
                "ran_out": game.clock_ran_out,
            },
            "created_by": _username(game.created_by),
            "created_at": game.created_at.isoformat(),
            "finished_at": _when(game.finished_at),
            "seats": [
                {
                    "index": seat.index,
                    "person": seat.person.key,
                    "kind": seat.kind,
                    "user": _username(seat.user),
                    "missiles_only_in_fight": seat.missiles_only_in_fight,
                    "bot_level": seat.bot_level,
                    "missed_turns": seat.missed_turns,
                    "bot_stands_in": seat.bot_stands_in,
                    "vacation_week": seat.vacation_week,
                    "vacation_used": seat.vacation_used,
                }
                for seat in game.seats.select_related("person", "user").order_by("index")
            ],
            "moves": [
                {
                    "index": move.index,
                    "seat": move.seat,
                    "actor": move.actor,
                    "move": move.move,
                    "events": move.events,
                    "user": _username(move.user),
                    "created_at": move.created_at.isoformat(),
                }
                for move in game.moves.select_related("user").order_by("index")
            ],
        }
        for game in games.order_by("created_at", "pk")
    ]


def digital_seat_persons(rows: list[dict[str, Any]]) -> set[str]:
    """The person keys the games' seats name."""
    return {
        seat.get("person")
        for row in rows
        for seat in row.get("seats", [])
        if isinstance(seat, dict) and isinstance(seat.get("person"), str)
    }


def _whole(value: Any, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= NUMBER_MAX


def _moment(value: Any) -> bool:
    if value is None:
        return True
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def _game_problems(row: dict[str, Any], persons: set[str]) -> list[str]:
    problems = []
    seed, commitment = row.get("seed"), row.get("seed_commitment", "")
    if not isinstance(seed, str) or not HEX.fullmatch(seed):
        problems.append(_("its seed is not up to 64 hex digits"))
    if not isinstance(commitment, str) or (
        commitment and not re.fullmatch("[0-9a-f]{64}", commitment)
    ):
        problems.append(_("its commitment is not 64 hex digits"))
    if not isinstance(row.get("seed_chosen", False), bool):
        problems.append(_("whether its seed was chosen is not true or false"))
    if row.get("status") not in DigitalGame.Status.values:
        problems.append(_("its status is unknown"))
    if not _whole(row.get("version")):
        problems.append(_("its version is not a whole number"))
    if not all(isinstance(row.get(k), dict) for k in ("initial_state", "state")):
        problems.append(_("its start and its state must be objects"))
    elif not all(isinstance(row[k].get("world"), dict) for k in ("initial_state", "state")):
        problems.append(_("its start and its state must each hold their world"))
    if not all(_moment(row.get(key)) for key in ("decision_deadline", "finished_at")):
        problems.append(_("a time it holds is not a date and time"))
    if not all(isinstance(row.get(key), str | None) for key in ("created_by",)):
        problems.append(_("who started it is not a user name"))
    if not _clock_fits(row.get("clock", {})):
        problems.append(_("its clock is unknown or out of bounds"))
    seats, moves = row.get("seats"), row.get("moves")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        return [*problems, _("its seats are not a list of objects")]
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        return [*problems, _("its moves are not a list of objects")]
    keys = [seat.get("person") for seat in seats]
    if sorted(seat.get("index") for seat in seats if _whole(seat.get("index"))) != list(
        range(len(seats))
    ) or len(set(map(str, keys))) != len(keys):
        problems.append(_("its seats are not numbered 0, 1, 2... with one person each"))
    for seat in seats:
        if seat.get("person") not in persons:
            problems.append(
                _("its seat's person %(person)s is not among the export's persons")
                % {"person": repr(seat.get("person"))[:60]}
            )
        if seat.get("kind") not in GameSeat.Kind.values or not isinstance(
            seat.get("missiles_only_in_fight", False), bool
        ):
            problems.append(_("a seat's kind or missile setting is unknown"))
        if seat.get("bot_level", GameSeat.BotLevel.NORMAL) not in GameSeat.BotLevel.values:
            problems.append(_("a seat's bot level is unknown"))
        if not isinstance(seat.get("user"), str | None):
            problems.append(_("a seat's account is not a user name"))
        if not (
            all(_whole(seat.get(k, 0)) for k in ("missed_turns", "vacation_week", "vacation_used"))
            and isinstance(seat.get("bot_stands_in", False), bool)
        ):
            problems.append(_("a seat's missed turns or vacation days are not whole numbers"))
    for position, move in enumerate(moves):
        if not (
            move.get("index") == position
            and _whole(move.get("seat"))
            and move.get("actor") in GameMove.Actor.values
            and isinstance(move.get("move"), dict)
            and isinstance(move.get("events"), list)
            and all(isinstance(e, dict) for e in move["events"])
            and isinstance(move.get("user"), str | None)
        ):
            problems.append(
                _("its move %(index)s is not a numbered, well-formed move") % {"index": position}
            )
            break
    return list(dict.fromkeys(problems))


def _clock_fits(clock: Any) -> bool:
    """A game's clock as an export holds it (older exports have none: per decision)."""
    if not isinstance(clock, dict):
        return False
    hours, days = clock.get("turn_hours", 24), clock.get("vacation_days", 2)
    return (
        clock.get("kind", DigitalGame.Clock.DECISION) in DigitalGame.Clock.values
        and _whole(hours, TURN_HOURS_MIN)
        and hours <= TURN_HOURS_MAX
        and _whole(days)
        and days <= VACATION_DAYS_MAX
        and _moment(clock.get("turn_deadline"))
        and isinstance(clock.get("key", ""), str)
        and len(clock.get("key", "")) <= KEY_MAX
        and isinstance(clock.get("ran_out", False), bool)
    )


def digital_games_refusals(rows: list[dict[str, Any]], *, persons: set[str]) -> list[Violation]:
    """Every reason the games' rows cannot be stored as they stand."""
    refusals = [
        _bad(number, problem)
        for number, row in enumerate(rows, start=1)
        for problem in _game_problems(row, persons)
    ]
    unfinished = [
        r
        for r in rows
        if r.get("status") in (DigitalGame.Status.PLAYING, DigitalGame.Status.REWARDS)
    ]
    if len(unfinished) > 1:
        refusals.append(
            Violation(
                "bad_digital_game",
                _("A campaign has one digital game under way at most; the export has %(count)s.")
                % {"count": len(unfinished)},
                "DESIGN",
            )
        )
    return refusals


def _bad(number: int, problem: str) -> Violation:
    return Violation(
        "bad_digital_game",
        _("Digital game %(number)s: %(problem)s.") % {"number": number, "problem": problem},
        "DESIGN",
    )


def digital_games_create(
    *, campaign: Campaign, rows: list[dict[str, Any]], users: dict[str, Any]
) -> None:
    """Store the games (rows already checked) and check each one's dice: a game whose seed,
    start, moves and state do not agree is refused, naming its problems (inside the import's
    transaction, so nothing is kept)."""
    persons = {p.key: p for p in Person.objects.filter(campaign=campaign)}
    for number, row in enumerate(rows, start=1):
        clock = row.get("clock", {})
        game = DigitalGame(
            campaign=campaign,
            game_number=row["game_number"],
            seed=row["seed"],
            seed_commitment=row.get("seed_commitment", ""),
            seed_chosen=row.get("seed_chosen", False),
            status=row["status"],
            version=row["version"],
            decision_deadline=_parsed(row.get("decision_deadline")),
            clock=clock.get("kind", DigitalGame.Clock.DECISION),
            turn_hours=clock.get("turn_hours", 24),
            vacation_days=clock.get("vacation_days", 2),
            turn_deadline=_parsed(clock.get("turn_deadline")),
            clock_key=clock.get("key", ""),
            clock_ran_out=clock.get("ran_out", False),
            created_by=users.get(row.get("created_by") or ""),
            finished_at=_parsed(row.get("finished_at")),
        )
        game.keep_whole_states(row["initial_state"], row["state"])
        game.save(force_insert=True)
        GameSeat.objects.bulk_create(
            GameSeat(
                game=game,
                index=seat["index"],
                person=persons[seat["person"]],
                kind=seat["kind"],
                user=users.get(seat.get("user") or ""),
                missiles_only_in_fight=seat.get("missiles_only_in_fight", False),
                bot_level=seat.get("bot_level", GameSeat.BotLevel.NORMAL),
                missed_turns=seat.get("missed_turns", 0),
                bot_stands_in=seat.get("bot_stands_in", False),
                vacation_week=seat.get("vacation_week", 0),
                vacation_used=seat.get("vacation_used", 0),
            )
            for seat in row["seats"]
        )
        GameMove.objects.bulk_create(
            GameMove(
                game=game,
                index=move["index"],
                seat=move["seat"],
                actor=move["actor"],
                move=move["move"],
                events=move["events"],
                user=users.get(move.get("user") or ""),
            )
            for move in row["moves"]
        )
        problems = _dice_problems(game)
        if problems:
            raise ApplicationError(
                _("The import is refused; nothing was created. %(reasons)s")
                % {"reasons": " ".join(str(_bad(number, p)) for p in problems)},
                violations=[_bad(number, p) for p in problems],
                code="bad_digital_game",
            )


def _dice_problems(game: DigitalGame) -> list[str]:
    """The dice check of a stored game. A game in play is checked the same way (its seed is
    in the server's backup), on a copy that takes it as over so the check may read it."""
    checked = copy.copy(game)
    checked.status = DigitalGame.Status.FINISHED
    try:
        check = digital_game_dice_check(game=checked)
    except _BROKEN as exc:
        return [_("its start or its moves cannot be read (%(error)s)") % {"error": exc}]
    return [problem.rstrip(".") for problem in check.problems]


def _parsed(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None
