"""/guide/: a short walk through each of the service's uses, for anyone."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from django.views.generic import TemplateView

# topic -> (title, one line saying what the guide is for)
GUIDES: dict[str, tuple[str, str]] = {
    "log": (
        _("Log a table game"),
        _("You played on the physical board; record it in a few steps."),
    ),
    "play": (
        _("Play in the browser"),
        _("Play a whole game here, at one device or each at your own."),
    ),
    "classic": (
        _("Start a classic game"),
        _("A game of classic Risk on a fresh board, with friends or bots, outside any campaign."),
    ),
    "history": (
        _("Read the history"),
        _("See the world now or after any game, and how it got there."),
    ),
}


class GuideIndexView(TemplateView):
    template_name = "guide/index.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(guides=GUIDES, **kwargs)


class GuideView(TemplateView):
    def get_template_names(self) -> list[str]:
        return [f"guide/{self.kwargs['topic']}.html"]

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        topic = self.kwargs["topic"]
        if topic not in GUIDES:
            raise Http404(_("No such guide."))
        title, purpose = GUIDES[topic]
        # `topic` comes with the URL's kwargs
        return super().get_context_data(title=title, purpose=purpose, guides=GUIDES, **kwargs)
