"""The board's shapes for the SVG map, from `fixtures/board_map.json`, prepared once per process
and language: each territory's outline, where its name, marks and troops go, the printed sea
lines and each continent's colour and label position."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from rules import words
from rules.data import FIXTURES, board

MAP_FILE: Path = FIXTURES / "board_map.json"


@dataclass(frozen=True)
class Shape:
    key: str
    name: str
    continent: str
    points: str
    label: tuple[float, float]
    marker: tuple[float, float]
    name_lines: tuple[str, ...]


@dataclass(frozen=True)
class Geometry:
    view_box: tuple[int, int, int, int]
    shapes: dict[str, Shape]
    continent_label: dict[str, tuple[float, float]]
    continent_colour: dict[str, str]
    sea_lines: SafeString
    pack_shapes: dict[str, Shape] = field(default_factory=dict)
    """Territories a sealed pack sticks on the board (Alien Island), drawn once placed."""


def _name_lines(name: str) -> tuple[str, ...]:
    """Long names break at the space nearest their middle so they fit inside the shape."""
    if len(name) <= 12 or " " not in name:
        return (name,)
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return (name[:cut], name[cut + 1 :])


def geometry() -> Geometry:
    """The board's shapes, with territory names in the reader's language (cached per language:
    a process serves readers of every language)."""
    return _geometry(words.language())


@cache
def _geometry(lang: str) -> Geometry:
    raw = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    territories = board().territories
    shapes = {}
    for key, shape in raw["territories"].items():
        territory = territories[key]
        shapes[key] = Shape(
            key=key,
            name=territory.name,
            continent=territory.continent,
            points=" ".join(f"{x},{y}" for x, y in shape["polygon"]),
            label=tuple(shape["label"]),
            marker=tuple(shape["marker"]),
            name_lines=_name_lines(territory.name),
        )
    lines = []
    for line in raw["sea_lines"]:
        for (x1, y1), (x2, y2) in line["segments"]:
            lines.append(
                format_html(
                    '<line class="sea-line" data-a="{}" data-b="{}" x1="{}" y1="{}" x2="{}" '
                    'y2="{}" stroke="#2f4f6f" stroke-width="1.6" stroke-dasharray="5 4"/>',
                    line["a"],
                    line["b"],
                    x1,
                    y1,
                    x2,
                    y2,
                )
            )
    pack_shapes = {}
    for key, shape in raw.get("pack_territories", {}).items():
        territory = board().pack_territories[key]
        pack_shapes[key] = Shape(
            key=key,
            name=territory.name,
            continent="",
            points=" ".join(f"{x},{y}" for x, y in shape["polygon"]),
            label=tuple(shape["label"]),
            marker=tuple(shape["marker"]),
            name_lines=_name_lines(territory.name),
        )
    return Geometry(
        pack_shapes=pack_shapes,
        view_box=tuple(raw["view_box"]),
        shapes=shapes,
        continent_label={k: tuple(v["label"]) for k, v in raw["continents"].items()},
        continent_colour={k: v["colour"] for k, v in raw["continents"].items()},
        sea_lines=mark_safe("".join(lines)),
    )
