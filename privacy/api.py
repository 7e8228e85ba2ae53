"""REST API v1 for forget requests: ask, preview, approve or decline, follow, and fetch the receipt.

Privacy officers only, as on the pages, and through the same functions of ``privacy.forget``:
approval is by a second officer (the service refuses the requester), and an approved request
runs on the outbox and Celery path, never in the request.
"""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from memadmin.api_input import CursorPagination, choice_param, service_fields
from memadmin.errors import Conflict
from memadmin.permissions import api_permission, can_handle_forget
from privacy import forget
from privacy.models import ForgetRequest, ForgetStoreCount
from privacy.serializers import (
    DecisionSerializer,
    ForgetRequestInSerializer,
    ForgetRequestSerializer,
    PreviewSerializer,
    ReasonedDecisionSerializer,
    ReceiptSerializer,
)

ForgetPermission = api_permission(can_handle_forget)
STATUS_FILTERS = [*ForgetRequest.Status.values, "open"]

REASON_FIELDS = {"reason_required": "note", "reason_too_long": "note"}
DECISION_REFUSALS = {
    403: OpenApiResponse(description="Not a privacy officer, or (approve) the officer who made the request."),
    409: OpenApiResponse(description="The request is already decided (or, retry: it has not failed)."),
}


def _requests():
    counts = ForgetStoreCount.objects.order_by("position", "store")
    return ForgetRequest.objects.select_related("requested_by", "decided_by").prefetch_related(
        Prefetch("store_counts", queryset=counts)
    )


def _request(pk: int) -> ForgetRequest:
    return get_object_or_404(_requests(), pk=pk)


def _answer(pk: int, code: int = status.HTTP_200_OK) -> Response:
    return Response(ForgetRequestSerializer(_request(pk)).data, status=code)


class ForgetRequestPagination(CursorPagination):
    ordering = "-id"


class ForgetRequestList(generics.ListCreateAPIView):
    """Forget requests, newest first; POST asks for one (it waits for a second officer's approval)."""

    permission_classes = [ForgetPermission]
    serializer_class = ForgetRequestSerializer
    pagination_class = ForgetRequestPagination

    def get_queryset(self):
        requests = _requests()
        wanted = choice_param(self.request, "status", STATUS_FILTERS)
        if wanted == "open":
            requests = requests.filter(status__in=ForgetRequest.OPEN)
        elif wanted:
            requests = requests.filter(status=wanted)
        return requests

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=STATUS_FILTERS,
                description="Only requests with this status (open: awaiting approval, queued or running).",
            )
        ]
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=ForgetRequestInSerializer, responses={201: ForgetRequestSerializer})
    def post(self, request: Request, *args, **kwargs) -> Response:
        serializer = ForgetRequestInSerializer(data=request.data)
        if not serializer.is_valid():
            raise ValidationError(serializer.every_problem())
        try:
            made = forget.forget_request_create(actor=request.user, data=serializer.as_input())
        except forget.RequestRefused as refused:
            # Each problem names the input it is about, which is the field of this body.
            raise ValidationError(refused.by_field()) from None
        return _answer(made.pk, status.HTTP_201_CREATED)


class ForgetRequestDetail(generics.RetrieveAPIView):
    """One request: its status, its progress (steps done of the steps it runs) and the figures per store."""

    permission_classes = [ForgetPermission]
    serializer_class = ForgetRequestSerializer

    def get_queryset(self):
        return _requests()


class ForgetRequestPreview(generics.GenericAPIView):
    """A dry run of a request awaiting approval: per store, the rows in scope and those it would change."""

    permission_classes = [ForgetPermission]
    serializer_class = PreviewSerializer

    @extend_schema(
        responses={
            200: PreviewSerializer,
            409: OpenApiResponse(description="Only a request awaiting approval has a preview."),
        }
    )
    def get(self, request: Request, pk: int) -> Response:
        made = get_object_or_404(ForgetRequest, pk=pk)
        if made.status != ForgetRequest.Status.AWAITING:
            raise Conflict(
                f"Only a request awaiting approval has a preview; this one is {made.get_status_display()}.",
                code="not_awaiting",
            )
        rows = forget.forget_preview(made)
        body = {"stores": [row.__dict__ for row in rows], "affected": sum(row.affected for row in rows)}
        return Response(PreviewSerializer(body).data)


class _Decision(generics.GenericAPIView):
    permission_classes = [ForgetPermission]
    serializer_class = DecisionSerializer

    def decide(self, made: ForgetRequest, note: str, actor) -> None:
        raise NotImplementedError

    def post(self, request: Request, pk: int) -> Response:
        made = get_object_or_404(ForgetRequest, pk=pk)
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with service_fields(REASON_FIELDS):
            self.decide(made, serializer.validated_data["note"], request.user)
        return _answer(made.pk)


@extend_schema(responses={200: ForgetRequestSerializer, **DECISION_REFUSALS})
class ForgetRequestApprove(_Decision):
    """Approve a request (a second privacy officer, not its requester): it is queued to run."""

    def decide(self, made, note, actor):
        forget.forget_request_approve(request=made, actor=actor, note=note)


@extend_schema(responses={200: ForgetRequestSerializer, **DECISION_REFUSALS})
class ForgetRequestDecline(_Decision):
    """Decline a request that has not run (its requester withdraws it the same way)."""

    serializer_class = ReasonedDecisionSerializer

    def decide(self, made, note, actor):
        forget.forget_request_decline(request=made, actor=actor, note=note)


@extend_schema(responses={200: ForgetRequestSerializer, **DECISION_REFUSALS})
class ForgetRequestRetry(_Decision):
    """Run a failed request again, every step, once someone has seen why it failed."""

    serializer_class = ReasonedDecisionSerializer

    def decide(self, made, note, actor):
        forget.forget_request_retry(request=made, actor=actor, reason=note)


class ForgetReceipt(generics.GenericAPIView):
    """The receipt of a completed request: the same document (and digest) the page's download serves."""

    permission_classes = [ForgetPermission]
    serializer_class = ReceiptSerializer

    @extend_schema(responses={200: ReceiptSerializer})
    def get(self, request: Request, pk: int) -> Response:
        body = forget.forget_receipt_download(
            get_object_or_404(ForgetRequest.objects.select_related("receipt"), pk=pk)
        )
        if body is None:
            return Response(
                {"detail": "This request has no receipt: it has not completed.", "code": "not_found"},
                status=status.HTTP_404_NOT_FOUND,
            )
        return Response(body)
