"""Privacy pages: the requests, a new request, its preview and approval, its progress, its receipt."""

import re
from datetime import timedelta

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst, get_text_list
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from conversations.models import Conversation
from memadmin.errors import ApplicationError
from memadmin.filter_tabs import filter_tabs
from memadmin.models import AuditEntry
from memadmin.permissions import can_handle_forget, require
from privacy.forget import (
    RETRIED_ACTION,
    InputProblem,
    RequestInput,
    RequestRefused,
    forget_preview,
    forget_receipt_download,
    forget_request_approve,
    forget_request_create,
    forget_request_decline,
    forget_request_problems,
    forget_request_retry,
    forget_steps_total,
)
from privacy.models import ForgetRequest, ForgetStoreCount

REQUESTS_PER_PAGE = 50
_SEQ_RANGE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$")


class RequestForm(forms.Form):
    # Matches the rules in privacy.css that hide these fields for each scope.
    UNREAD_BY_SCOPE = {
        ForgetRequest.Scope.SUBJECT: ("conversation", "turn_seqs"),
        ForgetRequest.Scope.CONVERSATION: ("subject_id", "turn_seqs"),
        ForgetRequest.Scope.TURNS: ("subject_id",),
        ForgetRequest.Scope.VALUE: ("conversation", "turn_seqs"),
    }

    # The fields are named as the service's input (privacy.forget.RequestInput), whose refusals
    # name the field they are about.
    scope = forms.ChoiceField(choices=ForgetRequest.Scope.choices, widget=forms.RadioSelect)
    subject_id = forms.CharField(required=False, max_length=200, label="Subject id")
    conversation = forms.CharField(
        required=False, max_length=200, label="Conversation", help_text="Its external id, or its id."
    )
    turn_seqs = forms.CharField(
        required=False, max_length=2000, label="Turns", help_text="Seq numbers: 12, 15-18."
    )
    phrases = forms.CharField(
        required=False,
        max_length=6000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Values or phrases",
        help_text="One per line. Forgotten wherever the request reaches, and looked for by the scan.",
    )
    # Choices in sight, each wrapping on a narrow screen: a list box cuts the longer ones on a phone.
    legal_basis = forms.ChoiceField(
        choices=[(value, label[:1].upper() + label[1:]) for value, label in ForgetRequest.LegalBasis.choices],
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Where the request came from. No personal data: the audit log keeps this text.",
        error_messages={"required": "Say where the request came from."},
    )
    # An <input type="date"> reads and writes ISO dates, whatever the locale.
    deadline = forms.DateField(
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
        error_messages={
            "required": "Give the day by which it must be done.",
            "invalid": "Give the day by which it must be done as a date.",
        },
    )

    def clean_conversation(self) -> Conversation | None:
        value = self.cleaned_data["conversation"].strip()
        if not value:
            return None
        found = Conversation.objects.filter(external_id=value).first()
        if found is None and value.isdigit():
            found = Conversation.objects.filter(pk=int(value)).first()
        if found is None:
            raise forms.ValidationError(f"No conversation has the id or external id “{value}”.")
        return found

    def clean_turn_seqs(self) -> tuple[int, ...]:
        seqs: set[int] = set()
        for part in filter(None, (p.strip() for p in self.cleaned_data["turn_seqs"].split(","))):
            match = _SEQ_RANGE.match(part)
            if not match:
                raise forms.ValidationError(f"“{part}” is not a turn number or a range like 15-18.")
            first, last = int(match[1]), int(match[2] or match[1])
            if last < first or last - first > 1000:
                raise forms.ValidationError(f"“{part}” is not a range of at most 1,000 turns.")
            seqs.update(range(first, last + 1))
        return tuple(sorted(seqs))

    def clean(self) -> dict:
        # The page shows only the fields the chosen scope reads; what is left in a hidden one
        # (typed before switching scope) is not checked here, and the service does not keep it.
        data = super().clean()
        for name in self.UNREAD_BY_SCOPE.get(data.get("scope", ""), ()):
            self.errors.pop(name, None)
        return data

    def as_input(self) -> RequestInput:
        """What the form read, for the service; a field that failed its own check is left out."""
        data = self.cleaned_data
        return RequestInput.read({**data, "phrases": data.get("phrases", "").splitlines()})

    def add_problems(self, problems: list[InputProblem]) -> None:
        """The service's refusals, each beside the field it names, unless the form already said why."""
        for problem in problems:
            field = problem.field if problem.field in self.fields else None
            if field is None or field not in self.errors:
                self.add_error(field, problem.message)


@require_GET
@login_required
@require(can_handle_forget)
def request_list(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status", "")
    requests = ForgetRequest.objects.select_related("requested_by", "decided_by").order_by(
        "-requested_at", "-id"
    )
    if status == "open":
        requests = requests.filter(status__in=ForgetRequest.OPEN)
    elif status in ForgetRequest.Status.values:
        requests = requests.filter(status=status)
    page = Paginator(requests, REQUESTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "privacy/list.html",
        {
            "page": page,
            "status": status,
            "statuses": filter_tabs(
                "status",
                [
                    ("", "All"),
                    ("open", "Not carried out yet"),
                    # Each status by its own word ("Failed", not its long label): one row of pills.
                    *((value, capfirst(value.replace("_", " "))) for value in ForgetRequest.Status.values),
                ],
                status,
            ),
            "today": timezone.localdate(),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
@require(can_handle_forget)
def request_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = RequestForm(request.POST)
        # Every problem at once: the form's own checks and the service's, each beside its field.
        if not form.is_valid():
            form.add_problems(forget_request_problems(data=form.as_input()))
            return render(request, "privacy/new.html", {"form": form}, status=422)
        try:
            made = forget_request_create(actor=request.user, data=form.as_input())
        except RequestRefused as refused:
            form.add_problems(refused.problems)
            return render(request, "privacy/new.html", {"form": form}, status=422)
        return redirect("privacy:detail", pk=made.pk)
    initial = {
        "deadline": timezone.localdate() + timedelta(days=30),
        "scope": ForgetRequest.Scope.SUBJECT,
        "legal_basis": ForgetRequest.LegalBasis.ERASURE,
    }
    for name in ("subject_id", "conversation", "scope"):
        if request.GET.get(name):
            initial[name] = request.GET[name][:200]
    return render(request, "privacy/new.html", {"form": RequestForm(initial=initial)})


def _request_for_user(pk: int) -> ForgetRequest:
    return get_object_or_404(ForgetRequest.objects.select_related("requested_by", "decided_by"), pk=pk)


@require_GET
@login_required
@require(can_handle_forget)
def request_detail(request: HttpRequest, pk: int) -> HttpResponse:
    forget = _request_for_user(pk)
    if request.htmx and request.htmx.target == "forget-progress":
        context = _detail_context(request, forget, fragment=True)
        return render(request, "privacy/detail.html#forget-progress", context)
    return render(request, "privacy/detail.html", _detail_context(request, forget))


def _detail_context(request: HttpRequest, forget: ForgetRequest, **extra) -> dict:
    preview = forget_preview(forget) if forget.status == ForgetRequest.Status.AWAITING else None
    counts = list(ForgetStoreCount.objects.filter(request=forget).order_by("position", "store"))
    steps = forget_steps_total(forget)
    confirm = _confirmed_to(request, forget)
    return {
        "forget": forget,
        "preview": preview,
        "preview_total": sum(row.affected for row in preview) if preview else 0,
        "counts": counts,
        "steps_total": steps,
        "steps_done": len(forget.steps_done),
        "may_approve": forget.status == ForgetRequest.Status.AWAITING
        and forget.requested_by_id != request.user.pk,
        "own": forget.requested_by_id == request.user.pk,
        "rebuild_runs": (forget.plan or {}).get("rebuild_runs", []),
        "confirm": confirm,
        # The polled progress asks with the same query, so the confirmation follows the run to its end.
        "confirm_query": f"?{confirm}=1" if confirm else "",
        "removed": sum(count.removed for count in counts),
        "rewritten": sum(count.rewritten for count in counts),
        "stores_changed": sum(1 for count in counts if count.removed or count.rewritten),
        **extra,
    }


# The page leading from an approval ("?approved=1") or a run again ("?retried=1") confirms what it
# did to the officer who acted, to no one else: the approver is on the request, who ran it again
# in the audit log.
def _confirmed_to(request: HttpRequest, forget: ForgetRequest) -> str:
    """Which action of the viewer's the page confirms ("approved", "retried"), or "" for none."""
    if forget.status in (ForgetRequest.Status.AWAITING, ForgetRequest.Status.DECLINED):
        return ""
    if request.GET.get("approved") == "1":
        return "approved" if forget.decided_by_id == request.user.pk else ""
    if request.GET.get("retried") == "1":
        last_run_again = (
            AuditEntry.objects.filter(
                action=RETRIED_ACTION,
                target_type=forget._meta.label_lower,
                target_id=str(forget.pk),
            )
            .order_by("-at", "-id")
            .values_list("actor_id", flat=True)
            .first()
        )
        return "retried" if last_run_again == request.user.pk else ""
    return ""


@require_POST
@login_required
@require(can_handle_forget)
def request_decide(request: HttpRequest, pk: int, decision: str) -> HttpResponse:
    forget = _request_for_user(pk)
    note = request.POST.get("note", "")
    try:
        if decision == "approve":
            forget_request_approve(request=forget, actor=request.user, note=note)
        elif decision == "decline":
            forget_request_decline(request=forget, actor=request.user, note=note)
        elif decision == "retry":
            forget_request_retry(request=forget, actor=request.user, reason=note)
        else:
            raise Http404("No such decision.")
    except ApplicationError as error:
        forget.refresh_from_db()
        context = _detail_context(request, forget, decision_error=error.message)
        return render(request, "privacy/detail.html", context, status=error.status_code)
    if decision in ("approve", "retry"):
        # The page it leads to confirms what was done, to the officer who did it.
        done = "approved" if decision == "approve" else "retried"
        return redirect(reverse("privacy:detail", args=[forget.pk]) + f"?{done}=1")
    return redirect("privacy:detail", pk=forget.pk)


def _receipt_of(pk: int):
    forget = _request_for_user(pk)
    receipt = getattr(forget, "receipt", None) if forget.status == ForgetRequest.Status.COMPLETED else None
    if receipt is None:
        raise Http404("This request has no receipt: it has not completed.")
    return forget, receipt


def _counted(count: int, thing: str) -> str:
    return f"{count} {thing}{pluralize(count)}"


def checked_for(checked: dict) -> str:
    """What the residue scan looked for, in words, leaving out the kinds it had none of.

    "the embeddings of 2 turns and the ids of 2 turns", not "0 values, the embeddings of 2 turns,
    the ids of 0 conversations and 2 turns".
    """
    ids = [
        _counted(count, thing)
        for count, thing in (
            (checked["conversations_deleted"], "conversation"),
            (checked["turns_deleted"], "turn"),
        )
        if count
    ]
    parts = [_counted(checked["values"], "value")] if checked["values"] else []
    if checked["embeddings"]:
        parts.append(f"the embeddings of {_counted(checked['embeddings'], 'turn')}")
    if ids:
        parts.append(f"the ids of {get_text_list(ids, 'and')}")
    return get_text_list(parts, "and") if parts else "nothing: the request named nothing stored"


@require_GET
@login_required
@require(can_handle_forget)
def receipt_page(request: HttpRequest, pk: int) -> HttpResponse:
    forget, receipt = _receipt_of(pk)
    context = {
        "forget": forget,
        "receipt": receipt,
        "document": receipt.document,
        "checked_for": checked_for(receipt.document["checked"]),
    }
    return render(request, "privacy/receipt.html", context)


@require_GET
@login_required
@require(can_handle_forget)
def receipt_json(request: HttpRequest, pk: int) -> HttpResponse:
    body = forget_receipt_download(_request_for_user(pk))
    if body is None:
        raise Http404("This request has no receipt: it has not completed.")
    response = JsonResponse(body, json_dumps_params={"indent": 2, "sort_keys": True})
    response["Content-Disposition"] = f'attachment; filename="forget-receipt-{pk}.json"'
    return response
