"""Dice seeds become 256 bits written as 64 hex digits, with a commitment shown from the start.

The old number seeds are cast to text here; 0005 rewrites them in hex. The data step is its own
migration because PostgreSQL refuses to alter a table in the transaction that updated its rows.
Games stored before keep a blank commitment, since none was shown while they ran."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0003_digital_games"),
    ]

    operations = [
        migrations.AlterField(
            model_name="digitalgame",
            name="seed",
            field=models.CharField(
                help_text="The dice seed: 64 hex digits (256 bits). Games started before seeds "
                "were 256 bits hold their old number here, in hex.",
                max_length=64,
            ),
        ),
        migrations.AddField(
            model_name="digitalgame",
            name="seed_commitment",
            field=models.CharField(
                blank=True,
                help_text="SHA-256 of the seed, shown from the start. Blank for games started "
                "before commitments were made.",
                max_length=64,
            ),
        ),
        migrations.AddField(
            model_name="digitalgame",
            name="seed_chosen",
            field=models.BooleanField(
                default=False,
                help_text="The starter chose the seed (a reproducible test game): it was never "
                "secret.",
            ),
        ),
    ]
