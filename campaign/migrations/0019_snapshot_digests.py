"""Past games' snapshots keep a digest of their world, and the whole world only every tenth
game (a checkpoint): the stored history then grows with the games, not games x world size."""

from django.db import migrations, models

from rules.world import World
from rules.world_digest import WorldDigester

CHECKPOINT_EVERY = 10  # as campaign.models.world had it when this migration was written


def snapshots_digested(apps, schema_editor):
    """Each snapshot gets its world's digest; past games off a checkpoint drop the world."""
    WorldSnapshot = apps.get_model("campaign", "WorldSnapshot")
    campaigns = WorldSnapshot.objects.order_by().values_list("campaign_id", flat=True)
    for campaign_id in sorted(set(campaigns)):
        digester = WorldDigester()
        rows = WorldSnapshot.objects.filter(campaign_id=campaign_id).order_by(
            "is_current", "games_played"
        )
        changed = []
        for row in rows.iterator(chunk_size=50):
            world = World.from_json(row.world)
            row.digest = (digester if not row.is_current else WorldDigester()).digest(world)
            if not row.is_current and row.games_played % CHECKPOINT_EVERY:
                row.world = None
            changed.append(row)
        WorldSnapshot.objects.bulk_update(changed, ["digest", "world"], batch_size=100)


def snapshots_whole(apps, schema_editor):
    """Back to a whole world in every snapshot, replayed from the log."""
    from campaign.selectors.world import _counted, world_projection
    from rules.world_events import event_from_json

    WorldSnapshot = apps.get_model("campaign", "WorldSnapshot")
    WorldEventRecord = apps.get_model("campaign", "WorldEventRecord")
    missing = WorldSnapshot.objects.filter(world__isnull=True)
    for campaign_id in set(missing.values_list("campaign_id", flat=True)):
        records = WorldEventRecord.objects.filter(campaign_id=campaign_id).order_by("seq")
        entries = [(r.seq, event_from_json({"kind": r.kind, **r.payload})) for r in records]
        _, per_game = world_projection(_counted(entries), world=World(), after_seq=0)
        for row in missing.filter(campaign_id=campaign_id):
            row.world = per_game[row.games_played][1].to_json()
            row.save(update_fields=["world"])


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0018_game_worlds"),
    ]

    operations = [
        migrations.AddField(
            model_name="worldsnapshot",
            name="digest",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AlterField(
            model_name="worldsnapshot",
            name="world",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(snapshots_digested, snapshots_whole),
    ]
