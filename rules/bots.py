"""Bots that play a seat: answer every decision the engine waits on with one legal move.

`HeuristicBot` (`rules.bot_random` has the random one) plays a sensible game: it
drafts a good faction, many troops and an early turn when a draft is in use, starts where there
is room, recruits to the front, expands into cheap empty land, attacks only
with the exact odds in its favour, goes for HQs and red stars, buys stars with cards, fires
missiles on rolls that decide an HQ or the game, claims the face-up mission or the one in its
red slot whenever it may, trades in for a trade-in mission and, leading the game, lays out a
mission it can meet (`rules.bot_missions`), and always ends its turn. Each bot owns its
own `random.Random(seed)`; the global `random` module is never used. A bot remembers nothing
between calls but its generator, so the web app may create one afresh for each move.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Protocol

from rules import (
    bot_aliens,
    bot_ancient,
    bot_classic,
    bot_missile_powers,
    bot_missions,
    bot_mutants,
    bot_nuke,
    bot_odds,
    bot_powers,
    bot_weaknesses,
)
from rules.board_links import neighbours as links
from rules.board_links import second_ring
from rules.combat import battle
from rules.data import content, rules_board, rules_content
from rules.game import (
    AcknowledgePack,
    Attack,
    BuyRedStar,
    ChooseFaction,
    DefendWith,
    DraftPick,
    EndTurn,
    Expand,
    FireMissile,
    GameState,
    JoinWar,
    Maneuver,
    Move,
    MoveIn,
    PassMissiles,
    PlaceStart,
    PlaceTroops,
    Recruit,
    ResolveEvent,
    RollForOrder,
    TakeCard,
    legal_move_options,
    weaknesses,
)


class Bot(Protocol):
    def choose(self, state: GameState, seat: int) -> Move: ...


# --- the heuristic bot ---------------------------------------------------------------------------

STARS_TO_WIN = content().constants["red_stars_to_win"]
CARDS_PER_STAR = content().constants["cards_per_red_star"]
TRADE_LOW = content().constants["trade_in_min_coins"]
TRADE_HIGH = content().constants["trade_in_max_coins"]
TRADE_CHART = content().trade_in_chart

# Starting powers the bot prefers when it picks a faction (higher first); others score 0.
POWER_TASTE = {
    "troop_on_each_hq_at_turn_start": 3,
    "recruit_rounds_up": 3,
    "fortified_own_starting_hq": 2,
    "first_target_lower_defence_minus_one": 2,
    "maneuver_unconnected": 1,
    "maneuver_any_time": 1,
}


class HeuristicBot:
    """A sensible player; deterministic for a given seed and state."""

    attack_threshold = 0.6
    hq_attack_threshold = 0.4
    winning_attack_threshold = 0.15
    hq_garrison = 6
    rich_trade = 10
    small_hand_trade = 7

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Move:
        if state.rule_set != "legacy":
            return bot_classic.choose(state, seat, self.rng)
        phase = state.phase
        if phase == "setup_order":
            return RollForOrder()
        if phase == "setup_faction":
            return self._choose_faction(state, seat)
        if phase == "setup_draft":
            return self._draft_pick(state, seat)
        if phase == "setup_place":
            return self._place_start(state, seat)
        if phase == "start_of_turn":
            return self._start_of_turn(state, seat)
        if phase == "place":
            return self._place(state, seat)
        if phase == "expand_attack":
            return bot_missile_powers.before_attack(state, seat, self._expand_attack(state, seat))
        if phase == "attack_defender_dice":
            emp = bot_missile_powers.defence_move(state, seat)
            return emp or DefendWith(min(2, state.troops(state.pending["target"])))  # type: ignore[index]
        if phase == "missile_window":
            return self._missiles(state, seat)
        if phase == "move_in":
            return self._move_in(state, seat)
        if phase == "end_of_turn":
            return self._end_of_turn(state, seat)
        if phase == bot_mutants.PHASE:
            return bot_mutants.mindshackle_move(state, seat)
        if phase == "alien_island_placement":
            return bot_weaknesses.island_move(state, seat)
        if phase == "open_pack":
            return AcknowledgePack(state.pending["pack"])  # type: ignore[index]
        if phase == "nuke_choice":
            return bot_nuke.nuke_move(state, seat)
        if phase in ("scar_before_roll", "scar_turn_start"):
            return bot_powers.scar_window_move(state, seat)
        if phase == "comeback_pick":
            return bot_powers.comeback_pick(state, seat, self.rng)
        if phase in bot_missile_powers.PHASES:
            return bot_missile_powers.decide(state, seat)
        if phase == "event_choice":
            return self._event_choice(state, seat)
        if phase == "lead_mission":
            return bot_missions.lead_mission(state, seat, legal_move_options(state, seat), self.rng)
        raise ValueError(f"No decision for seat {seat} in phase {phase}.")

    # --- reading the board -------------------------------------------------------------------

    def _chance(self, state: GameState, seat: int, origin: str, target: str, free: int) -> float:
        """The chance that `free` troops from `origin` take `target` (no modifier counted)."""
        return bot_odds.conquest_odds(free, state.troops(target))

    @staticmethod
    def _threat(state: GameState, seat: int, territory: str) -> int:
        """The most troops one enemy neighbour could throw at `territory`."""
        armies = state.armies
        worst = 0
        for there in links(state.world, territory):
            army = armies.get(there)
            if army is not None and army[0] != seat and army[1] - 1 > worst:
                worst = army[1] - 1
        return worst

    @staticmethod
    def _room(state: GameState, territory: str) -> int:
        """Unoccupied land around `territory`: neighbours count twice, the next ring once."""
        near = links(state.world, territory)
        far = second_ring(state.world, territory)
        return 2 * sum(not state.occupied(t) for t in near) + sum(
            not state.occupied(t) for t in far
        )

    @staticmethod
    def _danger(state: GameState, seat: int, territory: str) -> int:
        """The biggest enemy stack within two steps (one step further costs it a troop)."""
        armies = state.armies
        worst = 0
        for there in links(state.world, territory):
            army = armies.get(there)
            if army is not None and army[0] != seat:
                worst = max(worst, army[1])
            for far in links(state.world, there):
                army = armies.get(far)
                if army is not None and army[0] != seat:
                    worst = max(worst, army[1] - 1)
        return worst

    def _garrison(self, state: GameState, seat: int, hq: str) -> int:
        """The garrison its own HQ (a red star) should have, sized to the enemies near it."""
        return max(self.hq_garrison, self._danger(state, seat, hq) + 2)

    def _guard(self, state: GameState, seat: int, territory: str) -> int:
        """Troops to keep in a territory when taking troops out of it. An HQ keeps its
        garrison, but never more than two thirds of its troops: two big stacks watching each
        other would otherwise stand still for ever."""
        if state.hqs.get(territory) == seat:
            troops = state.troops(territory)
            return min(
                self._garrison(state, seat, territory), max(self.hq_garrison, troops * 2 // 3)
            )
        return 1

    # --- setup and the start of a turn ---------------------------------------------------------

    def _start_score(self, state: GameState, seat: int, territory: str) -> float:
        score = float(self._room(state, territory))
        for hq in state.hqs:
            if hq in links(state.world, territory) or any(
                hq in links(state.world, n) for n in links(state.world, territory)
            ):
                score -= 4
        return score + self.rng.random() * 0.5

    def _choose_faction(self, state: GameState, seat: int) -> Move:
        options = [o.move for o in legal_move_options(state, seat)]
        factions = sorted(
            {m.faction for m in options if isinstance(m, ChooseFaction)},
            key=lambda f: (-self._taste(state, f), f),
        )
        faction = factions[0]
        starts = [
            m.territory for m in options if isinstance(m, ChooseFaction) and m.faction == faction
        ]
        best = max(starts, key=lambda t: self._start_score(state, seat, t))
        return ChooseFaction(faction, best)

    def _draft_pick(self, state: GameState, seat: int) -> Move:
        """Additions B and C: the best-scored pick on offer (ties go to the first listed)."""
        picks = [o.move for o in legal_move_options(state, seat) if isinstance(o.move, DraftPick)]
        return max(picks, key=lambda m: self._draft_score(state, m))

    def _draft_score(self, state: GameState, pick: DraftPick) -> float:
        """A faction with a strong power comes first; then troops (10 > 8 > 6), an early turn,
        an early start and coin cards. A weak faction waits: there is always one left."""
        if pick.faction:
            taste = self._taste(state, pick.faction)
            return 10.0 + 2 * taste if taste >= 2 else 1.0
        card = rules_content().draft_cards[pick.card]
        earliness = (state.seat_count - card.value) / (state.seat_count - 1)  # 1st: 1, last: 0
        if card.kind == "troops":
            return card.value + 2.0
        if card.kind == "turn_order":
            return 2.0 + 7 * earliness
        if card.kind == "placement":
            return 1.0 + 6 * earliness
        return 2.0 + 2 * card.value

    def _place_start(self, state: GameState, seat: int) -> Move:
        starts = [
            o.move.territory
            for o in legal_move_options(state, seat)
            if isinstance(o.move, PlaceStart)
        ]
        return PlaceStart(max(starts, key=lambda t: self._start_score(state, seat, t)))

    @staticmethod
    def _power(state: GameState, faction: str) -> str | None:
        power = state.world.starting_powers.get(faction)
        return rules_content().power(power).effect if power else None

    def _taste(self, state: GameState, faction: str) -> int:
        """How much it likes a faction: its starting power's taste, or its own for a pack
        faction whose card needs no choice (`rules.bot_mutants`)."""
        taste = bot_mutants.faction_taste(faction)
        return POWER_TASTE.get(self._power(state, faction) or "", 0) if taste is None else taste

    def _start_of_turn(self, state: GameState, seat: int) -> Move:
        player = state.seats[seat]
        hand = player.cards
        # A trade-in that meets a mission it may claim is worth more than a star bought now.
        wanted = bot_missions.mission_trade_in(state, seat) if state.holds_territory(seat) else None
        if wanted is None and len(hand) >= CARDS_PER_STAR:
            cheapest = sorted(hand, key=lambda c: (state.card_coins(c), c))[:CARDS_PER_STAR]
            return BuyRedStar(tuple(cheapest))
        special = bot_missile_powers.rally_move(state, seat) or bot_powers.start_of_turn_move(
            state, seat
        )
        if special is not None:
            return special
        if not state.holds_territory(seat):
            starts = [
                o.move.territory
                for o in legal_move_options(state, seat)
                if isinstance(o.move, JoinWar)
            ]
            return JoinWar(max(starts, key=lambda t: self._start_score(state, seat, t)))
        return Recruit(wanted if wanted is not None else self._trade_in(state, seat))

    def _trade_in(self, state: GameState, seat: int) -> tuple[str, ...]:
        """Cards are worth more as a red star, so trade them for troops only when the hand is
        far from four cards, the trade is rich, or the HQ is in danger."""
        hand = state.seats[seat].cards
        best: tuple[str, ...] = ()
        best_troops = 0
        bonus = weaknesses.trade_in_bonus(state, seat)  # the Alien Collaborator's extra coin
        for size in range(1, len(hand) + 1):
            for group in combinations(sorted(hand), size):
                coins = sum(state.card_coins(c) for c in group) + bonus
                if TRADE_LOW <= coins <= TRADE_HIGH and TRADE_CHART[coins] > best_troops:
                    best, best_troops = group, TRADE_CHART[coins]
        if not best:
            return ()
        hq = state.hq_of(seat)
        in_danger = (
            hq is not None
            and state.owner(hq) == seat
            and self._threat(state, seat, hq) >= state.troops(hq)
        )
        small_hand = len(hand) <= 2 and best_troops >= self.small_hand_trade
        if in_danger or best_troops >= self.rich_trade or small_hand:
            return best
        return ()

    # --- placing -----------------------------------------------------------------------------

    def _target_value(self, state: GameState, seat: int, target: str) -> float:
        """What conquering `target` is worth: HQs and red stars first."""
        owner = state.owner(target)
        value = 1.0
        if not state.turn.conquered:
            value += 1.0  # the first conquest of a turn earns a card (E-2)
        if target in state.hqs:
            value += 6.0
            if state.red_stars(seat) + 1 >= STARS_TO_WIN:
                value += 30.0
            if owner is not None and state.red_stars(owner) >= STARS_TO_WIN - 1:
                value += 6.0
        if owner is not None:
            held = state.controlled(owner)
            if len(held) == 1:
                value += 1.0 + 0.5 * len(state.seats[owner].cards)
        if target in rules_board().territories:  # Alien Island lies in no continent
            continent = rules_board().continent_of(target)
            if all(t == target or state.owner(t) == seat for t in continent.territories):
                value += continent.bonus
        return value

    def _place(self, state: GameState, seat: int) -> Move:
        hypnosis = bot_mutants.hypnosis_move(state, seat)
        if hypnosis is not None:
            return hypnosis
        stealthy = bot_powers.stealth_move(state, seat)
        if stealthy is not None:
            return stealthy
        left = state.turn.recruits_left
        allowed = [
            o.move.territory
            for o in legal_move_options(state, seat)
            if isinstance(o.move, PlaceTroops)
        ]
        if len(allowed) < len(state.controlled(seat)):  # Cautious: 1 or 2 territories only
            return PlaceTroops(max(allowed, key=lambda t: (state.troops(t), t)), left)
        hq = state.hq_of(seat)
        if hq is not None and state.owner(hq) == seat:
            need = self._garrison(state, seat, hq) - state.troops(hq)
            if need > 0:
                # A third goes to the front anyway, so the bot keeps attacking.
                return PlaceTroops(hq, min(need, left - left // 3))
        best, best_score = None, -1.0
        for territory in state.controlled(seat):
            troops = state.troops(territory) + left
            for there in links(state.world, territory):
                army = state.armies.get(there)
                if army is None:
                    if there in state.hqs:
                        continue
                    score = 0.05 * (1 + self._room(state, there)) / (1 + state.troops(territory))
                elif army[0] != seat:
                    value = self._target_value(state, seat, there)
                    score = value * self._chance(state, seat, territory, there, troops - 1)
                else:
                    continue
                if score > best_score:
                    best, best_score = territory, score
        if best is None:
            best = max(state.controlled(seat), key=lambda t: (state.troops(t), t))
        return PlaceTroops(best, left)

    # --- expanding, attacking, maneuvering -----------------------------------------------------

    def _attack_threshold(self, state: GameState, seat: int, target: str) -> float:
        threshold = self.attack_threshold
        if target in state.hqs:
            threshold = self.hq_attack_threshold
            if state.red_stars(seat) + 1 >= STARS_TO_WIN:
                threshold = self.winning_attack_threshold
        # Late in a long game, take more risks so the game ends.
        rounds = state.turn_number // max(1, state.seat_count)
        return max(0.3, threshold - 0.01 * max(0, rounds - 25))

    def _expand_attack(self, state: GameState, seat: int) -> Move:
        options = legal_move_options(state, seat)
        best_attack: Attack | None = None
        best_score = 0.0
        expansions: list[tuple[float, Expand, int]] = []
        maneuvers: list[Maneuver] = []
        guards: dict[str, int] = {}

        def spare(origin: str) -> int:
            if origin not in guards:
                guards[origin] = self._guard(state, seat, origin)
            return state.troops(origin) - guards[origin]

        for option in options:
            move = option.move
            if isinstance(move, Attack):
                origin, target = move.origin, move.target
                if move.dice != min(3, state.troops(origin) - 1):
                    continue
                free = spare(origin)
                if free < 1:
                    continue
                chance = self._chance(state, seat, origin, target, free)
                if chance < self._attack_threshold(state, seat, target):
                    continue
                score = chance * self._target_value(state, seat, target)
                if score > best_score:
                    best_attack, best_score = move, score
            elif isinstance(move, Expand):
                cost = option.min_count - 1  # type: ignore[operator]
                free = spare(move.origin)
                if free < cost + 1 or (cost and free < cost + 3):
                    continue
                count = min(option.max_count, max(option.min_count, cost + (free - cost) // 2))  # type: ignore[type-var, operator]
                worth = bot_aliens.expansion_worth(state, seat, move.target)
                score = self._room(state, move.target) - 2 * cost + worth + self.rng.random()
                expansions.append((score, move, count))
            elif isinstance(move, Maneuver):
                maneuvers.append(move)
        if best_attack is not None:
            return best_attack
        if expansions:
            _, move, count = max(expansions, key=lambda e: e[0])
            return Expand(move.origin, move.target, count)
        maneuver = self._maneuver(state, seat, maneuvers)
        return maneuver if maneuver is not None else EndTurn()

    def _maneuver(self, state: GameState, seat: int, maneuvers: list[Maneuver]) -> Move | None:
        """Move the biggest idle stack (nothing to fight or take next to it) to the front
        territory under the most pressure."""
        if not maneuvers:
            return None
        hq = state.hq_of(seat)
        front = {t: self._is_front(state, seat, t) for t in state.controlled(seat)}
        best: tuple[float, Maneuver] | None = None
        for move in sorted(maneuvers, key=lambda m: (m.origin, m.target)):
            if front[move.origin] or not front[move.target]:
                continue
            spare = state.troops(move.origin) - self._guard(state, seat, move.origin)
            if spare < 1:
                continue
            pressure = self._threat(state, seat, move.target) - state.troops(move.target)
            if move.target == hq:
                pressure += 3
            score = spare + pressure
            if best is None or score > best[0]:
                best = (score, Maneuver(move.origin, move.target, spare))
        return best[1] if best else None

    @staticmethod
    def _is_front(state: GameState, seat: int, territory: str) -> bool:
        armies = state.armies
        for there in links(state.world, territory):
            army = armies.get(there)
            if army is None:
                if there not in state.hqs:
                    return True
            elif army[0] != seat:
                return True
        return False

    # --- answering during a battle -------------------------------------------------------------

    def _missiles(self, state: GameState, seat: int) -> Move:
        """Fire only on a roll that decides an HQ: taking one, holding its own, or (from
        outside the battle) stopping a capture that would win the attacker the game. Aim at
        the die that swings the roll most."""
        pending = state.pending
        assert pending is not None
        target = pending["target"]
        if target not in state.hqs:
            return PassMissiles()
        attack, defence = pending["attack_values"], pending["defence_values"]
        lost_a, lost_d = battle(attack, defence)
        takes_it = lost_d >= state.troops(target)
        if seat == pending["attacker"]:
            side, sign = "attack", 1
            decisive = state.troops(target) <= 2
        elif seat == pending["defender"]:
            side, sign = "defence", -1
            decisive = state.troops(target) <= lost_d + 1
        else:
            side, sign = "defence", -1
            winner = state.red_stars(pending["attacker"]) + 1 >= STARS_TO_WIN
            decisive = takes_it and winner
        if not decisive:
            return PassMissiles()
        values = attack if side == "attack" else defence
        fixed = pending[f"fixed_{side}"]
        now = sign * (lost_d - lost_a)
        best: tuple[int, int] | None = None
        for index, value in enumerate(values):
            if index in fixed or value == 6:
                continue
            changed = list(values)
            changed[index] = 6
            a, d = battle(changed, defence) if side == "attack" else battle(attack, changed)
            gain = sign * (d - a) - now
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, index)
        return PassMissiles() if best is None else FireMissile(side, best[1])

    def _move_in(self, state: GameState, seat: int) -> Move:
        pending = state.pending
        assert pending is not None
        low, high = pending["min"], pending["max"]
        origin = pending["origin"]
        keep = max(0, self._guard(state, seat, origin) - 1)
        if self._threat(state, seat, origin) > 0:
            keep = max(keep, (high - low) // 2)
        return MoveIn(max(low, high - keep))

    def _event_choice(self, state: GameState, seat: int) -> Move:
        """An event card's choice (E-7): a fortification on a city at the front, the one in
        most danger; else troops into the cities in most danger (two cities when offered); a
        maneuver only when nothing else is."""
        options = legal_move_options(state, seat)
        evolve = bot_mutants.evolve_move(state, options)
        if evolve is not None:
            return evolve
        answers = [o.move for o in options if isinstance(o.move, ResolveEvent)]
        alien = bot_aliens.event_answer(state, seat, answers)
        if alien is not None:
            return alien
        ancient = bot_ancient.event_answer(state, seat, answers)
        if ancient is not None:
            return ancient
        mission = bot_missions.event_mission(state, seat, answers)
        if mission is not None:
            return mission

        def need(territory: str) -> int:
            held_hq = 3 if territory in state.hqs else 0  # a red star stands there
            return self._danger(state, seat, territory) - state.troops(territory) + held_hq

        forts = [
            m
            for m in answers
            if m.option == "fortification" and self._is_front(state, seat, m.territories[0])
        ]
        if forts:
            return max(forts, key=lambda m: (need(m.territories[0]), m.territories))
        troops = [m for m in answers if m.option != "fortification" and m.territories]
        if troops:
            return max(
                troops,
                key=lambda m: (
                    len(m.territories),
                    sum(need(t) for t in m.territories),
                    m.territories,
                ),
            )
        maneuvers = [o.move for o in options if isinstance(o.move, Maneuver)]
        return self._maneuver(state, seat, maneuvers) or options[0].move

    def _end_of_turn(self, state: GameState, seat: int) -> Move:
        """Claim the mission whenever it may (E-8), else the richest card it may take (its
        homeland's cards included, rules addition F)."""
        options = legal_move_options(state, seat)
        claim = bot_missions.claim_move(state, seat, options, self.rng)
        if claim is not None:
            return claim
        recon = bot_missile_powers.recon_move(state, seat)
        if recon is not None:
            return recon
        best: Move = EndTurn()
        best_coins = 0
        for option in options:
            move = option.move
            if isinstance(move, TakeCard):
                coins = (
                    1 if move.slot == "coin" else state.card_coins(state.slots[int(move.slot) - 1])
                )  # type: ignore[arg-type]
                if coins > best_coins:
                    best, best_coins = move, coins
        return best
