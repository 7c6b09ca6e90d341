"""Open pages hear of new notices: each signed-in page's socket (`notices.consumers`) joins
its reader's group, and is sent the new count of what waits for them."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from channels.layers import get_channel_layer
from redis.exceptions import RedisError

from campaign.layer_send import group_send_now

logger = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    return f"notices-{user_id}"


def notices_announce(*, user_ids: Iterable[int]) -> None:
    """Tell each person's open pages that their notices changed. Call after commit; a channel
    layer that cannot be reached is logged, and pages show the count at their next load."""
    layer = get_channel_layer()
    if layer is None:
        return
    for user_id in user_ids:
        try:
            group_send_now(user_group(user_id), {"type": "notices.changed"})
        except (RedisError, OSError) as exc:
            logger.warning("Notices of user %s not announced: %s", user_id, exc)
