from django.conf import settings
from django.db import models

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
