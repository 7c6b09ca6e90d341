"""Refusals and failures come in the site's own layout (with its navigation and a way back),
never as a bare text line or Django's technical page."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _production_pages(settings):
    settings.DEBUG = False


def test_an_unknown_address_shows_the_styled_not_found_page(player_client):
    page = player_client.get("/no/such/page/")
    assert page.status_code == 404
    assert "404.html" in [t.name for t in page.templates]
    html = page.content.decode()
    assert 'class="site-header"' in html and "Nothing here" in html
    assert "Resolver404" not in html and "URLconf" not in html


def test_a_private_campaign_is_not_found_for_an_outsider_in_the_site_layout(
    outsider_client, campaign
):
    page = outsider_client.get(f"/campaigns/{campaign.slug}/")
    assert page.status_code == 404
    assert "Nothing here" in page.content.decode()


def test_a_member_below_the_needed_role_gets_the_styled_not_allowed_page(viewer_client, campaign):
    page = viewer_client.get(f"/campaigns/{campaign.slug}/setup/")
    assert page.status_code == 403
    html = page.content.decode()
    assert 'class="site-header"' in html and "Not allowed" in html
    assert "Signed in as" in html


def test_a_server_failure_shows_the_styled_error_page():
    page = server_error(RequestFactory().get("/"))
    assert page.status_code == 500
    html = page.content.decode()
    assert 'class="site-header"' in html and "Something went wrong" in html


def test_the_site_icon_is_served_at_favicon_ico(client):
    """Browsers ask for /favicon.ico whatever the page's <link rel="icon"> says: never a 404."""
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an icon file
