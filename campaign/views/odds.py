"""/odds/: the exact odds of an attack, for anyone, signed in or not (X-6..X-9)."""

from __future__ import annotations

from typing import Any

from django.views.generic import TemplateView

from campaign.forms.odds import OddsForm
from campaign.selectors.odds import calculated_odds


class OddsView(TemplateView):
    """A GET form, so a result has its own address to share."""

    template_name = "campaign/odds.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        asked = bool(self.request.GET)
        form = OddsForm(self.request.GET if asked else None)
        result = None
        if asked and form.is_valid():
            data = form.cleaned_data
            result = calculated_odds(
                attackers=data["attackers"],
                defenders=data["defenders"],
                stay=data["stay"],
                fortification_uses=data["fortification_uses"],
                scar=data["scar"] or None,
            )
        return super().get_context_data(form=form, result=result, **kwargs)
