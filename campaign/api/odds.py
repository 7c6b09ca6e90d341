"""The exact odds of an attack (X-6..X-9): the calculator anyone may use, and an attack in a
game as its board stands (figures from `rules.odds`; nothing hidden is counted)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.digital import ERRORS, _game_for
from campaign.errors import ApplicationError
from campaign.forms.odds import WEAR_BOXES, OddsForm
from campaign.numbers import whole_number
from campaign.selectors.odds import MAX_TROOPS, calculated_odds, game_attack_odds
from rules.odds import SCARS, Odds


def _figures(name: str) -> serializers.Serializer:
    return inline_serializer(
        name,
        {
            "conquer": serializers.FloatField(help_text="Chance to take the territory, 0 to 1."),
            "attacker_losses": serializers.FloatField(help_text="Attacking troops lost, average."),
            "defender_losses": serializers.FloatField(help_text="Defending troops lost, average."),
        },
    )


ODDS_FIELDS = {
    "attackers": serializers.IntegerField(help_text="Troops in the attacking territory."),
    "defenders": serializers.IntegerField(help_text="Troops in the defending territory."),
    "stay": serializers.IntegerField(help_text="Troops left behind when attacking on."),
    "dice": serializers.IntegerField(help_text="Attack dice of the single roll."),
    "once": _figures("OddsOnce"),
    "until": _figures("OddsUntil"),
}
CALCULATED = inline_serializer("AttackOdds", ODDS_FIELDS)
IN_GAME = inline_serializer(
    "GameAttackOdds",
    {
        **ODDS_FIELDS,
        "origin": serializers.CharField(help_text="The attacking territory's key."),
        "target": serializers.CharField(help_text="The defending territory's key."),
    },
)


def _odds(odds: Odds) -> dict[str, float]:
    return {
        "conquer": odds.conquer,
        "attacker_losses": odds.attacker_losses,
        "defender_losses": odds.defender_losses,
    }


class OddsApi(APIView):
    """Anyone, signed in or not: the calculator of the odds page."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("attackers", int, required=True, description=f"2 to {MAX_TROOPS}."),
            OpenApiParameter("defenders", int, required=True, description=f"1 to {MAX_TROOPS}."),
            OpenApiParameter(
                "stay",
                int,
                required=False,
                description="Troops to leave in the attacking territory when attacking on "
                "(default 1).",
            ),
            OpenApiParameter(
                "fortification_uses",
                int,
                required=False,
                description="3-dice attacks the defending territory's fortification still "
                f"withstands, 0 to {WEAR_BOXES} (default 0: not fortified). X-9.",
            ),
            OpenApiParameter(
                "scar",
                str,
                required=False,
                enum=list(SCARS),
                description="A scar on the defending territory.",
            ),
        ],
        responses={200: CALCULATED, 400: ERRORS},
        summary="Exact odds of an attack: one roll, and attacking on until taken",
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        form = OddsForm(
            {
                "attackers": params.get("attackers", ""),
                "defenders": params.get("defenders", ""),
                "stay": params.get("stay", "1"),
                "fortification_uses": params.get("fortification_uses", "0"),
                "scar": params.get("scar", ""),
            }
        )
        if not form.is_valid():
            raise serializers.ValidationError(
                {field: [str(e) for e in errors] for field, errors in form.errors.items()}
            )
        data = form.cleaned_data
        result = calculated_odds(
            attackers=data["attackers"],
            defenders=data["defenders"],
            stay=data["stay"],
            fortification_uses=data["fortification_uses"],
            scar=data["scar"] or None,
        )
        return Response(
            {
                "attackers": result.attackers,
                "defenders": result.defenders,
                "stay": result.stay,
                "dice": result.dice,
                "once": _odds(result.once),
                "until": _odds(result.until),
            }
        )


class GameOddsApi(APIView):
    """Whoever may watch the game: the odds of an attack as the board stands now, for the
    player holding the attacking territory."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("origin", str, required=True, description="Attacking territory."),
            OpenApiParameter("target", str, required=True, description="Defending territory."),
            OpenApiParameter(
                "stay",
                int,
                required=False,
                description="Troops to leave in the attacking territory (default 1).",
            ),
        ],
        responses={200: IN_GAME, 400: ERRORS, 404: ERRORS},
        summary="Exact odds of an attack in a game, with the modifiers on its board",
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        params = request.query_params
        stay = whole_number(params.get("stay", "1"))
        if stay is None:
            raise ApplicationError(_("Give the troops to leave behind as a whole number."))
        odds = game_attack_odds(
            state=game.game_state(),
            origin=params.get("origin", ""),
            target=params.get("target", ""),
            stay=stay,
        )
        return Response(
            {
                "origin": odds.origin,
                "target": odds.target,
                "attackers": odds.attackers,
                "defenders": odds.defenders,
                "stay": odds.stay,
                "dice": odds.dice,
                "once": _odds(odds.once),
                "until": _odds(odds.until),
            }
        )
