"""The game panel cut into the parts a move changes, so that a page already showing the panel
of one version can be brought to the next by a small message instead of the whole panel.

A panel is read as its root tag, a skeleton, its parts and its log lines:

- the parts are the elements whose id `PART_ID` matches (each territory's land `t-<key>` and
  what is drawn on it `m-<key>`, the header, the side column), each kept whole;
- the log lines are the `<li>` of the list `LOG_ID`, newest first;
- the skeleton is everything else, each part and the log's lines left as a placeholder.

Two versions whose skeletons are equal differ only in their parts, their log lines and the
root tag's attributes (the version): `changes` says which, and the page applies them
(static/js/game_live.js). Anything else changing (a pack's banner, a phase the skeleton draws
differently, a take-back offered) leaves no patch: the page is sent the whole panel."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import TypedDict

PART_ID = re.compile(r'<(\w+)\b[^>]*?\sid="((?:t|m)-[\w-]+|game-head|game-side)"')
LOG_ID = "game-log-lines"
ROOT = re.compile(r"<div\b[^>]*>")
LOG_LIST = re.compile(rf'<ol\b[^>]*\sid="{LOG_ID}"[^>]*>(.*?)</ol>', re.DOTALL)
LOG_LINE = re.compile(r"<li\b.*?</li>", re.DOTALL)


@dataclass(frozen=True)
class PanelParts:
    """A rendered panel as the patches read it."""

    root: str
    skeleton: str  # a digest: only its equality matters
    parts: dict[str, str]
    log: tuple[str, ...]


class LogChange(TypedDict):
    """New lines to put before the log's first (`add`, newest first) and how many of the
    oldest lines to take away after (`drop`: moves past the panel's last 60)."""

    add: str
    drop: int


class PanelChanges(TypedDict):
    """What the page changes to go from the panel of `from` to the panel of `version`."""

    version: int
    source: int
    root: str
    parts: dict[str, str]
    log: LogChange


def _element_end(html: str, tag: str, start: int) -> int:
    """Where the element opened at `start` (a `tag`) ends, counting the same tags nested in
    it; elements written as `<tag .../>` close themselves."""
    token = re.compile(rf"<(/?){tag}\b[^>]*?(/?)>")
    depth = 0
    for match in token.finditer(html, start):
        if match.group(1):
            depth -= 1
        elif not match.group(2):
            depth += 1
        if depth == 0:
            return match.end()
    raise ValueError(f"<{tag}> at {start} is never closed")


def panel_parts(html: str) -> PanelParts:
    root = ROOT.match(html)
    if root is None:
        raise ValueError("the panel does not start with its <div>")
    pieces: list[str] = []
    parts: dict[str, str] = {}
    at = root.end()
    for match in PART_ID.finditer(html, at):
        if match.start() < at:  # inside a part already taken (none is nested today)
            continue
        end = _element_end(html, match.group(1), match.start())
        pieces.append(html[at : match.start()])
        pieces.append(f"\x00{match.group(2)}\x00")
        parts[match.group(2)] = html[match.start() : end]
        at = end
    pieces.append(html[at:])
    rest = "".join(pieces)
    log: tuple[str, ...] = ()
    listed = LOG_LIST.search(rest)
    if listed is not None:
        log = tuple(LOG_LINE.findall(listed.group(1)))
        rest = rest[: listed.start(1)] + "\x00log\x00" + rest[listed.end(1) :]
    skeleton = hashlib.sha256(rest.encode()).hexdigest()
    return PanelParts(root=root.group(0), skeleton=skeleton, parts=parts, log=log)


def changes(
    before: PanelParts, after: PanelParts, *, source: int, version: int
) -> PanelChanges | None:
    """What turns the panel `before` into `after`, or None when it takes more than parts and
    log lines (the page is then sent the whole panel)."""
    if before.skeleton != after.skeleton or before.parts.keys() != after.parts.keys():
        return None
    added = _log_added(before.log, after.log)
    kept = len(after.log) - added
    return {
        "version": version,
        "source": source,
        "root": after.root,
        "parts": {key: html for key, html in after.parts.items() if before.parts[key] != html},
        "log": {"add": "".join(after.log[:added]), "drop": len(before.log) - kept},
    }


def _log_added(before: tuple[str, ...], after: tuple[str, ...]) -> int:
    """How many lines `after` starts with that `before` lacks, the rest being `before`'s first
    lines (the oldest may have gone). After a take-back, every line of `after` may be new."""
    return next(
        added for added in range(len(after) + 1) if before[: len(after) - added] == after[added:]
    )
