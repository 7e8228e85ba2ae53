"""REST API v1 for pinned facts and summary versions. Thin: parse, call a service of facts.staff, answer.

Every write goes through the same service the dashboard calls, so the rules
(a reason, a live fact, the version read, the audit entry) hold alike. A
fact is always looked up inside its conversation: a fact id of another
conversation is 404, not a way around the conversation in the URL.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response

from conversations.models import Conversation, Summary, SummaryKind
from facts import staff
from facts.models import FactRevision, PinnedFact
from facts.serializers import (
    FactAddSerializer,
    FactChangeSerializer,
    FactCorrectSerializer,
    FactFlagSerializer,
    FactTemporarySerializer,
    PinnedFactDetailSerializer,
    PinnedFactSerializer,
    SummarySerializer,
)
from memadmin.api_input import CursorPagination, choice_param
from memadmin.permissions import FactsPermission, conversation_for

ERRORS = {
    400: OpenApiResponse(description="Bad input: a missing reason, a value or span that does not fit."),
    403: OpenApiResponse(description="The role may not do this (support or admin change facts)."),
    404: OpenApiResponse(description="No such conversation, or no such fact in it."),
    409: OpenApiResponse(description="The fact changed since it was read, or is no longer current."),
}


class FactPagination(CursorPagination):
    ordering = ("source_seq", "id")
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500


class SummaryPagination(CursorPagination):
    ordering = ("-version", "kind")
    page_size = 50


def _conversation(request: Request, pk: int) -> Conversation:
    return conversation_for(request.user, pk)


def _fact(request: Request, pk: int, fact_id: int) -> PinnedFact:
    return get_object_or_404(PinnedFact, pk=fact_id, conversation_id=_conversation(request, pk).pk)


class FactList(generics.ListCreateAPIView):
    """A conversation's pinned facts; POST adds one a person selected in a turn."""

    permission_classes = [FactsPermission]
    serializer_class = PinnedFactSerializer
    pagination_class = FactPagination

    def get_queryset(self):
        facts = PinnedFact.objects.for_conversation(_conversation(self.request, self.kwargs["pk"]))
        if status_filter := choice_param(self.request, "status", PinnedFact.Status.values):
            facts = facts.filter(status=status_filter)
        return facts

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status", str, enum=PinnedFact.Status.values, description="Only facts with this status."
            )
        ]
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=FactAddSerializer, responses={201: PinnedFactSerializer, **ERRORS})
    def post(self, request: Request, pk: int) -> Response:
        conversation = _conversation(request, pk)
        serializer = FactAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fact = staff.fact_add(conversation=conversation, actor=request.user, **serializer.validated_data)
        return Response(PinnedFactSerializer(fact).data, status=status.HTTP_201_CREATED)


class FactDetail(generics.RetrieveAPIView):
    """One fact with its full history (every revision: who, when, before, after, why)."""

    permission_classes = [FactsPermission]
    serializer_class = PinnedFactDetailSerializer

    def get_object(self) -> PinnedFact:
        fact = _fact(self.request, self.kwargs["pk"], self.kwargs["fact_id"])
        revisions = FactRevision.objects.filter(fact=fact).select_related("actor").order_by("at", "id")
        fact._prefetched_objects_cache = {"revisions": revisions}
        return fact


class _FactAction(generics.GenericAPIView):
    """POST a change to one fact; the answer is the fact the change leaves current."""

    permission_classes = [FactsPermission]
    serializer_class = FactChangeSerializer
    created = False

    def act(self, fact: PinnedFact, data: dict, request: Request) -> PinnedFact:
        raise NotImplementedError

    def post(self, request: Request, pk: int, fact_id: int) -> Response:
        fact = _fact(request, pk, fact_id)
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        data["seen_updated_at"] = data.pop("updated_at", None)
        result = self.act(fact, data, request)
        return Response(
            PinnedFactSerializer(result).data,
            status=status.HTTP_201_CREATED if self.created else status.HTTP_200_OK,
        )


@extend_schema(responses={201: PinnedFactSerializer, **ERRORS})
class FactCorrect(_FactAction):
    """Correct a fact: the new (staff) value supersedes it; summaries quoting the old one are flagged."""

    serializer_class = FactCorrectSerializer
    created = True

    def act(self, fact, data, request):
        return staff.fact_correct(fact=fact, actor=request.user, **data)


@extend_schema(responses={200: PinnedFactSerializer, **ERRORS})
class FactUndoCorrection(_FactAction):
    """Undo a staff correction: the value it replaced is current again (answered)."""

    def act(self, fact, data, request):
        return staff.fact_correction_undo(fact=fact, actor=request.user, **data)


@extend_schema(responses={200: PinnedFactSerializer, **ERRORS})
class FactMarkTemporary(_FactAction):
    """Mark a fact temporary: until a date, or for this conversation only."""

    serializer_class = FactTemporarySerializer

    def act(self, fact, data, request):
        scope = data.pop("scope")
        return staff.fact_mark_temporary(
            fact=fact, actor=request.user, this_conversation_only=scope == "conversation", **data
        )


@extend_schema(responses={200: PinnedFactSerializer, **ERRORS})
class FactMakeDurable(_FactAction):
    """Make a temporary fact durable again."""

    def act(self, fact, data, request):
        return staff.fact_make_durable(fact=fact, actor=request.user, **data)


@extend_schema(responses={200: PinnedFactSerializer, **ERRORS})
class FactRetract(_FactAction):
    """Retract a wrong fact: kept in the history, never presented again."""

    def act(self, fact, data, request):
        return staff.fact_retract(fact=fact, actor=request.user, **data)


@extend_schema(responses={200: PinnedFactSerializer, **ERRORS})
class FactFlag(_FactAction):
    """Flag a fact for review (needs_review true, the reason says what to look at) or clear the flag."""

    serializer_class = FactFlagSerializer

    def act(self, fact, data, request):
        return staff.fact_flag(fact=fact, actor=request.user, **data)


class SummaryList(generics.ListAPIView):
    """Every version of a conversation's summaries, newest first (old versions stay for snapshots)."""

    permission_classes = [FactsPermission]
    serializer_class = SummarySerializer
    pagination_class = SummaryPagination

    def get_queryset(self):
        summaries = Summary.objects.filter(conversation=_conversation(self.request, self.kwargs["pk"]))
        if kind := choice_param(self.request, "kind", SummaryKind.values):
            summaries = summaries.filter(kind=kind)
        return summaries

    @extend_schema(parameters=[OpenApiParameter("kind", str, enum=SummaryKind.values)])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)
