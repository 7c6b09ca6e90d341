"""The game panel cut into parts (campaign.panel_parts): what a spectator's page is sent after
a move is only what changed, unless more than parts and log lines changed."""

from __future__ import annotations

from campaign.panel_parts import changes, panel_parts


def _panel(version: int, troops: int, lines: list[str], banner: str = "") -> str:
    items = "".join(f'\n      <li value="{n}">{n}: {words}</li>' for n, words in lines)
    return (
        f'<div id="game-panel" data-version="{version}" hx-get="/panel/?v={version}">'
        f'<header class="game-head" id="game-head">v{version}</header>{banner}'
        '<svg><g id="t-alaska" class="territory"><polygon points="0 0"/></g>'
        f'<g id="m-alaska"><g class="troops"><text>{troops}</text></g></g>'
        '<g id="t-peru"><polygon points="1 1"/></g><g id="m-peru"><g><text>2</text></g></g></svg>'
        f'<aside class="game-side" id="game-side">side</aside><ol class="log" id="game-log-lines">'
        f"{items}\n    </ol></div>"
    )


def test_a_move_sends_the_parts_that_changed_the_new_lines_and_the_root():
    before = panel_parts(_panel(3, 4, [(3, "c"), (2, "b"), (1, "a")]))
    after = panel_parts(_panel(5, 6, [(5, "e"), (4, "d"), (3, "c"), (2, "b")]))
    patch = changes(before, after, source=3, version=5)
    assert patch == {
        "version": 5,
        "source": 3,
        "root": '<div id="game-panel" data-version="5" hx-get="/panel/?v=5">',
        "parts": {
            "game-head": '<header class="game-head" id="game-head">v5</header>',
            "m-alaska": '<g id="m-alaska"><g class="troops"><text>6</text></g></g>',
        },
        "log": {"add": '<li value="5">5: e</li><li value="4">4: d</li>', "drop": 1},
    }


def test_a_taken_back_move_sends_the_whole_log_again():
    before = panel_parts(_panel(3, 4, [(3, "c"), (2, "b")]))
    after = panel_parts(_panel(4, 4, [(3, "x"), (2, "b")]))
    patch = changes(before, after, source=3, version=4)
    assert patch is not None
    assert patch["log"] == {"add": '<li value="3">3: x</li><li value="2">2: b</li>', "drop": 2}


def test_anything_else_changing_leaves_no_patch():
    """A pack's banner (outside every part): the page is sent the whole panel."""
    before = panel_parts(_panel(3, 4, [(3, "c")]))
    after = panel_parts(_panel(4, 4, [(3, "c")], banner='<div class="pack-banner">!</div>'))
    assert changes(before, after, source=3, version=4) is None
