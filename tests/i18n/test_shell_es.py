"""The site's shell in Spanish (issue 14): with a Spanish browser, the home page, the account
pages (django-allauth's, in our layout), a campaign's members, invitation and customization
pages, the guides and the words the scripts put on the page all come out in Spanish, with the
English of those pages gone; an English browser still gets the English."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from accounts.templatetags.script_words import script_words
from campaign.errors import ForbiddenError
from campaign.models import Invite, Role
from campaign.permissions import Action, campaign_check

pytestmark = pytest.mark.django_db

ES = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}


def _text(response) -> str:
    """The page's visible words: the title, the messages and the main part, tags and scripts
    left out."""
    page = response.content.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    main = re.search(r"<ul class=\"messages\".*?</main>|<main.*?</main>", page, re.S).group(0)
    main = re.sub(r"<script.*?</script>|<style.*?</style>", " ", main, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", f"{title} {main}").split())


def _spanish(response, *, present: list[str], gone: list[str]) -> str:
    assert response.status_code == 200
    assert '<html lang="es"' in response.content.decode()
    text = _text(response)
    for words in present:
        assert words in text, words
    for words in gone:
        assert words not in text, words
    return text


def test_the_home_page_for_a_visitor(anon_client):
    _spanish(
        anon_client.get("/", **ES),
        present=["Campañas públicas", "¿Eres nuevo? Tres guías breves", "Crea una cuenta"],
        gone=[
            "Public campaigns",
            "New here?",
            "Sign up",
            "to start a campaign",
            "Read the history",
        ],
    )


def test_the_home_page_for_a_member(owner_client, campaign):
    text = _spanish(
        owner_client.get("/", **ES),
        present=["Tus campañas", "Propietario", "Aún no se ha jugado ninguna partida"],
        gone=["Your campaigns", "No game played yet", "packs opened", "owner olga"],
    )
    assert campaign.name in text


@pytest.mark.parametrize(
    ("path", "present", "gone"),
    [
        (
            "/accounts/signup/",
            ["Contraseña", "Nombre de usuario"],
            ["Sign Up", "Password", "Username", "Already have an account"],
        ),
        (
            "/accounts/login/",
            ["Iniciar sesión", "Contraseña", "¿Olvidaste tu contraseña?"],
            ["Sign In", "Password", "Forgot", "Remember Me"],
        ),
        (
            "/accounts/password/reset/",
            ["Restablecer", "Correo electrónico"],
            ["Password Reset", "Reset My Password", "E-mail address"],
        ),
    ],
)
def test_the_account_pages(anon_client, path, present, gone):
    _spanish(anon_client.get(path, **ES), present=present, gone=gone)


def test_the_account_pages_of_a_signed_in_person(owner_client):
    _spanish(
        owner_client.get("/accounts/email/", **ES),
        present=["Direcciones de correo electrónico"],
        gone=["Email Addresses", "Add Email", "Remove"],
    )
    _spanish(
        owner_client.get("/accounts/token/", **ES),
        present=["Tu token de la API", "Crear mi token"],
        gone=["Your API token", "Create my token", "no token yet"],
    )


def test_signing_up_says_so_in_spanish(anon_client):
    response = anon_client.post(
        "/accounts/signup/",
        {
            "email": "lucia@example.com",
            "username": "lucia",
            "password1": "Mesa-del-viernes-77",
            "password2": "Mesa-del-viernes-77",
        },
        follow=True,
        **ES,
    )
    page = response.content.decode()
    assert "lucia" in page and "Has iniciado sesión" in page
    assert "Successfully signed in" not in page


def test_the_members_page(owner_client, campaign, guest_person):
    Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=campaign.owner)
    page = owner_client.get(f"/campaigns/{campaign.slug}/members/", **ES)
    _spanish(
        page,
        present=[
            "Miembros",
            "Personas del mundo",
            "invitado",
            "Añadir invitado",
            "Invitar a alguien como",
            "Crear un enlace de invitación",
            "Copiar el enlace",
            "Anular",
            "Espectador",
        ],
        gone=[
            "People in the world",
            "Add guest",
            "Invite someone as",
            "Create an invitation link",
            "Copy the link",
            "Revoke",
            "expires",
            "Viewer",
        ],
    )
    html = page.content.decode()
    assert 'data-copied="Copiado"' in html
    assert 'data-copy-failed="Selecciona el enlace para copiarlo"' in html


def test_the_members_pages_answers(owner_client, campaign):
    response = owner_client.post(
        f"/campaigns/{campaign.slug}/invites/", {"role": "viewer"}, follow=True, **ES
    )
    assert "Enlace de invitación para un espectador creado" in _text(response)
    response = owner_client.post(
        f"/campaigns/{campaign.slug}/guests/", {"display_name": "Mateo"}, follow=True, **ES
    )
    assert "Ya se puede elegir a Mateo como jugador." in _text(response)


def test_the_invitation_page(client_for, outsider, campaign):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=campaign.owner)
    _spanish(
        client_for(outsider).get(invite.get_absolute_url(), **ES),
        present=[f"Unirse a {campaign.name}", "te invita como", "jugador", "Unirse como jugador"],
        gone=["Join ", "invites you as", "player"],
    )


def test_a_used_invitation_says_why_in_spanish(client_for, outsider, player, campaign):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=campaign.owner)
    client_for(outsider).post(invite.get_absolute_url())
    _spanish(
        client_for(player).get(invite.get_absolute_url(), **ES),
        present=["Invitación", "Esta invitación ya se usó.", "Volver a tus campañas"],
        gone=["already used", "Back to your campaigns"],
    )


def test_the_setup_page(owner_client, campaign):
    text = _spanish(
        owner_client.get(f"/campaigns/{campaign.slug}/setup/", **ES),
        present=[
            "Personalizar",
            "Antes de la primera partida",
            "Poderes iniciales (P-2)",
            "Quedarse con estos poderes",
            "monedas adicionales (P-3)",
            "Colocar las monedas",
            "Personalizar al azar",
            "Ajustes",
        ],
        gone=[
            "Before the first game",
            "Starting powers",
            "Keep these powers",
            "Place the coins",
            "Customize at random",
            "Settings",
            "Members",
            "Log a game",
        ],
    )
    assert "Anotar una partida" in text


def test_the_setup_pages_question_and_refusal(owner_client, campaign):
    url = f"/campaigns/{campaign.slug}/setup/"
    asked = owner_client.post(url, {"step": "random"}, **ES)
    _spanish(
        asked,
        present=["¿Dejar que el azar elija", "No se puede deshacer.", "Sí, personalizar al azar"],
        gone=["Let chance choose", "This cannot be undone.", "Yes, customize at random"],
    )
    refused = owner_client.post(url, {"step": "coins", "alaska": "13"}, **ES)
    assert refused.status_code == 400
    assert "Alaska: solo hay 12 monedas para colocar" in _text(refused)


@pytest.mark.parametrize(
    ("path", "present", "gone"),
    [
        (
            "/guide/",
            ["Guías", "Anotar una partida de mesa", "el glosario de las reglas"],
            ["Guides", "Log a table game", "There are three ways"],
        ),
        (
            "/guide/log/",
            ["Antes de la primera partida", "Después de cada partida en la mesa", "se mantuvo"],
            ["Before the first game", "After each game", "held on"],
        ),
        (
            "/guide/play/",
            ["Empezar una partida", "Un turno", "Cuando termina"],
            ["Start a game", "A turn", "When it ends"],
        ),
        (
            "/guide/history/",
            ["El mundo", "Las partidas y sus historias", "paquete sellado"],
            ["The world", "The games and their stories", "sealed pack"],
        ),
    ],
)
def test_the_guides(anon_client, path, present, gone):
    _spanish(anon_client.get(path, **ES), present=present, gone=gone)


def test_the_error_pages(client_for, viewer, campaign):
    response = client_for(viewer).get(f"/campaigns/{campaign.slug}/setup/", **ES)
    assert response.status_code == 403
    text = _text(response)
    assert "No permitido" in text and "administrar requiere más" in text
    assert "Not allowed" not in text and "needs more" not in text
    missing = client_for(viewer).get("/campaigns/no-such-campaign/", **ES)
    assert missing.status_code == 404
    assert "Aquí no hay nada" in _text(missing)


def test_the_scripts_words_come_with_every_page_in_the_readers_language(anon_client):
    page = anon_client.get("/", **ES).content.decode()
    block = re.search(r'<script id="script-words" type="application/json">(.*?)</script>', page)
    words = json.loads(block.group(1))
    assert words["mapPickNoTarget"] == "Toca el campo de un territorio y luego el mapa."
    assert words["gameCards"] == {"one": "%(count)s carta", "other": "%(count)s cartas"}
    assert words["gameTimeIsUp"] == "Se acabó el tiempo."
    english = anon_client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tap a territory&#x27;s field, then the map." in english or (
        "Tap a territory's field, then the map." in english
    )


def test_every_script_word_is_translated():
    with translation.override("en"):
        english = script_words()
    with translation.override("es"):
        spanish = script_words()
    assert english.keys() == spanish.keys()
    for key, text in english.items():
        assert spanish[key] != text or key == "gameCardsAndCoins", key
    assert english["gameCoins"] == {"one": "%(count)s coin", "other": "%(count)s coins"}


def test_a_refusal_names_the_action_in_the_readers_language(viewer, campaign):
    with translation.override("es"), pytest.raises(ForbiddenError) as refusal:
        campaign_check(campaign=campaign, user=viewer, action=Action.MANAGE)
    assert refusal.value.message == (
        f"Tu rol en {campaign.name} no permite esto (administrar requiere más)."
    )
    with translation.override("en"), pytest.raises(ForbiddenError) as refusal:
        campaign_check(campaign=campaign, user=viewer, action=Action.MANAGE)
    assert refusal.value.message == (
        f"Your role in {campaign.name} does not allow this (manage needs more)."
    )


def test_an_english_browser_still_reads_english(owner_client, campaign):
    text = _text(
        owner_client.get(f"/campaigns/{campaign.slug}/members/", HTTP_ACCEPT_LANGUAGE="en")
    )
    assert "People in the world" in text and "Create an invitation link" in text
    text = _text(Client().get("/guide/log/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "Before the first game" in text and "who held on" in text


def test_a_missing_page_switches_language_without_echoing_its_address(anon_client):
    missing = anon_client.get("/campaigns/no-such-campaign/", **ES)
    assert missing.status_code == 404
    assert '<input type="hidden" name="next" value="">' in missing.content.decode()
    back = anon_client.post(
        "/accounts/language/",
        {"language": "en", "next": ""},
        HTTP_REFERER="http://testserver/campaigns/no-such-campaign/",
    )
    assert back.status_code == 302
    assert back["Location"] == "http://testserver/campaigns/no-such-campaign/"
