"""`game_log_plan`: a game log entry as the game's world events, in order, each checked against
the world the ones before it left. Who played what comes first (`seating`), then the
game's record, what opened packs bring (`packs`), what happened during the game (event
cards: `events`) and the end of the game: signature, rewards and the world's name
(END-4 to END-9).

A pack whose condition the game meets during play (U-3, U-5..U-7) opens among the events, before
what it brings is checked (`GamePlanner`). The lead faction's choice of mission is checked where
it was made (E125s at setup, E123 as its pack opens), before any claim that could destroy the
card. A log entry does not order event cards against claims, so an event card may go to any
territory that held a city at some point of the game (`plan_events`).
"""

from __future__ import annotations

from collections.abc import Mapping

from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.events import plan_events
from campaign.services.game_log.gaps import gap_refusals, recorded_player, reward_held
from campaign.services.game_log.missions import (
    CAPITAL_MARK,
    capital_incident_refusal,
    capitals_founded,
    plan_missions,
)
from campaign.services.game_log.packs import plan_comeback_powers, plan_draft, plan_hq_moves
from campaign.services.game_log.planner import GameLogPlan, GamePlanner
from campaign.services.game_log.pockets import plan_pocket_choices, plan_pocket_openings
from campaign.services.game_log.red_slots import plan_lead_mission
from campaign.services.game_log.seating import plan_seating
from rules import box
from rules.errors import Violation
from rules.rewards import (
    RewardChoice,
    held_on_order,
    reward_event,
    reward_violations,
    rewards_given,
    winner_reward_options,
)
from rules.words import gettext as _
from rules.world import World
from rules.world_events import (
    FortificationWorn,
    GameIncident,
    GameRecorded,
    ScarPlaced,
    VictorSigned,
    WorldNamed,
)
from rules.world_events.pockets import CityRuined, NuclearStrike
from rules.world_naming import world_namer_violations, world_naming_due


def game_log_plan(
    *, world: World, entry: GameLogEntry, persons: Mapping[str, str], game: int | None = None
) -> GameLogPlan:
    """Turn `entry` into the game's world events, checking each against the world changed by
    the ones before it. `persons` maps person keys to display names; players' `person` must
    be one of them (guests are created before planning). Pure: reads, never writes."""
    game = world.next_game_number if game is None else game
    planner = GamePlanner(world, game, persons)
    plan_seating(planner, entry, world, persons)
    if any(r.hard for r in planner.plan.refusals):
        # Who played what is unclear; checking the rest would only add noise.
        return planner.plan

    for where, violation in gap_refusals(entry, game):
        planner.refuse(where, violation)
    players = tuple(recorded_player(entry, p) for p in entry.players)
    planner.add("players", GameRecorded(game=game, played_on=str(entry.played_on), players=players))
    by_faction = {p.faction: p.person for p in entry.players}
    # What packs bring: the draft was made at setup, so it is checked against the world
    # before the game; the rest against the box once a pack opened by this game is in it.
    plan_draft(planner, entry, world, game)

    def lead_chooses() -> bool:
        """E125s at setup, or E123 right as the pack that brings it opens mid-game: before
        any claim that may stick the chosen mission in a red slot and destroy its card."""
        if not box.lead_faction_active(planner.world):
            return False
        plan_lead_mission(planner, entry, world, by_faction, game)
        return True

    if not lead_chooses():
        planner.on_opening(lead_chooses)
    plan_comeback_powers(planner, entry, by_faction, game)
    settle_pockets = plan_pocket_openings(planner, entry, by_faction, game)
    _plan_during(planner, entry, by_faction, game)
    settle_pockets()
    plan_pocket_choices(planner, entry, by_faction, game)
    if planner.withdraw(lead_chooses):
        # No pack brought the choice: refused in words that name nothing sealed (U-8).
        plan_lead_mission(planner, entry, world, by_faction, game)
    _plan_end(planner, entry, by_faction, game)
    return planner.plan


def _plan_during(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    """What happened during the game (G-4, X-9, E-8, U-5..U-7): scars, event cards, missions
    claimed, HQ moves, fortification wear and incidents, each by the player of a faction of
    this game."""
    refuse = planner.refuse
    starts = {p.start: p.faction for p in entry.players if p.start}

    def actor(where: str, faction: str) -> str | None:
        if not faction:
            return None
        if faction not in by_faction:
            refuse(
                where,
                Violation("not_in_game", _("Choose a faction that played this game."), "S-10"),
            )
            return None
        return by_faction[faction]

    for i, scar in enumerate(entry.scars):
        where = f"scars.{i}"
        person = actor(f"{where}.by_faction", scar.by_faction)
        if scar.on not in ("territory", "faction"):
            refuse(
                f"{where}.on",
                Violation("bad_target", _("A scar goes on a territory or a faction card."), "G-4"),
            )
            continue
        if scar.scar not in box.scar_types(planner.world):
            refuse(
                f"{where}.scar",
                Violation("unknown_scar", _("There is no such scar card in this campaign."), "G-4"),
            )
            continue
        planner.add(
            where,
            ScarPlaced(target=scar.target, on=scar.on, scar=scar.scar, person=person, game=game),
        )
    plan_events(
        planner,
        entry,
        by_faction,
        {**starts, **{m.target: m.faction for m in entry.hq_moves}},
        game,
        capitals_founded(entry),
    )
    plan_missions(planner, entry, by_faction, game)
    plan_hq_moves(planner, entry, by_faction, starts, game)
    # A fortification this game's own events ended (a city ruined or nuked after the attacks
    # that wore it) has nothing left to mark: its wear is only checked for its size.
    ended = {e.territory for e in planner.plan.events if isinstance(e, (CityRuined, NuclearStrike))}
    for i, wear in enumerate(entry.wear):
        worn = FortificationWorn(territory=wear.territory, boxes=wear.boxes, game=game)
        if wear.territory in ended and wear.territory not in planner.world.fortifications:
            for violation in worn.bounds():
                refuse(f"wear.{i}", violation)
            continue
        planner.add(f"wear.{i}", worn)
    for i, incident in enumerate(entry.incidents):
        where = f"incidents.{i}"
        if incident.incident == "hq_moved":
            refuse(
                f"{where}.incident",
                Violation(
                    "hq_move_as_incident",
                    _(
                        "Record an HQ that moved under the HQ moves, where what allows it is "
                        "checked."
                    ),
                    "G-18",
                ),
                hard=True,
            )
            continue
        if incident.incident == "mark_placed" and incident.detail == CAPITAL_MARK:
            refuse(f"{where}.incident", capital_incident_refusal(planner.world))
        person = actor(f"{where}.by_faction", incident.by_faction)
        planner.add(
            where,
            GameIncident(
                game=game,
                incident=incident.incident,
                person=person,
                count=incident.count,
                detail=incident.detail,
            ),
        )


def _plan_end(
    planner: GamePlanner, entry: GameLogEntry, by_faction: Mapping[str, str], game: int
) -> None:
    """The end of the game (END-4 to END-9): the winner signs and takes a reward, held-on
    players take theirs in table order from the winner, and after game 15 the world is named."""
    refuse = planner.refuse
    winner_person = by_faction[entry.winner]
    if rewards_given(game):
        planner.add(
            "signature",
            VictorSigned(
                person=winner_person,
                game=game,
                date=str(entry.signed_on or entry.played_on),
                slogan=entry.slogan.strip(),
            ),
        )
        if entry.winner_reward is not None:
            _reward(planner, "winner_reward", entry.winner_reward, winner_person, game, True, ())
        elif winner_reward_options(planner.world):
            refuse(
                "winner_reward",
                Violation("reward_required", _("The winner takes one reward (DIFF-4)."), "END-5"),
            )
        outcomes = {p.faction: entry.outcome(p) for p in entry.players}
        order = held_on_order([p.faction for p in entry.players], outcomes)
        index = {p.faction: i for i, p in enumerate(entry.players)}
        for faction in order:
            i = index[faction]
            player = entry.players[i]
            if player.reward is not None:
                _reward(
                    planner,
                    f"players.{i}.reward",
                    player.reward,
                    player.person,
                    game,
                    False,
                    reward_held(player),
                )
        for i, player in enumerate(entry.players):
            if player.reward is not None and entry.outcome(player) != "held_on":
                refuse(
                    f"players.{i}.reward",
                    Violation(
                        "reward_not_held_on",
                        _(
                            "Only held-on players take a held-on reward; the winner takes the "
                            "winner's reward and eliminated players get nothing."
                        ),
                        "END-6",
                    ),
                )
    else:
        given = [("winner_reward", entry.winner_reward)] + [
            (f"players.{i}.reward", p.reward) for i, p in enumerate(entry.players)
        ]
        for where, choice in given:
            if choice is not None:
                refuse(
                    where,
                    Violation("no_rewards", _("After game 15 nobody takes rewards."), "END-9"),
                )
        if entry.slogan.strip():
            refuse(
                "slogan",
                Violation("no_signature", _("After game 15 no one signs the board."), "END-9"),
            )

    # Naming the world (END-8).
    if world_naming_due(planner.world):
        if not entry.world_name.strip():
            refuse(
                "world_name",
                Violation(
                    "world_name_required",
                    _("Game 15 is over: the most frequent signer names the world now."),
                    "END-8",
                ),
            )
        else:
            violations = world_namer_violations(
                planner.world, entry.world_namer or None, rounds=entry.naming_rounds
            )
            for violation in violations:
                refuse("world_namer", violation)
            planner.add(
                "world_name",
                WorldNamed(name=entry.world_name, person=entry.world_namer),
            )
    elif entry.world_name.strip():
        refuse(
            "world_name",
            Violation(
                "world_not_due",
                _("The world is named once, at the end of game 15.")
                if not planner.world.world_name
                else _("The world is already named %(name)s.") % {"name": planner.world.world_name},
                "END-8",
            ),
        )


def _reward(
    planner: GamePlanner,
    where: str,
    choice: RewardChoice,
    person: str,
    game: int,
    winner: bool,
    held: tuple[str, ...],
) -> None:
    violations = reward_violations(planner.world, choice, winner=winner, held=held)
    if any(v.code == "wrong_reward" for v in violations):
        for violation in violations:
            planner.refuse(where, violation)
        return
    event = reward_event(choice, person=person, game=game)
    planner.add(where, event, violations or event.check(planner.world))
