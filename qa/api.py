"""REST API v1 for QA: labelling gold facts, adjudicating gold sets, evaluation runs, labelled questions.

Thin, as the pages are: each write is one service of ``qa.services`` or ``qa.runs``, which checks
the role again, validates and writes the audit log. A service's refusal of a field is answered
as that field's error (400); an annotator sees and changes only their own labels, as on the page.
"""

from django.db.models import Func, IntegerField, OuterRef, Prefetch, Subquery, Value
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response

from conversations.models import LabelledQuery
from facts.models import GoldFact
from memadmin.api_input import CursorPagination, choice_param, service_fields
from memadmin.errors import PermissionRefused
from memadmin.permissions import (
    ScopedConversationMixin,
    api_permission,
    can_adjudicate,
    can_label_gold,
    can_run_evaluation,
    can_view_evaluations,
)
from qa import queue, runs, services
from qa.models import EvaluationRun, Finding, GoldSet, Label, LabelSet
from qa.serializers import (
    AdjudicateSerializer,
    AdjudicationSerializer,
    EvaluationRunInSerializer,
    EvaluationRunSerializer,
    FindingSerializer,
    GoldSetDetailSerializer,
    GoldSetSerializer,
    LabelFromSuggestionSerializer,
    LabelInSerializer,
    LabelledQuerySerializer,
    LabelSerializer,
    LabelSetSerializer,
    QueueRowSerializer,
    SuggestionSerializer,
)

LabelPermission = api_permission(can_label_gold)
AdjudicatePermission = api_permission(can_adjudicate)
RunPermission = api_permission(can_view_evaluations, write_check=can_run_evaluation)

# Where a service's refusal points, by its code: the field the client sent wrong.
LABEL_FIELDS = {
    "invalid_type": "type",
    "invalid_key": "key",
    "bad_value": "value",
    "unknown_turn": "source_seq",
    "span_mismatch": "value",
}
QUERY_FIELDS = {"bad_query": "query", "no_evidence": "evidence_seqs", "unknown_turn": "evidence_seqs"}
ADJUDICATE_FIELDS = {"note_too_long": "note", "unknown_label": "keep"}
REFUSALS = {
    403: OpenApiResponse(description="The role may not (qa or admin), or the label is another annotator's."),
    409: OpenApiResponse(description="The set is submitted, or the same words are already labelled."),
}


def _own_sets(request: Request, conversation) -> list[LabelSet]:
    return list(
        LabelSet.objects.filter(conversation=conversation, annotator=request.user)
        .select_related("annotator")
        .prefetch_related("labels")
    )


# ------------------------------------------------------------------ one annotator's labels


class LabelSetList(ScopedConversationMixin, generics.GenericAPIView):
    """The caller's own label set of the conversation (none until they label): never another annotator's."""

    permission_classes = [LabelPermission]
    serializer_class = LabelSetSerializer
    pagination_class = None

    @extend_schema(responses={200: LabelSetSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(LabelSetSerializer(_own_sets(request, self.conversation), many=True).data)


class LabelSetSubmit(ScopedConversationMixin, generics.GenericAPIView):
    """Submit the caller's labels: the set closes and is ready for adjudication."""

    permission_classes = [LabelPermission]
    serializer_class = LabelSetSerializer

    @extend_schema(request=None, responses={200: LabelSetSerializer, **REFUSALS})
    def post(self, request: Request, pk: int) -> Response:
        label_set = services.label_set_submit(conversation=self.conversation, actor=request.user)
        return Response(LabelSetSerializer(_own_sets(request, label_set.conversation)[0]).data)


class LabelList(ScopedConversationMixin, generics.GenericAPIView):
    """Label the words selected in a turn as a fact (in the caller's own set)."""

    permission_classes = [LabelPermission]
    serializer_class = LabelInSerializer

    @extend_schema(responses={201: LabelSerializer, **REFUSALS})
    def post(self, request: Request, pk: int) -> Response:
        conversation = self.conversation
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with service_fields(LABEL_FIELDS):
            label = services.label_add(
                conversation=conversation, actor=request.user, **serializer.validated_data
            )
        return Response(LabelSerializer(label).data, status=status.HTTP_201_CREATED)


class LabelDetail(ScopedConversationMixin, generics.GenericAPIView):
    permission_classes = [LabelPermission]
    serializer_class = LabelSerializer

    @extend_schema(responses={204: None, **REFUSALS})
    def delete(self, request: Request, pk: int, label_id: int) -> Response:
        """Take back one of the caller's labels (before submitting)."""
        label = get_object_or_404(
            Label.objects.select_related("label_set__conversation"),
            pk=label_id,
            label_set__conversation=self.conversation,
        )
        services.label_remove(label=label, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LabelSetShowSuggestions(ScopedConversationMixin, generics.GenericAPIView):
    """The caller chooses to see the extractor's suggestions: their set records it was not labelled blind."""

    permission_classes = [LabelPermission]
    serializer_class = LabelSetSerializer

    @extend_schema(request=None, responses={200: LabelSetSerializer, **REFUSALS})
    def post(self, request: Request, pk: int) -> Response:
        conversation = self.conversation
        services.label_set_show_suggestions(conversation=conversation, actor=request.user)
        return Response(LabelSetSerializer(_own_sets(request, conversation)[0]).data)


class SuggestionList(ScopedConversationMixin, generics.GenericAPIView):
    """The extractor's facts the caller may take as labels: none until they chose to see them."""

    permission_classes = [LabelPermission]
    serializer_class = SuggestionSerializer
    pagination_class = None

    @extend_schema(responses={200: SuggestionSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        sets = _own_sets(request, self.conversation)
        label_set = sets[0] if sets else None
        labels = list(label_set.labels.all()) if label_set else []
        suggestions = services.label_suggestions(label_set=label_set, labels=labels)
        return Response(SuggestionSerializer(suggestions, many=True).data)


class LabelFromSuggestion(ScopedConversationMixin, generics.GenericAPIView):
    """Take one of the extractor's suggestions as a label (the label says it came from one)."""

    permission_classes = [LabelPermission]
    serializer_class = LabelFromSuggestionSerializer

    @extend_schema(
        responses={
            201: LabelSerializer,
            **REFUSALS,
            409: OpenApiResponse(
                description="The set is submitted, the words are already labelled, or the caller has not "
                "chosen to see suggestions."
            ),
        }
    )
    def post(self, request: Request, pk: int) -> Response:
        conversation = self.conversation
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The service takes type, words and span from the suggestion itself.
        taken = {"type": "", "value": "", "source_seq": 0, "span_start": 0, "span_end": 0}
        with service_fields({"unknown_suggestion": "suggestion_id", "invalid_key": "key"}):
            label = services.label_add(
                conversation=conversation, actor=request.user, **taken, **serializer.validated_data
            )
        return Response(LabelSerializer(label).data, status=status.HTTP_201_CREATED)


# ------------------------------------------------------------------ the labelling queue


class QueuePagination(CursorPagination):
    ordering = "id"
    page_size = 50


class LabellingQueue(generics.ListAPIView):
    """Every conversation with where its labelling stands for the caller, as the queue page shows it."""

    permission_classes = [LabelPermission]
    serializer_class = QueueRowSerializer
    pagination_class = QueuePagination

    def get_queryset(self):
        shown = choice_param(self.request, "show", list(queue.FILTERS)) or queue.DEFAULT_FILTER
        return queue.queue_rows(user=self.request.user, shown=shown)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "show",
                str,
                enum=list(queue.FILTERS),
                description=f"Which conversations (default {queue.DEFAULT_FILTER}).",
            )
        ]
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)


# ------------------------------------------------------------------ gold sets and adjudication


def _count(rows) -> Coalesce:
    """How many ``rows`` (correlated to the outer row): a subquery, so that a page of the list
    counts for its own rows only, not a join and GROUP BY over every row before the LIMIT."""
    counted = rows.order_by().values("pk").annotate(n=Func("pk", function="COUNT")).values("n")[:1]
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def _gold_sets():
    return GoldSet.objects.select_related("adjudicated_by").annotate(
        gold_fact_count=_count(GoldFact.objects.filter(conversation=OuterRef("conversation")))
    )


def _gold_set_of(conversation) -> GoldSet:
    facts = GoldFact.objects.select_related("labelled_by").order_by("source_seq", "id")
    return get_object_or_404(
        _gold_sets()
        .select_related("conversation")
        .prefetch_related("label_sets", Prefetch("conversation__gold_facts", queryset=facts)),
        conversation=conversation,
    )


class GoldSetPagination(CursorPagination):
    ordering = "-id"


class GoldSetList(generics.ListAPIView):
    """Every conversation's gold set (adjudicated or imported), newest first."""

    permission_classes = [LabelPermission]
    serializer_class = GoldSetSerializer
    pagination_class = GoldSetPagination

    def get_queryset(self):
        gold_sets = _gold_sets()
        if origin := choice_param(self.request, "origin", GoldSet.Origin.values):
            gold_sets = gold_sets.filter(origin=origin)
        return gold_sets

    @extend_schema(parameters=[OpenApiParameter("origin", str, enum=GoldSet.Origin.values)])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)


class GoldSetDetail(ScopedConversationMixin, generics.RetrieveAPIView):
    """A conversation's gold set with its gold facts (404 while it has none)."""

    permission_classes = [LabelPermission]
    serializer_class = GoldSetDetailSerializer

    def get_object(self) -> GoldSet:
        return _gold_set_of(self.conversation)


class Adjudication(ScopedConversationMixin, generics.GenericAPIView):
    """GET the submitted label sets and their agreement; POST the labels to keep as the gold set.

    Four eyes: no one adjudicates a conversation they labelled (403, code own_labels).
    """

    permission_classes = [AdjudicatePermission]
    serializer_class = AdjudicateSerializer

    @extend_schema(
        responses={
            200: AdjudicationSerializer,
            403: OpenApiResponse(description="The role may not, or the caller labelled this conversation."),
        }
    )
    def get(self, request: Request, pk: int) -> Response:
        conversation = self.conversation
        if not services.may_adjudicate(conversation, request.user):
            # As on the page: whoever labelled it sees neither the form nor the others' labels.
            raise PermissionRefused(services.OWN_LABELS, code="own_labels")
        sets = services.submitted_sets(conversation)
        agreement = services.agreement_of(conversation, sets)
        body = {"label_sets": sets, "agreement": agreement.as_dict() if agreement else None}
        return Response(AdjudicationSerializer(body).data)

    @extend_schema(
        responses={
            200: GoldSetDetailSerializer,
            403: OpenApiResponse(description="The role may not, or the caller labelled this conversation."),
            409: OpenApiResponse(description="Not enough submitted sets to adjudicate yet."),
        }
    )
    def post(self, request: Request, pk: int) -> Response:
        conversation = self.conversation
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with service_fields(ADJUDICATE_FIELDS):
            services.gold_set_adjudicate(
                conversation=conversation, actor=request.user, **serializer.validated_data
            )
        return Response(GoldSetDetailSerializer(_gold_set_of(conversation)).data)


# ------------------------------------------------------------------ evaluation runs


def _runs():
    findings = Finding.objects.filter(run=OuterRef("pk"))
    return EvaluationRun.objects.select_related("requested_by").annotate(
        missed=_count(findings.filter(kind=Finding.Kind.MISSED)),
        fabricated=_count(findings.filter(kind=Finding.Kind.FABRICATED)),
    )


class RunPagination(CursorPagination):
    ordering = "-id"


class EvaluationRunList(generics.ListCreateAPIView):
    """Evaluation runs, newest first (every staff role reads them); POST starts one (qa or admin).

    A run measures every gold set in the background: 202 with the queued run, then follow it at
    ``evaluation-runs/<id>/`` until its status is done (figures) or failed (error).
    """

    permission_classes = [RunPermission]
    serializer_class = EvaluationRunSerializer
    pagination_class = RunPagination

    def get_queryset(self):
        return _runs()

    @extend_schema(request=EvaluationRunInSerializer, responses={202: EvaluationRunSerializer})
    def post(self, request: Request, *args, **kwargs) -> Response:
        serializer = EvaluationRunInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with service_fields({"invalid_source": "source"}):
            run = runs.evaluation_run_request(actor=request.user, source=serializer.validated_data["source"])
        return Response(EvaluationRunSerializer(run).data, status=status.HTTP_202_ACCEPTED)


class EvaluationRunDetail(generics.RetrieveAPIView):
    """One run: its status, its figures overall and by fact type, and how many findings of each kind."""

    permission_classes = [RunPermission]
    serializer_class = EvaluationRunSerializer
    lookup_url_kwarg = "run_id"

    def get_queryset(self):
        return _runs()


class FindingPagination(CursorPagination):
    ordering = "id"
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500


class FindingList(generics.ListAPIView):
    """What a run missed and what it made up, each with its conversation and turn (seq)."""

    permission_classes = [RunPermission]
    serializer_class = FindingSerializer
    pagination_class = FindingPagination

    def get_queryset(self):
        run = get_object_or_404(EvaluationRun.objects.only("pk"), pk=self.kwargs["run_id"])
        findings = Finding.objects.filter(run=run)
        if kind := choice_param(self.request, "kind", Finding.Kind.values):
            findings = findings.filter(kind=kind)
        return findings

    @extend_schema(parameters=[OpenApiParameter("kind", str, enum=Finding.Kind.values)])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)


# ------------------------------------------------------------------ labelled retrieval questions


class LabelledQueryPagination(CursorPagination):
    ordering = "id"


class LabelledQueryList(ScopedConversationMixin, generics.ListCreateAPIView):
    """Questions about the conversation, with the turns that answer them (eval_retrieval); POST adds one."""

    permission_classes = [LabelPermission]
    serializer_class = LabelledQuerySerializer
    pagination_class = LabelledQueryPagination

    def get_queryset(self):
        return LabelledQuery.objects.filter(conversation=self.conversation)

    @extend_schema(
        responses={
            201: LabelledQuerySerializer,
            409: OpenApiResponse(description="The question is already labelled for this conversation."),
        }
    )
    def post(self, request: Request, *args, **kwargs) -> Response:
        conversation = self.conversation
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with service_fields(QUERY_FIELDS):
            labelled = services.labelled_query_add(
                conversation=conversation,
                actor=request.user,
                query=serializer.validated_data["query"],
                evidence_seqs=serializer.validated_data["evidence_seqs"],
                category=serializer.validated_data["category"],
            )
        return Response(LabelledQuerySerializer(labelled).data, status=status.HTTP_201_CREATED)


class LabelledQueryDetail(ScopedConversationMixin, generics.GenericAPIView):
    permission_classes = [LabelPermission]
    serializer_class = LabelledQuerySerializer

    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int, query_id: int) -> Response:
        """Remove a labelled question."""
        labelled = get_object_or_404(LabelledQuery, pk=query_id, conversation=self.conversation)
        services.labelled_query_remove(labelled=labelled, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
