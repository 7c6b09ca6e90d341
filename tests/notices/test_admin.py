"""The admin reads notices, settings and e-mail hours (to answer "why no e-mail?") and
changes none of them."""

from __future__ import annotations

import pytest

from notices.models import Notice

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["notice", "noticesettings", "mailwindow"])
def test_every_notices_model_has_a_changelist(admin_client, table_game, model):
    assert admin_client.get(f"/admin/notices/{model}/").status_code == 200


def test_a_notice_cannot_be_added_or_changed(admin_client, table_game):
    notice = Notice.objects.first()
    assert admin_client.get("/admin/notices/notice/add/").status_code == 403
    page = admin_client.get(f"/admin/notices/notice/{notice.pk}/change/")
    assert page.status_code == 200 and b'type="submit" value="Save"' not in page.content
