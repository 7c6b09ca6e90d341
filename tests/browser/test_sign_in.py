"""A person signs in through the real page and sees who they are signed in as."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser


def test_signing_in_shows_the_username_in_the_header(page, owner):
    page.goto("/accounts/login/")
    page.fill("input[name=login]", owner.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    # The header is on the sign-in page too: its text is read once the next page's has come in.
    expect(page.locator("header")).to_contain_text(owner.username)


def test_login_fixture_signs_in_without_the_form(page, login, outsider):
    login(page, outsider)
    page.goto("/")
    assert "Sign out" in page.locator("header").inner_text()
