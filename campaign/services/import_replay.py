"""An imported event log replayed through the rules, as `world_event_append` would have taken
it: each event checked against the world as it stands after the ones before it, within its
bounds, and each pack opening due by its condition at that point (U-1 to U-7).

An event the export records as the owner's override (a non-empty `override_reason`) may break
the rules like any override, but never the hard refusals (unknown territories, factions,
packs...): those would leave the campaign's pages unable to show its world.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaign.services.game_log.refusals import HARD_CODES
from rules.data import content
from rules.errors import Violation
from rules.unlocks import is_optional, packs_due
from rules.world import World
from rules.world_events import EventsVoided, PackOpened, WorldEvent, replay

# What a malformed event raises when checked or applied (a list where a name belongs...).
_BROKEN = (LookupError, TypeError, ValueError, AttributeError)

# Failures of the event itself rather than of the rules: never accepted.
_MALFORMED = frozenset({"malformed_event", "cannot_apply", "bad_void"})


@dataclass(frozen=True)
class ImportedEvent:
    """One well-formed row of an export's event log."""

    seq: int
    event: WorldEvent
    override_reason: str


def label(entry: ImportedEvent) -> str:
    return _("Event %(number)s (%(kind)s)") % {
        "number": entry.seq,
        "kind": entry.event.kind.replace("_", " "),
    }


def is_hard(violation: Violation) -> bool:
    code = violation.code
    return code in HARD_CODES or code in _MALFORMED or code.startswith("unknown_")


def replay_refusals(entries: list[ImportedEvent]) -> tuple[list[Violation], World]:
    """Every reason the rules refuse the log (each naming its event), and the world it leaves
    (the events that could not be applied left out)."""
    refusals: list[Violation] = []
    world = World()
    applied: list[tuple[int, WorldEvent]] = []
    ever_opened: set[str] = set()
    for position, entry in enumerate(entries):
        # Past the bounds is refused even under an override, as `world_event_append` does.
        found: list[Violation] = []
        try:
            refusals += [
                Violation(
                    v.code,
                    _("%(event)s is past its bounds: %(reason)s")
                    % {"event": label(entry), "reason": v.message},
                    v.rule,
                )
                for v in entry.event.bounds()
            ]
            found += entry.event.check(world)
        except _BROKEN as exc:
            found.append(_malformed(exc))
        if isinstance(entry.event, EventsVoided):
            found += _void_refusals(entry)
        if isinstance(entry.event, PackOpened) and entry.event.pack in content().packs:
            found += _pack_not_due(entries, position, applied, ever_opened)
            ever_opened.add(entry.event.pack)
        overridden = bool(entry.override_reason)
        refusals += [
            Violation(
                v.code,
                _("%(event)s: %(reason)s") % {"event": label(entry), "reason": v.message},
                v.rule,
            )
            for v in found
            if is_hard(v) or not overridden
        ]
        try:
            if isinstance(entry.event, EventsVoided):
                world = replay([*applied, (entry.seq, entry.event)])
            else:
                world = entry.event.apply(world)
        except _BROKEN:
            refusals.append(
                Violation(
                    "cannot_apply",
                    _(
                        "%(event)s: this does not fit the world as it stands, so it cannot be "
                        "recorded."
                    )
                    % {"event": label(entry)},
                    "DESIGN",
                )
            )
            continue
        applied.append((entry.seq, entry.event))
    return refusals, world


def _malformed(exc: Exception) -> Violation:
    return Violation(
        "malformed_event", _("its fields are malformed (%(error)s).") % {"error": exc}, "DESIGN"
    )


def _void_refusals(entry: ImportedEvent) -> list[Violation]:
    """A correction voids earlier entries only (the way `world_event_append` checks it)."""
    seqs = entry.event.seqs
    if not seqs:
        return [Violation("bad_void", _("a correction must say which entries it voids."), "DESIGN")]
    wrong = [
        s for s in seqs if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s < entry.seq
    ]
    if wrong:
        listed = ", ".join(map(str, wrong))
        return [
            Violation(
                "bad_void",
                _("it voids %(entries)s, which is no earlier event.") % {"entries": listed},
                "DESIGN",
            )
        ]
    return []


def _game_window(
    entries: list[ImportedEvent], position: int, applied: list[tuple[int, WorldEvent]]
) -> list[tuple[int, WorldEvent]]:
    """The log up to the end of the game a pack opening belongs to: a game opens a pack during
    play, and the fact that opened it (an elimination, say) may be recorded with the game's
    result a few events later. The window ends before the next correction: the pack opened on
    the game as first recorded, and stays open whatever a later correction says of it."""
    game = getattr(entries[position].event, "game", None)
    end = position
    if isinstance(game, int):
        for later in range(position + 1, len(entries)):
            if isinstance(entries[later].event, EventsVoided):
                break
            if getattr(entries[later].event, "game", None) == game:
                end = later
    return [*applied, *[(e.seq, e.event) for e in entries[position : end + 1]]]


def _pack_not_due(
    entries: list[ImportedEvent],
    position: int,
    applied: list[tuple[int, WorldEvent]],
    ever_opened: set[str],
) -> list[Violation]:
    """U-1: a pack opens when its condition is met. Accepted too: a pack opened by choice (the
    box bottom), and one opened earlier in the log (a correction re-records its opening: once
    opened, a pack stays open). An early opening is the owner's override. The log is replayed
    here once per pack at most, so the check stays linear in the log's length."""
    entry = entries[position]
    event: PackOpened = entry.event  # type: ignore[assignment]
    pack = content().packs[event.pack]
    if is_optional(pack) or event.pack in ever_opened:
        return []
    window = _game_window(entries, position, applied)
    others = [
        (seq, e) for seq, e in window if not (isinstance(e, PackOpened) and e.pack == event.pack)
    ]
    try:
        due = packs_due(others)
    except _BROKEN:
        # A later event of the game that cannot be applied is refused on its own.
        due = packs_due([(seq, e) for seq, e in others if seq < entry.seq])
    if any(d.pack == event.pack for d in due):
        return []
    if isinstance(event.game, int):
        text = _(
            "%(pack)s is opened in game %(game)s, but its condition was never met by then. Only "
            "the campaign's owner may open a pack early, recorded as an override with a reason."
        ) % {"pack": pack.name, "game": event.game}
    else:
        text = _(
            "%(pack)s is opened, but its condition was never met by then. Only the campaign's "
            "owner may open a pack early, recorded as an override with a reason."
        ) % {"pack": pack.name}
    return [Violation("pack_not_due", text, pack.rule)]
