from django.conf import settings
from django.db import models


class AuditEntry(models.Model):
    """One change a person (or a command run by one) made: who, when, what, why.

    Entries are written by services, never edited. ``before`` and ``after``
    hold the changed fields only, with secrets masked.
    """

    at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Kept as text so the entry still says who it was after the user is deleted.
    actor_label = models.CharField(max_length=150)
    action = models.CharField(max_length=100, db_index=True)
    target_type = models.CharField(max_length=100, blank=True)
    target_id = models.CharField(max_length=100, blank=True)
    # The conversation the change was about, if any, to filter the log by it.
    # No database constraint: the entry keeps the id after a forget request
    # deletes the conversation.
    conversation = models.ForeignKey(
        "conversations.Conversation",
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["target_type", "target_id", "-at"], name="audit_target_idx"),
            models.Index(fields=["conversation", "-at"], name="audit_conversation_idx"),
        ]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor_label} {self.action}"
