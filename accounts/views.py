"""Account pages: a signed-in person's settings, and their API token."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.shortcuts import redirect
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, UpdateView
from rest_framework.authtoken.models import Token

from accounts.forms import PreferencesForm
from accounts.models import Preferences
from notices.forms import NoticeSettingsForm
from notices.models import NoticeSettings


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


class PreferencesView(LoginRequiredMixin, UpdateView):
    """Language and time zone, kept with the account so they follow the person to any device
    (blank leaves them to the browser), and how they hear of each kind of notice."""

    template_name = "accounts/preferences.html"
    form_class = PreferencesForm

    def get_object(self, queryset=None) -> Preferences:
        return Preferences.objects.get_or_create(user=self.request.user)[0]

    def _notice_form(self) -> NoticeSettingsForm:
        chosen = NoticeSettings.objects.get_or_create(user=self.request.user)[0]
        data = self.request.POST if self.request.method == "POST" else None
        return NoticeSettingsForm(data, instance=chosen)

    def get_context_data(self, **kwargs):
        kwargs.setdefault("notice_form", self._notice_form())
        return super().get_context_data(**kwargs)

    def post(self, request, *args, **kwargs):
        self.object = self.get_object()
        form, notice_form = self.get_form(), self._notice_form()
        if form.is_valid() and notice_form.is_valid():
            notice_form.save()
            return self.form_valid(form)
        return self.render_to_response(self.get_context_data(form=form, notice_form=notice_form))

    def form_valid(self, form: PreferencesForm):
        form.save()
        chosen = form.cleaned_data["language"]
        response = redirect("accounts:preferences")
        if chosen:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, chosen, samesite="Lax")
        else:  # back to what the browser asks for
            response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
        with translation.override(chosen or translation.get_language_from_request(self.request)):
            messages.success(self.request, _("Your settings are saved."))
        return response
