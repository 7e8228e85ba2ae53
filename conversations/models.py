from django.contrib.postgres.fields import ArrayField
from django.db import models


class Conversation(models.Model):
    """One long-running conversation with one person (its subject)."""

    external_id = models.CharField(max_length=200, unique=True, help_text="The chat service's own id.")
    subject_id = models.CharField(max_length=200, db_index=True, help_text="The person it is about.")
    title = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.title or self.external_id


class TurnQuerySet(models.QuerySet):
    def for_conversation(self, conversation: Conversation) -> "TurnQuerySet":
        return self.filter(conversation=conversation)

    def after(self, seq: int) -> "TurnQuerySet":
        return self.filter(seq__gt=seq)

    def upto(self, seq: int) -> "TurnQuerySet":
        return self.filter(seq__lte=seq)

    def chronological(self) -> "TurnQuerySet":
        return self.order_by("seq")


class Turn(models.Model):
    """One turn of the record. A tool call and its result belong to one turn.

    The record is the truth every derived layer is built from; it is appended
    to, never rewritten (forget requests are the only deletions).
    """

    class Role(models.TextChoices):
        USER = "user"
        ASSISTANT = "assistant"
        SYSTEM = "system"
        TOOL = "tool"

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="turns")
    seq = models.PositiveIntegerField()
    role = models.CharField(max_length=16, choices=Role.choices)
    content = models.TextField(blank=True)
    # The calls this turn made and their results, as one unit:
    # [{"id": ..., "name": ..., "arguments": {...}, "result": ...}, ...]
    tool_calls = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(help_text="When the turn happened, as the client reported it.")
    stored_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)
    # sha256 of the turn as the client sent it, to tell a retry from a reuse of its key.
    body_hash = models.CharField(max_length=64, blank=True)

    objects = TurnQuerySet.as_manager()

    class Meta:
        ordering = ["conversation_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "seq"], name="turn_unique_seq"),
            models.UniqueConstraint(
                fields=["conversation", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="turn_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.conversation_id}#{self.seq} {self.role}"

    def as_record(self) -> dict:
        """The turn in the import/export format."""
        return {
            "seq": self.seq,
            "role": self.role,
            "content": self.content,
            "tool_calls": self.tool_calls,
            "created_at": self.created_at.isoformat().replace("+00:00", "Z"),
        }


class LabelledQuery(models.Model):
    """A question about earlier turns, with the turns that answer it (for retrieval recall)."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="labelled_queries")
    query = models.TextField()
    evidence_seqs = ArrayField(models.PositiveIntegerField())
    category = models.CharField(max_length=50, blank=True)

    class Meta:
        verbose_name_plural = "labelled queries"
        constraints = [
            models.UniqueConstraint(fields=["conversation", "query"], name="labelled_query_unique")
        ]

    def __str__(self) -> str:
        return self.query

    def as_record(self) -> dict:
        return {"query": self.query, "evidence_seqs": list(self.evidence_seqs), "category": self.category}
