"""Load the demo campaign: user `demo` (password `demo-password`) owning the public
"Demo world", customized before game 1 and with one game logged. Running it again changes
nothing."""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from campaign.models import Campaign
from campaign.selectors.world import world_current
from campaign.services.campaigns import campaign_create, person_create
from campaign.services.game_log.entry import GameLogEntry, IncidentEntry, PlayerEntry, ScarEntry
from campaign.services.game_log.record import game_log
from campaign.services.setup import setup_coins_place, setup_powers_choose
from rules.data import content
from rules.rewards import RewardChoice

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-password"  # published: a demo account on a local machine
DEMO_CAMPAIGN = "Demo world"
GUESTS = ["Ana", "Ben", "Cleo"]
# P-3: the 12 extra coins, never more than 3 on a card.
PREGAME_COINS = [
    "brazil",
    "brazil",
    "egypt",
    "ukraine",
    "ukraine",
    "siam",
    "japan",
    "ontario",
    "peru",
    "madagascar",
    "iceland",
    "yakutsk",
]


class Command(BaseCommand):
    help = "Create the demo user and the public demo campaign (idempotent)."

    def handle(self, *args, **options):
        with transaction.atomic():
            user, created = get_user_model().objects.get_or_create(
                username=DEMO_USERNAME, defaults={"email": "demo@example.com"}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save(update_fields=["password"])
            campaign = Campaign.objects.filter(owner=user, name=DEMO_CAMPAIGN).first()
            if campaign is None:
                campaign = campaign_create(owner=user, name=DEMO_CAMPAIGN, is_public=True)
            for name in GUESTS:
                if not campaign.persons.filter(display_name=name).exists():
                    person_create(campaign=campaign, display_name=name)
        # Each step checks the world first, so a second run (or one after a failure) only
        # does what is still missing.
        factions = list(content().base_factions.values())
        world = world_current(campaign=campaign)
        missing = {
            f.key: f.powers[i % 2].key
            for i, f in enumerate(factions)
            if f.key not in world.starting_powers
        }
        if missing and not world.games_played:
            setup_powers_choose(campaign=campaign, user=user, choices=missing)
        if not world.pregame_coins_placed and not world.games_played:
            setup_coins_place(campaign=campaign, user=user, territories=PREGAME_COINS)
        if not world.games_played:
            self._log_first_game(campaign, user, [f.key for f in factions])
        if world_current(campaign=campaign).games_played == 1:
            self._log_games_two_and_three(campaign, user, [f.key for f in factions])
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo campaign ready at /campaigns/{campaign.slug}/ "
                f"(sign in as {DEMO_USERNAME} / {DEMO_PASSWORD})."
            )
        )

    def _log_first_game(self, campaign, user, factions: list[str]) -> None:
        keys = dict(campaign.persons.values_list("display_name", "key"))
        day = datetime.date(2026, 1, 10)
        entry = GameLogEntry(
            played_on=day,
            players=(
                PlayerEntry(factions[0], person=keys[DEMO_USERNAME], start="egypt"),
                PlayerEntry(
                    factions[1],
                    person=keys["Ana"],
                    start="ontario",
                    held=("ontario", "quebec"),
                    reward=RewardChoice("H1", "quebec", name="Port Ana"),
                ),
                PlayerEntry(
                    factions[2],
                    person=keys["Ben"],
                    start="siam",
                    held=("siam",),
                    reward=RewardChoice("H2", "siam"),
                ),
                PlayerEntry(factions[3], person=keys["Cleo"], start="peru", troops_at_end=False),
            ),
            winner=factions[0],
            scars=(ScarEntry("bunker", "territory", "egypt", by_faction=factions[0]),),
            signed_on=day,
            slogan="The sands remember",
            winner_reward=RewardChoice("R2", "egypt", name="New Thebes"),
        )
        game_log(campaign=campaign, user=user, entry=entry)

    def _log_games_two_and_three(self, campaign, user, factions: list[str]) -> None:
        """Two more games: a continent named, cities on held territories, a fortified city,
        and a second signature (which opens Pack 3 after the log commits)."""
        keys = dict(campaign.persons.values_list("display_name", "key"))
        me, ana, ben, cleo = keys[DEMO_USERNAME], keys["Ana"], keys["Ben"], keys["Cleo"]
        game_log(
            campaign=campaign,
            user=user,
            entry=GameLogEntry(
                played_on=datetime.date(2026, 1, 24),
                players=(
                    PlayerEntry(
                        factions[0],
                        person=me,
                        start="egypt",  # New Thebes: its founder may start there (S-7 b)
                        held=("egypt", "north_africa"),
                        reward=RewardChoice("H1", "north_africa", name="Oasis"),
                    ),
                    PlayerEntry(factions[1], person=ana, start="alaska"),
                    PlayerEntry(
                        factions[4],
                        person=ben,
                        start="japan",
                        held=("japan", "kamchatka"),
                        reward=RewardChoice("H1", "kamchatka", name="Edo North"),
                    ),
                ),
                winner=factions[1],
                incidents=(IncidentEntry("missiles_used", by_faction=factions[4], count=1),),
                slogan="Cold hands, warm heart",
                winner_reward=RewardChoice("R1", "north_america", name="Ana's Reach"),
            ),
        )
        game_log(
            campaign=campaign,
            user=user,
            entry=GameLogEntry(
                played_on=datetime.date(2026, 2, 7),
                players=(
                    PlayerEntry(factions[0], person=me, start="egypt"),
                    PlayerEntry(
                        factions[1],
                        person=ana,
                        start="argentina",
                        held=("argentina",),
                        reward=RewardChoice("H2", "argentina"),
                    ),
                    PlayerEntry(
                        factions[2], person=ben, start="western_australia", troops_at_end=False
                    ),
                    PlayerEntry(
                        factions[3],
                        person=cleo,
                        start="ukraine",
                        held=("ukraine", "ural"),
                        reward=RewardChoice("H1", "ukraine", name="Kyiv"),
                    ),
                ),
                winner=factions[0],
                scars=(ScarEntry("ammo_shortage", "territory", "alaska", by_faction=factions[3]),),
                slogan="Twice the sands",
                winner_reward=RewardChoice("R5", "egypt"),
            ),
        )
