"""Check a finished digital game's dice: its revealed seed against the commitment shown at the
start, and every die of its log against a replay of its moves from that seed."""

from django.core.management.base import BaseCommand, CommandError

from campaign.errors import ApplicationError
from campaign.models.digital import DigitalGame
from campaign.selectors.dice import digital_game_dice_check


class Command(BaseCommand):
    help = (
        "Verify a finished digital game: the seed matches its commitment, and replaying the "
        "stored moves from it gives every die in the log and the stored final state."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_id", type=int, help="The digital game's id (as in its URL).")

    def handle(self, *args, game_id: int, **options) -> None:
        game = DigitalGame.objects.select_related("campaign").filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no digital game {game_id}.")
        try:
            check = digital_game_dice_check(game=game)
        except ApplicationError as refused:
            raise CommandError(refused.message) from refused
        where = game.campaign.name if game.campaign_id else f"standalone {game.rule_set} table"
        self.stdout.write(f"{where}, game {game.game_number} (#{game.pk})")
        self.stdout.write(f"Seed:       {check.seed}")
        if check.before_commitments:
            self.stdout.write(
                "Commitment: none (started before commitments; its start is taken as stored)"
            )
        else:
            self.stdout.write(f"Commitment: {check.commitment}")
            self.stdout.write(f"SHA-256 of the seed: {check.seed_hash}")
        if check.seed_chosen:
            self.stdout.write("The seed was chosen by whoever started the game: never secret.")
        self.stdout.write(
            f"Replayed {check.moves_checked} of {check.moves} moves; "
            f"{check.dice_checked} dice match the log."
        )
        if not check.ok:
            raise CommandError(f"Game #{game.pk} does not verify: {' '.join(check.problems)}")
        self.stdout.write(
            self.style.SUCCESS(
                "Verified: every die and the final state follow from the seed and the moves."
            )
        )
