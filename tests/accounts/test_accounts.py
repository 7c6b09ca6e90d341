"""Sign up, sign in, sign out and reset a password (django-allauth, inside the site layout)."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core import mail

from tests.conftest import PASSWORD


def test_sign_up_signs_you_in(client, db):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "email": "newbie@example.com",
            "password1": "a-long-enough-pass",
            "password2": "a-long-enough-pass",
        },
        follow=True,
    )
    assert get_user_model().objects.filter(username="newbie").exists()
    assert "Signed in as <strong>newbie</strong>" in response.content.decode()


def test_sign_up_refuses_mismatched_passwords_and_keeps_the_username(client, db):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "email": "newbie@example.com",
            "password1": "a-long-enough-pass",
            "password2": "another-long-pass",
        },
    )
    assert response.status_code == 200
    assert 'value="newbie"' in response.content.decode()
    assert not get_user_model().objects.filter(username="newbie").exists()


def test_sign_in_by_username_and_sign_out(client, owner):
    signed_in = client.post(
        "/accounts/login/", {"login": owner.username, "password": PASSWORD}, follow=True
    )
    assert f"Signed in as <strong>{owner.username}</strong>" in signed_in.content.decode()

    signed_out = client.post("/accounts/logout/", follow=True)
    assert "Sign in" in signed_out.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_is_refused(client, owner):
    response = client.post("/accounts/login/", {"login": owner.username, "password": "nope"})
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


def test_password_reset_by_email_link(client, owner):
    client.post("/accounts/password/reset/", {"email": owner.email})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+)", mail.outbox[0].body)
    form_page = client.get(link.group(1), follow=True)
    action = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link.group(1)

    done = client.post(
        action, {"password1": "brand-new-pass-42", "password2": "brand-new-pass-42"}, follow=True
    )

    assert done.status_code == 200
    owner.refresh_from_db()
    assert owner.check_password("brand-new-pass-42")


def test_account_pages_use_the_site_layout(client, db):
    for url in ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]:
        page = client.get(url).content.decode()
        assert 'class="site-header"' in page and "/static/css/site.css" in page


def test_the_token_page_shows_and_replaces_your_api_token(owner_client):
    assert "You have no token yet" in owner_client.get("/accounts/token/").content.decode()
    owner_client.post("/accounts/token/")
    first = re.search(
        r'id="api-token">(\w+)<', owner_client.get("/accounts/token/").content.decode()
    )
    owner_client.post("/accounts/token/")
    second = re.search(
        r'id="api-token">(\w+)<', owner_client.get("/accounts/token/").content.decode()
    )
    assert first and second and first.group(1) != second.group(1)
