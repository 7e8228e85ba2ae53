"""Gold labels and how the extractor measures against them.

Two annotators label a conversation each in their own ``LabelSet``; an adjudicator turns the
submitted sets into the conversation's ``GoldSet``, whose values are the ``facts.GoldFact`` rows
of the conversation (the rows an import file's ``gold_facts`` also fill). An ``EvaluationRun``
measures the extractor, or the stored facts, against every gold set.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone

from conversations.models import Conversation
from facts.models import FactType


class LabelSet(models.Model):
    """One annotator's labels of one conversation: private to them until an adjudicator reads it."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="label_sets")
    annotator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)
    submitted_at = models.DateTimeField(null=True, blank=True, help_text="Done: no more changes.")
    suggestions_shown_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the annotator chose to see the extractor's suggestions (empty: labelled blind).",
    )

    class Meta:
        ordering = ["conversation_id", "submitted_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "annotator"], name="label_set_unique_annotator")
        ]

    def __str__(self) -> str:
        return f"labels of {self.conversation_id} by {self.annotator_id}"


class Label(models.Model):
    """A fact an annotator labelled: the exact words of one turn, with a type and a key."""

    label_set = models.ForeignKey(LabelSet, on_delete=models.CASCADE, related_name="labels")
    type = models.CharField(max_length=20, choices=FactType.choices)
    key = models.CharField(max_length=100)
    value = models.TextField(help_text="Exactly the words selected in the turn.")
    source_seq = models.PositiveIntegerField()
    span_start = models.PositiveIntegerField()
    span_end = models.PositiveIntegerField()
    from_suggestion = models.BooleanField(
        default=False, help_text="Taken from the extractor's suggestions rather than found by the annotator."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["label_set_id", "source_seq", "span_start", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["label_set", "type", "source_seq", "span_start", "span_end"], name="label_unique_span"
            )
        ]

    def __str__(self) -> str:
        return f"{self.type} {self.key}={self.value} (turn {self.source_seq})"

    def as_record(self) -> dict:
        return {"type": self.type, "key": self.key, "value": self.value, "source_seq": self.source_seq}


class GoldSet(models.Model):
    """Where a conversation's gold facts came from: adjudicated from annotators' sets, or imported."""

    class Origin(models.TextChoices):
        ADJUDICATED = "adjudicated"
        IMPORTED = "imported"

    conversation = models.OneToOneField(Conversation, on_delete=models.CASCADE, related_name="gold_set")
    origin = models.CharField(max_length=20, choices=Origin.choices)
    source_file = models.CharField(
        max_length=500, blank=True, help_text="The import file, for imported sets."
    )
    adjudicated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    label_sets = models.ManyToManyField(LabelSet, blank=True, related_name="+")
    agreement = models.JSONField(
        null=True, blank=True, help_text="The annotators' agreement when adjudicated."
    )
    note = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"gold set of {self.conversation_id} ({self.origin})"


class EvaluationRun(models.Model):
    """One measurement of extraction against every gold set: what was measured, when, and the figures."""

    class Source(models.TextChoices):
        EXTRACTOR = "extractor", "the configured extractor, run over the turns"
        STORED = "stored", "the stored pinned facts, as they stand"

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    source = models.CharField(max_length=20, choices=Source.choices)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    provider = models.CharField(max_length=50, blank=True)
    model = models.CharField(max_length=200, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)
    conversations = models.PositiveIntegerField(default=0)
    gold_values = models.PositiveIntegerField(default=0)
    recall = models.FloatField(null=True, blank=True)
    precision = models.FloatField(null=True, blank=True)
    clean_rate = models.FloatField(null=True, blank=True)
    figures = models.JSONField(default=dict, blank=True, help_text="facts.evaluation's report, as stored.")

    class Meta:
        ordering = ["-requested_at", "-id"]

    def __str__(self) -> str:
        return f"evaluation run {self.pk} ({self.source}, {self.status})"


class Finding(models.Model):
    """A gold value a run missed, or a value it produced that the conversation does not say."""

    class Kind(models.TextChoices):
        MISSED = "missed"
        FABRICATED = "fabricated"

    run = models.ForeignKey(EvaluationRun, on_delete=models.CASCADE, related_name="findings")
    conversation = models.ForeignKey(Conversation, null=True, on_delete=models.SET_NULL, related_name="+")
    external_id = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    type = models.CharField(max_length=20)
    key = models.CharField(max_length=100, blank=True)
    value = models.TextField()
    source_seq = models.PositiveIntegerField()
    turns = models.PositiveIntegerField(default=0, help_text="How long the conversation was.")

    class Meta:
        ordering = ["run_id", "kind", "external_id", "source_seq", "id"]
        indexes = [models.Index(fields=["run", "kind"], name="finding_run_kind_idx")]

    def __str__(self) -> str:
        return f"{self.kind} {self.type} {self.value!r} (turn {self.source_seq} of {self.external_id})"
