"""Account pages: where a signed-in user gets (or replaces) their API token."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from rest_framework.authtoken.models import Token


class ApiTokenView(LoginRequiredMixin, TemplateView):
    template_name = "accounts/api_token.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["token"] = Token.objects.filter(user=self.request.user).first()
        return context

    def post(self, request, *args, **kwargs):
        Token.objects.filter(user=request.user).delete()
        Token.objects.create(user=request.user)
        messages.success(request, _("Your new API token is ready; the old one no longer works."))
        return redirect("accounts:api_token")
