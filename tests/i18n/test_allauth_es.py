"""django-allauth's account pages in Spanish say "tú" like the rest of the site (issue 21,
item 16): allauth's own catalogue says "usted" ("¿Ha olvidado su contraseña?", "Introduzca"),
so the sentences it shows are said again in our catalogue, which is looked up first."""

from __future__ import annotations

import html
import re
from pathlib import Path

import allauth
import pytest
from django.core import mail
from django.utils import translation

from accounts.allauth_words import SAID_WITH_TU
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
# Words only the "usted" form uses: its pronouns, and the verbs of allauth's sentences.
USTED = re.compile(
    r"\b(?:usted|su|sus|le|ingrese|introduzca|escriba|ha olvidado|tiene una cuenta|ha creado|"
    r"desea|póngase|contáctenos|regístrese|inicie|compruebe|verifique|vuelva|haga|siga|confirme|solicite|"
    r"ha iniciado|ha cerrado|ha confirmado|debe escribir|utilice)\b",
    re.IGNORECASE,
)
HIDDEN = re.compile(r"<(script|style)\b.*?</\1>", re.DOTALL | re.IGNORECASE)


def _text(page: bytes) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", HIDDEN.sub(" ", page.decode())))


def _usted(text: str) -> list[str]:
    return sorted({m.group(0) for m in USTED.finditer(text)})


def _said(sentence) -> str:
    """A listed sentence in the active language (the password rule's number filled in)."""
    try:
        return sentence % {"min_length": 8}
    except (KeyError, TypeError):
        return str(sentence)


def test_every_sentence_said_again_is_found_and_said_with_tu():
    """Each listed sentence has our own Spanish (so its English matches the package's exactly:
    a mismatch would leave allauth's "usted" on the page) and no "usted" word."""
    allauth_catalogue = Path(allauth.__file__).parent / "locale/es/LC_MESSAGES/django.po"
    assert allauth_catalogue.exists()
    for sentence in SAID_WITH_TU:
        with translation.override("en"):
            english = _said(sentence)
        with translation.override("es"):
            spanish = _said(sentence)
        assert spanish != english, english
        assert not _usted(spanish), spanish


@pytest.mark.parametrize(
    "url",
    [
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/accounts/password/reset/done/",
        "/accounts/confirm-email/",
    ],
)
def test_the_signed_out_account_pages_say_tu(client, url):
    response = client.get(url, **SPANISH)
    assert response.status_code == 200
    text = _text(response.content)
    assert "contraseña" in text or "correo" in text  # the page is the Spanish one
    assert _usted(text) == [], url


@pytest.mark.parametrize(
    "url",
    [
        "/accounts/email/",
        "/accounts/password/change/",
        "/accounts/logout/",
        "/accounts/reauthenticate/",
    ],
)
def test_the_signed_in_account_pages_say_tu(owner_client, url):
    response = owner_client.get(url, **SPANISH)
    assert response.status_code == 200
    assert _usted(_text(response.content)) == [], url


def test_signing_in_a_wrong_password_and_the_reset_mail_say_tu(client, owner):
    refused = client.post(
        "/accounts/login/", {"login": owner.username, "password": "nope"}, **SPANISH
    )
    assert "no son correctos" in _text(refused.content)
    assert _usted(_text(refused.content)) == []

    signed_in = client.post(
        "/accounts/login/",
        {"login": owner.username, "password": PASSWORD},
        follow=True,
        **SPANISH,
    )
    assert "Has iniciado sesión" in _text(signed_in.content)
    client.post("/accounts/logout/", **SPANISH)

    client.post("/accounts/password/reset/", {"email": owner.email}, **SPANISH)
    assert len(mail.outbox) == 1
    assert "tu contraseña" in mail.outbox[0].body
    assert _usted(mail.outbox[0].body) == []
