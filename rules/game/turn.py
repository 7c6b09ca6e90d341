"""The start of a turn, Join the War or Recruit, placing troops and the maneuver (T, M)."""

from __future__ import annotations

from collections import Counter

from rules import board_links
from rules.data import rules_content
from rules.errors import Violation
from rules.game import alien_arrival, fallout, weaknesses
from rules.game.common import (
    check_win,
    constant,
    continent_bonuses,
    fail,
    legal_start_violation,
    legal_starts,
    required,
    seat_label,
    unknown_territory,
)
from rules.game.draft import join_war_troops
from rules.game.effects import (
    MANEUVER_ANY_TIME,
    MANEUVER_UNCONNECTED,
    base_from,
    has_effect,
    recruit_bonuses,
)
from rules.game.endturn import end_of_turn
from rules.game.events import GameEvent
from rules.game.moves import (
    BuyRedStar,
    CardChoice,
    JoinWar,
    Maneuver,
    MoveOption,
    PlaceTroops,
    PlayScarCard,
    Recruit,
)
from rules.game.scars import scar_targets
from rules.game.state import GameState, changed, territory_name
from rules.names import continent_word, territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy, listed_lazy

PLACE = "place"
EXPAND_ATTACK = "expand_attack"


def _cards_in_hand(state: GameState, seat: int, cards: tuple[str, ...], rule: str) -> None:
    hand = Counter(state.seats[seat].cards)
    wanted = Counter(cards)
    if any(hand[card] < n for card, n in wanted.items()):
        fail("card_not_held", _("You can only hand in cards you hold."), rule)


def _hand_in(state: GameState, seat: int, cards: tuple[str, ...]) -> None:
    """T-2/T-11: territory cards go to the discard pile, coin cards back onto the coin pile."""
    hand = list(state.seats[seat].cards)
    for card in cards:
        hand.remove(card)
    state.set_seat(seat, cards=tuple(hand))
    territories = tuple(c for c in cards if c != "coin")
    state.discard_pile = (*state.discard_pile, *territories)
    state.coin_pile += len(cards) - len(territories)


# --- T-2 buying red stars ------------------------------------------------------------------------


def _buy_violation(state: GameState, seat: int, move: BuyRedStar) -> None:
    needed = constant("cards_per_red_star")
    if len(move.cards) != needed:
        fail(
            "four_cards",
            _("A Red Star costs exactly %(count)s resource cards.") % {"count": needed},
            "T-2",
        )
    _cards_in_hand(state, seat, move.cards, "T-2")


def buy_red_star(state: GameState, seat: int, move: BuyRedStar, events: list[GameEvent]) -> None:
    _buy_violation(state, seat, move)
    _hand_in(state, seat, move.cards)
    state.set_seat(seat, red_star_tokens=state.seats[seat].red_star_tokens + 1)
    events.append(
        GameEvent(
            "red_star_bought",
            gettext_lazy("%(player)s hands in 4 cards for a Red Star (%(stars)s in all).")
            % {"player": seat_label(state, seat), "stars": state.red_stars(seat)},
            {"seat": seat, "cards": list(move.cards)},
        )
    )
    check_win(state, events, seat)


# --- T-4..T-6 join the war -----------------------------------------------------------------------


def _join_violation(state: GameState, seat: int, move: JoinWar) -> None:
    if state.holds_territory(seat):
        fail("must_recruit", _("You control territories, so you recruit instead."), "T-4")
    problem = legal_start_violation(state, seat, move.territory, setup=False)
    if problem is not None:
        fail(*problem)


def join_war(state: GameState, seat: int, move: JoinWar, events: list[GameEvent]) -> None:
    """T-5: half the starting troops (rounded down, OPEN-10; after a draft, the drafted
    troops) in a legal start, no new HQ."""
    _join_violation(state, seat, move)
    troops = join_war_troops(state, seat)
    state.set_troops(move.territory, seat, troops)
    state.phase = EXPAND_ATTACK
    events.append(
        GameEvent(
            "joined_war",
            gettext_lazy("%(player)s joins the war with %(count)s troops in %(territory)s.")
            % {
                "player": seat_label(state, seat),
                "count": troops,
                "territory": territory_word(move.territory),
            },
            {"seat": seat, "territory": move.territory, "troops": troops},
        )
    )


# --- T-7..T-12 recruit ---------------------------------------------------------------------------


def base_recruits(state: GameState, seat: int) -> int:
    """T-8: max(3, (territories + population) / 3 rounded down; up for Round Up). Every
    territory held counts, Alien Island too; a Primitive faction counts no population."""
    total = state.territory_count(seat) + weaknesses.counted_population(state, seat)
    return max(constant("minimum_recruit"), base_from(state, seat, total))


def trade_in_troops(state: GameState, seat: int, cards: tuple[str, ...]) -> int:
    """T-11: cards worth 2-10 coins in all give troops by the trade-in chart (the Alien
    Collaborator's count one coin more than they show)."""
    coins = sum(state.card_coins(card) for card in cards) + weaknesses.trade_in_bonus(state, seat)
    low, high = constant("trade_in_min_coins"), constant("trade_in_max_coins")
    if not low <= coins <= high:
        fail(
            "trade_in_coins",
            _("A trade-in must be worth %(low)s to %(high)s coins, not %(coins)s.")
            % {"low": low, "high": high, "coins": coins},
            "T-11",
        )
    return rules_content().trade_in_chart[coins]


def _recruit_violation(state: GameState, seat: int, move: Recruit) -> int:
    if not state.holds_territory(seat):
        fail("must_join", _("You control no territory, so you must join the war."), "T-4")
    if not move.trade_in:
        return 0
    _cards_in_hand(state, seat, move.trade_in, "T-11")
    return trade_in_troops(state, seat, move.trade_in)


def recruit(state: GameState, seat: int, move: Recruit, events: list[GameEvent]) -> None:
    traded = _recruit_violation(state, seat, move)
    if move.trade_in:
        _hand_in(state, seat, move.trade_in)
    base = base_recruits(state, seat)
    denied = state.turn.bonuses_denied  # Bad Intel (J167s)
    bonuses = {c: n for c, n in continent_bonuses(state, seat).items() if c not in denied}
    powers = recruit_bonuses(state, seat)
    total = base + sum(bonuses.values()) + sum(n for _, n in powers) + traded
    state.turn = changed(
        state.turn, recruits_left=total, traded_in=bool(move.trade_in), trade_in=move.trade_in
    )
    state.phase = PLACE
    # The parts are words kept as data, worded when the event is read (`rules.words`).
    parts = [gettext_lazy("%(count)s base") % {"count": base}]
    parts += [
        gettext_lazy("%(count)s for %(why)s") % {"count": n, "why": continent_word(c)}
        for c, n in bonuses.items()
    ]
    parts += [gettext_lazy("%(count)s for %(why)s") % {"count": n, "why": why} for why, n in powers]
    if move.trade_in:
        parts.append(gettext_lazy("%(count)s for the trade-in") % {"count": traded})
    events.append(
        GameEvent(
            "recruited",
            gettext_lazy("%(player)s recruits %(count)s troops (%(parts)s).")
            % {"player": seat_label(state, seat), "count": total, "parts": listed_lazy(parts)},
            {
                "seat": seat,
                "total": total,
                "base": base,
                "continents": bonuses,
                "powers": [[why, n] for why, n in powers],  # why: words, kept as data
                "trade_in": list(move.trade_in),
                "trade_in_troops": traded,
            },
        )
    )
    if fallout.recruits_lost(state, seat, events):
        state.turn = changed(state.turn, recruits_left=0)
        state.phase = EXPAND_ATTACK
    alien_arrival.check_arrival(state, seat, total, events)


def start_options(state: GameState, seat: int) -> list[MoveOption]:
    options: list[MoveOption] = []
    hand = state.seats[seat].cards
    coins = tuple(state.card_coins(card) for card in hand)
    per_star = constant("cards_per_red_star")
    if len(hand) >= per_star:
        choice = CardChoice("cards", hand, coins, count=per_star)
        options.append(MoveOption(BuyRedStar(()), cards=choice))
    # T-3: a card played at the start of a turn (cards played before a roll wait for one).
    options += [MoveOption(PlayScarCard(target)) for target in scar_targets(state, seat)]
    if not state.holds_territory(seat):
        return options + [MoveOption(JoinWar(t)) for t in legal_starts(state, seat, setup=False)]
    options.append(MoveOption(Recruit()))
    low, high = constant("trade_in_min_coins"), constant("trade_in_max_coins")
    bonus = weaknesses.trade_in_bonus(state, seat)
    if hand and sum(coins) + bonus >= low:  # cards are worth 1-6 coins: some group fits
        choice = CardChoice("trade_in", hand, coins, min_coins=low - bonus, max_coins=high - bonus)
        options.append(MoveOption(Recruit(), cards=choice))
    return options


# --- T-13 placing --------------------------------------------------------------------------------


def _place_violation(state: GameState, seat: int, move: PlaceTroops) -> None:
    if state.owner(move.territory) != seat:
        fail("not_controlled", _("Recruits go only to territories you control."), "T-13")
    left = state.turn.recruits_left
    if not 1 <= move.count <= left:
        fail("place_count", _("You have %(count)s troops left to place.") % {"count": left}, "T-13")
    cautious = weaknesses.placement_problem(state, seat, move.territory)
    if cautious is not None:
        required(cautious)
    zone = fallout.place_problem(state, seat, move.territory)
    if zone is not None:
        required(zone)


def place_troops(state: GameState, seat: int, move: PlaceTroops, events: list[GameEvent]) -> None:
    _place_violation(state, seat, move)
    state.set_troops(move.territory, seat, state.troops(move.territory) + move.count)
    left = state.turn.recruits_left - move.count
    state.turn = changed(state.turn, recruits_left=left)
    weaknesses.note_placement(state, seat, move.territory)
    events.append(
        GameEvent(
            "troops_placed",
            gettext_lazy("%(player)s places %(count)s in %(territory)s.")
            % {
                "player": seat_label(state, seat),
                "count": move.count,
                "territory": territory_word(move.territory),
            },
            {"seat": seat, "territory": move.territory, "count": move.count},
        )
    )
    if left == 0:
        state.phase = EXPAND_ATTACK


def place_options(state: GameState, seat: int) -> list[MoveOption]:
    left = state.turn.recruits_left
    return [
        MoveOption(PlaceTroops(t, 1), 1, left)
        for t in state.controlled(seat)
        if weaknesses.placement_problem(state, seat, t) is None
        and fallout.place_problem(state, seat, t) is None
    ]


# --- M maneuver ----------------------------------------------------------------------------------


def _regions(state: GameState, seat: int, *, linked: bool = True) -> list[set[str]]:
    """The groups of this seat's territories linked through its own territories (M-3); one
    group of them all when `linked` is off or a power lets it maneuver unconnected."""
    owned = set(state.controlled(seat))
    if not linked or has_effect(state, seat, MANEUVER_UNCONNECTED):
        return [owned]
    world = state.world
    regions: list[set[str]] = []
    left = set(owned)
    # Start each region from its alphabetically first territory: the listing order must not
    # depend on string hashing, which differs between processes.
    for start in sorted(owned):
        if start not in left:
            continue
        left.discard(start)
        region = {start}
        frontier = [start]
        while frontier:
            for there in board_links.neighbours(world, frontier.pop()):
                if there in left:
                    left.discard(there)
                    region.add(there)
                    frontier.append(there)
        regions.append(region)
    return regions


def maneuver_problem(
    state: GameState,
    seat: int,
    origin: str,
    target: str,
    *,
    extra: bool = False,
    linked: bool = True,
) -> tuple[int, int] | Violation:
    """The troops a maneuver from `origin` to `target` may move (M-2..M-5), or why not.
    `extra`: a maneuver an event grants on top of the turn's one (M-2 does not count it);
    `linked=False`: between any two territories the seat controls."""
    unknown = unknown_territory(state.world, origin, target)
    if unknown:
        return unknown
    if state.turn.maneuvered and not extra:
        return Violation("one_maneuver", _("You have already maneuvered this turn."), "M-2")
    if state.owner(origin) != seat or state.owner(target) != seat or origin == target:
        return Violation(
            "not_controlled", _("A maneuver goes between two territories you control."), "M-4"
        )
    regions = _regions(state, seat, linked=linked)
    if not any(origin in region and target in region for region in regions):
        return Violation(
            "not_connected",
            _("%(origin)s and %(target)s are not linked through territories you control.")
            % {"origin": territory_name(origin), "target": territory_name(target)},
            "M-3",
        )
    reach = weaknesses.maneuver_reach_problem(state, seat, origin, target)
    if reach is not None:
        return reach
    path = linked and not has_effect(state, seat, MANEUVER_UNCONNECTED)
    through = fallout.maneuver_problem(state, seat, origin, target, linked=path)
    if through is not None:
        return through
    most = state.troops(origin) - 1
    if most < 1:
        return Violation("maneuver_count", _("At least 1 troop stays behind."), "M-3")
    return 1, most


def maneuver(state: GameState, seat: int, move: Maneuver, events: list[GameEvent]) -> None:
    low, high = required(maneuver_problem(state, seat, move.origin, move.target))
    if not low <= move.count <= high:
        fail(
            "maneuver_count",
            _("You can move %(low)s to %(high)s troops; 1 stays behind.")
            % {"low": low, "high": high},
            "M-3",
        )
    state.set_troops(move.origin, seat, state.troops(move.origin) - move.count)
    state.set_troops(move.target, seat, state.troops(move.target) + move.count)
    state.turn = changed(state.turn, maneuvered=True)
    events.append(
        GameEvent(
            "maneuvered",
            gettext_lazy("%(player)s maneuvers %(count)s from %(origin)s to %(target)s.")
            % {
                "player": seat_label(state, seat),
                "count": move.count,
                "origin": territory_word(move.origin),
                "target": territory_word(move.target),
            },
            {"seat": seat, "origin": move.origin, "target": move.target, "count": move.count},
        )
    )
    # M-1: a maneuver ends expanding and attacking, unless a power lets it come at any point.
    if not has_effect(state, seat, MANEUVER_ANY_TIME):
        end_of_turn(state, events)


def maneuver_options(
    state: GameState, seat: int, *, extra: bool = False, linked: bool = True
) -> list[MoveOption]:
    """Every legal maneuver, listed by the rules `maneuver_problem` checks (same flags)."""
    if state.turn.maneuvered and not extra:
        return []
    options = []
    path = linked and not has_effect(state, seat, MANEUVER_UNCONNECTED)
    # The two checks below refuse nothing for most seats: ask once, not for every pair.
    narrowed = weaknesses.narrows_maneuvers(state, seat)
    fallout_zone = fallout.maneuver_zone(state, seat) is not None
    for region in _regions(state, seat, linked=linked):
        if len(region) < 2:
            continue
        ordered = sorted(region)
        for origin in ordered:
            troops = state.troops(origin)
            if troops < 2:
                continue
            for target in ordered:
                if (
                    target != origin
                    and (
                        not narrowed
                        or weaknesses.maneuver_reach_problem(state, seat, origin, target) is None
                    )
                    and (
                        not fallout_zone
                        or fallout.maneuver_problem(state, seat, origin, target, linked=path)
                        is None
                    )
                ):
                    options.append(MoveOption(Maneuver(origin, target, 1), 1, troops - 1))
    return options
