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


class PendingTask(models.Model):
    """Work owed after a change, recorded in the same transaction as the change (a transactional outbox).

    A row leaves the table when the work is handed to the broker (with Celery)
    or done (in-process). A broker that is down, or a process that dies, leaves
    it here for the next dispatch; so derived work is delayed, never lost.
    """

    task = models.CharField(max_length=200, help_text="The Celery task name.")
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    run_after = models.DateTimeField(help_text="Not before this time (a retry waits its backoff).")
    claimed_until = models.DateTimeField(
        null=True, blank=True, help_text="An in-process runner is working on it until then."
    )
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    failed_at = models.DateTimeField(
        null=True, blank=True, help_text="Given up after the last attempt; kept for a person to look at."
    )

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(
                fields=["run_after"], name="pending_task_due_idx", condition=models.Q(failed_at__isnull=True)
            )
        ]

    def __str__(self) -> str:
        return f"{self.task}{tuple(self.args)}"


class ApiToken(models.Model):
    """A named credential of an API client. Only a hash of the key is stored; the key is shown once.

    Created, rotated and revoked through memadmin.api_tokens (the ``api_tokens``
    command and the admin's token page), which audit each change.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, help_text="What uses it, e.g. 'chat-service production'.")
    # The first characters of the key, to tell tokens apart without the secret.
    prefix = models.CharField(max_length=12)
    key_hash = models.CharField(max_length=64, unique=True, help_text="sha256 of the key.")
    created_at = models.DateTimeField(auto_now_add=True)
    rotated_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user_id", "name"]
        verbose_name = "API token"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "name"],
                condition=models.Q(revoked_at__isnull=True),
                name="api_token_unique_live_name",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_live(self) -> bool:
        return self.revoked_at is None
