"""The project's URLs plus a bare authenticated DRF view, for `bench/moves.py` only: the
baseline a move and a poll are compared with (never part of the project's URLs)."""

from __future__ import annotations

from django.urls import path
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as project_urls


class BareView(APIView):
    """What any authenticated API request costs: the middlewares, session, user, DRF."""

    permission_classes = [IsAuthenticated]

    def get(self, request: Request) -> Response:
        return Response({"ok": True})


urlpatterns = [path("bench/ok/", BareView.as_view()), *project_urls]
