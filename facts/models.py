from datetime import date

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce, NullIf

from conversations.models import Conversation


class FactType(models.TextChoices):
    AMOUNT = "amount"
    DATE = "date"
    TIME = "time"
    IDENTIFIER = "identifier"
    ADDRESS = "address"
    EMAIL = "email"
    PHONE = "phone"
    COMMITMENT = "commitment"
    PREFERENCE = "preference"


class GoldFact(models.Model):
    """A fact a person labelled as one the extractor should have pinned."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="gold_facts")
    type = models.CharField(max_length=20, choices=FactType.choices)
    key = models.CharField(max_length=100)
    value = models.TextField(help_text="Exactly as said in the source turn.")
    source_seq = models.PositiveIntegerField()
    labelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["conversation_id", "source_seq", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["conversation", "type", "key", "value", "source_seq"], name="gold_fact_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key}={self.value}"

    def as_record(self) -> dict:
        return {"type": self.type, "key": self.key, "value": self.value, "source_seq": self.source_seq}


# A coarse form of a value's identity (``facts.services.value_identity``) that PostgreSQL computes
# the same way whatever its locale: the ASCII digits and the ASCII letters other than i and k, after
# folding A-Z alone. Unicode case folding maps no other character onto these and whitespace is not
# among them, so two values of one identity always share it. Indexed for the live facts, it lets a
# refresh find the facts a new value may repeat without reading every fact of its slot.
_UPPER, _LOWER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
PROBE_FOLD = str.maketrans(_UPPER, _LOWER)
PROBE_DROPPED = "[^0-9abcdefghjlmnopqrstuvwxyz]"


def identity_probe_sql() -> models.Func:
    value = Coalesce(NullIf(F("normalised"), Value("")), F("value"), output_field=models.TextField())
    folded = models.Func(
        value, Value(_UPPER), Value(_LOWER), function="translate", output_field=models.TextField()
    )
    return models.Func(
        folded,
        Value(PROBE_DROPPED),
        Value(""),
        Value("g"),
        function="regexp_replace",
        output_field=models.TextField(),
    )


class FactQuerySet(models.QuerySet):
    def for_conversation(self, conversation) -> "FactQuerySet":
        return self.filter(conversation=conversation)

    def current(self, on: date) -> "FactQuerySet":
        """Facts to present as true on ``on``: active ones, and temporary ones not yet expired.

        A temporary fact without an end date holds for this conversation only.
        """
        return self.filter(
            models.Q(status=PinnedFact.Status.ACTIVE)
            | models.Q(status=PinnedFact.Status.TEMPORARY, temporary_until__gte=on)
            | models.Q(status=PinnedFact.Status.TEMPORARY, temporary_until__isnull=True)
        )


class PinnedFact(models.Model):
    """An exact value from one turn that must reach the model verbatim, never paraphrased."""

    class Origin(models.TextChoices):
        EXTRACTOR = "extractor"
        STAFF = "staff"

    class Status(models.TextChoices):
        ACTIVE = "active"
        SUPERSEDED = "superseded"
        TEMPORARY = "temporary", "temporary (until a date)"
        RETRACTED = "retracted"

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="pinned_facts")
    type = models.CharField(max_length=20, choices=FactType.choices)
    key = models.CharField(max_length=100)
    value = models.TextField(help_text="Exactly as said in the source turn.")
    normalised = models.CharField(max_length=300, blank=True, help_text="ISO date, amount and currency, …")
    source_seq = models.PositiveIntegerField(help_text="The turn that said it.")
    source_seqs = ArrayField(
        models.PositiveIntegerField(),
        default=list,
        blank=True,
        help_text="Every turn that said it, first one first (stated, then confirmed or repeated).",
    )
    span_start = models.PositiveIntegerField(null=True, blank=True)
    span_end = models.PositiveIntegerField(null=True, blank=True)
    origin = models.CharField(max_length=20, choices=Origin.choices)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    # With status temporary: the last day it holds, or empty for "this conversation only".
    temporary_until = models.DateField(null=True, blank=True)
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    model = models.CharField(
        max_length=200, blank=True, help_text="The extractor model, for extracted facts."
    )
    needs_review = models.BooleanField(
        default=False,
        help_text="A person should look at it: flagged by staff, or undecided by the extractor.",
    )
    review_reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = FactQuerySet.as_manager()

    class Meta:
        ordering = ["conversation_id", "source_seq", "id"]
        indexes = [
            models.Index(fields=["conversation", "status", "key"], name="fact_conv_status_idx"),
            models.Index(
                F("conversation"),
                F("key"),
                identity_probe_sql(),
                condition=Q(status__in=["active", "temporary"]),
                name="fact_live_identity_idx",
            ),
            models.Index(F("conversation"), F("key"), condition=Q(needs_review=True), name="fact_review_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.key}={self.value} ({self.status})"

    @property
    def turns(self) -> list[int]:
        """The turns that said this value: where it was stated, then every repeat or confirmation."""
        return self.source_seqs or [self.source_seq]

    def as_record(self) -> dict:
        return {
            "type": self.type,
            "key": self.key,
            "value": self.value,
            "normalised": self.normalised,
            "source_seq": self.source_seq,
            "source_seqs": self.turns,
            "span": [self.span_start, self.span_end] if self.span_start is not None else None,
            "status": self.status,
            "temporary_until": self.temporary_until.isoformat() if self.temporary_until else None,
            "origin": self.origin,
        }


class FactRevision(models.Model):
    """One change to a pinned fact: the fact's history, oldest first."""

    fact = models.ForeignKey(PinnedFact, on_delete=models.CASCADE, related_name="revisions")
    at = models.DateTimeField(auto_now_add=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=50)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["fact_id", "at", "id"]

    def __str__(self) -> str:
        return f"{self.fact_id} {self.action} at {self.at:%Y-%m-%d %H:%M}"
