"""A campaign's statistics as bar charts: wins per player and per faction, where factions start
and how it goes, cities per founder, and what the records do not tell."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from campaign.models import Campaign
from campaign.selectors.campaigns import person_names
from campaign.selectors.history.describe import OUTCOME_LABELS
from campaign.selectors.mission_history import CITY_KINDS
from campaign.selectors.world import world_current
from rules import box
from rules.data import board


@dataclass
class Bar:
    label: str
    segments: list[tuple[str, int, str]]  # (what, value, colour)

    @property
    def total(self) -> int:
        return sum(v for _, v, _ in self.segments)


@dataclass
class Chart:
    title: str
    bars: list[Bar]
    legend: list[tuple[str, str]] = field(default_factory=list)
    not_known: str = ""  # what the records do not tell (games brought in), in words

    BAR_AREA = 320  # px for the longest bar; labels sit to its left
    LABEL_PX = 7  # what one character of a 12 px label takes, with room to spare
    TOTAL_ROOM = 40  # px right of the longest bar for its total

    @property
    def max(self) -> int:
        return max((b.total for b in self.bars), default=0) or 1

    @property
    def label_end(self) -> int:
        """Where the labels end (right-aligned): room for the longest one, whatever its
        language."""
        return max(150, self.LABEL_PX * max((len(b.label) for b in self.bars), default=0))

    @property
    def width(self) -> int:
        return self.label_end + 10 + self.BAR_AREA + self.TOTAL_ROOM

    @property
    def height(self) -> int:
        return 24 * len(self.bars) + 8

    @property
    def rows(self) -> list[dict[str, Any]]:
        """Bar geometry for an inline SVG chart: y, and each segment's x and width."""
        rows = []
        for i, bar in enumerate(self.bars):
            x = 0.0
            segments = []
            for what, value, colour in bar.segments:
                width = self.BAR_AREA * value / self.max
                if value:
                    segments.append(
                        {
                            "x": round(x, 1),
                            "w": round(width, 1),
                            "colour": colour,
                            "what": what,
                            "value": value,
                        }
                    )
                x += width
            rows.append(
                {
                    "y": 24 * i + 4,
                    "label": bar.label,
                    "total": bar.total,
                    "segments": segments,
                    "end": round(x, 1),
                }
            )
        return rows


OUTCOME_COLOURS = {"won": "#8c2f1b", "held_on": "#c9a227", "eliminated": "#6b6b6b"}


def history_stats(*, campaign: Campaign) -> list[Chart]:
    """Wins per player and per faction, where factions start (by continent) and how that goes,
    and cities per player, from the faction cards' records, the victors' section (a game
    brought in may have a signature and no row) and the world's cities."""
    world = world_current(campaign=campaign)
    names = person_names(campaign=campaign)
    played = [r for r in world.faction_records if r.player]
    won_rows = [r for r in world.faction_records if r.outcome == "won"]
    winner_known = {r.game for r in won_rows if r.player}
    won = pgettext("a chart's bar", "won")
    wins_by_player = Counter(names.get(r.player, r.player) for r in won_rows if r.player)
    wins_by_player += Counter(
        names.get(s.person, s.person) for s in world.signatures if s.game not in winner_known
    )
    games_by_player = Counter(names.get(r.player, r.player) for r in played)
    player_bars = [
        Bar(name, [(won, wins_by_player[name], OUTCOME_COLOURS["won"])])
        for name in sorted(
            {*games_by_player, *wins_by_player}, key=lambda n: (-wins_by_player[n], n)
        )
    ]
    faction_bars = [
        Bar(faction.name, [(won, world.wins(faction.key), faction.colour)])
        for faction in box.factions(world).values()
    ]
    games = range(1, world.games_played + 1)
    signed = {s.game for s in world.signatures}
    who_unknown = [g for g in games if g not in winner_known and g not in signed]
    faction_known = {r.game for r in won_rows}
    faction_unknown = [g for g in games if g not in faction_known]
    who_unknown_words = faction_unknown_words = ""
    if who_unknown:
        who_unknown_words = ngettext(
            "Not known: who won game %(games)s.",
            "Not known: who won games %(games)s.",
            len(who_unknown),
        ) % {"games": _numbers(who_unknown)}
    if faction_unknown:
        faction_unknown_words = ngettext(
            "Not known: which faction won game %(games)s.",
            "Not known: which faction won games %(games)s.",
            len(faction_unknown),
        ) % {"games": _numbers(faction_unknown)}
    by_continent: dict[str, Counter[str]] = defaultdict(Counter)
    for r in played:
        if r.start in board().territories:
            by_continent[board().continent_of(r.start).name][r.outcome or ""] += 1
    start_bars = [
        Bar(
            continent.name,
            [
                (str(OUTCOME_LABELS[o]), by_continent[continent.name][o], OUTCOME_COLOURS[o])
                for o in ("won", "held_on", "eliminated")
            ],
        )
        for continent in board().continents.values()
    ]
    cities: dict[str, Counter[str]] = defaultdict(Counter)
    for city in world.cities.values():
        cities[names.get(city.founder, city.founder)][city.kind] += 1
    city_colours = {"minor": "#7a9a6b", "major": "#3b6fb6", "capital": "#8c2f1b"}
    city_bars = [
        Bar(
            name,
            [(str(CITY_KINDS[kind]), counts[kind], city_colours[kind]) for kind in city_colours],
        )
        for name, counts in sorted(cities.items())
    ]
    return [
        Chart(
            _("Wins per player"),
            player_bars,
            not_known=who_unknown_words,
        ),
        Chart(
            _("Wins per faction"),
            faction_bars,
            not_known=faction_unknown_words,
        ),
        Chart(
            _("Where factions start, and how it goes"),
            start_bars,
            legend=[(str(OUTCOME_LABELS[o]), c) for o, c in OUTCOME_COLOURS.items()],
        ),
        Chart(
            _("Cities per founder"),
            city_bars,
            legend=[(str(CITY_KINDS[k]).capitalize(), c) for k, c in city_colours.items()],
        ),
    ]


def _numbers(games: list[int]) -> str:
    """Game numbers in words: "2", "2 and 5", "2, 5 and 6"."""
    listed = [str(g) for g in games]
    if len(listed) == 1:
        return listed[0]
    return _("%(games)s and %(last)s") % {"games": ", ".join(listed[:-1]), "last": listed[-1]}
