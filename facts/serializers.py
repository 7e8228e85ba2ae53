from rest_framework import serializers

from conversations.models import Summary
from facts.models import FactRevision, FactType, GoldFact, PinnedFact
from facts.staff import KEY_RE
from memadmin.api_input import StrictTypes


class GoldFactRecordSerializer(StrictTypes, serializers.ModelSerializer):
    """A gold fact as it appears in an import file."""

    class Meta:
        model = GoldFact
        fields = ["type", "key", "value", "source_seq"]
        validators = []  # duplicates are skipped on insert, so a rerun is harmless
        extra_kwargs = {"value": {"trim_whitespace": False}}


class FactRevisionSerializer(serializers.ModelSerializer):
    actor = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)

    class Meta:
        model = FactRevision
        fields = ["id", "at", "actor", "action", "before", "after", "reason"]
        read_only_fields = fields


class PinnedFactSerializer(serializers.ModelSerializer):
    """A pinned fact as the API shows it. ``updated_at`` is its version: send it back to change it."""

    span = serializers.SerializerMethodField()

    class Meta:
        model = PinnedFact
        fields = [
            "id",
            "type",
            "key",
            "value",
            "normalised",
            "status",
            "origin",
            "source_seq",
            "source_seqs",
            "span",
            "temporary_until",
            "superseded_by",
            "needs_review",
            "review_reason",
            "model",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_span(self, fact: PinnedFact) -> list[int] | None:
        return [fact.span_start, fact.span_end] if fact.span_start is not None else None


class PinnedFactDetailSerializer(PinnedFactSerializer):
    revisions = FactRevisionSerializer(many=True, read_only=True)

    class Meta(PinnedFactSerializer.Meta):
        fields = [*PinnedFactSerializer.Meta.fields, "revisions"]
        read_only_fields = fields


class FactChangeSerializer(StrictTypes, serializers.Serializer):
    """What every change sends: why, and (optionally) the version of the fact it was made from."""

    reason = serializers.CharField(
        max_length=2000, help_text="Why: kept in the fact's history and the audit log."
    )
    updated_at = serializers.DateTimeField(
        required=False,
        help_text="The fact's updated_at as read; if it changed since, the change is refused with 409.",
    )


class FactCorrectSerializer(FactChangeSerializer):
    value = serializers.CharField(
        max_length=10_000, help_text="The corrected value, exactly as it should be quoted."
    )
    normalised = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class FactTemporarySerializer(FactChangeSerializer):
    scope = serializers.ChoiceField(
        choices=[("until", "until a date"), ("conversation", "this conversation only")]
    )
    until = serializers.DateField(required=False, help_text="The last day it holds (scope until).")

    def validate(self, data: dict) -> dict:
        if data["scope"] == "until" and "until" not in data:
            raise serializers.ValidationError({"until": "A date is required for scope 'until'."})
        if data["scope"] == "conversation" and "until" in data:
            raise serializers.ValidationError({"until": "No date with scope 'conversation'."})
        return data


class FactFlagSerializer(FactChangeSerializer):
    needs_review = serializers.BooleanField(default=True)


class FactAddSerializer(StrictTypes, serializers.Serializer):
    """A missed fact: the words selected in one turn (its source span) and what they are."""

    source_seq = serializers.IntegerField(min_value=1, max_value=2_147_483_647)
    span_start = serializers.IntegerField(min_value=0, max_value=2_147_483_647)
    span_end = serializers.IntegerField(min_value=1, max_value=2_147_483_647)
    value = serializers.CharField(max_length=10_000, trim_whitespace=False)
    type = serializers.ChoiceField(choices=FactType.choices)
    key = serializers.RegexField(
        KEY_RE.pattern, max_length=100, help_text="Lower-case letters, digits and underscores, from a letter."
    )
    normalised = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    reason = serializers.CharField(max_length=2000)


class SummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Summary
        fields = [
            "id",
            "kind",
            "version",
            "memory_version",
            "upto_seq",
            "body",
            "provider",
            "model",
            "stale_values",
            "created_at",
        ]
        read_only_fields = fields
