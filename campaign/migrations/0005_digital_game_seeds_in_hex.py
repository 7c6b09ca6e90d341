"""Games stored before 256-bit seeds keep theirs: the old number is rewritten as 64 hex digits
of the same value (7 becomes 00…07), which is how the dice code reads an int seed."""

from django.db import migrations

MAX_OLD_SEED = 2**63 - 1


def seeds_in_hex(apps, schema_editor):
    DigitalGame = apps.get_model("campaign", "DigitalGame")
    for game in DigitalGame.objects.only("pk", "seed"):
        if len(game.seed) != 64:
            game.seed = format(int(game.seed), "064x")
            game.save(update_fields=["seed"])


def seeds_as_numbers(apps, schema_editor):
    DigitalGame = apps.get_model("campaign", "DigitalGame")
    for game in DigitalGame.objects.only("pk", "seed"):
        number = int(game.seed, 16)
        if number > MAX_OLD_SEED:
            raise RuntimeError(
                f"Digital game {game.pk} has a 256-bit seed, which the old column cannot hold."
            )
        game.seed = str(number)
        game.save(update_fields=["seed"])


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0004_digital_game_seed_commitment"),
    ]

    operations = [
        migrations.RunPython(seeds_in_hex, seeds_as_numbers),
    ]
