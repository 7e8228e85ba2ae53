from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from conversations.models import ContextSnapshot, Conversation, LabelledQuery, RefreshRun, SummaryKind, Turn
from conversations.services import MAX_SEQ, TurnInput
from conversations.validation import validate_not_only_whitespace, validate_tool_calls, validate_turn_length
from facts.serializers import GoldFactRecordSerializer
from memadmin.api_input import StrictTypes


class ConversationSerializer(StrictTypes, serializers.ModelSerializer):
    class Meta:
        model = Conversation
        fields = ["id", "external_id", "subject_id", "title", "created_at", "updated_at"]
        read_only_fields = ["id", "created_at", "updated_at"]
        # Uniqueness is the service's business: a known external id is a
        # get, not a validation error. Ids and titles are stored exactly as
        # sent (no trimming); an id of only whitespace is refused.
        extra_kwargs = {
            "external_id": {"validators": [validate_not_only_whitespace], "trim_whitespace": False},
            "subject_id": {"validators": [validate_not_only_whitespace], "trim_whitespace": False},
            "title": {"trim_whitespace": False},
        }


class TurnSerializer(serializers.ModelSerializer):
    class Meta:
        model = Turn
        fields = ["id", "seq", "role", "content", "tool_calls", "created_at", "stored_at", "idempotency_key"]
        read_only_fields = fields


@extend_schema_field(
    {
        "oneOf": [{"type": "array", "items": {}}, {"type": "object", "additionalProperties": {}}],
        "nullable": True,
    }
)
class ToolCallsField(serializers.JSONField):
    """A turn's tool calls: a list of calls, or one call object (validate_tool_calls)."""


class TurnInSerializer(StrictTypes, serializers.Serializer):
    """One turn as a client sends it."""

    seq = serializers.IntegerField(
        min_value=1,
        max_value=MAX_SEQ,
        required=False,
        allow_null=True,
        help_text="Position in the conversation; assigned (last + 1) when left out.",
    )
    role = serializers.ChoiceField(choices=Turn.Role.choices)
    content = serializers.CharField(
        allow_blank=True, trim_whitespace=False, validators=[validate_turn_length]
    )
    tool_calls = ToolCallsField(
        required=False,
        allow_null=True,
        validators=[validate_tool_calls],
        help_text="The calls this turn made with their results, as one unit.",
    )
    created_at = serializers.DateTimeField(required=False, allow_null=True)
    idempotency_key = serializers.CharField(
        required=False,
        allow_null=True,
        trim_whitespace=False,
        max_length=200,
        help_text="Retrying with the same key and body returns the stored turn; a different body is 409.",
    )

    def validate(self, attrs: dict) -> dict:
        if not attrs.get("content") and not attrs.get("tool_calls"):
            raise serializers.ValidationError("A turn needs content or tool_calls.")
        return attrs


def turn_input(attrs: dict) -> TurnInput:
    """A validated ``TurnInSerializer`` payload as the service's input."""
    return TurnInput(
        role=attrs["role"],
        content=attrs["content"],
        seq=attrs.get("seq"),
        tool_calls=attrs.get("tool_calls"),
        created_at=attrs.get("created_at"),
        idempotency_key=attrs.get("idempotency_key"),
    )


class TurnBatchInSerializer(StrictTypes, serializers.Serializer):
    turns = TurnInSerializer(many=True, allow_empty=False, max_length=settings.MEMADMIN_MAX_BATCH_TURNS)


class TurnBatchSerializer(serializers.Serializer):
    """A batch as stored: every turn of it, in order."""

    turns = TurnSerializer(many=True, read_only=True)


class LabelledQueryRecordSerializer(StrictTypes, serializers.ModelSerializer):
    class Meta:
        model = LabelledQuery
        fields = ["query", "evidence_seqs", "category"]
        extra_kwargs = {"category": {"required": False}}
        validators = []  # the unique (conversation, query) constraint is enforced on insert


class ConversationRecordSerializer(StrictTypes, serializers.Serializer):
    """One line of an import file (docs/import-format.md)."""

    external_id = serializers.CharField(max_length=200)
    subject_id = serializers.CharField(max_length=200)
    title = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    turns = TurnInSerializer(many=True)
    gold_facts = GoldFactRecordSerializer(many=True, required=False, default=list)
    queries = LabelledQueryRecordSerializer(many=True, required=False, default=list)

    def validate_turns(self, turns: list[dict]) -> list[dict]:
        previous = 0
        for index, turn in enumerate(turns):
            seq = turn.get("seq") or previous + 1
            if seq <= previous:
                raise serializers.ValidationError(
                    f"turn {index + 1}: seq {seq} does not follow seq {previous}; seqs must increase."
                )
            turn["seq"] = previous = seq
        return turns


class ContextRequestSerializer(StrictTypes, serializers.Serializer):
    message = serializers.CharField(trim_whitespace=False, validators=[validate_turn_length])


class ContextSnapshotSerializer(serializers.ModelSerializer):
    class Meta:
        model = ContextSnapshot
        fields = [
            "id",
            "conversation",
            "created_at",
            "message",
            "upto_seq",
            "messages",
            "layers",
            "token_counts",
            "token_count_method",
            "budget",
            "gave_way",
        ]
        read_only_fields = fields


class RefreshRequestSerializer(StrictTypes, serializers.Serializer):
    reason = serializers.CharField(max_length=2000, help_text="Why: it goes to the audit log.")
    rebuild = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Rebuild from the raw turns: re-index them and re-read every turn for the facts too.",
    )
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=SummaryKind.choices),
        required=False,
        allow_empty=False,
        min_length=1,
        help_text="Re-summarise only these summaries (static, rolling), even if no turn is new.",
    )


class RefreshRunSerializer(serializers.ModelSerializer):
    """One refresh of a conversation's memory: what it had to cover, how it ended, and why."""

    requested_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)

    class Meta:
        model = RefreshRun
        fields = [
            "id",
            "trigger",
            "outcome",
            "error",
            "target_upto_seq",
            "covered_upto_seq",
            "started_version",
            "committed_version",
            "attempts",
            "provider",
            "requested_by",
            "requested_at",
            "started_at",
            "finished_at",
            "duration_ms",
        ]
        read_only_fields = fields
