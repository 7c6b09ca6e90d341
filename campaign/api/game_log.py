"""API twin of the game log form: log a game, correct one, list reward options (`/api/v1/`)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.fields import Text
from campaign.api.schema_names import board_territory_keys, mission_codes, territory_keys
from campaign.errors import NotFoundError
from campaign.models import GameLog
from campaign.permissions import Action, campaign_for_api
from campaign.selectors.history.packs import packs_status
from campaign.selectors.record_gaps import GAP_WORDS
from campaign.selectors.world import world_current
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.entry import (
    EventEntry,
    GameLogEntry,
    HqMoveEntry,
    IncidentEntry,
    IslandEntry,
    MissilePowerEntry,
    MissionEntry,
    NukeEntry,
    PlayerEntry,
    ScarEntry,
    WearEntry,
)
from campaign.services.game_log.record import game_log, game_log_latest
from rules.bounds import COUNT_MAX, NAME_MAX, SLOGAN_MAX, TEXT_MAX
from rules.data import content
from rules.rewards import REWARD_NAMES, RewardChoice, held_on_reward_options, winner_reward_options
from rules.world_events import INCIDENTS

# Starts and held territories may be one a pack adds (a territory not on this campaign's board
# is refused by the rules, in words that name nothing sealed); the rest are printed ones.
BOARD_TERRITORIES = board_territory_keys()
TERRITORIES = territory_keys()
FACTIONS = sorted(content().factions)
KEY_MAX = 40  # a territory's, faction's, person's or option's key
ROUNDS_MAX = 20  # END-8 roll-off rounds: ties past a few rounds do not happen
ENTRIES_MAX = 50  # scars, wear, incidents, events or HQ moves of one game


class RewardSerializer(serializers.Serializer):
    code = serializers.ChoiceField(
        choices=sorted(REWARD_NAMES), help_text="END-5 R1-R6, END-6 H1-H2"
    )
    target = Text(max_length=KEY_MAX, help_text="A continent key (R1, R4) or a territory key.")
    name = Text(required=False, allow_blank=True, default="", max_length=NAME_MAX)
    delta = serializers.ChoiceField(choices=[1, -1, 0], required=False, default=0)


class PlayerSerializer(serializers.Serializer):
    faction = serializers.ChoiceField(choices=sorted(content().factions))
    person = Text(required=False, allow_blank=True, default="", max_length=KEY_MAX)
    guest_name = Text(required=False, allow_blank=True, default="", max_length=NAME_MAX)
    start = serializers.ChoiceField(
        choices=BOARD_TERRITORIES,
        required=False,
        allow_blank=True,
        default="",
        help_text='Where the HQ started (S-7); blank with "start" in not_recorded when nobody '
        "remembers.",
    )
    troops_at_end = serializers.BooleanField(
        default=True, help_text="Had troops on the board at the end (else eliminated, END-2)."
    )
    held = serializers.ListField(
        child=serializers.ChoiceField(choices=BOARD_TERRITORIES),
        required=False,
        default=list,
        max_length=len(BOARD_TERRITORIES),
    )
    reward = RewardSerializer(required=False, allow_null=True, default=None)
    draft = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(content().draft_cards)),
        required=False,
        default=list,
        max_length=4,
        help_text="When the campaign's setup is a draft: the print codes of the four draft "
        "cards this player drafted (every player's, or nobody's).",
    )
    eliminated_by = serializers.ChoiceField(
        choices=FACTIONS,
        required=False,
        allow_blank=True,
        default="",
        help_text="The faction that eliminated this one (G-13, END-2).",
    )
    comeback_power = serializers.ChoiceField(
        choices=sorted(content().comeback_powers),
        required=False,
        allow_blank=True,
        default="",
        help_text="The power this faction picked during this game, once the box holds them.",
    )

    not_recorded = serializers.ListField(
        child=serializers.ChoiceField(choices=list(GAP_WORDS)),
        required=False,
        default=list,
        max_length=len(GAP_WORDS),
        help_text='What the group does not remember for this player: "start", "held" '
        '(territories held at the end) or "reward" (the held-on reward, END-6). Shown as not '
        "recorded, never guessed; a correction may give it later.",
    )

    def validate(self, attrs):
        if not attrs["person"] and not attrs["guest_name"].strip():
            raise serializers.ValidationError(_("Give a person's key or a guest's name."))
        return attrs


class ScarSerializer(serializers.Serializer):
    scar = serializers.ChoiceField(choices=sorted(content().scar_types))
    on = serializers.ChoiceField(choices=["territory", "faction"])
    target = Text(max_length=KEY_MAX)
    by_faction = Text(required=False, allow_blank=True, default="", max_length=KEY_MAX)


class WearSerializer(serializers.Serializer):
    territory = serializers.ChoiceField(choices=TERRITORIES)
    boxes = serializers.IntegerField(min_value=1, max_value=10)


class IncidentSerializer(serializers.Serializer):
    incident = serializers.ChoiceField(choices=sorted(INCIDENTS))
    by_faction = Text(required=False, allow_blank=True, default="", max_length=KEY_MAX)
    count = serializers.IntegerField(min_value=0, max_value=COUNT_MAX, required=False, default=0)
    detail = Text(required=False, allow_blank=True, default="", max_length=TEXT_MAX)


class EventSerializer(serializers.Serializer):
    card = serializers.ChoiceField(
        choices=sorted(content().event_cards), help_text="The event card's print code (E-7)."
    )
    option = Text(
        required=False,
        allow_blank=True,
        default="",
        max_length=KEY_MAX,
        help_text="The option its chooser took.",
    )
    by_faction = Text(required=False, allow_blank=True, default="", max_length=KEY_MAX)
    targets = serializers.ListField(
        child=serializers.ChoiceField(choices=TERRITORIES), required=False, default=list
    )
    demolished = serializers.ListField(
        child=serializers.ChoiceField(choices=TERRITORIES),
        required=False,
        default=list,
        help_text="Territories whose HQ the card demolished (G-10).",
    )
    detail = Text(required=False, allow_blank=True, default="", max_length=TEXT_MAX)
    mission = serializers.ChoiceField(
        choices=mission_codes(),
        required=False,
        allow_blank=True,
        default="",
        help_text="The mission the option laid out face up (E-8), by print code.",
    )


class MissionSerializer(serializers.Serializer):
    mission = serializers.ChoiceField(
        choices=mission_codes(), help_text="The mission card's print code (E-8)."
    )
    by_faction = Text(required=False, allow_blank=True, default="", max_length=KEY_MAX)
    ends = serializers.ListField(
        child=serializers.ChoiceField(choices=TERRITORIES),
        required=False,
        default=list,
        max_length=2,
        help_text="A mission that draws a sea line: its two ends (G-12).",
    )
    territory = serializers.ChoiceField(
        choices=TERRITORIES,
        required=False,
        allow_blank=True,
        default="",
        help_text="A mission that founds the World Capital: where.",
    )
    name = Text(
        required=False,
        allow_blank=True,
        default="",
        max_length=NAME_MAX,
        help_text="A mission that founds the World Capital: its name.",
    )
    from_red_slot = serializers.BooleanField(
        default=False,
        help_text="The faction completed the mission in the red slot of its card (once a game).",
    )


class HqMoveSerializer(serializers.Serializer):
    faction = serializers.ChoiceField(choices=FACTIONS)
    origin = serializers.ChoiceField(choices=TERRITORIES)
    target = serializers.ChoiceField(choices=TERRITORIES, help_text="A neighbouring territory.")


class NukeSerializer(serializers.Serializer):
    territory = serializers.ChoiceField(
        choices=TERRITORIES, help_text="The territory the third missile's player chose (J162s)."
    )
    by_faction = serializers.ChoiceField(
        choices=FACTIONS, help_text="The faction whose player fired the third missile (J164s)."
    )


class IslandSerializer(serializers.Serializer):
    ends = serializers.ListField(
        child=serializers.ChoiceField(choices=TERRITORIES),
        min_length=2,
        max_length=2,
        help_text="The two coastal territories its sea lines end in (K182s).",
    )
    by_faction = serializers.ChoiceField(
        choices=FACTIONS, help_text="The faction about to place the 30+ troops (K180s)."
    )


class MissilePowerSerializer(serializers.Serializer):
    faction = serializers.ChoiceField(choices=FACTIONS)
    power = serializers.ChoiceField(
        choices=sorted(content().missile_powers), help_text="The missile power taken (J167s)."
    )


def _entries(child: type[serializers.Serializer]) -> serializers.ListField:
    """An optional list of game-log entries of one kind, at most ENTRIES_MAX of them."""
    return serializers.ListField(
        child=child(), required=False, default=list, max_length=ENTRIES_MAX
    )


class GameLogEntrySerializer(serializers.Serializer):
    """A `GameLogEntry`: players clockwise around the table, the winning faction, what
    happened during the game, the signature and the rewards."""

    played_on = serializers.DateField()
    players = serializers.ListField(child=PlayerSerializer(), min_length=1, max_length=5)
    winner = serializers.ChoiceField(
        choices=sorted(content().factions),
        error_messages={
            "invalid_choice": gettext_lazy(
                "give the one faction key that won: a game has exactly one winner (END-2)."
            )
        },
    )
    scars = _entries(ScarSerializer)
    wear = _entries(WearSerializer)
    incidents = _entries(IncidentSerializer)
    events = _entries(EventSerializer)
    hq_moves = _entries(HqMoveSerializer)
    missions = _entries(MissionSerializer)
    nukes = _entries(NukeSerializer)
    islands = _entries(IslandSerializer)
    missile_powers = _entries(MissilePowerSerializer)
    cards_named = serializers.BooleanField(
        default=False,
        help_text="Each player of this game wrote their name on one of the box bottom's cards.",
    )
    lead_mission = serializers.ChoiceField(
        choices=mission_codes(),
        required=False,
        allow_blank=True,
        default="",
        help_text="The face-up mission the lead faction chose, once the box has a lead faction.",
    )
    signed_on = serializers.DateField(required=False, allow_null=True, default=None)
    slogan = Text(required=False, allow_blank=True, default="", max_length=SLOGAN_MAX)
    winner_reward = RewardSerializer(required=False, allow_null=True, default=None)
    world_name = Text(required=False, allow_blank=True, default="", max_length=NAME_MAX)
    world_namer = Text(required=False, allow_blank=True, default="", max_length=KEY_MAX)
    naming_rounds = serializers.ListField(
        child=serializers.DictField(child=serializers.IntegerField(min_value=1, max_value=6)),
        required=False,
        default=list,
        max_length=ROUNDS_MAX,
        help_text="END-8 roll-off when signers tie: one {person: die} per round.",
    )
    override_reason = Text(
        required=False,
        allow_blank=True,
        default="",
        max_length=TEXT_MAX,
        help_text="Owners only: accept what the rules refuse, saying why.",
    )

    def entry(self) -> GameLogEntry:
        data = self.validated_data

        def reward(raw) -> RewardChoice | None:
            return RewardChoice(**raw) if raw else None

        return GameLogEntry(
            played_on=data["played_on"],
            players=tuple(
                PlayerEntry(
                    **{
                        **p,
                        "held": tuple(p["held"]),
                        "reward": reward(p["reward"]),
                        "draft": tuple(p["draft"]),
                        "not_recorded": tuple(p["not_recorded"]),
                    }
                )
                for p in data["players"]
            ),
            winner=data["winner"],
            scars=tuple(ScarEntry(**s) for s in data["scars"]),
            wear=tuple(WearEntry(**w) for w in data["wear"]),
            incidents=tuple(IncidentEntry(**i) for i in data["incidents"]),
            events=tuple(
                EventEntry(
                    **{**e, "targets": tuple(e["targets"]), "demolished": tuple(e["demolished"])}
                )
                for e in data["events"]
            ),
            hq_moves=tuple(HqMoveEntry(**m) for m in data["hq_moves"]),
            missions=tuple(
                MissionEntry(**{**m, "ends": tuple(m["ends"])}) for m in data["missions"]
            ),
            signed_on=data["signed_on"],
            slogan=data["slogan"],
            winner_reward=reward(data["winner_reward"]),
            world_name=data["world_name"],
            world_namer=data["world_namer"],
            naming_rounds=tuple(dict(r) for r in data["naming_rounds"]),
            lead_mission=data["lead_mission"],
            nukes=tuple(NukeEntry(**n) for n in data["nukes"]),
            islands=tuple(
                IslandEntry(ends=tuple(i["ends"]), by_faction=i["by_faction"])
                for i in data["islands"]
            ),
            missile_powers=tuple(MissilePowerEntry(**m) for m in data["missile_powers"]),
            cards_named=data["cards_named"],
        )


class CorrectionSerializer(GameLogEntrySerializer):
    reason = Text(max_length=TEXT_MAX, help_text="Why the game is corrected (kept in the history).")


class GameLogResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_number")
    first_seq = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    override_reason = Text()
    overridden = serializers.ListField(child=serializers.DictField())
    corrects = serializers.IntegerField(source="corrects_id", allow_null=True)
    correction_reason = Text()
    entry = serializers.DictField()


def _result(campaign, log: GameLog, http_status: int) -> Response:
    packs = packs_status(campaign=campaign)
    data = dict(GameLogResultSerializer(log).data)
    data["open_now"] = packs.open_now
    return Response(data, status=http_status)


REFUSAL = inline_serializer(
    "Refusal",
    {
        "errors": serializers.ListField(child=serializers.DictField()),
        "overridable": serializers.BooleanField(required=False),
    },
)


class GameLogCreateApi(APIView):
    """Log the next game of a campaign (players and owners)."""

    @extend_schema(
        request=GameLogEntrySerializer,
        responses={201: GameLogResultSerializer, 400: REFUSAL, 403: REFUSAL, 404: REFUSAL},
        summary="Log a game played on the physical board",
    )
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.PLAY)
        serializer = GameLogEntrySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        log = game_log(
            campaign=campaign,
            user=request.user,
            entry=serializer.entry(),
            override_reason=serializer.validated_data["override_reason"] or None,
        )
        return _result(campaign, log, status.HTTP_201_CREATED)


class GameLogDetailApi(APIView):
    """The entry that stands for a logged game (the latest correction, if any), to read or to
    start a correction from."""

    @extend_schema(
        responses={200: GameLogResultSerializer, 404: REFUSAL}, summary="A logged game's entry"
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        log = game_log_latest(campaign=campaign, game_number=number)
        if log is None:
            raise NotFoundError(
                _("Game %(game)s was not logged by hand here.") % {"game": number}, code="not_found"
            )
        return Response(GameLogResultSerializer(log).data)


class GameLogCorrectApi(APIView):
    """Correct the most recent logged game (owners only): its events are voided and the
    corrected entry's events appended, with the reason kept."""

    @extend_schema(
        request=CorrectionSerializer,
        responses={201: GameLogResultSerializer, 400: REFUSAL, 403: REFUSAL, 409: REFUSAL},
        summary="Correct a logged game",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MANAGE)
        serializer = CorrectionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        log = game_log_correct(
            campaign=campaign,
            user=request.user,
            game_number=number,
            entry=serializer.entry(),
            reason=serializer.validated_data["reason"],
            override_reason=serializer.validated_data["override_reason"] or None,
        )
        return _result(campaign, log, status.HTTP_201_CREATED)


class RewardOptionsApi(APIView):
    """The rewards the rules offer now, with their legal targets (END-5, END-6)."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "held",
                str,
                description="Comma-separated territories a held-on player held at the end.",
            )
        ],
        responses={
            200: inline_serializer(
                "RewardOptions",
                {"winner": serializers.ListField(), "held_on": serializers.ListField()},
            )
        },
        summary="Legal end-of-game rewards now",
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        world = world_current(campaign=campaign)
        held = [t for t in request.query_params.get("held", "").split(",") if t]

        def rows(options):
            return [
                {
                    "code": o.code,
                    "name": o.name,
                    "rule": o.rule,
                    "targets": list(o.targets),
                    "deltas": list(o.deltas),
                }
                for o in options
            ]

        return Response(
            {
                "winner": rows(winner_reward_options(world)),
                "held_on": rows(held_on_reward_options(world, held=held)),
            }
        )
