"""Pages: adding and removing a game's photos and account, and showing a photo to readers.

Photos are served through here rather than from MEDIA_URL, so a private campaign's photos are
seen only by those who may read the campaign, whatever storage backend holds them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from django.contrib import messages
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from campaign.errors import ApplicationError, NotFoundError
from campaign.forms.game_story import GameAccountForm, GamePhotoForm
from campaign.models import GamePhoto
from campaign.permissions import Action, CampaignAccessMixin
from campaign.services.game_story import game_account_set, game_photo_add, game_photo_remove


class _StoryAction(CampaignAccessMixin, View, ABC):
    """A POST on a game's story; refusals come back as messages on the game's page."""

    campaign_action = Action.PLAY
    http_method_names = ["post"]

    def post(self, request, *args, number: int, **kwargs):
        try:
            message = self.act(request, number=number, **kwargs)
        except NotFoundError as error:
            raise Http404(error.message) from error
        except ApplicationError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, message)
        url = reverse(
            "campaign:history_game", kwargs={"slug": self.campaign.slug, "number": number}
        )
        return redirect(f"{url}#story")

    @abstractmethod
    def act(self, request, *, number: int, **kwargs) -> str:
        """Do it and return the success message."""


def _form_refusal(form) -> ApplicationError:
    return ApplicationError(" ".join(e for errors in form.errors.values() for e in errors))


class GamePhotoAddView(_StoryAction):
    def act(self, request, *, number: int, **kwargs) -> str:
        form = GamePhotoForm(request.POST, request.FILES)
        if not form.is_valid():
            raise _form_refusal(form)
        game_photo_add(
            campaign=self.campaign,
            game_number=number,
            upload=form.cleaned_data["image"],
            user=request.user,
            caption=form.cleaned_data["caption"],
        )
        return _("Photo added.")


class GamePhotoRemoveView(_StoryAction):
    def act(self, request, *, number: int, photo_id: int, **kwargs) -> str:
        game_photo_remove(campaign=self.campaign, photo_id=photo_id, user=request.user)
        return _("Photo removed.")


class GameAccountView(_StoryAction):
    def act(self, request, *, number: int, **kwargs) -> str:
        form = GameAccountForm(request.POST)
        if not form.is_valid():
            raise _form_refusal(form)
        account = game_account_set(
            campaign=self.campaign,
            game_number=number,
            text=form.cleaned_data["text"],
            user=request.user,
        )
        return _("Account saved.") if account else _("Account removed.")


class GamePhotoFileView(CampaignAccessMixin, View):
    """The photo itself, for whoever may read the campaign's history."""

    campaign_action = Action.READ

    def get(self, request, *args, number: int, photo_id: int, **kwargs):
        photo = get_object_or_404(
            GamePhoto, campaign=self.campaign, game_number=number, pk=photo_id
        )
        try:
            handle = photo.image.open("rb")
        except (FileNotFoundError, OSError) as error:
            raise Http404(_("This photo's file is missing.")) from error
        response = FileResponse(handle, content_type=photo.content_type)
        response["Cache-Control"] = "private, max-age=86400"
        return response
