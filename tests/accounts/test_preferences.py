"""A person's settings kept with their account: the language of the pages and the time zone of
their dates and deadlines, on every device they sign in on; blank leaves both to the browser."""

from __future__ import annotations

import re

import pytest

from accounts.models import Preferences

pytestmark = pytest.mark.django_db

URL = "/accounts/settings/"


def _footer_zone(page: str) -> str:
    return re.search(r"(?:Times in|Horas en) ([\w/+-]+)", page).group(1)


def test_a_saved_time_zone_shows_on_another_device_over_its_browsers_zone(client_for, player):
    laptop = client_for(player)
    response = laptop.post(URL, {"language": "", "time_zone": "Europe/Madrid"})
    assert response.status_code == 302
    phone = client_for(player)
    phone.cookies["tz"] = "America/New_York"  # the phone's browser says another zone
    assert _footer_zone(phone.get("/").content.decode()) == "Europe/Madrid"


def test_blank_settings_leave_the_zone_and_language_to_the_browser(client_for, player):
    client = client_for(player)
    client.post(URL, {"language": "", "time_zone": ""})
    client.cookies["tz"] = "Asia/Tokyo"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert _footer_zone(page) == "Asia/Tokyo"
    assert '<html lang="es"' in page


def test_a_saved_language_is_used_at_once_and_on_every_device(client_for, player):
    client = client_for(player)
    saved = client.post(URL, {"language": "es", "time_zone": ""}, follow=True)
    assert "Tus ajustes se han guardado." in saved.content.decode()
    other = client_for(player)
    assert '<html lang="es"' in other.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_an_unknown_zone_is_refused_in_plain_words_and_nothing_is_saved(client_for, player):
    client = client_for(player)
    response = client.post(URL, {"language": "xx", "time_zone": "Mars/Olympus"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Choose a time zone from the list." in page
    assert "Choose a language from the list." in page
    assert Preferences.objects.get(user=player).time_zone == ""


def test_the_settings_ask_a_stranger_to_sign_in(anon_client):
    response = anon_client.get(URL)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
