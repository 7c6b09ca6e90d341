"""API twins of the history pages: games, the world as of any game, territories, faction
cards, sealed packs and statistics. Readable by whoever may read the campaign (anyone, for a
public campaign)."""

from __future__ import annotations

from dataclasses import asdict

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.game_log import REFUSAL
from campaign.api.shapes import HISTORY_GAMES, STATS
from campaign.errors import ApplicationError, NotFoundError
from campaign.numbers import whole_number
from campaign.permissions import Action, campaign_allows, campaign_for_api
from campaign.selectors.box import box_stats, box_status
from campaign.selectors.history.games import history_games
from campaign.selectors.history.packs import packs_status
from campaign.selectors.history.stats import history_stats
from campaign.selectors.history.stories import history_faction, history_territory
from campaign.selectors.history.world import history_world
from campaign.selectors.world import world_current
from rules import board_links, box
from rules.data import board, content

ANY = OpenApiTypes.OBJECT


class GameListApi(APIView):
    @extend_schema(responses={200: HISTORY_GAMES, 404: REFUSAL}, summary="Timeline of logged games")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        member = campaign_allows(campaign=campaign, user=request.user, action=Action.MEMBER)
        return Response(
            [
                {**asdict(game), "winner": game.winner.name if game.winner else None}
                for game in history_games(campaign=campaign, show_accounts=member)
            ]
        )


class WorldApi(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("game", int, description="The world as it stood after game N.")
        ],
        responses={200: ANY, 400: REFUSAL, 404: REFUSAL},
        summary="The world now, or as it stood after a game",
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        raw = request.query_params.get("game")
        game = whole_number(raw) if raw not in (None, "") else None
        if raw not in (None, "") and game is None:
            raise ApplicationError(_("game must be a game number (1, 2, 3...)."), code="bad_game")
        view = history_world(campaign=campaign, game=game)
        data = asdict(view)
        data["world"] = view.world.to_json()
        data["box"] = box_status(world=view.world)
        return Response(data)


class TerritoryHistoryApi(APIView):
    @extend_schema(responses={200: ANY, 404: REFUSAL}, summary="One territory's history")
    def get(self, request: Request, slug: str, territory: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        # Alien Island is a territory once placed; before, it is refused like any unknown key,
        # without repeating the key (U-8).
        if not board_links.on_board(world_current(campaign=campaign), territory):
            raise NotFoundError(_("There is no such territory on this board."), code="not_found")
        return Response(
            {
                "territory": territory,
                "name": board().territory(territory).name,
                "history": history_territory(campaign=campaign, territory=territory),
            }
        )


class FactionHistoryApi(APIView):
    @extend_schema(responses={200: ANY, 404: REFUSAL}, summary="A faction card's back")
    def get(self, request: Request, slug: str, faction: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        if faction not in box.factions(world_current(campaign=campaign)):
            # Never echo the key: it may name a sealed pack's faction (U-8).
            raise NotFoundError(_("There is no such faction in this campaign."), code="not_found")
        return Response(
            {
                "faction": faction,
                "name": content().factions[faction].name,
                "games": history_faction(campaign=campaign, faction=faction),
            }
        )


class PackStatusApi(APIView):
    @extend_schema(
        operation_id="v1_campaigns_packs_status",  # .../packs/{pack}/ is the "retrieve"
        responses={200: ANY, 404: REFUSAL},
        summary="Sealed packs: open now, progress",
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        return Response(asdict(packs_status(campaign=campaign)))


class StatsApi(APIView):
    @extend_schema(responses={200: STATS, 404: REFUSAL}, summary="Campaign statistics")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        return Response(
            [
                {
                    "title": chart.title,
                    "bars": [
                        {"label": b.label, "segments": [[w, v] for w, v, _ in b.segments]}
                        for b in chart.bars
                    ],
                }
                for chart in [*history_stats(campaign=campaign), *box_stats(campaign=campaign)]
            ]
        )
