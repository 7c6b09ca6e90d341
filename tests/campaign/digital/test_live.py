"""The game page's socket (campaign.consumers): who may open it (the game page's readers, the
campaign's members, spectators included; nobody else), and that a change of the game's version
reaches every open socket once its transaction commits: a seat holder's as a small message (its
page fetches its own panel), a spectator's with what changed in the spectators' panel since the
version its page shows (the page applies it, campaign.panel_parts), in the page's language."""

from __future__ import annotations

import logging
import socket
from collections.abc import Awaitable, Callable

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.utils import translation

from campaign.models.digital import DigitalGame
from campaign.panel_parts import LOG_LIST, ROOT, panel_parts
from campaign.services.campaigns import campaign_create
from campaign.services.digital.finish import digital_game_abandon
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.views.digital import spectators as digital_spectators
from campaign.views.digital.panel import panel_html
from campaign.views.digital.spectators import spectator_message, spectator_parts_keep
from config.asgi import application
from tests.campaign.digital.conftest import first_legal

# The consumer reads the database through channels' database_sync_to_async, which closes the
# connection around each read as a request would: the test cannot hold it in a transaction.
pytestmark = pytest.mark.django_db(transaction=True)

SITE = b"http://testserver"


def _socket(
    game: DigitalGame, user, *, origin: bytes = SITE, slug: str = "", query: str = ""
) -> Callable[[], WebsocketCommunicator]:
    """A socket to open later, from the async scenario: signing in needs the database, which
    the scenario must not touch directly."""
    headers = [(b"origin", origin)]
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    path = f"/ws/c/{slug or game.campaign.slug}/play/{game.pk}/{query}"
    return lambda: WebsocketCommunicator(application, path, headers=headers)


def _run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run an async scenario from this (sync) test: its database work comes back to this
    thread."""
    async_to_sync(scenario)()


def _opens(game: DigitalGame, user, **kwargs) -> bool:
    opened: list[bool] = []
    make = _socket(game, user, **kwargs)

    async def scenario() -> None:
        socket = make()
        connected, _ = await socket.connect()
        opened.append(connected)
        if connected:
            assert await socket.receive_json_from() == {"version": game.version}
        await socket.disconnect()

    _run(scenario)
    return opened[0]


@pytest.mark.parametrize("who", ["owner", "player", "viewer"])
def test_members_of_the_campaign_open_the_socket_and_hear_the_version(who, request, mixed_game):
    """Seat holders (owner, player) and a spectator (the viewer holds no seat)."""
    assert _opens(mixed_game, request.getfixturevalue(who))


def test_a_spectator_of_a_public_campaign_opens_the_socket(public_campaign, viewer, mixed_game):
    assert _opens(mixed_game, viewer)


def test_a_public_campaigns_game_stays_closed_to_non_members_as_its_page_does(
    public_campaign, outsider, mixed_game, client_for
):
    page = client_for(outsider).get(mixed_game.get_absolute_url())
    assert page.status_code == 403
    assert not _opens(mixed_game, outsider)


def test_outsiders_and_anonymous_visitors_of_a_private_campaign_are_refused(
    campaign, outsider, mixed_game
):
    assert not _opens(mixed_game, outsider)
    assert not _opens(mixed_game, None)


def test_a_game_is_watched_only_under_its_own_campaigns_address(owner, outsider, mixed_game):
    """The owner's own campaign in the address does not open another campaign's game."""
    mine = campaign_create(owner=owner, name="Another table", is_public=False)
    other = campaign_create(owner=outsider, name="Their table", is_public=False)
    theirs = digital_game_start(
        campaign=other, user=outsider, seats=[SeatRequest(None, "bot")] * 3, seed=3
    )
    assert not _opens(theirs, owner, slug=mine.slug)
    assert not _opens(mixed_game, owner, slug="no-such-campaign")


def test_a_page_of_another_site_cannot_open_a_members_socket(owner, mixed_game):
    """The socket signs in by cookie: another site's page (its Origin) must not ride on it."""
    assert not _opens(mixed_game, owner, origin=b"https://elsewhere.example")
    assert _opens(mixed_game, owner)


def _move(game: DigitalGame, owner, player, capture) -> int:
    seat, chosen = first_legal(game)
    mover = owner if seat == 0 else player
    with capture(execute=True):
        outcome = move_submit(game=game, seat=seat, move=chosen, version=game.version, user=mover)
    return outcome.game.version


def _log_joined(panel: str) -> str:
    """The panel with its log's lines side by side: the page puts new lines in without the
    blanks the template leaves between them, which show nothing."""
    lines = "".join(panel_parts(panel).log)
    return LOG_LIST.sub(lambda found: found.group(0).replace(found.group(1), lines), panel)


def _applied(panel: str, message: dict) -> str:
    """What the page makes of its `panel` with a message of changes (as game_live.js does):
    each part replaced, the log's new lines first and its oldest dropped, the root tag set."""
    before = panel_parts(panel)
    changed = panel
    for key, html in message["parts"].items():
        changed = changed.replace(before.parts[key], html)
    kept = before.log[: len(before.log) - message["log"]["drop"]]
    lines = message["log"]["add"] + "".join(kept)
    changed = LOG_LIST.sub(lambda found: found.group(0).replace(found.group(1), lines), changed)
    return ROOT.sub(message["root"], changed, count=1)


def test_a_move_reaches_every_open_socket_with_the_new_version(
    owner, player, viewer, mixed_game, django_capture_on_commit_callbacks, viewer_client
):
    """The seat holders hear the version; the viewer (no seat) gets what changed since the
    panel its page shows, which makes the very panel its page would have fetched."""
    shown = viewer_client.get(mixed_game.get_absolute_url() + "panel/").content.decode()
    makers = [_socket(mixed_game, user) for user in (owner, player, viewer)]
    heard: list[dict] = []

    async def scenario() -> None:
        sockets = [make() for make in makers]
        for watcher in sockets:
            assert (await watcher.connect())[0]
            assert await watcher.receive_json_from() == {"version": mixed_game.version}
        await database_sync_to_async(_move)(
            mixed_game, owner, player, django_capture_on_commit_callbacks
        )
        for watcher in sockets:
            heard.append(await watcher.receive_json_from())
            assert await watcher.receive_nothing()  # one message per change, however many moves
            await watcher.disconnect()

    _run(scenario)
    before = mixed_game.version
    mixed_game.refresh_from_db()
    assert heard[0] == heard[1] == {"version": mixed_game.version}
    changes = heard[2]
    assert (changes["source"], changes["version"]) == (before, mixed_game.version)
    assert "panel" not in changes and changes["parts"]
    fetched = viewer_client.get(mixed_game.get_absolute_url() + f"panel/?v={before}")
    assert _applied(shown, changes) == _log_joined(fetched.content.decode())


def test_a_spectator_socket_opened_before_any_spectator_panel_hears_the_whole_panel(
    owner, player, viewer, mixed_game, django_capture_on_commit_callbacks, viewer_client
):
    """Without the parts of the panel the page shows (here forgotten), the spectator is sent
    the whole panel, as its page would fetch it."""
    make = _socket(mixed_game, viewer)
    heard: list[dict] = []

    async def scenario() -> None:
        socket = make()
        assert (await socket.connect())[0]
        await socket.receive_json_from()
        await database_sync_to_async(cache.clear)()
        await database_sync_to_async(_move)(
            mixed_game, owner, player, django_capture_on_commit_callbacks
        )
        heard.append(await socket.receive_json_from())
        await socket.disconnect()

    _run(scenario)
    before = mixed_game.version
    mixed_game.refresh_from_db()
    fetched = viewer_client.get(mixed_game.get_absolute_url() + f"panel/?v={before}")
    assert heard[0] == {"version": mixed_game.version, "panel": fetched.content.decode()}


def test_spectators_get_the_changes_in_their_pages_language_made_once(
    owner, player, viewer, mixed_game, django_capture_on_commit_callbacks, monkeypatch
):
    """Two spectators' pages in Spanish, one in English: each panel is rendered once per
    language (at the sockets' opening, then after the move), the Spanish changes made for the
    first socket and read from the cache for the second, and they make the Spanish panel."""
    rendered: list[str] = []

    def counted(request, game):
        rendered.append(translation.get_language())
        return panel_html(request, game)

    with translation.override("es"):
        shown = panel_html(digital_spectators._spectator_request(), mixed_game)
    monkeypatch.setattr(digital_spectators, "panel_html", counted)
    spanish = "?lang=es&tz=UTC"
    makers = [_socket(mixed_game, viewer, query=q) for q in (spanish, spanish, "?lang=en")]
    messages: list[dict] = []

    async def scenario() -> None:
        sockets = [make() for make in makers]
        for watcher in sockets:
            assert (await watcher.connect())[0]
            await watcher.receive_json_from()
        await database_sync_to_async(_move)(
            mixed_game, owner, player, django_capture_on_commit_callbacks
        )
        for watcher in sockets:
            messages.append(await watcher.receive_json_from())
            await watcher.disconnect()

    _run(scenario)
    assert messages[0] == messages[1] != messages[2]
    assert sorted(rendered) == ["en", "en", "es", "es"]
    mixed_game.refresh_from_db()
    with translation.override("es"):
        now = panel_html(digital_spectators._spectator_request(), mixed_game)
    assert _applied(shown, messages[0]) == _log_joined(now)
    assert "Mirando" in messages[0]["parts"]["game-head"]
    assert "Watching" in messages[2]["parts"]["game-head"]


def test_a_second_process_making_a_versions_changes_makes_the_same(
    owner, player, mixed_game, django_capture_on_commit_callbacks
):
    """Two server processes may both make the message of a version (neither found it in the
    cache): the second, finding the version already kept by the first, still sends changes
    from the version before, the very message the first sent."""
    watched = {
        "game_id": mixed_game.pk,
        "started": mixed_game.created_at.isoformat(),
        "language": "en",
        "zone": "UTC",
    }
    spectator_parts_keep(version=mixed_game.version, **watched)
    version = _move(mixed_game, owner, player, django_capture_on_commit_callbacks)
    first = spectator_message(version=version, **watched)
    cache.delete(f"spectator-panel:{mixed_game.pk}:{watched['started']}:en:UTC:{version}")
    assert spectator_message(version=version, **watched) == first
    assert '"parts"' in first


def test_a_refused_or_rolled_back_change_announces_nothing(
    owner, viewer, mixed_game, django_capture_on_commit_callbacks
):
    def stale_move_then_rollback() -> None:
        seat, chosen = first_legal(mixed_game)
        with django_capture_on_commit_callbacks(execute=True) as announced:
            with pytest.raises(Exception, match="moved on"):
                move_submit(game=mixed_game, seat=seat, move=chosen, version=0, user=owner)
            try:
                with transaction.atomic():
                    digital_game_abandon(game=mixed_game, user=owner)
                    raise RuntimeError("roll back")
            except RuntimeError:
                pass
        assert announced == []

    make = _socket(mixed_game, viewer)

    async def scenario() -> None:
        socket = make()
        assert (await socket.connect())[0]
        await socket.receive_json_from()
        await database_sync_to_async(stale_move_then_rollback)()
        assert await socket.receive_nothing()
        await socket.disconnect()

    _run(scenario)


def test_abandoning_the_game_is_announced(
    owner, viewer, mixed_game, django_capture_on_commit_callbacks
):
    def abandon() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return digital_game_abandon(game=mixed_game, user=owner).version

    make = _socket(mixed_game, viewer)

    async def scenario() -> None:
        socket = make()
        assert (await socket.connect())[0]
        await socket.receive_json_from()
        version = await database_sync_to_async(abandon)()
        assert await socket.receive_json_from() == {"version": version}
        await socket.disconnect()

    _run(scenario)


def test_a_move_stands_when_the_channel_layer_cannot_be_reached(
    settings, owner, player, mixed_game, django_capture_on_commit_callbacks, caplog
):
    """Redis out of reach: the move commits and answers; the news is dropped with a warning
    (pages catch up at the next change, or by their slow poll)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    host = {"address": f"redis://127.0.0.1:{closed}/0", "socket_connect_timeout": 1}
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [host]},
        }
    }
    seat, chosen = first_legal(mixed_game)
    mover = owner if seat == 0 else player
    with (
        caplog.at_level(logging.WARNING, logger="campaign.live"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        outcome = move_submit(
            game=mixed_game, seat=seat, move=chosen, version=mixed_game.version, user=mover
        )
    assert DigitalGame.objects.get(pk=mixed_game.pk).version == outcome.game.version > 0
    assert f"Game {mixed_game.pk} v{outcome.game.version} not announced" in caplog.text
