"""Every reason an export document may not become a campaign, in plain words.

The import is one more door to a campaign's world, so it takes nothing the other doors would
refuse: the event log numbered 1, 2, 3, ... in order, each event well-formed and accepted by the
rules against the world as it stands when replayed (`campaign.services.import_replay`), every
person the log names among the export's persons, no person linked to an account that is not the
importer's (unless the server's own restore trusts the links), game logs and pack claims that
fit the log. All reasons are collected, so one refusal lists everything to fix.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from typing import Any

from django.utils.translation import gettext as _

from campaign.models import EventSource
from campaign.services.game_log.entry import GameLogEntry
from campaign.services.import_replay import ImportedEvent, label, replay_refusals
from rules.bounds import NUMBER_MAX
from rules.data import content
from rules.errors import RuleError, Violation
from rules.world import World
from rules.world_events import EventsVoided, WorldEvent, event_from_json

PERSON_KEY = re.compile(r"[-a-zA-Z0-9_]+")


def _whole(value: Any, least: int = 0) -> bool:
    """A whole number from `least` to `NUMBER_MAX`: every number an import names is bounded
    before anything is done in proportion to it (or stored past what a column holds)."""
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= NUMBER_MAX


def _bad(code: str, message: str, rule: str = "DESIGN") -> Violation:
    return Violation(code, message, rule)


def import_refusals(
    document: dict[str, Any], *, importer: str, accounts: set[str], link_accounts: bool
) -> list[Violation]:
    """Every reason to refuse `document` (already known to be an export with its parts).
    `importer` is the importing user's name, `accounts` the user names known here;
    `link_accounts` keeps links to any of them (a restore run by the server's admin)."""
    rows = document["events"]
    refusals = numbering_refusals(rows)
    entries, shape = _events(rows)
    refusals += shape
    # Replayed only when every row is a numbered event: a gap would shift what follows.
    replayed = not refusals
    world = World()
    if replayed:
        found, world = replay_refusals(entries)
        refusals += found
    keys = [p.get("key") for p in document["persons"] if isinstance(p.get("key"), str)]
    refusals += persons_refusals(
        document["persons"], importer=importer, accounts=accounts, link_accounts=link_accounts
    )
    refusals += _unknown_persons(entries, set(keys))
    refusals += game_log_refusals(document["game_logs"], events=len(rows), persons=set(keys))
    if replayed:
        refusals += pack_claim_refusals(document["pack_unlocks"], world=world, events=len(rows))
    return refusals


def numbering_refusals(rows: list[dict[str, Any]]) -> list[Violation]:
    """The log is numbered 1, 2, 3, ...: no number twice, none out of order, none missing.
    Checked in time and memory linear in the number of rows, whatever numbers they name."""
    seqs = [row.get("seq") for row in rows]
    refusals = [
        _bad(
            "event_unnumbered",
            _("Event at position %(position)s has no whole number (seq) from 1 to %(max)s.")
            % {"position": i, "max": f"{NUMBER_MAX:,}"},
        )
        for i, seq in enumerate(seqs, start=1)
        if not _whole(seq, 1)
    ]
    numbers = [s for s in seqs if _whole(s, 1)]
    refusals += [
        _bad(
            "event_duplicated",
            _("Event number %(number)s appears %(count)s times.") % {"number": seq, "count": count},
        )
        for seq, count in sorted(Counter(numbers).items())
        if count > 1
    ]
    refusals += [
        _bad(
            "event_out_of_order",
            _("Event %(later)s comes after event %(earlier)s: the log must be in order.")
            % {"later": later, "earlier": earlier},
        )
        for earlier, later in pairwise(numbers)
        if later < earlier
    ]
    missing = _first_missing(numbers, shown=10)
    if missing:
        listed = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        refusals.append(
            _bad(
                "event_missing",
                _("Event numbers %(numbers)s are missing: the log has no gaps.")
                % {"numbers": listed},
            )
        )
    return refusals


def _first_missing(numbers: list[int], *, shown: int) -> list[int]:
    """Up to `shown` + 1 of the numbers from 1 to the largest that `numbers` lacks: at most
    len(numbers) + shown + 1 candidates are looked at, never every number up to the largest."""
    present = set(numbers)
    largest = max(numbers, default=0)
    missing: list[int] = []
    candidate = 1
    while candidate <= largest and len(missing) <= shown:
        if candidate not in present:
            missing.append(candidate)
        candidate += 1
    return missing


def _events(rows: list[dict[str, Any]]) -> tuple[list[ImportedEvent], list[Violation]]:
    """The rows as rules events; a row that is not one is refused with its number."""
    entries: list[ImportedEvent] = []
    refusals: list[Violation] = []
    for position, row in enumerate(rows, start=1):
        seq = row.get("seq") if _whole(row.get("seq"), 1) else position
        where = _("Event %(number)s") % {"number": seq}
        payload, kind = row.get("payload"), row.get("kind")
        reason = row.get("override_reason", "")
        problems = []
        if row.get("source") not in EventSource.values:
            problems.append(
                _("its source %(source)s is unknown") % {"source": repr(row.get("source"))}
            )
        if not isinstance(reason, str):
            problems.append(_("its override reason is not text"))
        if row.get("game_number") is not None and not _whole(row.get("game_number")):
            problems.append(_("its game number is not a whole number"))
        problems += _corrects_problems(row, seq)
        if not isinstance(row.get("created_by"), str | None):
            problems.append(_("who created it is not a user name"))
        event = None
        if not isinstance(kind, str) or not isinstance(payload, dict):
            problems.append(_("it needs a kind and a payload object"))
        else:
            try:
                event = event_from_json({**payload, "kind": kind})
            except RuleError as exc:
                problems.append(exc.message[:1].lower() + exc.message[1:].rstrip("."))
        refusals += [
            _bad("malformed_event", _("%(where)s: %(problem)s.") % {"where": where, "problem": p})
            for p in problems
        ]
        if event is not None and not problems:
            entries.append(ImportedEvent(seq, event, reason.strip()))
    return entries, refusals


def _corrects_problems(row: dict[str, Any], seq: int) -> list[str]:
    """What a row corrects: earlier events, and only a correction's (the entries it voids)."""
    corrects = row.get("corrects", [])
    if not isinstance(corrects, list) or not all(_whole(s, 1) for s in corrects):
        return [_("what it corrects is not a list of event numbers")]
    if any(s >= seq for s in corrects):
        return [_("it corrects a later event; a correction only corrects earlier ones")]
    payload = row.get("payload")
    voids = payload.get("seqs") if isinstance(payload, dict) else None
    if row.get("kind") == EventsVoided.kind:
        if isinstance(voids, list) and corrects != voids:
            return [_("what it corrects is not the list of entries it voids")]
    elif corrects:
        return [_("it corrects other events but is no correction")]
    return []


def persons_refusals(
    persons: list[dict[str, Any]], *, importer: str, accounts: set[str], link_accounts: bool
) -> list[Violation]:
    refusals: list[Violation] = []
    keys = Counter(p.get("key") for p in persons if isinstance(p.get("key"), str))
    users = Counter(p.get("user") for p in persons if isinstance(p.get("user"), str))
    for person in persons:
        key, name, user = person.get("key"), person.get("display_name"), person.get("user")
        if not isinstance(key, str) or not PERSON_KEY.fullmatch(key):
            refusals.append(
                _bad(
                    "bad_person",
                    _("Person key %(key)s must be letters, digits, - or _.") % {"key": repr(key)},
                )
            )
            continue
        who = _("Person '%(key)s'") % {"key": key}
        if keys[key] > 1:
            refusals.append(
                _bad(
                    "person_twice",
                    _("%(who)s is listed %(count)s times.") % {"who": who, "count": keys[key]},
                )
            )
        if not isinstance(name, str) or not name.strip():
            refusals.append(_bad("bad_person", _("%(who)s has no display name.") % {"who": who}))
        if user is None:
            continue
        if not isinstance(user, str):
            refusals.append(
                _bad(
                    "bad_person",
                    _("%(who)s: the linked account is not a user name.") % {"who": who},
                )
            )
        elif users[user] > 1:
            refusals.append(
                _bad(
                    "account_twice",
                    _("%(who)s: the account '%(user)s' is linked to two persons.")
                    % {"who": who, "user": user},
                )
            )
        elif user in accounts and user != importer and not link_accounts:
            refusals.append(
                _bad(
                    "someone_elses_account",
                    _(
                        "%(who)s is linked to the account '%(user)s', which is not yours. Leave "
                        "their 'user' empty to bring them in as a guest; they can join by an "
                        "invite."
                    )
                    % {"who": who, "user": user},
                )
            )
    return list(dict.fromkeys(refusals))  # each reason once


def referenced_persons(event: WorldEvent) -> set[str]:
    """The person keys an event names (`person`, `persons`, and players or picks' `person`).
    An empty `person` names nobody: who did it is not known (a campaign brought in)."""
    found: set[str] = set()
    for name, value in vars(event).items():
        if name == "person" and isinstance(value, str) and value:
            found.add(value)
        elif isinstance(value, tuple):
            found |= {v for v in value if name == "persons" and isinstance(v, str)}
            found |= {
                v["person"]
                for v in value
                if isinstance(v, dict) and isinstance(v.get("person"), str)
            }
    return found


def _unknown_persons(entries: list[ImportedEvent], keys: set[str]) -> list[Violation]:
    return [
        _bad(
            "unknown_person",
            _("%(event)s names '%(person)s', who is not among the export's persons.")
            % {"event": label(entry), "person": person},
        )
        for entry in entries
        for person in sorted(referenced_persons(entry.event) - keys)
    ]


def game_log_refusals(
    logs: list[dict[str, Any]], *, events: int, persons: set[str]
) -> list[Violation]:
    """Each game log: its entry readable, its players among the persons, its events within the
    log, what it corrects an earlier game log, corrected at most once."""
    refusals: list[Violation] = []
    corrected: Counter[int] = Counter()
    for position, log in enumerate(logs):
        where = _("Game log %(number)s") % {"number": position + 1}
        problems: list[str] = []
        if not _whole(log.get("game_number"), 1):
            problems.append(_("its game number is not a whole number ≥ 1"))
        first, last = log.get("first_seq"), log.get("last_seq")
        if not (_whole(first, 1) and _whole(last, 1) and first <= last <= events):
            problems.append(
                _("its events %(first)s to %(last)s are not within the log 1-%(events)s")
                % {"first": repr(first), "last": repr(last), "events": events}
            )
        corrects = log.get("corrects")
        if corrects is not None:
            if not _whole(corrects) or corrects >= position:
                problems.append(_("what it corrects is not an earlier game log"))
            else:
                corrected[corrects] += 1
        for key, problem in (
            ("override_reason", _("its override reason is not text")),
            ("correction_reason", _("its correction reason is not text")),
        ):
            if not isinstance(log.get(key, ""), str):
                problems.append(problem)
        if not isinstance(log.get("overridden", []), list):
            problems.append(_("the refusals it overrode are not a list"))
        if not isinstance(log.get("logged_by"), str | None):
            problems.append(_("who logged it is not a user name"))
        problems += _entry_problems(log.get("entry"), persons)
        refusals += [
            _bad("bad_game_log", _("%(where)s: %(problem)s.") % {"where": where, "problem": p})
            for p in problems
        ]
    refusals += [
        _bad(
            "bad_game_log",
            _("Game log %(number)s is corrected %(count)s times; once at most.")
            % {"number": index + 1, "count": count},
        )
        for index, count in sorted(corrected.items())
        if count > 1
    ]
    return refusals


def _entry_problems(entry: Any, persons: set[str]) -> list[str]:
    if not isinstance(entry, dict):
        return [_("its entry is not an object")]
    try:
        parsed = GameLogEntry.from_json(entry)
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        return [
            _("its entry cannot be read (%(error)s)") % {"error": f"{type(exc).__name__}: {exc}"}
        ]
    return [
        _("its player '%(person)s' is not among the export's persons") % {"person": p.person}
        for p in parsed.players
        if p.person not in persons
    ]


def pack_claim_refusals(
    claims: list[dict[str, Any]], *, world: World, events: int
) -> list[Violation]:
    """U-1: a pack is claimed once, for a known pack the log actually opens."""
    refusals: list[Violation] = []
    packs = Counter(c.get("pack") for c in claims if isinstance(c.get("pack"), str))
    for claim in claims:
        pack = claim.get("pack")
        if not isinstance(pack, str) or pack not in content().packs:
            refusals.append(
                _bad(
                    "unknown_pack",
                    _("A pack claim names no sealed pack: %(pack)s.") % {"pack": repr(pack)},
                    "U-1",
                )
            )
            continue
        name = content().packs[pack].name
        if packs[pack] > 1:
            refusals.append(
                _bad(
                    "pack_claimed_twice",
                    _("%(pack)s is claimed %(count)s times.")
                    % {"pack": name, "count": packs[pack]},
                    "U-1",
                )
            )
        if pack not in world.packs_opened:
            refusals.append(
                _bad(
                    "pack_claim_forged",
                    _("%(pack)s is claimed as opened, but no event opens it.") % {"pack": name},
                    "U-1",
                )
            )
        trigger, game = claim.get("trigger_seq"), claim.get("game_number")
        if trigger is not None and not (_whole(trigger, 1) and trigger <= events):
            refusals.append(
                _bad(
                    "bad_pack_claim",
                    _("%(pack)s's claim names no event %(event)s.")
                    % {"pack": name, "event": repr(trigger)},
                )
            )
        if game is not None and not _whole(game):
            refusals.append(
                _bad(
                    "bad_pack_claim",
                    _("%(pack)s's claim has no whole game number.") % {"pack": name},
                )
            )
        if not isinstance(claim.get("reason"), str):
            refusals.append(
                _bad("bad_pack_claim", _("%(pack)s's claim gives no reason.") % {"pack": name})
            )
    return list(dict.fromkeys(refusals))  # each reason once
