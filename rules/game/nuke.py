"""Pocket 1's nuclear strike (U-6, X-11, J161s-J164s): the third missile fired on one roll
opens the pocket, the roll is never resolved, and whoever fired that missile chooses to nuke
the attacking or the defending territory.

The strike, in order: the Fallout Zone mark and the new Bringer of Nuclear Fire are recorded
for the campaign (`NuclearStrike`); the territory's card is destroyed wherever it is and the
territory deck reshuffled; the troops committed to the battle are lost; every troop in the
territory is lost and any HQ there demolished; each land neighbour loses a die roll of troops;
whoever this leaves with no troops discards their resource cards. The turn then goes on, with
no conquest to earn a card. There is one Fallout Zone mark, so this happens only as the
pocket opens; a later third missile just lets the roll resolve.
"""

from __future__ import annotations

from typing import Any

from rules import box
from rules.data import rules_content
from rules.errors import IllegalMove
from rules.game import fallout
from rules.game.common import ask_to_open, demolish_hq, fail, joined, pack_due, seat_label
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.moves import ChooseNukeTarget, MoveOption
from rules.game.state import GameState, territory_name
from rules.names import faction_word, territory_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world_events.pockets import NuclearStrike

POCKET = "pocket_1"
NUKE_CHOICE = "nuke_choice"
"""Phase: the pocket is open and the firer of the third missile names the territory hit."""
EXPAND_ATTACK = "expand_attack"


def third_missile(state: GameState, seat: int, fired: int, events: list[GameEvent]) -> bool:
    """X-11/U-6: `seat` fired the third missile on the roll. When this opens Pocket 1, the roll
    waits no more: the pocket is acknowledged, then `seat` chooses the target. Returns whether
    the roll is replaced by the nuke (False: the pocket was open already)."""
    if POCKET in state.world.packs_opened or POCKET not in rules_content().packs:
        return False
    pack_due(
        state,
        POCKET,
        _("%(count)s missiles were fired on one roll") % {"count": fired},
        seat,
        events,
        count=fired,
        ask=False,
    )
    battle: dict[str, Any] = state.pending  # type: ignore[assignment]
    state.pending = {
        "kind": NUKE_CHOICE,
        "seat": seat,
        **{
            key: battle[key]
            for key in ("attacker", "defender", "origin", "target", "dice", "defence_dice")
        },
    }
    state.phase = NUKE_CHOICE
    origin, target = territory_name(battle["origin"]), territory_name(battle["target"])
    events.append(
        GameEvent(
            "nuke_due",
            gettext_lazy(
                "The roll is never resolved: %(player)s, who fired the third missile, chooses "
                "whether the nuke hits the attacking territory (%(origin)s) or the defending one "
                "(%(target)s)."
            )
            % {"player": seat_label(state, seat), "origin": origin, "target": target},
            {"seat": seat, "origin": battle["origin"], "target": battle["target"]},
        )
    )
    ask_to_open(state, POCKET, seat)
    return True


def _strike_for(state: GameState, seat: int, territory: str) -> NuclearStrike:
    faction = state.seats[seat].faction
    return NuclearStrike(territory, faction or "", state.seats[seat].person, state.game_number)


def nuke_targets(state: GameState, seat: int) -> list[str]:
    """The battle's two territories that the campaign's world lets the nuke hit (Alien Island
    is not a printed territory, so it never takes the mark)."""
    pending = state.pending
    assert pending is not None
    return [
        t
        for t in (pending["origin"], pending["target"])
        if not _strike_for(state, seat, t).check(state.world)
    ]


def nuke_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(ChooseNukeTarget(t)) for t in nuke_targets(state, seat)]


def choose_target(
    state: GameState, seat: int, move: ChooseNukeTarget, events: list[GameEvent]
) -> None:
    """J162s: the strike on the chosen territory, then the turn goes on (no conquest)."""
    pending: dict[str, Any] = state.pending  # type: ignore[assignment]
    if move.territory not in nuke_targets(state, seat):
        names = joined([territory_name(t) for t in nuke_targets(state, seat)], either=True)
        fail(
            "nuke_target",
            _("The nuke hits the attacking or the defending territory: %(territories)s.")
            % {"territories": names},
            "U-6",
        )
    territory = move.territory
    strike = _strike_for(state, seat, territory)
    problems = strike.check(state.world)
    if problems:
        raise IllegalMove.from_violation(problems[0])
    state.world = strike.apply(state.world)
    state.world_events = (*state.world_events, strike)
    name = territory_name(territory)
    events.append(
        GameEvent(
            "nuclear_strike",
            gettext_lazy(
                "%(player)s nukes %(territory)s: it is the fallout zone from now on, and "
                "%(faction)s is the Bringer of Nuclear Fire."
            )
            % {
                "player": seat_label(state, seat),
                "territory": name,
                "faction": faction_word(strike.faction),
            },
            {"seat": seat, "territory": territory, "faction": strike.faction},
        )
    )
    had_troops = {owner for owner, _ in state.armies.values()}
    _destroy_card(state, territory, events)
    _battle_troops_lost(state, pending, events)
    _territory_wiped(state, territory, events)
    fallout.land_neighbour_losses(
        state, territory, _("The nuke on %(territory)s") % {"territory": name}, events
    )
    _knock_outs(state, had_troops, events)
    state.pending = None
    state.phase = EXPAND_ATTACK
    events.append(
        GameEvent(
            "nuke_over",
            gettext_lazy(
                "No territory was conquered in this combat, so it earns no card; the turn goes on."
            ),
            {"territory": territory},
        )
    )


def _destroy_card(state: GameState, territory: str, events: list[GameEvent]) -> None:
    """The territory's card leaves the game wherever it is (even in a hand), then the deck is
    reshuffled: the draw pile, or the draw and discard piles (`nuke_reshuffle`). A face-up
    card destroyed leaves its slot as a taken card does, and the new top card fills slot 1
    [inference: revealing it sets off no event, as nobody took a card]."""
    where = []  # English, for the event's data; `shown`: the same in the reader's language
    shown = []
    if territory in state.draw_pile:
        where.append("the draw pile")
        shown.append(_("the draw pile"))
    if territory in state.discard_pile:
        where.append("the discard pile")
        shown.append(_("the discard pile"))
    for index, player in enumerate(state.seats):
        if territory in player.cards:
            where.append(f"{seat_label(state, index)}'s hand")
            shown.append(_("%(player)s's hand") % {"player": seat_label(state, index)})
            state.set_seat(index, cards=tuple(c for c in player.cards if c != territory))
    slots = list(state.slots)
    face_up = territory in slots
    if face_up:
        where.append("the face-up cards")
        shown.append(_("the face-up cards"))
        slots.remove(territory)
    draw = [c for c in state.draw_pile if c != territory]
    discard = tuple(c for c in state.discard_pile if c != territory)
    rng = Rng.resume(state.rng)
    both = box.setting(state.world, "nuke_reshuffle") == "draw_and_discard"
    if both:
        draw, discard = [*draw, *discard], ()
    draw = rng.shuffled(draw)
    state.rng = rng.state
    if face_up:
        slots.insert(0, draw.pop(0) if draw else None)
    state.draw_pile, state.discard_pile, state.slots = tuple(draw), discard, tuple(slots)
    if both:
        words = (
            _(
                "The %(territory)s card is destroyed (it was in %(places)s); the draw and "
                "discard piles are shuffled."
            )
            if where
            else _("The %(territory)s card is destroyed; the draw and discard piles are shuffled.")
        )
    else:
        words = (
            _(
                "The %(territory)s card is destroyed (it was in %(places)s); the draw pile is "
                "shuffled."
            )
            if where
            else _("The %(territory)s card is destroyed; the draw pile is shuffled.")
        )
    events.append(
        GameEvent(
            "card_destroyed",
            words % {"territory": territory_word(territory), "places": joined(shown)},
            {"card": territory, "where": where},
        )
    )


def _battle_troops_lost(state: GameState, pending: dict[str, Any], events: list[GameEvent]) -> None:
    """J163: the troops committed to the battle (the attack and defence dice) are lost."""
    parts = []
    for words, territory, count in (
        (_("%(count)s attacking in %(territory)s"), pending["origin"], pending["dice"]),
        (_("%(count)s defending in %(territory)s"), pending["target"], pending["defence_dice"]),
    ):
        holder = state.owner(territory)
        if holder is None:
            continue
        lost = min(count, state.troops(territory))
        state.set_troops(territory, holder, state.troops(territory) - lost)
        parts.append(words % {"count": lost, "territory": territory_name(territory)})
    events.append(
        GameEvent(
            "battle_troops_lost",
            gettext_lazy("The troops in the battle are lost: %(parts)s.")
            % {"parts": joined(parts)},
            {"origin": pending["origin"], "target": pending["target"]},
        )
    )


def _territory_wiped(state: GameState, territory: str, events: list[GameEvent]) -> None:
    """J163: every troop in the fallout territory is lost and any HQ there demolished (G-10)."""
    holder, troops = state.owner(territory), state.troops(territory)
    name = territory_name(territory)
    if holder is not None:
        state.set_troops(territory, holder, 0)
        events.append(
            GameEvent(
                "fallout_wiped",
                gettext_lazy("%(player)s loses all %(count)s troops left in %(territory)s.")
                % {"player": seat_label(state, holder), "count": troops, "territory": name},
                {"seat": holder, "territory": territory, "lost": troops},
            )
        )
    if territory in state.hqs:
        owner = state.hqs[territory]
        demolish_hq(state, territory)
        events.append(
            GameEvent(
                "hq_demolished",
                gettext_lazy("%(faction)s's HQ in %(territory)s is demolished.")
                % {"faction": faction_word(state.seats[owner].faction), "territory": name},
                {"seat": owner, "territory": territory},
            )
        )


def _knock_outs(state: GameState, had_troops: set[int], events: list[GameEvent]) -> None:
    """J163: whoever the nuke left with no troops discards every resource card (nobody collects
    them), then is knocked out like anyone emptied without a conqueror (X-14)."""
    for seat in state.in_turn_order_from(state.current_seat):
        if seat not in had_troops or state.holds_territory(seat):
            continue
        cards = state.seats[seat].cards
        if cards:
            territories = tuple(c for c in cards if c != "coin")
            state.set_seat(seat, cards=())
            state.discard_pile = (*state.discard_pile, *territories)
            state.coin_pile += len(cards) - len(territories)
            events.append(
                GameEvent(
                    "cards_discarded",
                    gettext_lazy(
                        "%(player)s has no troops left after the nuke and discards %(count)s "
                        "resource card(s); nobody collects them."
                    )
                    % {"player": seat_label(state, seat), "count": len(cards)},
                    {"seat": seat, "cards": len(cards)},
                )
            )
        knocked_out(state, seat, events, by=None)
