"""Reading the game named in the URL for the request, and the session and refusal words the
game's views share."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models.digital import DigitalGame
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.digital import digital_game_get
from campaign.selectors.standalone import standalone_may_watch


def _session_key(request: HttpRequest) -> str:
    return request.session.session_key or ""


class _GameMixin(CampaignAccessMixin):
    """Loads the game named in the URL: a campaign's game under its campaign's address (404 if
    it is not this campaign's; members only), a standalone game under the lobby's (anyone for
    a public game, its players for a private one; `self.campaign` is then None)."""

    campaign_action = Action.MEMBER

    def dispatch(self, request, *args, **kwargs):
        if self.campaign_url_kwarg in kwargs:
            return super().dispatch(request, *args, **kwargs)
        self.campaign, self.role, self.allowed = None, None, frozenset()
        game = DigitalGame.objects.filter(campaign=None, pk=kwargs["game_id"]).first()
        if game is None or not standalone_may_watch(
            game=game, user=request.user, session_key=_session_key(request)
        ):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise Http404(_("No such game."))
        # Past the campaign's check, to the view itself.
        return super(CampaignAccessMixin, self).dispatch(request, *args, **kwargs)

    def get_game(self) -> DigitalGame:
        try:
            return digital_game_get(campaign=self.campaign, game_id=self.kwargs["game_id"])
        except ApplicationError as missing:
            raise Http404(missing.message) from missing


def _error(refusal: ApplicationError) -> dict[str, str]:
    violation = refusal.violations[0]
    return {"message": violation.message, "rule": violation.rule, "code": violation.code}
