"""REST API v1 for the record. Thin: parse, call a service, shape the answer."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, PolymorphicProxySerializer, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response

from conversations import services
from conversations.assembly import context_assemble
from conversations.models import ContextSnapshot, RefreshRun, Turn
from conversations.serializers import (
    ContextRequestSerializer,
    ContextSnapshotSerializer,
    ConversationSerializer,
    RefreshRequestSerializer,
    RefreshRunSerializer,
    TurnBatchInSerializer,
    TurnBatchSerializer,
    TurnInSerializer,
    TurnSerializer,
    turn_input,
)
from memadmin.api_input import CursorPagination, text_param
from memadmin.permissions import (
    RecordPermission,
    RefreshPermission,
    ScopedConversationMixin,
    visible_conversations,
)


class ConversationPagination(CursorPagination):
    ordering = "-id"


class ConversationList(generics.ListCreateAPIView):
    """List conversations, or create one (a known external id returns the stored one)."""

    serializer_class = ConversationSerializer
    permission_classes = [RecordPermission]
    pagination_class = ConversationPagination

    def get_queryset(self):
        queryset = visible_conversations(self.request.user)
        for field in ("external_id", "subject_id"):
            if value := text_param(self.request, field):
                queryset = queryset.filter(**{field: value})
        return queryset

    @extend_schema(
        parameters=[
            OpenApiParameter("external_id", str, description="Only the conversation with this external id."),
            OpenApiParameter("subject_id", str, description="Only conversations about this subject."),
        ]
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        responses={
            200: ConversationSerializer,
            201: ConversationSerializer,
            409: OpenApiResponse(description="The external id is stored with another subject_id."),
        }
    )
    def post(self, request: Request, *args, **kwargs) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        conversation, created = services.conversation_get_or_create(
            **serializer.validated_data, actor=request.user
        )
        return Response(
            ConversationSerializer(conversation).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class ConversationDetail(generics.RetrieveAPIView):
    serializer_class = ConversationSerializer
    permission_classes = [RecordPermission]

    def get_queryset(self):
        return visible_conversations(self.request.user)


class TurnPagination(CursorPagination):
    ordering = "seq"
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500


STORED_TURN_OR_BATCH = PolymorphicProxySerializer(
    "StoredTurnOrBatch", serializers=[TurnSerializer, TurnBatchSerializer], resource_type_field_name=None
)


class TurnList(ScopedConversationMixin, generics.ListCreateAPIView):
    """A conversation's turns in order; POST appends one turn or a batch."""

    serializer_class = TurnSerializer
    permission_classes = [RecordPermission]
    pagination_class = TurnPagination

    def get_queryset(self):
        return Turn.objects.for_conversation(self.conversation)

    @extend_schema(
        request=PolymorphicProxySerializer(
            "TurnOrBatch",
            serializers=[TurnInSerializer, TurnBatchInSerializer],
            resource_type_field_name=None,
        ),
        responses={
            200: STORED_TURN_OR_BATCH,
            201: STORED_TURN_OR_BATCH,
            409: OpenApiResponse(
                description="The seq is taken by another turn or out of order, or the idempotency key "
                "was used for another turn."
            ),
        },
        description=(
            'Send one turn, or {"turns": [...]} for a batch (all stored or none). '
            "201 when anything new was stored, 200 when every turn was a retry of a stored one."
        ),
    )
    def post(self, request: Request, *args, **kwargs) -> Response:
        conversation = self.conversation
        batch = isinstance(request.data, dict) and "turns" in request.data
        if batch:
            serializer = TurnBatchInSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            items = serializer.validated_data["turns"]
        else:
            serializer = TurnInSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            items = [serializer.validated_data]
        inputs = [turn_input(item) for item in items]
        result = services.turns_append(conversation=conversation, turns=inputs)
        body = TurnSerializer(result.turns, many=True).data
        return Response(
            {"turns": body} if batch else body[0],
            status=status.HTTP_201_CREATED if result.created else status.HTTP_200_OK,
        )


class SnapshotPagination(CursorPagination):
    ordering = "-created_at"


class ContextList(ScopedConversationMixin, generics.ListCreateAPIView):
    """POST a new user message to get the assembled context (stored as a snapshot); GET past snapshots."""

    serializer_class = ContextSnapshotSerializer
    permission_classes = [RecordPermission]
    pagination_class = SnapshotPagination

    def get_queryset(self):
        return ContextSnapshot.objects.filter(conversation=self.conversation)

    @extend_schema(request=ContextRequestSerializer, responses={201: ContextSnapshotSerializer})
    def post(self, request: Request, *args, **kwargs) -> Response:
        conversation = self.conversation
        serializer = ContextRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        snapshot = context_assemble(conversation=conversation, message=serializer.validated_data["message"])
        return Response(ContextSnapshotSerializer(snapshot).data, status=status.HTTP_201_CREATED)


class ContextDetail(ScopedConversationMixin, generics.RetrieveAPIView):
    """One snapshot: exactly what was sent, and why each piece was in it."""

    serializer_class = ContextSnapshotSerializer
    permission_classes = [RecordPermission]
    lookup_url_kwarg = "snapshot_id"

    def get_queryset(self):
        return ContextSnapshot.objects.filter(conversation=self.conversation)


class MemoryRefresh(ScopedConversationMixin, generics.GenericAPIView):
    """Ask for the conversation's summaries and facts to be recomputed (runs after the response).

    202 with the queued run; follow it at ``refresh-runs/<id>/`` to see how it ended, or why it did not.
    """

    permission_classes = [RefreshPermission]
    serializer_class = RefreshRequestSerializer

    @extend_schema(responses={202: RefreshRunSerializer})
    def post(self, request: Request, pk: int) -> Response:
        conversation = self.conversation
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        run = services.memory_refresh_request(
            conversation=conversation, actor=request.user, **serializer.validated_data
        )
        return Response(RefreshRunSerializer(run).data, status=status.HTTP_202_ACCEPTED)


class RefreshRunPagination(CursorPagination):
    ordering = "-requested_at"


class RefreshRunList(ScopedConversationMixin, generics.ListAPIView):
    """The conversation's refreshes, newest first: requested, boundary and rebuilds, with how each ended."""

    serializer_class = RefreshRunSerializer
    permission_classes = [RecordPermission]
    pagination_class = RefreshRunPagination

    def get_queryset(self):
        return RefreshRun.objects.filter(conversation=self.conversation).select_related("requested_by")


class RefreshRunDetail(ScopedConversationMixin, generics.RetrieveAPIView):
    serializer_class = RefreshRunSerializer
    permission_classes = [RecordPermission]
    lookup_url_kwarg = "run_id"

    def get_queryset(self):
        return RefreshRun.objects.filter(conversation=self.conversation).select_related("requested_by")
