"""The story of a game (issue 11): photos of the board and a short account on the game's
history page and in the timeline. Photos are checked by their bytes (JPEG, PNG, WebP), by
size, and by who adds or removes them; refusals say why and store nothing."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from campaign.models import GameAccount, GamePhoto, Membership, Role
from campaign.services.export import campaign_export
from campaign.services.game_log.record import game_log
from campaign.services.game_story import PHOTO_MAX_BYTES
from tests.campaign.log.factories import three_player_entry

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 64
WEBP = b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 64


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def one_game(campaign, owner, persons, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    return campaign


def _game(campaign, tail=""):
    return f"/campaigns/{campaign.slug}/history/games/1/{tail}"


def _add(client, campaign, content=PNG, name="board.png", caption="", **extra):
    upload = SimpleUploadedFile(name, content, content_type="image/png")
    return client.post(_game(campaign, "photos/"), {"image": upload, "caption": caption}, **extra)


def _stored_files(media) -> list:
    return [p for p in media.rglob("*") if p.is_file()]


@pytest.mark.parametrize("content", [PNG, JPEG, WEBP], ids=["png", "jpeg", "webp"])
def test_a_player_adds_a_photo_shown_on_the_game_page_and_the_timeline(
    one_game, player_client, viewer_client, media, content
):
    response = _add(player_client, one_game, content, caption="Asia at the end", follow=True)
    assert "Photo added." in response.content.decode()
    photo = GamePhoto.objects.get(campaign=one_game, game_number=1)
    url = _game(one_game, f"photos/{photo.pk}/")
    page = viewer_client.get(_game(one_game)).content.decode()
    assert url in page and "Asia at the end" in page
    assert url in viewer_client.get(f"/campaigns/{one_game.slug}/history/games/").content.decode()
    served = viewer_client.get(url)
    assert served.status_code == 200
    assert served["Content-Type"] == photo.content_type
    assert b"".join(served.streaming_content) == content
    assert len(_stored_files(media)) == 1


def test_a_file_that_is_not_a_photo_is_refused_whatever_its_name(one_game, player_client, media):
    response = _add(player_client, one_game, b"<html><script>alert(1)</script>", follow=True)
    assert response.status_code == 200
    assert "Only JPEG, PNG or WebP photos can be added" in response.content.decode()
    assert not GamePhoto.objects.exists()
    assert _stored_files(media) == []


def test_a_photo_over_the_size_limit_is_refused(one_game, player_client, media):
    too_big = b"\xff\xd8\xff\xe0" + b"\x00" * PHOTO_MAX_BYTES
    response = _add(player_client, one_game, too_big, name="board.jpg", follow=True)
    assert "a photo may be up to 8 MB" in response.content.decode()
    assert not GamePhoto.objects.exists()
    assert _stored_files(media) == []


def test_an_empty_upload_is_refused(one_game, player_client, media):
    response = _add(player_client, one_game, b"", follow=True)
    assert response.status_code == 200
    assert "empty" in response.content.decode()
    assert not GamePhoto.objects.exists()


@pytest.mark.parametrize("who", ["viewer", "outsider"])
def test_who_may_not_play_may_not_add_a_photo(
    public_campaign,
    owner,
    persons,
    who,
    client_for,
    request,
    django_capture_on_commit_callbacks,
    media,
):
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=public_campaign, user=owner, entry=three_player_entry(persons))
    client = client_for(request.getfixturevalue(who))
    response = _add(client, public_campaign)
    assert response.status_code == 403
    assert "Not allowed" in response.content.decode()
    assert not GamePhoto.objects.exists()
    assert _stored_files(media) == []


def test_a_private_campaigns_photos_stay_private(
    one_game, player_client, outsider_client, anon_client
):
    _add(player_client, one_game)
    url = _game(one_game, f"photos/{GamePhoto.objects.get().pk}/")
    assert outsider_client.get(url).status_code == 404
    assert anon_client.get(url).status_code == 302  # to sign in


def test_a_photo_of_a_game_not_played_is_refused(one_game, player_client):
    upload = SimpleUploadedFile("board.png", PNG, content_type="image/png")
    url = f"/campaigns/{one_game.slug}/history/games/2/photos/"
    assert player_client.post(url, {"image": upload}).status_code == 404
    assert not GamePhoto.objects.exists()


def test_the_uploader_removes_their_photo_and_its_file(
    one_game, player_client, media, django_capture_on_commit_callbacks
):
    _add(player_client, one_game)
    photo = GamePhoto.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(_game(one_game, f"photos/{photo.pk}/remove/"), follow=True)
    assert "Photo removed." in response.content.decode()
    assert not GamePhoto.objects.exists()
    assert _stored_files(media) == []


def test_only_the_uploader_or_an_owner_removes_a_photo(
    one_game,
    player_client,
    owner_client,
    client_for,
    django_user_model,
    django_capture_on_commit_callbacks,
):
    other = django_user_model.objects.create_user(username="paula_player", password="x-pass-1")
    Membership.objects.create(campaign=one_game, user=other, role=Role.PLAYER)
    _add(player_client, one_game)
    remove = _game(one_game, f"photos/{GamePhoto.objects.get().pk}/remove/")
    refused = client_for(other).post(remove, follow=True).content.decode()
    assert "Only whoever added this photo, or an owner, may remove it." in refused
    assert GamePhoto.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        owner_client.post(remove)
    assert not GamePhoto.objects.exists()


def test_the_account_shows_on_the_game_page_and_its_first_line_in_the_timeline(
    one_game, player_client, viewer_client
):
    text = "Khan held Egypt to the last turn.\n\nThen the Mechaniker broke through Alaska."
    player_client.post(_game(one_game, "account/"), {"text": text})
    page = viewer_client.get(_game(one_game)).content.decode()
    assert "Khan held Egypt to the last turn." in page
    assert "Then the Mechaniker broke through Alaska." in page
    timeline = viewer_client.get(f"/campaigns/{one_game.slug}/history/games/").content.decode()
    assert "Khan held Egypt to the last turn." in timeline
    assert "broke through Alaska" not in timeline


def test_an_account_too_long_is_refused_and_another_players_is_theirs(
    one_game, player_client, owner_client, client_for, django_user_model
):
    long = "word " * 1000
    refused = player_client.post(_game(one_game, "account/"), {"text": long}, follow=True)
    assert "Keep the account to 4000 characters" in refused.content.decode()
    assert not GameAccount.objects.exists()
    player_client.post(_game(one_game, "account/"), {"text": "Mine."})
    other = django_user_model.objects.create_user(username="paula_player", password="x-pass-1")
    Membership.objects.create(campaign=one_game, user=other, role=Role.PLAYER)
    denied = client_for(other).post(_game(one_game, "account/"), {"text": "Theirs."}, follow=True)
    assert "Only whoever wrote this account, or an owner, may change it." in denied.content.decode()
    owner_client.post(_game(one_game, "account/"), {"text": ""})
    assert not GameAccount.objects.exists()


def test_the_export_says_it_leaves_the_story_of_games_out(one_game, player_client):
    _add(player_client, one_game)
    document = campaign_export(campaign=one_game)
    assert "photos of the board" in document["notes"]
    assert "photo" not in json.dumps({k: v for k, v in document.items() if k != "notes"})
