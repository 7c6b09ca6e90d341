"""An invitation link that no invitation can have (a NUL byte, characters outside the token's
alphabet, too long) is refused as unknown, on any database, and changes nothing (PostgreSQL
refuses NUL bytes in a query: that was a 500)."""

from __future__ import annotations

import pytest

from campaign.models import Invite, Membership, Role


@pytest.mark.parametrize(
    "tail", ["%00", "abc%00def", "{token}%00", "%C2%B2", "{token}x" + "y" * 64, "%F0%9F%8E%B2"]
)
def test_a_malformed_invitation_link_is_unknown_and_changes_nothing(
    outsider_client, campaign, owner, outsider, tail
):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=owner)
    url = f"/invite/{tail.format(token=invite.token)}/"
    shown = outsider_client.get(url)
    assert shown.status_code == 404
    assert "not valid" in shown.content.decode()
    accepted = outsider_client.post(url)
    assert accepted.status_code == 404
    assert "not valid" in accepted.content.decode()
    invite.refresh_from_db()
    assert not invite.is_used
    assert not Membership.objects.filter(campaign=campaign, user=outsider).exists()
