"""An invitation link on a phone: it stays whole on one line inside its box (no break in the
middle of its token), and a button copies it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import Invite, Role

pytestmark = pytest.mark.browser


def test_the_invitation_link_stays_whole_and_a_button_copies_it(page, login, owner, campaign):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=owner)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    login(page, owner)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(reverse("campaign:members", kwargs={"slug": campaign.slug}))

    link = page.locator(f"#invite-url-{invite.pk}")
    line_height = page.evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize) * 2", link.element_handle()
    )
    assert link.bounding_box()["height"] < line_height + 16  # one line, padding included
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.get_by_role("button", name="Copy the link").click()
    # The button says "Copied" once the clipboard took the link (it writes in the background).
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith(f"/invite/{invite.token}/")
