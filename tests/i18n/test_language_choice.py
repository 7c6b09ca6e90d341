"""The reader's language (issue 14): the browser's by default, switched on any page, kept with
a signed-in person's account; `<html lang>` says which."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import Preferences

pytestmark = pytest.mark.django_db


def _lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_the_browsers_language_chooses_the_pages_language(anon_client):
    spanish = anon_client.get("/rules/", HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9,en;q=0.5")
    assert _lang(spanish) == "es"
    assert spanish["Content-Language"] == "es"
    assert "Iniciar sesión" in spanish.content.decode()
    english = Client().get("/rules/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    assert _lang(english) == "en"
    assert "Sign in" in english.content.decode()


def test_a_language_nobody_translated_falls_back_to_english(anon_client):
    response = anon_client.get("/", HTTP_ACCEPT_LANGUAGE="fi")
    assert _lang(response) == "en"


@pytest.mark.parametrize("path", ["/", "/rules/", "/accounts/login/", "/accounts/signup/"])
def test_every_page_offers_the_switch_with_each_language_named_in_itself(anon_client, path):
    page = anon_client.get(path, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'action="/accounts/language/"' in page
    assert 'value="en" lang="en"' in page and ">English</button>" in page
    assert ">Español</button>" in page


def test_switching_goes_back_to_the_same_page_in_the_chosen_language(anon_client):
    response = anon_client.post(
        "/accounts/language/",
        {"language": "es", "next": "/rules/#T-8"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302
    assert response["Location"] == "/rules/#T-8"
    assert anon_client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    assert _lang(anon_client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en")) == "es"


def test_a_signed_in_persons_choice_follows_them_to_another_device(client_for, player):
    phone = client_for(player)
    phone.post("/accounts/language/", {"language": "es", "next": "/"})
    assert Preferences.objects.get(user=player).language == "es"

    laptop = client_for(player)  # no cookie of the phone's, an English browser
    assert _lang(laptop.get("/", HTTP_ACCEPT_LANGUAGE="en-US")) == "es"
    laptop.post("/accounts/language/", {"language": "en", "next": "/"})
    assert _lang(phone.get("/", HTTP_ACCEPT_LANGUAGE="es")) == "en"


def test_an_unknown_language_or_a_foreign_address_changes_nothing(client_for, player):
    client = client_for(player)
    response = client.post(
        "/accounts/language/", {"language": "xx", "next": "https://elsewhere.example/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert not Preferences.objects.filter(user=player).exists()
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "en"


def test_the_switch_only_answers_a_form(anon_client):
    assert anon_client.get("/accounts/language/").status_code == 405
