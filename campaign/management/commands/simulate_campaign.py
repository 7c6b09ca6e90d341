"""Play a whole campaign with bots through the same services the game pages use: the database,
the world event log, the unlock task. Prints a line per game and the world at the end."""

from __future__ import annotations

import random
from collections import Counter

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaign.mission_words import mission_code_label
from campaign.models import Campaign, GameMove, Person
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current, world_log
from campaign.services.campaigns import campaign_create, person_create
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.setup import setup_randomize
from rules import box
from rules.box import DRAFT_KINDS
from rules.data import board, content
from rules.game import game_result
from rules.pack_words import event_code_label
from rules.world import World
from rules.world_events import CityFounded, GameRecorded, ScarPlaced, VictorSigned, WorldEvent
from rules.world_events.missions import CityCovered, MissionClaimed
from rules.world_events.pack_cards import DraftRecorded, EventResolved
from rules.world_events.red_slots import LeadMissionChosen, PrivateMissionStuck, SlotMissionClaimed

OUTCOME_WORDS = {"won": "won", "held_on": "held on", "eliminated": "eliminated"}


class Command(BaseCommand):
    help = "Play a campaign of digital games with bots and print what each game changed."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--games", type=int, default=15)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--name", default="", help="Campaign name (default: from the seed).")

    def handle(self, *args, games: int, players: int, seed: int, name: str, **options) -> None:
        limits = content().constants
        if not limits["players_min"] <= players <= limits["players_max"]:
            raise CommandError(
                f"A game has {limits['players_min']} to {limits['players_max']} players."
            )
        if games < 1:
            raise CommandError("Play at least one game.")
        user, _ = get_user_model().objects.get_or_create(
            username="simulator", defaults={"email": "simulator@example.com"}
        )
        campaign = campaign_create(
            owner=user, name=name or f"Simulated campaign (seed {seed})", is_public=True
        )
        rng = random.Random(seed)
        setup_randomize(campaign=campaign, user=user, rng=rng)
        bots = [
            person_create(campaign=campaign, display_name=f"Bot {i + 1}") for i in range(players)
        ]
        self.stdout.write(f"Campaign {campaign.name!r} ({campaign.slug}), {players} bots.")
        for number in range(games):
            # Rotate the table so every bot sits in every position over the campaign.
            shift = number % players
            table = bots[shift:] + bots[:shift]
            game = digital_game_start(
                campaign=campaign,
                user=user,
                seats=[SeatRequest(person=p, kind=GameSeat.Kind.BOT) for p in table],
                seed=rng.randrange(2**31),
            )
            if game.status != DigitalGame.Status.REWARDS:
                raise CommandError(f"Game {game.game_number} did not end (status {game.status}).")
            digital_game_finish(game=game, user=user, rewards=RewardsChosen())
            self.stdout.write(self._game_line(campaign, game))
        self.stdout.write(self._world_summary(campaign))

    def _game_line(self, campaign: Campaign, game: DigitalGame) -> str:
        result = game_result(game.game_state())
        names = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
        factions = content().factions
        parts = []
        for seat in result.seats:
            faction = factions[seat.faction].name if seat.faction else "?"
            parts.append(f"{names[seat.person]} ({faction}) {OUTCOME_WORDS[seat.outcome]}")
        moves = GameMove.objects.filter(game=game).count()
        events = _game_events(campaign, game.game_number)
        sections = [f"Game {game.game_number:2d}: {'; '.join(parts)}; {moves} moves"]
        drafts = [e for e in events if isinstance(e, DraftRecorded)]
        if drafts:
            sections.append("draft: " + "; ".join(_draft_words(p, names) for p in drafts[0].picks))
        drawn = [e.describe() for e in events if isinstance(e, EventResolved)]
        if drawn:
            sections.append("events: " + "; ".join(drawn))
        scars = [e for e in events if isinstance(e, ScarPlaced)]
        if scars:
            sections.append(
                "scars: "
                + ", ".join(
                    f"{e.describe()} by {names.get(e.person or '', 'nobody')}" for e in scars
                )
            )
        sections += _mission_sections(game, events, names)
        shown = (
            DraftRecorded,
            EventResolved,
            ScarPlaced,
            GameRecorded,
            VictorSigned,
            MissionClaimed,
            SlotMissionClaimed,
            PrivateMissionStuck,
            LeadMissionChosen,
            CityCovered,
        )
        changes = [
            e.describe()
            for e in events
            if not isinstance(e, shown) and getattr(e, "incident", "") != "missiles_used"
        ]
        sections.append(", ".join(changes) or "no rewards")
        return " | ".join(sections)

    def _world_summary(self, campaign: Campaign) -> str:
        world = world_current(campaign=campaign)
        names = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
        signatures = ", ".join(
            f"{names.get(p, p)} {n}" for p, n in sorted(world.signature_counts().items())
        )
        cities = ", ".join(
            f"{c.name} ({c.kind}, {board().territory(t).name})" for t, c in world.cities.items()
        )
        continents = ", ".join(
            f"{board().continents[k].name} = {c.name}" for k, c in world.continent_names.items()
        )
        scars = ", ".join(
            f"{s.kind} on {board().territory(t).name}{' (cancelled)' if s.cancelled else ''}"
            for t, s in world.scars.items()
        )
        packs = ", ".join(
            f"{content().packs[k].name} (game {p.game})" for k, p in world.packs_opened.items()
        )
        scar_kinds = Counter(s.kind for s in world.scars.values())
        by_kind = ", ".join(
            f"{box.scar_types(world)[k].name} {n}" for k, n in sorted(scar_kinds.items())
        )
        comeback = ", ".join(
            f"{content().factions[f].name} = {content().comeback_powers[p].name}"
            for f, p in sorted(world.comeback_powers.items())
        )
        drawn = Counter(
            content().event_cards[e.card].name
            for e in world_events(campaign=campaign)
            if isinstance(e, EventResolved)
        )
        destroyed = ", ".join(
            event_code_label(c) if c in content().event_cards else mission_code_label(c)
            for c in sorted(world.destroyed_box_cards)
        )
        lines = [
            "",
            f"The world of {world.world_name or '(unnamed)'}"
            + (f", named by {names.get(world.world_named_by, '')}" if world.world_name else ""),
            f"  games recorded: {world.games_played}",
            f"  signatures: {signatures or 'none'}",
            f"  cities: {cities or 'none'}",
            f"  named continents: {continents or 'none'}",
            f"  scars: {scars or 'none'}",
            f"  fortifications: {len(world.fortifications)}, destroyed cards: "
            f"{len(world.destroyed_cards)}, coin stickers used: {world.coin_stickers_used}",
            f"  packs opened: {packs or 'none'}",
        ]
        if world.packs_opened:
            lines += [
                f"  scars by kind: {by_kind or 'none'}",
                "  events resolved: "
                + (", ".join(f"{k} {n}" for k, n in sorted(drawn.items())) or "none"),
                f"  box cards destroyed: {destroyed or 'none'}",
                f"  comeback powers: {comeback or 'none'}",
            ]
        if box.missions(world):
            lines += _mission_summary(world, world_events(campaign=campaign))
        return "\n".join(lines + _pocket_summary(world))


def _draft_words(pick: dict, names: dict[str, str]) -> str:
    """One player's draft: "Bot 1 (Khan Industries) 10 troops, 1 coin card, turn 1, places 2"."""
    cards = sorted(
        (content().draft_cards[c] for c in pick.get("cards", ())),
        key=lambda c: DRAFT_KINDS.index(c.kind),
    )
    words = {
        "troops": "{} troops",
        "coins": "{} coin card(s)",
        "turn_order": "turn {}",
        "placement": "places {}",
    }
    faction = content().factions[pick["faction"]].name
    what = ", ".join(words[c.kind].format(c.value) for c in cards)
    return f"{names.get(pick.get('person', ''), '?')} ({faction}) {what}"


def _mission_sections(
    game: DigitalGame, events: list[WorldEvent], names: dict[str, str]
) -> list[str]:
    """Packs 3 and 4 in one game: who led and which mission it laid out (E125s), the missions
    claimed and by whom (E-8, E124s), the World Capital founded, and the homeland draws
    (rules addition F), counted from the `card_taken` game events that say so."""

    def who(person: str | None) -> str:
        return names.get(person or "", "someone")

    sections = []
    moves = [e for move in GameMove.objects.filter(game=game) for e in move.events]
    lead = next((e for e in moves if e["type"] == "lead_faction"), None)
    if lead is not None:
        faction = lead.get("faction")
        words = content().factions[faction].name if faction else "none"
        chosen = [e for e in events if isinstance(e, LeadMissionChosen)]
        if chosen:
            words += f", chose {mission_code_label(chosen[0].mission)}"
        sections.append(f"lead faction: {words}")
    stuck = {e.mission: e.faction for e in events if isinstance(e, PrivateMissionStuck)}
    claims = []
    for event in events:
        if isinstance(event, SlotMissionClaimed):
            claims.append(f"{who(event.person)} {mission_code_label(event.mission)} (red slot)")
        elif isinstance(event, MissionClaimed):
            words = f"{who(event.person)} {mission_code_label(event.mission)}"
            if event.mission in stuck:
                words += f", now in the red slot of {content().faction_name(stuck[event.mission])}"
            claims.append(words)
    if claims:
        sections.append("missions claimed: " + "; ".join(claims))
    for event in events:
        if isinstance(event, CityFounded) and event.city == "capital":
            where = board().territory(event.territory).name
            sections.append(f"World Capital {event.name} founded in {where} by {who(event.person)}")
    seats = game.game_state().seats
    homeland = Counter(
        who(seats[e["seat"]].person)
        for e in moves
        if e["type"] == "card_taken" and e.get("homeland")
    )
    if homeland:
        sections.append(
            "homeland draws: " + ", ".join(f"{n} {count}" for n, count in sorted(homeland.items()))
        )
    return sections


def _mission_summary(world: World, events: list[WorldEvent]) -> list[str]:
    """The world's missions: which were completed how often, the red slots, the sea lines."""
    done = Counter(
        mission_code_label(e.mission)
        for e in events
        if isinstance(e, MissionClaimed | SlotMissionClaimed)
    )
    red_slots = ", ".join(
        f"{content().factions[f].name} = {mission_code_label(m)}"
        for f, m in sorted(world.red_slots.items())
    )
    territories = board().territories
    sea_lines = ", ".join(
        f"{territories[a].name}-{territories[b].name}" for a, b in world.added_sea_lines
    )
    return [
        "  missions completed: "
        + (", ".join(f"{m} {n}" for m, n in sorted(done.items())) or "none"),
        f"  red slots: {red_slots or 'none'}",
        f"  sea lines drawn: {sea_lines or 'none'}",
    ]


def _pocket_summary(world: World) -> list[str]:
    """What the pockets left on the world: the fallout and its Bringer, the missile powers,
    the Mutants' evolution, Alien Island, the weaknesses and the ruins."""
    lines: list[str] = []
    name = content().faction_name
    if world.fallout:
        lines.append(
            f"  fallout zone: {board().territory(world.fallout).name} (its card destroyed), "
            f"Bringer of Nuclear Fire: {name(world.bringer or '')}"
        )
    if world.missile_powers:
        powers = ", ".join(
            f"{name(f)} = {content().missile_powers[p].name}"
            for f, p in sorted(world.missile_powers.items())
        )
        lines.append(f"  missile powers: {powers}")
    if world.evolutions:
        evolved = box.evolution(world)
        scratched = ", ".join(sorted(world.evolutions.values()))
        lines.append(
            f"  Mutant evolution: {scratched} scratched"
            + (f", evolved power {evolved.name}" if evolved else "")
        )
    if world.alien_island:
        a, b = (board().territory(t).name for t in world.alien_island)
        lines.append(f"  Alien Island: joined to {a} and {b}")
    weaknesses = ", ".join(
        f"{name(f)} = {content().scar_types[s.kind].name}"
        for f, s in sorted(world.faction_scars.items())
    )
    if weaknesses:
        lines.append(f"  yellow slots: {weaknesses}")
    if world.ruins:
        ruins = ", ".join(
            f"{c.name} in {board().territory(t).name}" for t, c in world.ruins.items()
        )
        lines.append(f"  ruins: {ruins}")
    return lines


def world_events(*, campaign: Campaign) -> list[WorldEvent]:
    return [entry.event for entry in world_log(campaign=campaign)]


def _game_events(campaign: Campaign, game_number: int) -> list[WorldEvent]:
    return [
        entry.event
        for entry in world_log(campaign=campaign)
        if entry.record.game_number == game_number
    ]
