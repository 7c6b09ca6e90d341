"""The dice page of a digital game: the commitment while it runs; once it is over, the seed and
the check that every die in the log follows from it (DESIGN randomness)."""

from __future__ import annotations

from django.http import Http404
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.dice import digital_game_dice, digital_game_dice_check
from campaign.selectors.digital import digital_game_get


class DigitalGameDiceView(CampaignAccessMixin, TemplateView):
    """Members, like the game page itself. The check replays the whole game, so it runs only
    once the seed is out; before that the page says when it can."""

    campaign_action = Action.MEMBER
    template_name = "campaign/game/dice.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        try:
            game = digital_game_get(campaign=self.campaign, game_id=self.kwargs["game_id"])
        except ApplicationError as missing:
            raise Http404(missing.message) from missing
        context.update(
            game=game,
            dice=digital_game_dice(game=game),
            check=digital_game_dice_check(game=game) if game.seed_revealed else None,
        )
        return context
