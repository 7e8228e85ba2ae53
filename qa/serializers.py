"""What the QA API takes and answers: labels, label sets, gold sets, evaluation runs, labelled questions.

Input serializers check shapes and JSON types only; the rules (the words must be the turn's,
the set must be open, two sets before adjudication) are the services', so that the page and
the API refuse alike.
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from conversations.models import Conversation, LabelledQuery
from facts.models import FactType, GoldFact, PinnedFact
from memadmin.api_input import JsonInteger, StrictTypes
from qa import services
from qa.models import EvaluationRun, Finding, GoldSet, Label, LabelSet

MAX_INT = 2_147_483_647


class LabelSerializer(serializers.ModelSerializer):
    span = serializers.SerializerMethodField()

    class Meta:
        model = Label
        fields = ["id", "type", "key", "value", "source_seq", "span", "from_suggestion", "created_at"]
        read_only_fields = fields

    def get_span(self, label: Label) -> list[int]:
        return [label.span_start, label.span_end]


class LabelSetSerializer(serializers.ModelSerializer):
    """One annotator's labels of a conversation; ``submitted_at`` set: closed, ready for adjudication."""

    annotator = serializers.SlugRelatedField(slug_field="username", read_only=True)
    labels = LabelSerializer(many=True, read_only=True)

    class Meta:
        model = LabelSet
        fields = [
            "id",
            "conversation",
            "annotator",
            "started_at",
            "submitted_at",
            "suggestions_shown_at",
            "labels",
        ]
        read_only_fields = fields


class LabelInSerializer(StrictTypes, serializers.Serializer):
    """The words an annotator selected in one turn, and what fact they are."""

    type = serializers.ChoiceField(choices=FactType.choices)
    key = serializers.RegexField(
        services.KEY_RE.pattern,
        max_length=100,
        help_text="Lower-case letters, digits and underscores, starting with a letter.",
    )
    value = serializers.CharField(
        max_length=services.MAX_VALUE_CHARS,
        trim_whitespace=False,
        help_text="Exactly the turn's text from span_start to span_end.",
    )
    source_seq = serializers.IntegerField(min_value=1, max_value=MAX_INT)
    span_start = serializers.IntegerField(min_value=0, max_value=MAX_INT)
    span_end = serializers.IntegerField(min_value=1, max_value=MAX_INT)

    def validate(self, data: dict) -> dict:
        if data["span_end"] <= data["span_start"]:
            raise serializers.ValidationError({"span_end": ["Must be after span_start."]})
        return data


class LabelFromSuggestionSerializer(StrictTypes, serializers.Serializer):
    suggestion_id = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, help_text="The id of a suggestion (GET suggestions/)."
    )
    key = serializers.RegexField(
        services.KEY_RE.pattern,
        max_length=100,
        required=False,
        default="",
        allow_blank=True,
        help_text="The label's key, if not the suggestion's.",
    )


class SuggestionSerializer(serializers.ModelSerializer):
    """A fact the extractor pinned to words of a turn, offered as a label."""

    span = serializers.SerializerMethodField()

    class Meta:
        model = PinnedFact
        fields = ["id", "type", "key", "value", "source_seq", "span", "status"]
        read_only_fields = fields

    def get_span(self, fact: PinnedFact) -> list[int]:
        return [fact.span_start, fact.span_end]


class QueueRowSerializer(serializers.ModelSerializer):
    """A conversation in the labelling queue: its size, the caller's labelling, the others', its gold set."""

    turns = serializers.IntegerField(source="turn_count", read_only=True)
    my_labels = serializers.IntegerField(read_only=True)
    my_started = serializers.BooleanField(read_only=True)
    my_submitted = serializers.BooleanField(read_only=True)
    submitted_sets = serializers.IntegerField(read_only=True)
    gold_origin = serializers.ChoiceField(choices=GoldSet.Origin.choices, read_only=True, allow_null=True)

    class Meta:
        model = Conversation
        fields = [
            "id",
            "external_id",
            "title",
            "turns",
            "my_labels",
            "my_started",
            "my_submitted",
            "submitted_sets",
            "gold_origin",
        ]
        read_only_fields = fields


class GoldFactSerializer(serializers.ModelSerializer):
    labelled_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)

    class Meta:
        model = GoldFact
        fields = ["id", "type", "key", "value", "source_seq", "labelled_by", "created_at"]
        read_only_fields = fields


class PairAgreementSerializer(serializers.Serializer):
    """Two annotators' agreement over the facts either labelled."""

    annotators = serializers.ListField(child=serializers.CharField())
    facts = serializers.IntegerField()
    agreed = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True)
    kappa = serializers.FloatField(allow_null=True)


class AgreementSerializer(serializers.Serializer):
    """How far the annotators agreed (qa.agreement): every submitted set, overall and pair by pair.

    ``rate`` and ``kappa`` are the means over the pairs (Light's kappa; for two sets, Cohen's);
    ``fleiss_kappa`` is given from three sets on. Gold sets adjudicated before every set was
    compared lack ``sets``, ``annotators``, ``fleiss_kappa`` and ``pairs``."""

    sets = serializers.IntegerField(required=False)
    annotators = serializers.ListField(child=serializers.CharField(), required=False)
    facts = serializers.IntegerField()
    agreed = serializers.IntegerField(help_text="Facts every annotator labelled alike.")
    rate = serializers.FloatField(allow_null=True)
    kappa = serializers.FloatField(allow_null=True)
    fleiss_kappa = serializers.FloatField(allow_null=True, required=False)
    type_differs = serializers.IntegerField()
    value_differs = serializers.IntegerField()
    first_only = serializers.IntegerField(help_text="Facts only the first submitted set labelled.")
    second_only = serializers.IntegerField(help_text="Facts only the second submitted set labelled.")
    pairs = PairAgreementSerializer(many=True, required=False)


class GoldSetSerializer(serializers.ModelSerializer):
    """Where a conversation's gold facts came from."""

    adjudicated_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)
    agreement = AgreementSerializer(read_only=True, allow_null=True)
    gold_facts = serializers.IntegerField(source="gold_fact_count", read_only=True)

    class Meta:
        model = GoldSet
        fields = [
            "conversation",
            "origin",
            "source_file",
            "adjudicated_by",
            "agreement",
            "note",
            "gold_facts",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class GoldSetDetailSerializer(GoldSetSerializer):
    facts = GoldFactSerializer(many=True, read_only=True, source="conversation.gold_facts.all")
    label_sets = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta(GoldSetSerializer.Meta):
        fields = [*GoldSetSerializer.Meta.fields, "label_sets", "facts"]
        read_only_fields = fields


class AdjudicationSerializer(serializers.Serializer):
    """The submitted sets of a conversation and their agreement: what an adjudicator decides from."""

    label_sets = LabelSetSerializer(many=True)
    agreement = AgreementSerializer(allow_null=True)


class AdjudicateSerializer(StrictTypes, serializers.Serializer):
    keep = serializers.ListField(
        child=JsonInteger(min_value=1, max_value=MAX_INT),
        max_length=10_000,
        allow_empty=True,
        help_text="Ids of the submitted labels that become the gold facts.",
    )
    note = serializers.CharField(
        max_length=services.MAX_NOTE_CHARS, required=False, allow_blank=True, default=""
    )


class EvaluationRunInSerializer(StrictTypes, serializers.Serializer):
    source = serializers.ChoiceField(
        choices=EvaluationRun.Source.choices,
        help_text="extractor: run the configured extractor over the turns; stored: the pinned facts.",
    )


@extend_schema_field(
    {
        "type": "object",
        "description": "Per fact type: gold, found, recall, extracted, correct, precision.",
        "additionalProperties": {
            "type": "object",
            "additionalProperties": {"type": "number", "nullable": True},
        },
    }
)
class ByTypeField(serializers.JSONField):
    pass


class EvaluationRunSerializer(serializers.ModelSerializer):
    requested_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)
    by_type = serializers.SerializerMethodField()
    missed = serializers.IntegerField(read_only=True, default=0)
    fabricated = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = EvaluationRun
        fields = [
            "id",
            "source",
            "status",
            "provider",
            "model",
            "requested_by",
            "requested_at",
            "started_at",
            "finished_at",
            "error",
            "conversations",
            "gold_values",
            "recall",
            "precision",
            "clean_rate",
            "by_type",
            "missed",
            "fabricated",
        ]
        read_only_fields = fields

    @extend_schema_field(ByTypeField)
    def get_by_type(self, run: EvaluationRun) -> dict:
        return (run.figures or {}).get("by_type", {})


class FindingSerializer(serializers.ModelSerializer):
    """A gold value the run missed, or a value it produced that the conversation does not say."""

    class Meta:
        model = Finding
        fields = ["id", "kind", "conversation", "external_id", "type", "key", "value", "source_seq", "turns"]
        read_only_fields = fields


class LabelledQuerySerializer(StrictTypes, serializers.ModelSerializer):
    """A question about the conversation, with the turns (seq) that answer it."""

    query = serializers.CharField(max_length=services.MAX_QUERY_CHARS)
    evidence_seqs = serializers.ListField(
        child=JsonInteger(min_value=1, max_value=MAX_INT), min_length=1, max_length=1000
    )
    category = serializers.CharField(max_length=50, required=False, allow_blank=True, default="")

    class Meta:
        model = LabelledQuery
        fields = ["id", "query", "evidence_seqs", "category"]
        read_only_fields = ["id"]
        validators = []  # a duplicate question is the service's 409
