"""Playing a browser game on to a point: the test answers what the page asks; while the page
asks nothing (bots are moving), it waits for the game's next version, which the page's socket
brings in. Bounded by a number of decisions, not by time: a slow machine plays the same game."""

from __future__ import annotations

from collections.abc import Callable

DECISIONS_MAX = 1000

# The panel shows another version than `v`, or the point the test plays to is on the page.
_MOVED_ON = """([v, done]) => {
  if (document.querySelector(done)) return true;
  const panel = document.querySelector('#game-panel');
  return !panel || panel.dataset.version !== v;
}"""


def play_until(page, done: str, answer: Callable[[], bool], *, most: int = DECISIONS_MAX) -> int:
    """Call `answer` (False when the page asks this browser nothing) until `done` (a
    selector) is on the page; returns how many turns of the loop it took."""
    for turn in range(most):
        if page.locator(done).count():
            return turn
        version = page.locator("#game-panel").get_attribute("data-version")
        if not answer():
            page.wait_for_function(_MOVED_ON, arg=[version, done])
    raise AssertionError(f"{done} did not come within {most} decisions")
