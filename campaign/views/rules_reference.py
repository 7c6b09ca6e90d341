"""/rules/: the printed rules, for anyone, signed in or not (issue 13)."""

from __future__ import annotations

from typing import Any

from django.views.generic import TemplateView

from campaign.glossary import glossary
from campaign.selectors.campaigns import campaign_list_for
from campaign.selectors.rules_reference import rule_set_reference, rules_reference


class RulesReferenceView(TemplateView):
    """The rules in rulebook order, each with its ID as anchor for the pages' "why" links."""

    template_name = "rules/reference.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            sections=rules_reference(),
            rule_set_sections=rule_set_reference(),
            campaigns=campaign_list_for(user=self.request.user),
            glossary=list(glossary().values()),
            **kwargs,
        )
