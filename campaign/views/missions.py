"""/campaigns/<slug>/missions/: every mission of the campaign's box (E-8), what each asks and
gives, where its card is now, and who completed it in which game. A campaign whose box holds no
mission gets the answer a page that does not exist gets (U-8)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.views.generic import TemplateView

from campaign.errors import NotFoundError
from campaign.permissions import CampaignAccessMixin
from campaign.selectors.mission_history import missions_view


class MissionsView(CampaignAccessMixin, TemplateView):
    template_name = "campaign/packs/missions.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        try:
            missions = missions_view(campaign=self.campaign)
        except NotFoundError as refusal:
            raise Http404(refusal.message) from refusal
        context.update(missions=missions, section="packs")
        return context
