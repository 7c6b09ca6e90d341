"""Reading the story of games (photos of the board and a short account) for history pages."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from campaign.models import Campaign, GameAccount, GamePhoto, WorldEventRecord


@dataclass
class GameStory:
    photos: list[GamePhoto] = field(default_factory=list)
    account: GameAccount | None = None

    def __bool__(self) -> bool:
        return bool(self.photos) or self.account is not None


def game_is_recorded(*, campaign: Campaign, game_number: int) -> bool:
    """Whether the campaign's history has this game (logged by hand or played digitally)."""
    return (
        game_number >= 1
        and WorldEventRecord.objects.filter(campaign=campaign, game_number=game_number).exists()
    )


def game_story(*, campaign: Campaign, game_number: int) -> GameStory:
    return GameStory(
        photos=list(
            GamePhoto.objects.filter(campaign=campaign, game_number=game_number).select_related(
                "uploaded_by"
            )
        ),
        account=GameAccount.objects.filter(campaign=campaign, game_number=game_number)
        .select_related("written_by")
        .first(),
    )


def game_stories(
    *, campaign: Campaign, numbers: Collection[int] | None = None
) -> dict[int, GameStory]:
    """Every game's (or the games `numbers`') story that has anything, by game number (for
    the timeline)."""
    stories: dict[int, GameStory] = {}
    photos = GamePhoto.objects.filter(campaign=campaign)
    accounts = GameAccount.objects.filter(campaign=campaign)
    if numbers is not None:
        photos = photos.filter(game_number__in=numbers)
        accounts = accounts.filter(game_number__in=numbers)
    for photo in photos:
        stories.setdefault(photo.game_number, GameStory()).photos.append(photo)
    for account in accounts:
        stories.setdefault(account.game_number, GameStory()).account = account
    return stories
