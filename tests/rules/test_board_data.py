"""The board fixture: counts, symmetry and connectivity (C-2, G-12, OPEN-1)."""

from collections import deque

from rules.data import board, content


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
    factions = content().factions
    assert len(factions) == 5
    assert all(len(f.powers) == 2 for f in factions.values())
    assert len({p.key for f in factions.values() for p in f.powers}) == 10


def test_trade_in_chart_covers_2_to_10_coins_T11():
    assert content().trade_in_chart == {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}
