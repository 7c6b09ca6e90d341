"""Words kept as data (issue 18): the sentences stored before (a digital game's log lines with
their per-language `words`, why a pack opened, what an event card did, a refusal an owner
accepted, the reason of a pack opened by hand) become the catalogue message and blanks they
were made of, worded in the reader's language when read. What a person typed stays as typed;
a sentence no message of the catalogue recognises stays as it was."""

from django.db import migrations


def _update(model, field, change, batch=500):
    rows, changed = model.objects.only("pk", field).order_by("pk"), []
    for row in rows.iterator(chunk_size=batch):
        before = getattr(row, field)
        after = change(before)
        if after != before:
            setattr(row, field, after)
            changed.append(row)
        if len(changed) >= batch:
            model.objects.bulk_update(changed, [field])
            changed = []
    if changed:
        model.objects.bulk_update(changed, [field])


def _payloads(model, batch=500):
    from campaign.migrations._old_words import payload_kept

    changed = []
    for row in model.objects.only("pk", "kind", "payload").order_by("pk").iterator(batch):
        after = payload_kept(row.kind, row.payload)
        if after != row.payload:
            row.payload = after
            changed.append(row)
    model.objects.bulk_update(changed, ["payload"], batch_size=batch)


def forward(apps, schema_editor):
    from campaign.migrations._old_words import (
        event_kept,
        hand_reason_kept,
        json_kept,
        refusals_kept,
        unlock_reason_kept,
    )

    get = lambda name: apps.get_model("campaign", name)  # noqa: E731
    _update(get("GameMove"), "events", lambda events: [event_kept(e) for e in events or []])
    _update(get("DigitalGame"), "state", json_kept)
    _update(get("DigitalGame"), "initial_state", json_kept)
    _payloads(get("WorldEventRecord"))
    _update(get("WorldEventRecord"), "override_reason", hand_reason_kept)
    _update(get("WorldSnapshot"), "world", json_kept)
    _update(get("PackUnlock"), "reason", unlock_reason_kept)
    _update(get("GameLog"), "overridden", refusals_kept)
    _update(get("GameLog"), "override_reason", hand_reason_kept)
    _update(get("PendingGameLog"), "refusals", refusals_kept)


class Migration(migrations.Migration):
    dependencies = [("campaign", "0010_world_projections")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop, elidable=True)]
