"""The board fixture: counts, symmetry and connectivity (C-2, G-12, OPEN-1); land borders and
sea lines as the project's map draws them, the islands and the coasts."""

import json
import math
from collections import deque

from rules.board_links import islands, land_borders, touches_ocean
from rules.data import FIXTURES, board, content
from rules.world import World


def _reachable(start: str, allowed: set[str]) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board().neighbours[here]:
            if there in allowed and there not in seen:
                seen.add(there)
                queue.append(there)
    return seen


def test_board_has_42_territories_in_6_continents_C2():
    assert len(board().territories) == 42
    assert len(board().continents) == 6
    listed = [t for c in board().continents.values() for t in c.territories]
    assert sorted(listed) == sorted(board().territories)


def test_every_territory_is_in_the_continent_that_lists_it():
    for continent in board().continents.values():
        for key in continent.territories:
            assert board().territories[key].continent == continent.key


def test_board_has_83_borders_without_self_loops():
    edges = {frozenset((a, b)) for a, ns in board().neighbours.items() for b in ns}
    assert len(edges) == 83
    assert all(len(edge) == 2 for edge in edges)


def test_adjacency_is_symmetric_G12():
    for a, neighbours in board().neighbours.items():
        for b in neighbours:
            assert a in board().neighbours[b], f"{a} lists {b} but not the reverse"


def test_whole_board_and_each_continent_are_connected():
    everything = set(board().territories)
    assert _reachable("alaska", everything) == everything
    for continent in board().continents.values():
        members = set(continent.territories)
        assert _reachable(continent.territories[0], members) == members, continent.key


def test_sea_lines_are_borders():
    for line in board().sea_lines:
        a, b = tuple(line)
        assert board().adjacent(a, b)
    assert board().is_sea_line("alaska", "kamchatka")
    assert not board().is_sea_line("alaska", "alberta")


def test_59_land_borders_and_24_sea_lines_G12():
    assert len(land_borders()) == 59
    assert len(board().sea_lines) == 24
    assert not land_borders() & board().sea_lines


def test_every_sea_line_is_drawn_dashed_on_the_map_and_every_drawn_line_is_one_G12():
    drawn = {frozenset((line["a"], line["b"])) for line in MAP["sea_lines"]}
    assert drawn == board().sea_lines
    assert all(line["segments"] for line in MAP["sea_lines"])


def test_the_seven_islands_are_the_territories_with_no_land_border_G12():
    assert islands(World()) == sorted(
        ["greenland", "iceland", "great_britain", "japan", "madagascar", "indonesia", "new_guinea"]
    )


def test_a_territory_touches_the_sea_exactly_where_its_outline_on_the_map_meets_no_other():
    """The `coastal` flag (where a new sea line may end) matches the drawn map: a territory is
    inland when every stretch of its outline lies along another territory's outline."""
    inland = sorted(t for t in board().territories if not touches_ocean(t))
    assert inland == ["afghanistan", "irkutsk"]
    for key in board().territories:
        assert (_open_coast(key) > COAST_MIN) == touches_ocean(key), key


MAP = json.loads((FIXTURES / "board_map.json").read_text(encoding="utf-8"))
COAST_MIN = 10.0  # map units of outline along no other territory (the shortest coast is 30)


def _edges(key: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    points = [tuple(p) for p in MAP["territories"][key]["polygon"]]
    return list(zip(points, points[1:] + points[:1], strict=True))


def _to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _box(key: str) -> tuple[float, float, float, float]:
    xs, ys = zip(*MAP["territories"][key]["polygon"], strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def _near(a: str, b: str, margin: float = 5) -> bool:
    ax0, ay0, ax1, ay1 = _box(a)
    bx0, by0, bx1, by1 = _box(b)
    return (
        ax0 - margin <= bx1 and bx0 - margin <= ax1 and ay0 - margin <= by1 and by0 - margin <= ay1
    )


def _open_coast(key: str) -> float:
    """How much of the outline lies more than 4 map units from every other outline."""
    others = [
        edge
        for other in board().territories
        if other != key and _near(key, other)
        for edge in _edges(other)
    ]
    free = 0.0
    for a, b in _edges(key):
        steps = max(1, int(math.dist(a, b) / 2))
        for i in range(steps):
            t = (i + 0.5) / steps
            point = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            if all(_to_segment(point, *edge) > 4 for edge in others):
                free += math.dist(a, b) / steps
    return free


def test_legacy_names_replace_four_classic_names():
    assert board().territories["quebec"].name == "Eastern Canada"
    assert board().territories["ukraine"].name == "Russia"
    assert board().territories["congo"].name == "Central Africa"
    assert board().territories["siam"].name == "Southeast Asia"


def test_continent_bonuses_start_at_classic_values_INV4():
    bonuses = {c.key: c.bonus for c in board().continents.values()}
    assert bonuses == {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "australia": 2,
    }


def test_five_factions_with_two_starting_powers_each_C3_C9():
    factions = content().base_factions
    assert len(factions) == 5
    assert all(len(f.powers) == 2 for f in factions.values())
    assert len({p.key for f in factions.values() for p in f.powers}) == 10


def test_trade_in_chart_covers_2_to_10_coins_T11():
    assert content().trade_in_chart == {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}
