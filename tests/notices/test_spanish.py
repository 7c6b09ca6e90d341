"""Notices in Spanish: the list, the settings and the unsubscribe page read with a Spanish
browser hold no English words of the service, and a person who chose Spanish gets Spanish
e-mails whatever language the move that caused them was made in."""

from __future__ import annotations

import html
import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Preferences
from notices.kinds import Kind
from notices.mail import unsubscribe_token
from notices.models import Notice
from notices.services import notify
from tests.english_words import english_in

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
CHOSEN = ("Ridgeway campaign", "olga_owner", "pete_player", "vera_viewer", "Olga")


def _text(page: str) -> str:
    page = re.sub(r"https?://\S+", " ", page)  # addresses are no words
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL)
    # The time zones' own names (America/New York) are no words of the service.
    page = re.sub(r'<select name="time_zone".*?</select>', " ", page, flags=re.DOTALL)
    text = html.unescape(re.sub(r"<[^>]+>", "\n", page))
    for chosen in CHOSEN:
        text = text.replace(chosen, "")
    return text


def test_the_list_settings_and_unsubscribe_pages_are_spanish(
    campaign, table_game, owner, owner_client, anon_client
):
    notify(Kind.GAME_OVER, [owner], campaign=campaign, game=table_game, params={"winner": "Olga"})
    token = unsubscribe_token(user_id=owner.pk, kinds=list(Kind.values))
    pages = {
        "list": owner_client.get(reverse("notices:list"), **SPANISH),
        "settings": owner_client.get(reverse("accounts:preferences"), **SPANISH),
        "stop": anon_client.get(reverse("notices:unsubscribe", args=[token]), **SPANISH),
        "stopped": anon_client.post(reverse("notices:unsubscribe", args=[token]), **SPANISH),
        "bad link": anon_client.get(reverse("notices:unsubscribe", args=["x"]), **SPANISH),
    }
    for name, answer in pages.items():
        text = _text(answer.content.decode())
        assert not english_in(text), (name, english_in(text))
    listed = _text(pages["list"].content.decode())
    assert "Te toca en , partida 1." in listed
    assert ", la partida 1 ha terminado: ganó ." in listed


def test_a_person_who_chose_spanish_gets_spanish_email(
    campaign, table_game, player, django_capture_on_commit_callbacks
):
    Preferences.objects.create(user=player, language="es")
    Notice.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        notify(Kind.PACK_OPENED, [player], campaign=campaign, ref="pack", params={"pack": "pack_2"})
    message = mail.outbox[-1]
    assert message.to == [player.email]
    assert message.subject == "Se abrió un paquete en Ridgeway campaign: Paquete 2."
    body = _text(message.body)
    assert not english_in(body), english_in(body)
    assert "Dejar de recibir estos correos" in body
