"""A turn of a stand-alone game: reinforce and trade cards (CL-6..CL-13), attack (CL-14..CL-18),
fortify (CL-19, IN-8) and the card at the end of the turn (CL-9, IN-6)."""

from __future__ import annotations

from rules.board_links import neighbours
from rules.combat import battle
from rules.game.events import GameEvent
from rules.game.moves import (
    Attack,
    DefendWith,
    EndTurn,
    Maneuver,
    MoveIn,
    MoveOption,
    PlaceTroops,
    TradeCards,
)
from rules.game.state import GameState, changed
from rules.names import territory_word
from rules.rng import Rng
from rules.rule_sets import INVASION
from rules.variants.cards import by_set_value, escalating_value, is_set, sets_in
from rules.variants.common import (
    ATTACK,
    REINFORCE,
    alive,
    check_victory,
    fail,
    neutral_seat,
    next_player,
    set_table,
    start_turn,
)
from rules.variants.steps import steps_for
from rules.words import gettext as _
from rules.words import gettext_lazy

DEFEND = "cl_defend"
MOVE_IN = "cl_move_in"
PICTURED_BONUS = 2


def _name(state: GameState, seat: int) -> str:
    return state.seats[seat].name


# --- reinforce -------------------------------------------------------------------------------


def must_trade(state: GameState, seat: int) -> bool:
    """CL-13 (at the start of a turn) and CL-18 (after a knock-out): a set must be traded."""
    steps = steps_for(state)
    hand = len(state.seats[seat].cards)
    knockout = (state.pending or {}).get("kind") == "knockout_trade"
    limit = 5 if knockout else steps.forced_trade_at
    if limit is None or hand < limit:
        return False
    return bool(sets_in(state.seats[seat].cards, strict_wild=steps.strict_wild))


def trade_cards(state: GameState, seat: int, move: TradeCards, events: list[GameEvent]) -> None:
    """CL-10..CL-12 (IN-7): a set of three for armies; +2 on one pictured territory held."""
    steps = steps_for(state)
    hand = list(state.seats[seat].cards)
    if any(hand.count(c) < list(move.cards).count(c) for c in move.cards):
        fail("not_in_hand", _("You can only trade cards you hold."), "CL-10")
    if not is_set(move.cards, strict_wild=steps.strict_wild):
        rule = "IN-7" if steps.strict_wild else "CL-10"
        fail("not_a_set", _("Those three cards are not a set."), rule)
    number = state.table.get("trade_ins", 0) + 1
    value = (
        escalating_value(number) if steps.trade_value == "escalating" else by_set_value(move.cards)
    )
    for card in move.cards:
        hand.remove(card)
    state.set_seat(seat, cards=tuple(hand))
    state.discard_pile = (*state.discard_pile, *move.cards)
    set_table(state, trade_ins=number)
    state.turn = changed(state.turn, recruits_left=state.turn.recruits_left + value)
    events.append(
        GameEvent(
            "cards_traded",
            gettext_lazy("%(player)s trades a set for %(count)s armies.")
            % {"player": _name(state, seat), "count": value},
            {"seat": seat, "cards": list(move.cards), "count": value, "trade_in": number},
        )
    )
    if state.table.get("pictured_bonus_turn") == state.turn_number:
        return  # CL-12: two extra armies at most in one turn
    pictured = next((c for c in move.cards if state.owner(c) == seat), None)
    if pictured is None:
        return
    state.set_troops(pictured, seat, state.troops(pictured) + PICTURED_BONUS)
    set_table(state, pictured_bonus_turn=state.turn_number)
    events.append(
        GameEvent(
            "pictured_bonus",
            gettext_lazy(
                "%(player)s holds %(territory)s, shown on a traded card: 2 armies go there."
            )
            % {"player": _name(state, seat), "territory": territory_word(pictured)},
            {"seat": seat, "territory": pictured, "count": PICTURED_BONUS},
        )
    )


def place_troops(state: GameState, seat: int, move: PlaceTroops, events: list[GameEvent]) -> None:
    if must_trade(state, seat):
        fail("must_trade", _("With this many cards you must trade a set first."), "CL-13")
    if state.owner(move.territory) != seat:
        fail("not_yours", _("You can only place armies on your own territories."), "CL-6")
    left = state.turn.recruits_left
    if not 1 <= move.count <= left:
        fail("bad_count", _("You have %(count)s armies to place.") % {"count": left}, "CL-6")
    state.set_troops(move.territory, seat, state.troops(move.territory) + move.count)
    state.turn = changed(state.turn, recruits_left=left - move.count)
    events.append(
        GameEvent(
            "placed",
            gettext_lazy("%(player)s places %(count)s on %(territory)s.")
            % {
                "player": _name(state, seat),
                "count": move.count,
                "territory": territory_word(move.territory),
            },
            {"seat": seat, "territory": move.territory, "count": move.count},
        )
    )
    if state.turn.recruits_left == 0:
        state.phase = ATTACK
        state.pending = None


def reinforce_options(state: GameState, seat: int) -> list[MoveOption]:
    steps = steps_for(state)
    found = [
        MoveOption(TradeCards(trio))
        for trio in sets_in(state.seats[seat].cards, strict_wild=steps.strict_wild)
    ]
    if must_trade(state, seat) and found:
        return found
    left = state.turn.recruits_left
    found += [MoveOption(PlaceTroops(t, 1), 1, left) for t in state.controlled(seat)]
    return found


# --- attack ----------------------------------------------------------------------------------


def attack(state: GameState, seat: int, move: Attack, events: list[GameEvent]) -> None:
    """CL-14: from an own territory with 2+ armies into an adjacent enemy one, 1-3 dice and
    at least one army more than dice."""
    if state.owner(move.origin) != seat:
        fail("not_yours", _("You can only attack from your own territories."), "CL-14")
    target_owner = state.owner(move.target)
    if target_owner is None or target_owner == seat:
        fail("not_enemy", _("You can only attack an enemy territory."), "CL-14")
    if move.target not in neighbours(state.world, move.origin):
        fail("not_adjacent", _("You can only attack a neighbouring territory."), "CL-14")
    if not 1 <= move.dice <= min(3, state.troops(move.origin) - 1):
        fail(
            "bad_dice",
            _("Roll 1 to 3 dice, and keep at least one army more than the dice you roll."),
            "CL-14",
        )
    defender = target_owner
    if target_owner == neutral_seat(state):
        defender = next(s for s in alive(state) if s != seat)  # CL-23
    state.phase = DEFEND
    state.pending = {
        "kind": "defend",
        "origin": move.origin,
        "target": move.target,
        "dice": move.dice,
        "defender": defender,
    }


def defend_with(state: GameState, seat: int, move: DefendWith, events: list[GameEvent]) -> None:
    """CL-15: 1 or 2 dice (2 only with 2+ armies); highest pairs compared, ties to the
    defender."""
    pending = state.pending
    assert pending is not None
    target = pending["target"]
    if not 1 <= move.dice <= min(2, state.troops(target)):
        fail("bad_dice", _("Defend with 1 die, or 2 with at least 2 armies."), "CL-15")
    origin, attacker = pending["origin"], state.current_seat
    rng = Rng.resume(state.rng)
    attack_dice = rng.dice(pending["dice"])
    defence_dice = rng.dice(move.dice)
    state.rng = rng.state
    lost_attack, lost_defence = battle(attack_dice, defence_dice)
    owner = state.owner(target)
    assert owner is not None
    state.set_troops(origin, attacker, state.troops(origin) - lost_attack)
    state.set_troops(target, owner, state.troops(target) - lost_defence)
    events.append(
        GameEvent(
            "battle",
            gettext_lazy(
                "%(attacker)s attacks %(target)s from %(origin)s: %(attack)s against %(defence)s."
            )
            % {
                "attacker": _name(state, attacker),
                "target": territory_word(target),
                "origin": territory_word(origin),
                "attack": "-".join(map(str, sorted(attack_dice, reverse=True))),
                "defence": "-".join(map(str, sorted(defence_dice, reverse=True))),
            },
            {
                "seat": attacker,
                "defender": owner,
                "origin": origin,
                "target": target,
                "attack_dice": attack_dice,
                "defence_dice": defence_dice,
                "attacker_losses": lost_attack,
                "defender_losses": lost_defence,
            },
        )
    )
    state.phase, state.pending = ATTACK, None
    if state.troops(target) > 0:
        return
    _conquer(state, attacker, owner, origin, target, pending["dice"], events)


def _conquer(
    state: GameState,
    seat: int,
    loser: int,
    origin: str,
    target: str,
    dice: int,
    events: list[GameEvent],
) -> None:
    """CL-16/CL-17: the dice rolled go in at once, so no territory is ever empty; more may
    follow (MoveIn)."""
    state.set_troops(origin, seat, state.troops(origin) - dice)
    state.set_troops(target, seat, dice)
    state.turn = changed(state.turn, conquered=True, conquests=(*state.turn.conquests, target))
    events.append(
        GameEvent(
            "conquest",
            gettext_lazy("%(player)s takes %(territory)s.")
            % {"player": _name(state, seat), "territory": territory_word(target)},
            {"seat": seat, "territory": target, "from": loser},
        )
    )
    if not state.controlled(loser) and loser != neutral_seat(state):
        _knock_out(state, seat, loser, events)
    if check_victory(state, seat, events):
        return
    extra = state.troops(origin) - 1
    if extra > 0:
        state.phase = MOVE_IN
        state.pending = {
            "kind": "move_in",
            "origin": origin,
            "target": target,
            "min": dice,
            "max": dice + extra,
            "then": state.pending,
        }
        return
    _after_conquest(state, seat, events)


def _knock_out(state: GameState, seat: int, loser: int, events: list[GameEvent]) -> None:
    """CL-18 (IN-6): a knocked-out player's cards go to whoever knocked them out."""
    steps = steps_for(state)
    taken = list(state.seats[loser].cards)
    hand = list(state.seats[seat].cards)
    kept = taken
    dropped: list[str] = []
    if steps.hand_limit is not None:
        room = max(0, steps.hand_limit - len(hand))
        kept, dropped = taken[:room], taken[room:]
    state.set_seat(loser, eliminated=True, cards=(), knocked_out_by=seat)
    state.set_seat(seat, cards=(*hand, *kept))
    state.discard_pile = (*state.discard_pile, *dropped)
    events.append(
        GameEvent(
            "knocked_out",
            gettext_lazy("%(loser)s is out of the game; %(player)s takes %(count)s of their cards.")
            % {"loser": _name(state, loser), "player": _name(state, seat), "count": len(kept)},
            {"seat": seat, "loser": loser, "cards": len(kept), "dropped": len(dropped)},
        )
    )
    limit = steps.knockout_trade_at
    if limit is not None and len(state.seats[seat].cards) >= limit:
        state.pending = {"kind": "knockout_trade"}


def move_in(state: GameState, seat: int, move: MoveIn, events: list[GameEvent]) -> None:
    pending = state.pending
    assert pending is not None
    if not pending["min"] <= move.count <= pending["max"]:
        fail(
            "bad_count",
            _("Move in %(low)s to %(high)s armies.")
            % {"low": pending["min"], "high": pending["max"]},
            "CL-16",
        )
    extra = move.count - pending["min"]
    origin, target = pending["origin"], pending["target"]
    state.set_troops(origin, seat, state.troops(origin) - extra)
    state.set_troops(target, seat, state.troops(target) + extra)
    state.phase, state.pending = ATTACK, pending["then"]
    _after_conquest(state, seat, events)


def _after_conquest(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """CL-18: with 6+ cards after a knock-out, sets are traded at once (down to 4 or fewer)
    and the armies placed before the attack goes on."""
    if (state.pending or {}).get("kind") == "knockout_trade":
        state.phase = REINFORCE
        state.turn = changed(state.turn, recruits_left=0)
    else:
        state.phase, state.pending = ATTACK, None


def attack_options(state: GameState, seat: int) -> list[MoveOption]:
    found: list[MoveOption] = []
    for origin in state.controlled(seat):
        troops = state.troops(origin)
        if troops < 2:
            continue
        for target in sorted(neighbours(state.world, origin)):
            owner = state.owner(target)
            if owner is not None and owner != seat:
                found += [
                    MoveOption(Attack(origin, target, d)) for d in range(1, min(3, troops - 1) + 1)
                ]
    return [*found, *fortify_options(state, seat), MoveOption(EndTurn())]


def defend_options(state: GameState, seat: int) -> list[MoveOption]:
    target = (state.pending or {}).get("target", "")
    return [MoveOption(DefendWith(d)) for d in range(1, min(2, state.troops(target)) + 1)]


def move_in_options(state: GameState, seat: int) -> list[MoveOption]:
    pending = state.pending or {}
    return [MoveOption(MoveIn(pending["min"]), pending["min"], pending["max"])]


# --- fortify and the end of the turn ---------------------------------------------------------


def _reach(state: GameState, seat: int, origin: str) -> set[str]:
    """Own territories an army can move to: neighbours (CL-19) or any joined by a chain of
    own territories (IN-8)."""
    near = {t for t in neighbours(state.world, origin) if state.owner(t) == seat}
    if steps_for(state).fortify == "adjacent":
        return near
    seen, todo = {origin}, [origin]
    while todo:
        here = todo.pop()
        for there in neighbours(state.world, here):
            if there not in seen and state.owner(there) == seat:
                seen.add(there)
                todo.append(there)
    return seen - {origin}


def fortify(state: GameState, seat: int, move: Maneuver, events: list[GameEvent]) -> None:
    """CL-19 / IN-8: one move of armies between two own territories, then the turn ends."""
    if state.owner(move.origin) != seat or move.target not in _reach(state, seat, move.origin):
        rule = "IN-8" if state.rule_set == INVASION else "CL-19"
        fail(
            "bad_fortify",
            _("Armies can only move to a territory you hold that they can reach."),
            rule,
        )
    if not 1 <= move.count <= state.troops(move.origin) - 1:
        fail("bad_count", _("Leave at least one army behind."), "CL-19")
    state.set_troops(move.origin, seat, state.troops(move.origin) - move.count)
    state.set_troops(move.target, seat, state.troops(move.target) + move.count)
    events.append(
        GameEvent(
            "fortified",
            gettext_lazy("%(player)s moves %(count)s from %(origin)s to %(target)s.")
            % {
                "player": _name(state, seat),
                "count": move.count,
                "origin": territory_word(move.origin),
                "target": territory_word(move.target),
            },
            {"seat": seat, "origin": move.origin, "target": move.target, "count": move.count},
        )
    )
    end_turn(state, seat, events)


def fortify_options(state: GameState, seat: int) -> list[MoveOption]:
    found: list[MoveOption] = []
    for origin in state.controlled(seat):
        troops = state.troops(origin)
        if troops < 2:
            continue
        found += [
            MoveOption(Maneuver(origin, target, 1), 1, troops - 1)
            for target in sorted(_reach(state, seat, origin))
        ]
    return found


def end_attacks(state: GameState, seat: int, move: EndTurn, events: list[GameEvent]) -> None:
    end_turn(state, seat, events)


def end_turn(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """CL-9 / IN-6: a card for a turn with a conquest (not at the hand limit); next player."""
    if state.turn.conquered:
        _draw_card(state, seat, events)
    start_turn(state, next_player(state, seat), events)


def _draw_card(state: GameState, seat: int, events: list[GameEvent]) -> None:
    limit = steps_for(state).hand_limit
    hand = state.seats[seat].cards
    if limit is not None and len(hand) >= limit:
        events.append(
            GameEvent(
                "hand_full",
                gettext_lazy("%(player)s already holds %(count)s cards and takes none.")
                % {"player": _name(state, seat), "count": len(hand)},
                {"seat": seat},
            )
        )
        return
    if not state.draw_pile:
        rng = Rng.resume(state.rng)
        state.draw_pile = tuple(rng.shuffled(state.discard_pile))
        state.discard_pile = ()
        state.rng = rng.state
    if not state.draw_pile:
        return
    card, *rest = state.draw_pile
    state.draw_pile = tuple(rest)
    state.set_seat(seat, cards=(*hand, card))
    events.append(
        GameEvent(
            "card_taken",
            gettext_lazy("%(player)s takes a card.") % {"player": _name(state, seat)},
            {"seat": seat},
        )
    )
