"""Digital games played in the browser: the game row (versioned snapshot), its seats and the
append-only move log that replays to the snapshot."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign.game_urls import game_path
from campaign.models.campaign import Campaign, Person
from campaign.world_cache import world_cached, world_digest, world_json_digest, world_remember
from rules.game.state import GameState
from rules.world import World


class GameWorld(models.Model):
    """A world digital games are played on, stored once and named by the SHA-256 of its JSON.
    A game's states refer to it instead of carrying it: the world grows with the campaign,
    a move's state does not."""

    digest = models.CharField(max_length=64, primary_key=True)
    data = models.JSONField()
    # When a game last took this world up: rows no game refers to are forgotten a while after
    # (`campaign.services.game_worlds`), never one a game is taking up at that moment.
    used_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.digest[:12]

    @classmethod
    def world(cls, digest: str) -> World:
        """The world of `digest`, from the process's cache or else from its row."""
        world = world_cached(digest)
        if world is None:
            world = World.from_json(cls.objects.get(pk=digest).data)
            world_remember(digest, world)
        return world

    @classmethod
    def kept(cls, world: World, *, known: str | None) -> str:
        """The digest of `world`, its row written if needed. `known` is a digest whose row
        exists already (the game's current one): an unchanged world costs no query."""
        digest = world_digest(world)
        if digest != known:
            cls.taken_up(digest, world.to_json)
        return digest

    @classmethod
    def taken_up(cls, digest: str, data: Callable[[], dict]) -> None:
        """Mark the row of `digest` as used now, writing it (with `data()`) if it is missing.
        The update locks an existing row, so a concurrent forgetting of unused worlds, which
        looks at `used_at` again once the lock is released, leaves it alone."""
        if not cls.objects.filter(pk=digest).update(used_at=timezone.now()):
            cls.objects.get_or_create(digest=digest, defaults={"data": data()})


class DigitalGame(models.Model):
    """One game played move by move: on a campaign's current world, or standalone (no
    campaign: a game of any rule set on a fresh board, started from the lobby, that never
    touches a campaign's world).

    `state` is the engine's `GameState.to_json()` after the last move and `version` counts the
    moves applied, so a client that saw version N may only move while the game is still at N.
    `initial_state` is the state `new_game` produced; replaying the move log from it must give
    `state` again.

    The dice seed stays secret while the game runs; its SHA-256 (`seed_commitment`) is shown
    from the start, and the seed itself once the game is over, so anyone can check the dice
    (DESIGN randomness).
    """

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        PLAYING = "playing", _("In play")
        REWARDS = "rewards", _("Choosing rewards")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    class Clock(models.TextChoices):
        NONE = "none", _("No clock: the game waits for everyone")
        DECISION = "decision", _("Per decision: a defender's dice and other windows time out")
        TURN = "turn", _("Per turn: each turn has a time limit, plus vacation days")

    campaign = models.ForeignKey(
        Campaign,
        on_delete=models.CASCADE,
        related_name="digital_games",
        null=True,
        blank=True,
        help_text=_("Blank for a standalone game, started from the lobby."),
    )
    rule_set = models.CharField(
        max_length=20, default="legacy", help_text=_("The rule set the game is played under.")
    )
    options = models.JSONField(
        default=dict, blank=True, help_text=_("The rule set's options chosen at the start.")
    )
    is_public = models.BooleanField(
        default=False,
        help_text=_("A standalone game anyone may watch (a private one only its players)."),
    )
    invite_token = models.CharField(
        max_length=43,
        blank=True,
        help_text=_("The secret of a standalone game's invitation link: it gives an open seat."),
    )
    game_number = models.PositiveIntegerField()
    seed = models.CharField(
        max_length=64,
        help_text=_(
            "The dice seed: 64 hex digits (256 bits). Games started before seeds were "
            "256 bits hold their old number here, in hex."
        ),
    )
    seed_commitment = models.CharField(
        max_length=64,
        blank=True,
        help_text=_(
            "SHA-256 of the seed, shown from the start. Blank for games started before "
            "commitments were made."
        ),
    )
    seed_chosen = models.BooleanField(
        default=False,
        help_text=_("The starter chose the seed (a reproducible test game): it was never secret."),
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    version = models.PositiveIntegerField(default=0)
    initial_state = models.JSONField()
    state = models.JSONField()
    # The worlds of `initial_state` and `state`, which then leave their world out. Blank for
    # states stored whole (games stored before worlds were kept apart, and games not begun).
    initial_world = models.ForeignKey(
        GameWorld, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    world = models.ForeignKey(
        GameWorld, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decision_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_(
            "When a pending decision of a person not on turn (the defender's dice, a "
            "missile window) is taken for them by default."
        ),
    )
    clock = models.CharField(max_length=10, choices=Clock.choices, default=Clock.DECISION)
    turn_hours = models.PositiveSmallIntegerField(
        default=24, help_text=_("With a turn clock: how long each turn may take, in hours.")
    )
    vacation_days = models.PositiveSmallIntegerField(
        default=2,
        help_text=_(
            "With a turn clock: the days each person may add to their turns, renewed every "
            "week of the game."
        ),
    )
    turn_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("With a turn clock: when the bot plays for whoever the game waits on."),
    )
    clock_key = models.CharField(
        max_length=64,
        blank=True,
        help_text=_("Whom the turn clock times: the turn number and the seats waited on."),
    )
    clock_ran_out = models.BooleanField(
        default=False,
        help_text=_("The turn clock ran out: the bot plays the rest of that wait."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="digital_games_created",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # One world, one table: a second game may not start while one is unfinished.
            models.UniqueConstraint(
                fields=["campaign"],
                condition=models.Q(status__in=["playing", "rewards"]),
                name="digital_game_one_unfinished_per_campaign",
            ),
            models.UniqueConstraint(
                fields=["invite_token"],
                condition=~models.Q(invite_token=""),
                name="digital_game_invite_token_unique",
            ),
        ]
        indexes = [
            # The clock sweep looks only at games with a turn deadline.
            models.Index(
                fields=["turn_deadline"],
                condition=models.Q(turn_deadline__isnull=False),
                name="digital_game_turn_deadline",
            ),
        ]

    def __str__(self) -> str:
        if self.campaign_id is None:
            return f"standalone {self.rule_set} game (#{self.pk})"
        return f"{self.campaign} digital game {self.game_number} (#{self.pk})"

    def get_absolute_url(self) -> str:
        return game_path(self)

    @property
    def is_standalone(self) -> bool:
        return self.campaign_id is None

    def game_state(self) -> GameState:
        """The engine's state after the last move."""
        state = _state(self.state, self.world_id)
        self._kept = (state, self.state)
        return state

    def stored_json(self, state: GameState) -> dict | None:
        """`state.to_json(include_world=False)` at no cost when `state` is the one this row
        holds (read by `game_state`, or kept by `keep_state`); None for any other state."""
        kept = getattr(self, "_kept", None)
        return self.state if kept and kept[0] is state and kept[1] is self.state else None

    def initial_game_state(self) -> GameState:
        """The state the game began with, from which its move log replays."""
        return _state(self.initial_state, self.initial_world_id)

    def whole_state(self, *, initial: bool = False) -> dict:
        """`state` (or `initial_state`) as JSON with its world in it, as exports carry it."""
        data, digest = (
            (self.initial_state, self.initial_world_id) if initial else (self.state, self.world_id)
        )
        if digest is None:
            return data
        return {"world": GameWorld.objects.get(pk=digest).data, **data}

    def keep_whole_states(self, initial: dict, state: dict) -> None:
        """Keep states given whole (an imported backup's) as `keep_state` would: each world
        moved to its `GameWorld` row."""
        self.initial_world_id, self.initial_state = _world_apart(initial)
        self.world_id, self.state = _world_apart(state)

    def keep_state(self, state: GameState, *, initial: bool = False) -> None:
        """Set `state` (and with `initial`, `initial_state` too) to `state`, its world kept
        apart by digest. Saving the row is the caller's."""
        self.world_id = GameWorld.kept(state.world, known=self.world_id)
        self.state = state.to_json(include_world=False)
        self._kept = (state, self.state)
        if initial:
            self.initial_world_id = self.world_id
            self.initial_state = self.state

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def seed_revealed(self) -> bool:
        """The seed is shown once no die is left to roll: rewards, finished or abandoned (not
        while a standalone game waits for its players: its dice are still to come)."""
        return self.status not in (self.Status.PLAYING, self.Status.WAITING)


def _world_apart(whole: dict) -> tuple[str, dict]:
    data = dict(whole)
    world = data.pop("world")
    digest = world_json_digest(world)
    GameWorld.taken_up(digest, lambda: world)
    return digest, data


def _state(data: dict, world_digest: str | None) -> GameState:
    if world_digest is None:
        return GameState.from_json(data)  # stored whole
    return GameState.from_json(data, world=GameWorld.world(world_digest))


class GameSeat(models.Model):
    """A seat at the table, in clockwise order (`index`). A human seat is played by `user` on
    their own browser; a hot-seat seat by the browser session that created the game; a bot seat
    by the server."""

    class Kind(models.TextChoices):
        HUMAN = "human", _("Player on their own browser")
        HOTSEAT = "hotseat", _("Hot-seat (this browser)")
        BOT = "bot", _("Bot")

    class BotLevel(models.TextChoices):
        """How well a bot seat plays (`rules.bot_levels`); seats before levels were normal."""

        EASY = "easy", _("Easy")
        NORMAL = "normal", _("Normal")
        HARD = "hard", _("Hard")

    game = models.ForeignKey(DigitalGame, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    person = models.ForeignKey(
        Person,
        on_delete=models.PROTECT,
        related_name="digital_seats",
        null=True,
        blank=True,
        help_text=_("The campaign's person; blank at a standalone game."),
    )
    display_name = models.CharField(
        max_length=80,
        blank=True,
        help_text=_("A standalone game's seat: who plays it. Blank while an invited seat is open."),
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="digital_seats",
    )
    hotseat_session_key = models.CharField(max_length=64, blank=True)
    bot_level = models.CharField(
        max_length=10,
        choices=BotLevel.choices,
        default=BotLevel.NORMAL,
        help_text=_("How well the bot plays this seat, when a bot plays it."),
    )
    missiles_only_in_fight = models.BooleanField(
        default=False,
        help_text=_(
            "Offer this seat the missile window only on rolls it attacks or defends in "
            "(X-10); on other players' rolls it passes without being asked."
        ),
    )
    missed_turns = models.PositiveSmallIntegerField(
        default=0, help_text=_("Turns in a row the clock ran out on this seat.")
    )
    bot_stands_in = models.BooleanField(
        default=False,
        help_text=_(
            "The seat's person missed too many turns in a row: a bot plays it until they "
            "take it back."
        ),
    )
    vacation_week = models.PositiveIntegerField(
        default=0, help_text=_("The week of the game in which vacation days were last taken.")
    )
    vacation_used = models.PositiveSmallIntegerField(
        default=0, help_text=_("Vacation days taken in that week.")
    )

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="game_seat_index_unique"),
            models.UniqueConstraint(fields=["game", "person"], name="game_seat_person_unique"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="game_seat_user_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} ({self.kind}) of {self.game}"

    @property
    def is_bot(self) -> bool:
        return self.kind == self.Kind.BOT

    @property
    def name(self) -> str:
        """Who plays the seat: the campaign's person, or a standalone seat's own name."""
        return self.person.display_name if self.person_id else self.display_name

    @property
    def is_open(self) -> bool:
        """A standalone seat waiting for whoever opens the invitation."""
        return self.kind == self.Kind.HUMAN and self.person_id is None and self.user_id is None

    @property
    def played_by_bot(self) -> bool:
        """A bot seat, or a person's seat a bot stands in for (too many turns missed)."""
        return self.is_bot or self.bot_stands_in


class GameMove(models.Model):
    """One applied move, in order. Never updated or deleted: the log is the game."""

    class Actor(models.TextChoices):
        PLAYER = "player", _("Player")
        BOT = "bot", _("Bot")
        TIMEOUT = "timeout", _("Default after the time ran out")
        PREFERENCE = "preference", _("Passed as the seat asked")
        STAND_IN = "stand_in", _("Bot standing in for an absent player")
        NO_CHOICE = "no_choice", _("Taken at once: there was nothing to choose")

    game = models.ForeignKey(DigitalGame, on_delete=models.CASCADE, related_name="moves")
    index = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    actor = models.CharField(max_length=10, choices=Actor.choices, default=Actor.PLAYER)
    move = models.JSONField()
    events = models.JSONField(default=list)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="digital_moves",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="game_move_index_unique"),
        ]

    def __str__(self) -> str:
        return f"move {self.index} of {self.game}"
