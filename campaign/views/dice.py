"""The dice page of a digital game: the commitment while it runs; once it is over, the seed and
the check that every die in the log follows from it (DESIGN randomness)."""

from __future__ import annotations

from django.views.generic import TemplateView

from campaign.selectors.dice import digital_game_dice, digital_game_dice_check
from campaign.views.digital.access import _GameMixin


class DigitalGameDiceView(_GameMixin, TemplateView):
    """Whoever may watch the game, like the game page itself. The check replays the whole
    game, so it runs only once the seed is out; before that the page says when it can."""

    template_name = "campaign/game/dice.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game = self.get_game()
        context.update(
            game=game,
            dice=digital_game_dice(game=game),
            # A table abandoned before play began has no start to replay.
            check=(
                digital_game_dice_check(game=game)
                if game.seed_revealed and game.initial_state
                else None
            ),
        )
        return context
