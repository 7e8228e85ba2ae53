"""What the forget-request API takes and answers.

The input serializer checks shapes and JSON types; what a scope needs (a subject with
conversations, turns that exist) is ``privacy.forget``'s to check, for the page and the API alike.
A body with mistakes of both kinds is answered with all of them at once (``every_problem``).
"""

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from conversations.models import Conversation
from memadmin.api_input import JsonInteger, JsonString, StrictTypes
from privacy import forget
from privacy.models import ForgetRequest, ForgetStoreCount

MAX_INT = 2_147_483_647


class ForgetRequestInSerializer(StrictTypes, serializers.Serializer):
    """What to forget, on what basis and by when. Nothing runs until a second privacy officer approves."""

    scope = serializers.ChoiceField(choices=ForgetRequest.Scope.choices)
    subject_id = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default="", help_text="Scopes subject and value."
    )
    conversation = serializers.IntegerField(
        min_value=1,
        max_value=2**63 - 1,
        required=False,
        allow_null=True,
        default=None,
        help_text="The conversation's id: scopes conversation and turns.",
    )
    turn_seqs = serializers.ListField(
        child=JsonInteger(min_value=1, max_value=MAX_INT),
        required=False,
        default=list,
        max_length=forget.MAX_TURNS,
        help_text="The turns to forget (scope turns).",
    )
    phrases = serializers.ListField(
        child=JsonString(max_length=forget.MAX_PHRASE_CHARS),
        required=False,
        default=list,
        max_length=forget.MAX_PHRASES,
        help_text="Values or phrases: forgotten wherever the request reaches (scope value), and looked "
        "for by the scan after any request.",
    )
    legal_basis = serializers.ChoiceField(choices=ForgetRequest.LegalBasis.choices)
    reason = serializers.CharField(
        max_length=2000,
        help_text="Where the request came from. No personal data: the audit log keeps this text.",
    )
    deadline = serializers.DateField()

    def validate_conversation(self, value: int | None) -> Conversation | None:
        if value is None:
            return None
        found = Conversation.objects.filter(pk=value).first()
        if found is None:
            raise serializers.ValidationError(f"No conversation has the id {value}.")
        return found

    def as_input(self) -> forget.RequestInput:
        return forget.RequestInput.read(self.validated_data)

    def every_problem(self) -> dict:
        """After ``is_valid()`` failed: its errors, and the service's refusals of the fields that passed.

        A client with several mistakes learns them all in one answer, as the page shows them all
        at once; a field the serializer refused is not judged again by the service.
        """
        errors = dict(self.errors)
        if not isinstance(self.initial_data, Mapping):
            return errors
        passed = {name: value for name, value in self.passed_data.items() if name not in errors}
        for problem in forget.forget_request_problems(data=forget.RequestInput.read(passed)):
            if problem.field not in errors:
                errors[problem.field] = [problem.message]
            elif problem.field not in self.errors:
                errors[problem.field].append(problem.message)
        return errors


class StoreCountSerializer(serializers.ModelSerializer):
    class Meta:
        model = ForgetStoreCount
        fields = ["store", "rows_before", "removed", "rewritten", "residue"]
        read_only_fields = fields


class ProgressSerializer(serializers.Serializer):
    steps_done = serializers.IntegerField(help_text="Steps committed so far.")
    steps_total = serializers.IntegerField(help_text="Steps the request runs (0 until it has started).")


class ForgetRequestSerializer(serializers.ModelSerializer):
    """A request as a privacy officer sees it. Once its receipt is written the subject id and the
    values are wiped from it: only the pseudonym and the values' count stay."""

    requested_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    decided_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)
    conversation = serializers.IntegerField(source="conversation_id", read_only=True, allow_null=True)
    values = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()
    stores = StoreCountSerializer(many=True, read_only=True, source="store_counts")
    has_receipt = serializers.SerializerMethodField()

    class Meta:
        model = ForgetRequest
        fields = [
            "id",
            "scope",
            "status",
            "subject_id",
            "subject_pseudonym",
            "conversation",
            "conversation_label",
            "turn_seqs",
            "phrases",
            "values",
            "legal_basis",
            "reason",
            "deadline",
            "requested_by",
            "requested_at",
            "decided_by",
            "decided_at",
            "decision_note",
            "started_at",
            "finished_at",
            "error",
            "progress",
            "stores",
            "has_receipt",
        ]
        read_only_fields = fields

    def get_values(self, request: ForgetRequest) -> int:
        return len(request.phrases) or len(request.phrase_digests)

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, request: ForgetRequest) -> dict:
        return {"steps_done": len(request.steps_done), "steps_total": forget.forget_steps_total(request)}

    def get_has_receipt(self, request: ForgetRequest) -> bool:
        return request.status == ForgetRequest.Status.COMPLETED


class DecisionSerializer(StrictTypes, serializers.Serializer):
    note = serializers.CharField(
        max_length=2000, required=False, allow_blank=True, default="", help_text="Kept in the audit log."
    )


class ReasonedDecisionSerializer(StrictTypes, serializers.Serializer):
    note = serializers.CharField(max_length=2000, help_text="Why: kept in the audit log.")


class PreviewRowSerializer(serializers.Serializer):
    store = serializers.CharField()
    describe = serializers.CharField()
    in_scope = serializers.IntegerField(help_text="Rows of the store the request reaches.")
    affected = serializers.IntegerField(help_text="Rows it would remove or rewrite.")


class PreviewSerializer(serializers.Serializer):
    stores = PreviewRowSerializer(many=True)
    affected = serializers.IntegerField(help_text="Rows it would remove or rewrite, in all stores.")


@extend_schema_field({"type": "object", "additionalProperties": True})
class DocumentField(serializers.JSONField):
    pass


class ReceiptSerializer(serializers.Serializer):
    """The receipt of a completed request, as the page's download serves it."""

    receipt = DocumentField(help_text="The receipt document: who, when, per store the rows removed.")
    digest = serializers.CharField(help_text="sha256 of the receipt's canonical JSON.")
    digest_of = serializers.CharField()
