"""Projections of the world event log: small tables the append keeps in step with the log (in
its transaction), so pages pick the entries they show out of a long log instead of replaying
it. Each can be rebuilt from the log alone (`manage.py rebuild_projections`)."""

from __future__ import annotations

from django.db import models

from campaign.models.campaign import Campaign


class EventVoid(models.Model):
    """A log entry a later correction voided, with the first correction that voided it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="event_voids")
    seq = models.PositiveIntegerField()
    voided_by = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "seq"], name="event_void_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} #{self.seq} voided by #{self.voided_by}"


class EventMention(models.Model):
    """What a log entry touches or counts: a territory it happened in (`territory`), a scar
    kind placed (`scar`), an event card resolved (`event_card`), a mission claimed
    (`mission`) and who claimed it (`claimer`, a person key)."""

    class What(models.TextChoices):
        TERRITORY = "territory"
        SCAR = "scar"
        EVENT_CARD = "event_card"
        MISSION = "mission"
        CLAIMER = "claimer"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="mentions")
    seq = models.PositiveIntegerField()
    what = models.CharField(max_length=12, choices=What.choices)
    key = models.CharField(max_length=80, blank=True)

    class Meta:
        indexes = [models.Index(fields=["campaign", "what", "key"])]

    def __str__(self) -> str:
        return f"{self.campaign} #{self.seq} {self.what} {self.key}"


class RecordGap(models.Model):
    """What a standing game record left "not recorded" (a start, the territories held, a
    held-on reward), seat by seat; a correction that voids the record drops its gaps."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="record_gaps")
    seq = models.PositiveIntegerField()
    game = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField()
    person = models.CharField(max_length=80)
    faction = models.CharField(max_length=80)
    what = models.CharField(max_length=10)

    class Meta:
        ordering = ["campaign", "seq", "position"]
        indexes = [models.Index(fields=["campaign", "game"])]

    def __str__(self) -> str:
        return f"{self.campaign} game {self.game}: {self.what} of {self.person}"


class PackTrigger(models.Model):
    """The entry after which a sealed pack's condition first held (U-8): the pack is due
    while the world has not opened it. A correction recomputes the campaign's triggers."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="pack_triggers")
    pack = models.CharField(max_length=40)
    seq = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "pack"], name="pack_trigger_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} {self.pack} due after #{self.seq}"
