"""The end of a campaign's digital game: the rewards on offer and the bots' choices, the game
written into the world as a logged game is, or the game abandoned."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import ConflictError, ForbiddenError
from campaign.live import game_version_announce
from campaign.models import Campaign, EventSource, Person
from campaign.models.digital import DigitalGame, GameSeat
from campaign.permissions import Action, campaign_allows
from campaign.selectors.digital import seat_holds
from campaign.selectors.world import world_current
from campaign.services.digital.comeback import (
    ComebackSeat,
    comeback_pick_missing,
    comeback_picks_at_end,
)
from campaign.services.digital.packs import PACK_INCIDENTS, digital_pack_fields
from campaign.services.digital.start import UNFINISHED_STATUSES
from campaign.services.game_log.entry import (
    GameLogEntry,
    IncidentEntry,
    PlayerEntry,
    ScarEntry,
    WearEntry,
)
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.record import game_plan_append
from campaign.services.game_log.refusals import GameLogRefused, Refusal
from notices.services import game_notices_end
from rules.data import content
from rules.game import (
    GameResult,
    GameState,
    game_result,
)
from rules.rewards import (
    RewardChoice,
    RewardOption,
    held_on_order,
    held_on_reward_options,
    reward_event,
    rewards_given,
    winner_reward_options,
)
from rules.world_events import (
    INCIDENTS,
    FortificationWorn,
    GameIncident,
    PackOpened,
    ScarPlaced,
)
from rules.world_naming import world_naming_due, world_naming_rolloff


@dataclass(frozen=True)
class RewardsChosen:
    """The end-of-game choices: the winner's reward, each held-on seat's reward (by seat
    index; None takes nothing), the winner's motto, after game 15 the world's name, and the
    comeback power each seat owed one picks (by seat index, X-15)."""

    winner_reward: RewardChoice | None = None
    held_on: dict[int, RewardChoice | None] = field(default_factory=dict)
    slogan: str = ""
    world_name: str = ""
    comeback: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RewardSeat:
    """A seat that chooses a reward, with what the rules offer it now."""

    seat: GameSeat
    outcome: str
    held: tuple[str, ...]
    options: list[RewardOption]


@dataclass(frozen=True)
class RewardContext:
    """What the reward form needs: the result, who chooses (winner first, then held-on seats
    clockwise from the winner, END-6), who names the world if it is due (END-8, roll-off dice
    from the game's seed), the people who pick a comeback power now (X-15) and what the bots
    choose."""

    result: GameResult
    rewarded: bool
    winner: RewardSeat
    held_on: list[RewardSeat]
    namer: str | None
    naming_rounds: tuple[dict[str, int], ...]
    bot_choices: RewardsChosen
    signature_line: int | None = None  # the victors' line the winner signs (END-4), if any
    comeback: list[ComebackSeat] = field(default_factory=list)


def digital_game_reward_context(*, game: DigitalGame) -> RewardContext:
    state = game.game_state()
    result = game_result(state)
    seats = {s.index: s for s in game.seats.select_related("person")}
    blank = _entry(game, state, result, RewardsChosen(), ())
    # The world after this game is recorded and signed, before any reward: what is offered.
    world = game_log_plan(
        world=world_current(campaign=game.campaign),
        entry=blank,
        persons=_persons(game.campaign),
    ).world
    number = state.game_number
    rewarded = rewards_given(number)

    def pick(options: list[RewardOption], seat: int) -> RewardChoice | None:
        if not options:
            return None
        option = options[0]
        name = _bot_place_name(number, seat) if option.needs_name else ""
        delta = option.deltas[0] if option.deltas else 0
        return RewardChoice(code=option.code, target=option.targets[0], name=name, delta=delta)

    winner_seat = result.winner_seat
    winner_options = winner_reward_options(world) if rewarded else []
    winner = RewardSeat(
        seats[winner_seat], "won", result.seats[winner_seat].controlled, winner_options
    )
    bots_winner = pick(winner_options, winner_seat) if seats[winner_seat].is_bot else None
    # Bots choose in table order against the world their earlier choices leave (END-6).
    planned = world
    if bots_winner is not None:
        planned = reward_event(
            bots_winner, person=seats[winner_seat].person.key, game=number
        ).apply(planned)
    order = held_on_order(
        [str(i) for i in range(len(result.seats))],
        {str(i): r.outcome for i, r in enumerate(result.seats)},
    )
    held_on: list[RewardSeat] = []
    bots_held: dict[int, RewardChoice | None] = {}
    for key in order:
        index = int(key)
        held = result.seats[index].controlled
        options = held_on_reward_options(world, held=held) if rewarded else []
        held_on.append(RewardSeat(seats[index], "held_on", held, options))
        if seats[index].is_bot and rewarded:
            choice = pick(held_on_reward_options(planned, held=held), index)
            bots_held[index] = choice
            if choice is not None:
                event = reward_event(choice, person=seats[index].person.key, game=number)
                planned = event.apply(planned)
    namer, rounds = None, ()
    if world_naming_due(world):
        # Rolled once the seed is shown; its number in hex is the old games' number (same dice).
        rolloff = world_naming_rolloff(world, rng=random.Random(int(game.seed, 16)))
        namer = rolloff.winner
        rounds = tuple({p: die for p, (die, _, _) in r.items()} for r in rolloff.rounds)
    bot_name = ""
    namer_seat = next((s for s in seats.values() if s.person.key == namer), None)
    if namer is not None and (namer_seat is None or namer_seat.is_bot):
        # Nobody at this table types it: the namer is a bot or sits out this game.
        bot_name = f"Pax {_persons(game.campaign).get(namer, namer)}"
    comeback = comeback_picks_at_end(
        seats=seats, state=state, result=result, world=world, seed=game.seed
    )
    return RewardContext(
        result=result,
        rewarded=rewarded,
        winner=winner,
        held_on=held_on,
        namer=namer,
        naming_rounds=rounds,
        bot_choices=RewardsChosen(
            winner_reward=bots_winner,
            held_on=bots_held,
            world_name=bot_name,
            comeback=comeback.bots,
        ),
        signature_line=len(world.signatures) if rewarded else None,
        comeback=comeback.people,
    )


def digital_game_finish(
    *, game: DigitalGame, user, session_key: str = "", rewards: RewardsChosen
) -> DigitalGame:
    """Write a finished game into the world exactly as a logged game is written: the same
    planner (`game_log_plan`) turns the result, what happened mid-game and the rewards into
    world events, appended in one transaction; the unlock task follows on commit.

    Bots' choices come from `digital_game_reward_context` (a deterministic policy); the form
    gives the people's."""
    with transaction.atomic():
        # Lock the game row: two people submitting the reward form at once must not record
        # the game twice.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        if not _may_finish(game=game, user=user, session_key=session_key):
            raise ForbiddenError(
                _("Only the game's players (or the campaign's owner) choose its rewards."),
                code="forbidden",
            )
        if game.status != DigitalGame.Status.REWARDS:
            raise ConflictError(
                _("This game's rewards are already recorded.")
                if game.status == DigitalGame.Status.FINISHED
                else _("The game is not over yet."),
                code="not_awaiting_rewards",
                rule="END-1",
            )
        campaign = Campaign.objects.select_for_update().get(pk=game.campaign_id)
        context = digital_game_reward_context(game=game)
        seats = {s.index: s for s in game.seats.all()}
        bots = context.bot_choices
        winner_reward = rewards.winner_reward
        if seats[context.result.winner_seat].is_bot:
            winner_reward = bots.winner_reward
        held_on = {
            i: (bots.held_on.get(i) if seats[i].is_bot else rewards.held_on.get(i))
            for i in (r.seat.index for r in context.held_on)
        }
        world_name = rewards.world_name.strip() or bots.world_name
        # A person owed a comeback power picks it: never a default taken for them.
        missing = [s for s in context.comeback if not rewards.comeback.get(s.seat.index)]
        if missing:
            raise GameLogRefused(
                [
                    Refusal(f"comeback.{s.seat.index}", comeback_pick_missing(s), hard=True)
                    for s in missing
                ]
            )
        picks = {s.seat.index: rewards.comeback[s.seat.index] for s in context.comeback}
        chosen = RewardsChosen(
            winner_reward=winner_reward,
            held_on=held_on,
            slogan=rewards.slogan,
            world_name=world_name,
            comeback={**bots.comeback, **picks},
        )
        state = game.game_state()
        entry = _entry(game, state, context.result, chosen, context.naming_rounds, context.namer)
        plan = game_log_plan(
            world=world_current(campaign=campaign), entry=entry, persons=_persons(campaign)
        )
        if plan.refusals:
            raise GameLogRefused(plan.refusals)
        game_plan_append(campaign=campaign, plan=plan, user=user, source=EventSource.DIGITAL)
        # A game logged by hand while this one was played took its number: this one is
        # recorded as the next game of the world (S-1), and keeps that number.
        game.game_number = plan.game
        game.status = DigitalGame.Status.FINISHED
        game.finished_at = timezone.now()
        game.version += 1
        game.save(update_fields=["game_number", "status", "finished_at", "version", "updated_at"])
        game_version_announce(game_id=game.pk, version=game.version)
    return game


def _persons(campaign: Campaign) -> dict[str, str]:
    return dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))


def _entry(
    game: DigitalGame,
    state: GameState,
    result: GameResult,
    rewards: RewardsChosen,
    naming_rounds: tuple[dict[str, int], ...],
    namer: str | None = None,
) -> GameLogEntry:
    """The game as a log entry: players clockwise with their outcome, who eliminated them, the
    territories they held when play stopped and their drafted cards, plus the scars, wear,
    incidents, event cards, HQ moves, comeback powers and missions claimed the engine reported,
    and the comeback powers picked as the game ends (`rewards.comeback`)."""
    faction_of = {r.person: r.faction for r in result.seats}
    packs = digital_pack_fields(result.world_events, {p: f or "" for p, f in faction_of.items()})
    scars, wear, incidents = [], [], []
    for event in result.world_events:
        if isinstance(event, ScarPlaced):
            scars.append(
                ScarEntry(
                    scar=event.scar,
                    on=event.on,
                    target=event.target,
                    by_faction=faction_of.get(event.person or "", "") or "",
                )
            )
        elif isinstance(event, FortificationWorn):
            wear.append(WearEntry(territory=event.territory, boxes=event.boxes))
        elif event in packs.claimed_with:
            continue  # the entry's missions give it back
        elif isinstance(event, GameIncident) and (
            event.incident not in PACK_INCIDENTS or event in packs.demolished_alone
        ):
            incidents.append(
                IncidentEntry(
                    incident=event.incident,
                    by_faction=faction_of.get(event.person or "", "") or "",
                    count=event.count,
                    detail=event.detail,
                )
            )
        elif isinstance(event, PackOpened):
            incidents.extend(_pack_incident(event, incidents))
    today = timezone.localdate()
    rewarded = rewards_given(state.game_number)
    players = tuple(
        PlayerEntry(
            faction=r.faction or "",
            person=r.person,
            start=r.start or "",
            troops_at_end=r.outcome != "eliminated",
            held=r.controlled,
            reward=rewards.held_on.get(i) if rewarded and r.outcome == "held_on" else None,
            draft=r.draft_cards,
            eliminated_by=r.eliminated_by or "",
            comeback_power=packs.comeback_powers.get(r.faction or "", "")
            or rewards.comeback.get(i, ""),
        )
        for i, r in enumerate(result.seats)
    )
    return GameLogEntry(
        played_on=today,
        players=players,
        winner=result.seats[result.winner_seat].faction or "",
        scars=tuple(scars),
        wear=tuple(wear),
        incidents=tuple(incidents),
        events=tuple(packs.events),
        hq_moves=tuple(packs.hq_moves),
        missions=tuple(packs.missions),
        lead_mission=packs.lead_mission,
        nukes=tuple(packs.nukes),
        islands=tuple(packs.islands),
        missile_powers=tuple(packs.missile_powers),
        signed_on=today,
        slogan=rewards.slogan.strip() if rewarded else "",
        winner_reward=rewards.winner_reward if rewarded else None,
        world_name=rewards.world_name.strip() if namer else "",
        world_namer=namer or "",
        naming_rounds=naming_rounds,
    )


def _pack_incident(event: PackOpened, incidents: list[IncidentEntry]) -> list[IncidentEntry]:
    """A pack the engine opened mid-game becomes the incident its condition reads (U-5..U-7),
    so the unlock task opens it exactly as it would for a logged game."""
    condition = content().packs[event.pack].condition
    kind = condition["kind"]
    if kind not in INCIDENTS or any(i.incident == kind for i in incidents):
        return []  # an elimination is read from the outcomes; a reported incident suffices
    return [
        IncidentEntry(
            incident=kind,
            count=condition.get("count", 0),
            detail=condition.get("mark", ""),
        )
    ]


_NAME_STARTS = ("Iron", "Ash", "Stone", "Red", "Grey", "High", "Wolf", "Salt", "Black", "Elder")
_NAME_ENDS = ("hold", "ford", "bridge", "water", "moor", "mark", "haven", "gate", "fell")


def _bot_place_name(game: int, seat: int) -> str:
    """A city or continent name for a bot's reward, different per game and seat."""
    return (
        _NAME_STARTS[(game * 3 + seat) % len(_NAME_STARTS)]
        + _NAME_ENDS[(game + seat * 2) % len(_NAME_ENDS)]
    )


def _may_finish(*, game: DigitalGame, user, session_key: str) -> bool:
    if any(seat_holds(seat=s, user=user, session_key=session_key) for s in game.seats.all()):
        return True
    if user is not None and user.is_authenticated and user.pk == game.created_by_id:
        return True
    return campaign_allows(campaign=game.campaign, user=user, action=Action.MANAGE)


def digital_game_abandon(*, game: DigitalGame, user) -> DigitalGame:
    """Give up an unfinished game (its creator or the owner): the world does not change."""
    with transaction.atomic():
        # Lock the game row so a move in flight finishes before (or is refused after) this.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        is_creator = user is not None and user.is_authenticated and user.pk == game.created_by_id
        if not (
            is_creator
            or (
                game.campaign_id is not None
                and campaign_allows(campaign=game.campaign, user=user, action=Action.MANAGE)
            )
        ):
            raise ForbiddenError(
                _("Only whoever started the game, or the owner, may abandon it."),
                code="forbidden",
            )
        if game.status not in UNFINISHED_STATUSES:
            raise ConflictError(_("This game is already over."), code="game_over")
        game.status = DigitalGame.Status.ABANDONED
        game.finished_at = timezone.now()
        game.version += 1
        game.decision_deadline = None
        game.turn_deadline = None
        game.save()
        game_notices_end(game=game)
        game_version_announce(game_id=game.pk, version=game.version)
    return game
