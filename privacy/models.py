"""Forget requests: what to forget, who asked and who approved, how far it has got, and its receipt.

A request names personal data while it waits and runs (the subject id, the
values to find); once its receipt is written those are wiped from it and only
a pseudonym and digests stay (``privacy.forget.request_wipe``).
"""

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from pgvector.django import VectorField


class ForgetRequest(models.Model):
    class Scope(models.TextChoices):
        SUBJECT = "subject", "everything about a subject (all their conversations)"
        CONVERSATION = "conversation", "one conversation"
        TURNS = "turns", "chosen turns of one conversation"
        VALUE = "value", "a value or phrase, wherever it appears in a subject's conversations"

    class LegalBasis(models.TextChoices):
        ERASURE = "erasure", "the subject's request for erasure (GDPR art. 17)"
        CONSENT = "consent_withdrawn", "consent withdrawn"
        RETENTION = "retention", "retention period over"
        UNLAWFUL = "unlawful", "processed unlawfully, or a court or regulator's order"
        OTHER = "other", "other (say which in the reason)"

    class Status(models.TextChoices):
        AWAITING = "awaiting_approval", "awaiting approval"
        APPROVED = "approved", "approved, queued"
        RUNNING = "running"
        COMPLETED = "completed"
        FAILED = "failed", "failed (residue found or an error)"
        DECLINED = "declined"

    scope = models.CharField(max_length=20, choices=Scope.choices)
    # Personal data, kept only until the receipt is written.
    subject_id = models.CharField(max_length=200, blank=True)
    phrases = models.JSONField(default=list, blank=True, help_text="Values to forget, or to check for.")
    subject_pseudonym = models.CharField(max_length=64, db_index=True)
    conversation_id = models.BigIntegerField(null=True, blank=True)
    conversation_label = models.CharField(max_length=200, blank=True)
    turn_seqs = ArrayField(models.PositiveIntegerField(), default=list, blank=True)
    legal_basis = models.CharField(max_length=30, choices=LegalBasis.choices)
    reason = models.TextField()
    deadline = models.DateField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.AWAITING)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_note = models.TextField(blank=True)
    # What it will touch, worked out once when it starts (ids and seqs only, never content),
    # so that a rerun after a crash carries on with the same work.
    plan = models.JSONField(null=True, blank=True)
    steps_done = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)
    phrase_digests = models.JSONField(default=list, blank=True, help_text="Keyed hashes of the values.")

    class Meta:
        ordering = ["-requested_at", "-id"]
        indexes = [models.Index(fields=["status", "-requested_at"], name="forget_status_idx")]

    def __str__(self) -> str:
        return f"forget request #{self.pk} ({self.scope}, {self.status})"

    # Not carried out yet: waiting, queued or running (a failed one is looked at by a person).
    OPEN = (Status.AWAITING, Status.APPROVED, Status.RUNNING)

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN


class ForgetStoreCount(models.Model):
    """One store's figures for one request: rows in scope before, removed, rewritten, residue found."""

    request = models.ForeignKey(ForgetRequest, on_delete=models.CASCADE, related_name="store_counts")
    store = models.CharField(max_length=100)
    position = models.PositiveIntegerField(default=0)
    rows_before = models.PositiveIntegerField(default=0)
    removed = models.PositiveIntegerField(default=0)
    rewritten = models.PositiveIntegerField(default=0)
    residue = models.PositiveIntegerField(null=True, blank=True, help_text="None until the scan has run.")

    class Meta:
        ordering = ["request_id", "position"]
        constraints = [models.UniqueConstraint(fields=["request", "store"], name="forget_store_unique")]

    def __str__(self) -> str:
        return f"{self.store}: -{self.removed} ~{self.rewritten} residue {self.residue}"


class ForgetProbe(models.Model):
    """The embedding of a turn being forgotten, held only while its request runs.

    The residue scan looks for index entries at distance ~0 from these; they are
    deleted before the receipt is written (and the scan checks that too).
    """

    request = models.ForeignKey(ForgetRequest, on_delete=models.CASCADE, related_name="probes")
    conversation_id = models.BigIntegerField()
    turn_id = models.BigIntegerField()
    embedding_model = models.CharField(max_length=200)
    embedding = VectorField()

    def __str__(self) -> str:
        return f"probe for turn {self.turn_id} of request {self.request_id}"


class ForgetReceipt(models.Model):
    """Proof that a request was carried out. Written once, never changed (a trigger refuses updates)."""

    request = models.OneToOneField(ForgetRequest, on_delete=models.PROTECT, related_name="receipt")
    document = models.JSONField()
    digest = models.CharField(max_length=64, help_text="sha256 of the document's canonical JSON.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"receipt of forget request {self.request_id}"


class ExportedFile(models.Model):
    """A file ``export_conversations`` wrote, so that a forget request can reach it."""

    path = models.CharField(max_length=1000, unique=True)
    written_at = models.DateTimeField()
    conversations = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-written_at"]

    def __str__(self) -> str:
        return self.path
