"""E-mail goes to the console unless EMAIL_URL names an SMTP server; a bad URL stops the start
with a clear message."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from config.env import env_email


def test_without_email_url_mail_is_printed_on_the_console(monkeypatch):
    monkeypatch.delenv("EMAIL_URL", raising=False)
    assert env_email("EMAIL_URL") == {}
    assert settings.EMAIL_BACKEND.endswith(
        "console.EmailBackend"
    ) or settings.EMAIL_BACKEND.endswith("locmem.EmailBackend")


@pytest.mark.parametrize(
    ("url", "host", "port", "tls", "ssl"),
    [
        ("smtp://mail.example.org", "mail.example.org", 25, False, False),
        ("smtp://mail.example.org:2525/?tls=1", "mail.example.org", 2525, True, False),
        ("submission://mail.example.org", "mail.example.org", 587, True, False),
        ("smtps://mail.example.org", "mail.example.org", 465, False, True),
    ],
)
def test_an_smtp_url_gives_the_server(monkeypatch, url, host, port, tls, ssl):
    monkeypatch.setenv("EMAIL_URL", url)
    smtp = env_email("EMAIL_URL")
    assert (smtp["EMAIL_HOST"], smtp["EMAIL_PORT"]) == (host, port)
    assert (smtp["EMAIL_USE_TLS"], smtp["EMAIL_USE_SSL"]) == (tls, ssl)


def test_user_and_password_may_hold_escaped_characters(monkeypatch):
    monkeypatch.setenv("EMAIL_URL", "submission://risk%40example.org:p%3Ass%2Fw@smtp.example.org")
    smtp = env_email("EMAIL_URL")
    assert smtp["EMAIL_HOST_USER"] == "risk@example.org"
    assert smtp["EMAIL_HOST_PASSWORD"] == "p:ss/w"


@pytest.mark.parametrize(
    "url",
    ["http://mail.example.org", "smtp://", "smtp://mail.example.org:port", "mail.example.org"],
)
def test_a_bad_email_url_is_refused(monkeypatch, url):
    monkeypatch.setenv("EMAIL_URL", url)
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        env_email("EMAIL_URL")
