"""Choice sets that several API fields share, named once in the OpenAPI schema
(`SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]`)."""

from __future__ import annotations

from rules.data import board, content


def faction_keys() -> list[str]:
    return sorted(content().factions)


def territory_keys() -> list[str]:
    return sorted(board().territories)


def board_territory_keys() -> list[str]:
    """The printed territories and those a pack adds (Alien Island)."""
    return sorted([*board().territories, *board().pack_territories])


def mission_codes() -> list[str]:
    return sorted(content().missions)
