"""History pages: the world now or after game N, the games, victors, territories, faction
cards and statistics. Readable by members, and by anyone when the campaign is public."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from campaign.board_map.marks import mark_notes
from campaign.board_map.render import render_board_svg
from campaign.errors import NotFoundError
from campaign.forms.game_story import GameAccountForm, GamePhotoForm
from campaign.numbers import whole_number
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.box import box_stats, faction_blue_slots
from campaign.selectors.bring_in import record_begins
from campaign.selectors.campaigns import person_names
from campaign.selectors.faction_cards import faction_homelands, faction_red_slots
from campaign.selectors.game_story import game_stories, game_story
from campaign.selectors.history.games import history_game_numbers, history_games
from campaign.selectors.history.stats import history_stats
from campaign.selectors.history.stories import history_faction, history_territory
from campaign.selectors.history.world import history_world
from campaign.selectors.pocket_cards import pocket_card
from campaign.selectors.tallies import tally_problems
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log_latest
from rules import board_links, box
from rules.data import board, content


class HistoryPage(CampaignAccessMixin, TemplateView):
    campaign_action = Action.READ
    section = ""

    @property
    def shows_accounts(self) -> bool:
        """Who logged or corrected a game is for members, as the members page is."""
        return Action.MEMBER in self.allowed

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["history_section"] = self.section
        # The faction cards of the campaign's box: a pack faction only once its pack is open.
        self.world = world_current(campaign=self.campaign)
        context["factions"] = list(box.factions(self.world).values())
        context["record_begins"] = record_begins(campaign=self.campaign)
        return context


class WorldHistoryView(CampaignAccessMixin, View):
    """/history/?game=N: the world page is the one view of the world, now or after game N
    (it says there what game N changed); this address leads to it."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        raw = request.GET.get("game", "")
        game = whole_number(raw) if raw else None
        if raw and game is None:
            raise Http404(_("No such game."))
        url = reverse("campaign:campaign_detail", kwargs={"slug": self.campaign.slug})
        return redirect(f"{url}?game={game}" if game is not None else url)


class GameListView(HistoryPage):
    """The timeline, a page of games at a time (page 1 holds the latest, oldest first): a long
    campaign's page reads only its own games' entries."""

    template_name = "campaign/history/games.html"
    section = "games"
    games_per_page = 15

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        latest_first = history_game_numbers(campaign=self.campaign)[::-1]
        page = Paginator(latest_first, self.games_per_page).get_page(self.request.GET.get("page"))
        numbers = set(page.object_list)
        games = history_games(
            campaign=self.campaign,
            numbers=numbers,
            show_accounts=self.shows_accounts,
            world=self.world,
        )
        stories = game_stories(campaign=self.campaign, numbers=numbers)
        context["games"] = [(g, stories.get(g.number)) for g in games]
        context["page"] = page
        return context


class GameDetailView(HistoryPage):
    template_name = "campaign/history/game.html"
    section = "games"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        number = kwargs["number"]
        games = history_games(
            campaign=self.campaign, numbers={number}, show_accounts=self.shows_accounts
        )
        game = next((g for g in games if g.number == number), None)
        if game is None:
            raise Http404(_("No such game."))
        try:
            view = history_world(campaign=self.campaign, game=number)
        except NotFoundError:
            view = None
        context.update(
            game=game,
            view=view,
            board_svg=render_board_svg(view.world, people=person_names(campaign=self.campaign))
            if view
            else "",
            can_correct=Action.MANAGE in self.allowed
            and game_log_latest(campaign=self.campaign, game_number=number) is not None,
            **self._story_context(number),
        )
        return context

    def _story_context(self, number: int) -> dict[str, Any]:
        """The game's photos (each with whether this reader may remove it) and account."""
        story = game_story(campaign=self.campaign, game_number=number)
        user_id = self.request.user.pk
        may_manage = Action.MANAGE in self.allowed
        return {
            "story": story,
            "can_add_story": Action.PLAY in self.allowed,
            "removable_photos": {
                p.pk for p in story.photos if may_manage or p.uploaded_by_id == user_id
            },
            "can_edit_account": Action.PLAY in self.allowed
            and (story.account is None or may_manage or story.account.written_by_id == user_id),
            "photo_form": GamePhotoForm(),
            "account_form": GameAccountForm(
                initial={"text": story.account.text if story.account else ""}
            ),
        }


class VictorsView(HistoryPage):
    template_name = "campaign/history/victors.html"
    section = "victors"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["view"] = history_world(campaign=self.campaign)
        context["lines"] = range(1, content().constants["rewarded_games"] + 1)
        return context


class TerritoryHistoryView(HistoryPage):
    template_name = "campaign/history/territory.html"
    section = "world"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        key = kwargs["territory"]
        view = history_world(campaign=self.campaign)
        world = view.world
        # Alien Island has a page once the campaign has placed it, like any territory.
        if not board_links.on_board(world, key):
            raise Http404(_("No such territory."))
        territory = board().territory(key)
        context.update(
            territory=territory,
            continent=board().continents.get(territory.continent),
            marks=mark_notes(key, world, person_names(campaign=self.campaign)),
            rows=history_territory(campaign=self.campaign, territory=key),
            city=next((c for c in view.cities if c["territory"] == key), None),
            scar=next(
                (s for s in view.scars if s["on"] == "territory" and s["target"] == key), None
            ),
            coins=world.card_coins.get(key, territory.coins),
            card_destroyed=not world.has_card(key),
            neighbours=sorted(
                (board().territory(n) for n in board_links.neighbours(world, key)),
                key=lambda t: t.name,
            ),
        )
        return context


class FactionHistoryView(HistoryPage):
    template_name = "campaign/history/faction.html"
    section = "factions"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        view = history_world(campaign=self.campaign)
        faction = box.factions(view.world).get(kwargs["faction"])
        if faction is None:
            raise Http404(_("No such faction."))
        context.update(
            faction=faction,
            rows=history_faction(campaign=self.campaign, faction=faction.key),
            card=next(f for f in view.factions if f["key"] == faction.key),
            pocket=pocket_card(view.world, faction.key),
        )
        blue_slots = faction_blue_slots(world=view.world)
        if blue_slots is not None:
            context["blue_slot"] = {"power": blue_slots[faction.key]}
        homelands = faction_homelands(world=view.world)
        if homelands is not None:
            context["homeland"] = homelands[faction.key]
        red_slots = faction_red_slots(world=view.world)
        if red_slots is not None:
            context["red_slot"] = {"mission": red_slots[faction.key]}
        return context


class StatsView(HistoryPage):
    template_name = "campaign/history/stats.html"
    section = "stats"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["charts"] = [
            *history_stats(campaign=self.campaign),
            *box_stats(campaign=self.campaign),
        ]
        # Numbers the records contradict are flagged, not charted as if true (END-2, END-4).
        context["tally_problems"] = tally_problems(
            world_current(campaign=self.campaign), person_names(campaign=self.campaign)
        )
        return context
