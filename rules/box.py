"""A campaign's box: the base game plus what its opened packs added, and nothing else.

This is the one door for sealed content (U-8). Every page, form, API response, message and
engine step that needs a pack's cards, scars, powers, rules additions or settings asks here
with the campaign's world, so a pack that world has not opened contributes nothing. The world
records openings as `PackOpened` events, so the box as of game N is the box after game N.
"""

from __future__ import annotations

from functools import cached_property

from rules import words
from rules.content_records import (
    ComebackPower,
    Content,
    DraftCard,
    EventCard,
    Evolution,
    Faction,
    MissilePower,
    Mission,
    PackContent,
    PackSetting,
    RulesAddition,
    ScarType,
)
from rules.data import BASE_LANGUAGE, content, content_in, rules_content
from rules.world import World, carried_by

DRAFT_KINDS = ("troops", "coins", "turn_order", "placement")
"""The four kinds of draft card; with the faction, a player drafts one of each (addition C)."""


class Box:
    """What one world's box holds, in one language's words. Each part is worked out on first
    use and kept with the world (`World.derived`), so a game reads it in constant time. The
    rules read the box in the fixtures' own language (`_facts`), which asks for no reader's
    language; what a reader is shown comes in theirs (`_in_words`)."""

    def __init__(self, world: World, found: Content) -> None:
        self.world = world
        self.content = found

    @cached_property
    def contents(self) -> tuple[PackContent, ...]:
        packs = self.content.packs
        return tuple(
            pack
            for key, pack in sorted(
                self.content.pack_contents.items(), key=lambda kv: packs[kv[0]].order
            )
            if key in self.world.packs_opened
        )

    @cached_property
    def rules_additions(self) -> tuple[RulesAddition, ...]:
        return tuple(a for pack in self.contents for a in pack.rules_additions)

    @cached_property
    def addition_keys(self) -> frozenset[str]:
        return frozenset(a.key for a in self.rules_additions)

    @cached_property
    def scar_types(self) -> dict[str, ScarType]:
        return {k: s for k, s in self.content.scar_types.items() if is_open(self.world, s.pack)}

    @cached_property
    def scar_deck(self) -> tuple[str, ...]:
        world = self.world
        placed: dict[str, int] = {}
        for scar in (*world.scars.values(), *world.faction_scars.values()):
            placed[scar.kind] = placed.get(scar.kind, 0) + 1
        cards: list[str] = []
        for key, scar_type in self.scar_types.items():
            cards.extend([key] * max(0, scar_type.cards - placed.get(key, 0)))
        return tuple(cards)

    @cached_property
    def event_deck(self) -> tuple[EventCard, ...]:
        world = self.world
        return tuple(
            card
            for pack in self.contents
            for card in pack.event_cards
            if card.code not in world.destroyed_box_cards
            and card.code not in world.evolutions
            and (card.chooser != "named_player" or _named_card_in_deck(world, card.code))
        )

    @cached_property
    def missions(self) -> tuple[Mission, ...]:
        return tuple(mission for pack in self.contents for mission in pack.missions)

    @cached_property
    def mission_deck(self) -> tuple[Mission, ...]:
        destroyed = self.world.destroyed_box_cards
        return tuple(m for m in self.missions if m.code not in destroyed and m.faction is None)

    @cached_property
    def comeback_powers(self) -> dict[str, ComebackPower]:
        return {p.key: p for pack in self.contents for p in pack.comeback_powers}

    @cached_property
    def missile_powers(self) -> dict[str, MissilePower]:
        return {p.key: p for pack in self.contents for p in pack.missile_powers}

    @cached_property
    def factions(self) -> dict[str, Faction]:
        return {k: f for k, f in self.content.factions.items() if is_open(self.world, f.pack)}

    @cached_property
    def settings(self) -> dict[str, str]:
        """Every setting's value for this campaign: its choice, or the default."""
        chosen = self.world.settings
        return {
            key: chosen[key] if chosen.get(key) in spec.choices else spec.default
            for key, spec in self.content.settings.items()
        }

    @cached_property
    def evolution(self) -> Evolution | None:
        chosen = set(self.world.evolutions.values())
        if len(chosen) < 2 or not is_open(self.world, "pocket_1"):
            return None
        return next((e for e in self.content.evolutions.values() if set(e.options) == chosen), None)


def _facts(world: World) -> Box:
    """The box as the rules read it: no reader's language is asked for."""
    try:  # `World.derived`'s memo read directly: once a move or more
        return world.__dict__["_derived"][_base_box]  # type: ignore[no-any-return]
    except KeyError:
        return world.derived(_base_box)


BOX_READS: dict[str, frozenset[str]] = {
    "contents": frozenset({"packs_opened"}),
    "rules_additions": frozenset({"packs_opened"}),
    "addition_keys": frozenset({"packs_opened"}),
    "scar_types": frozenset({"packs_opened"}),
    "scar_deck": frozenset({"packs_opened", "scars", "faction_scars"}),
    "event_deck": frozenset(
        {"packs_opened", "destroyed_box_cards", "evolutions", "named_cards", "settings"}
    ),
    "missions": frozenset({"packs_opened"}),
    "mission_deck": frozenset({"packs_opened", "destroyed_box_cards"}),
    "comeback_powers": frozenset({"packs_opened"}),
    "missile_powers": frozenset({"packs_opened"}),
    "factions": frozenset({"packs_opened"}),
    "settings": frozenset({"settings"}),
    "evolution": frozenset({"evolutions", "packs_opened"}),
}
"""Each part of a `Box` and the world fields it reads (through the parts it is made of too)."""


def _next_box(box: Box, world: World, changed: frozenset[str]) -> Box:
    """The box of `world`, the next world after `box`'s: the parts worked out already that
    read none of the `changed` fields are kept (a scar placed changes the scar deck only)."""
    found = Box(world, box.content)
    for part, reads in BOX_READS.items():
        if part in box.__dict__ and changed.isdisjoint(reads):
            found.__dict__[part] = box.__dict__[part]
    return found


@carried_by(_next_box)
def _base_box(world: World) -> Box:
    return Box(world, content_in(BASE_LANGUAGE))


def _in_words(world: World) -> Box:
    """The box in the reader's language, for what is shown (names, titles, labels)."""
    lang = words.language()
    if lang == BASE_LANGUAGE:
        return _facts(world)
    boxes = world.derived(_translated_boxes)
    if lang not in boxes:
        boxes[lang] = Box(world, content_in(lang))
    return boxes[lang]


def _translated_boxes(world: World) -> dict[str, Box]:
    return {}


def opened_contents(world: World) -> list[PackContent]:
    """What each opened pack added, in pack order."""
    return list(_in_words(world).contents)


def is_open(world: World, pack: str | None) -> bool:
    """Whether content from `pack` is in this world's box (None: the base box, always)."""
    return pack is None or pack in world.packs_opened


def scar_types(world: World) -> dict[str, ScarType]:
    """The kinds of scar this campaign's box holds."""
    return dict(_in_words(world).scar_types)


def scar_deck(world: World) -> list[str]:
    """C-8/S-5: the scar cards not yet played (a played card became its sticker)."""
    return list(_facts(world).scar_deck)


def event_deck(world: World) -> list[EventCard]:
    """S-12/E-7: the event cards in play, in print-code order. Destroyed cards are gone, an
    Evolve card the Mutants scratched stays in the box (J178), and a card that waits for a
    name (the box bottom's) joins only once someone's name is written on it."""
    return list(_in_words(world).event_deck)


def _named_card_in_deck(world: World, code: str) -> bool:
    return code in world.named_cards or setting(world, "ancient_unnamed_cards") == "deck"


def missions(world: World) -> list[Mission]:
    """Every mission card the opened packs brought, destroyed ones included (to read a claim
    recorded before its card left the box)."""
    return list(_in_words(world).missions)


def mission_deck(world: World) -> list[Mission]:
    """S-12/E-8: the missions shuffled at setup, in print-code order. A claimed mission goes
    back to the box (E-8), so it is in the deck of later games; a destroyed one never returns."""
    return list(_in_words(world).mission_deck)


def rules_additions(world: World) -> list[RulesAddition]:
    return list(_in_words(world).rules_additions)


def addition_active(world: World, key: str) -> bool:
    return key in _facts(world).addition_keys


def draft_active(world: World) -> bool:
    """Rules additions B-D: setup is a draft instead of the order roll."""
    return addition_active(world, "draft_first_picks")


def homeland_draw_active(world: World) -> bool:
    """Rules addition F: the end-of-turn draw may take a card of the faction's homeland."""
    return addition_active(world, "homeland_draw")


def private_missions_active(world: World) -> bool:
    """Rules addition E124s: a private mission may go into its claimer's red slot, and a
    mission in a red slot may be completed once per game."""
    return addition_active(world, "private_missions")


def lead_faction_active(world: World) -> bool:
    """Rules addition E125s: the faction with the most wins leads (first mission, capital)."""
    return addition_active(world, "lead_faction")


def capital_rule_active(world: World) -> bool:
    """Rules addition E126s: the lead faction's 3 troops begin in the World Capital."""
    return addition_active(world, "world_capital")


def draft_cards(world: World, players: int) -> list[DraftCard]:
    """The draft cards in use for this many players (each card says its fewest players)."""
    by_players = world.derived(_draft_cards_by_players)
    if players not in by_players:
        in_use = draft_active(world)
        by_players[players] = tuple(
            card
            for pack in _facts(world).contents
            for card in pack.draft_cards
            if in_use and card.min_players <= players
        )
    return list(by_players[players])


def _draft_cards_by_players(world: World) -> dict[int, tuple[DraftCard, ...]]:
    return {}


def comeback_powers(world: World) -> dict[str, ComebackPower]:
    """Every comeback power of the box (taken or not)."""
    return dict(_in_words(world).comeback_powers)


def comeback_powers_left(world: World) -> list[ComebackPower]:
    """The comeback stickers still on their sheet (G-15: one faction each)."""
    taken = set(world.comeback_powers.values())
    return [p for p in _in_words(world).comeback_powers.values() if p.key not in taken]


def comeback_rule_active(world: World) -> bool:
    """Rules addition E: a knock-out or elimination gives a faction without one a power."""
    return addition_active(world, "comeback_on_knockout")


def factions(world: World) -> dict[str, Faction]:
    """The factions this campaign's box holds: the base five and any a pack brought."""
    return dict(_in_words(world).factions)


def faction_keys(world: World) -> tuple[str, ...]:
    """The keys of `factions`, in the same order, for the rules (no words)."""
    return tuple(_facts(world).factions)


def is_pack_faction(faction: str | None) -> bool:
    """A faction with both printed powers active and no P-2 choice (Mutants, Aliens)."""
    found = rules_content().factions.get(faction or "")
    return found is not None and found.pack is not None


def printed_mission(faction: str | None) -> Mission | None:
    """The mission a pack faction's card prints in its red slot (once a game), if any."""
    return next((m for m in content().missions.values() if m.faction == faction), None)


def red_slot(world: World, faction: str) -> str | None:
    """The mission in the faction card's red slot: a private mission stuck there (E124s), or
    the one a pack faction's card prints (once its pack is open)."""
    printed = next((m for m in rules_content().missions.values() if m.faction == faction), None)
    if printed is not None:
        return printed.code if is_open(world, printed.pack) else None
    return world.red_slots.get(faction)


def missile_powers_active(world: World) -> bool:
    """Rules addition J167s: a faction without one takes a missile power on its next Red Star
    token gained during play."""
    return addition_active(world, "missile_powers")


def missile_powers(world: World) -> dict[str, MissilePower]:
    return dict(_in_words(world).missile_powers)


def missile_powers_left(world: World) -> list[MissilePower]:
    """The missile stickers still on their sheet (one faction each)."""
    taken = set(world.missile_powers.values())
    return [p for p in _in_words(world).missile_powers.values() if p.key not in taken]


def may_take_missile_power(world: World, faction: str) -> bool:
    """J167s: the faction's brown slot is empty and open (never on the Mutants or Aliens)."""
    facts = _facts(world)
    found = facts.factions.get(faction)
    return (
        missile_powers_active(world)
        and found is not None
        and found.slot_open("brown")
        and faction not in world.missile_powers
        and any(p not in world.missile_powers.values() for p in facts.missile_powers)
    )


def evolution(world: World) -> Evolution | None:
    """The Mutants' evolved power, once both Evolve cards are scratched (J178, J179)."""
    return _in_words(world).evolution


def evolution_key(world: World) -> str | None:
    """The key of the Mutants' evolved power, once revealed (the rules need no name)."""
    evolved = _facts(world).evolution
    return evolved.key if evolved else None


def weakness_types(world: World) -> dict[str, ScarType]:
    """The yellow-slot scars of the box (Pocket 2): they go on faction cards only."""
    return {k: s for k, s in scar_types(world).items() if s.target == "faction"}


def settings(world: World) -> list[tuple[PackSetting, str]]:
    """The campaign's readings of open points, for opened packs only, with their values."""
    values = _facts(world).settings
    return [(s, values[s.key]) for pack in _in_words(world).contents for s in pack.settings]


def setting(world: World, key: str) -> str:
    """The campaign's choice for a setting, or its default."""
    return _facts(world).settings[key]


def spoiler_terms(pack: str) -> tuple[str, ...]:
    """Words that only a campaign with `pack` open may ever see (for tests and checks). Names
    the base game also uses (`base_words`) are left out: they give nothing away."""
    found = content().pack_contents.get(pack)
    if found is None:
        return ()
    shared = {word.lower() for word in found.base_words}
    names = {
        *found.spoiler_terms,
        *(s.name for s in found.scar_types),
        *(e.name for e in found.event_cards),
        *(p.name for p in found.comeback_powers),
        *(m.name for m in found.missions),
        *(a.title for a in found.rules_additions),
        *(s.title for s in found.story),
        *(f.name for f in found.factions),
        *(p.name for f in found.factions for p in f.powers),
        *(t.name for t in found.territories),
        *(p.name for p in found.missile_powers),
        *(e.name for e in found.evolutions),
    }
    return tuple(sorted(n for n in names if n.lower() not in shared))
