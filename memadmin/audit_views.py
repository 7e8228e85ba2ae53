"""The audit log page: every staff action, newest first, filtered; read only, with no way to change it."""

import json
from datetime import datetime, time, timedelta

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from conversations.models import Conversation
from memadmin.audit import MASK
from memadmin.audit_targets import describe_targets
from memadmin.models import AuditEntry
from memadmin.permissions import can_view_conversations, require

ENTRIES_PER_PAGE = 50


class AuditFilters(forms.Form):
    person = forms.CharField(required=False, max_length=150)
    conversation = forms.CharField(required=False, max_length=200, help_text="Its id, or its external id.")
    action = forms.CharField(required=False, max_length=100)
    since = forms.DateField(required=False, label="From")
    until = forms.DateField(required=False, label="To")

    def clean_conversation(self) -> int | None:
        value = self.cleaned_data["conversation"]
        if not value:
            return None
        found = Conversation.objects.filter(external_id=value).values_list("pk", flat=True).first()
        if found is None and value.isdigit():
            found = int(value)  # an id, kept in the log after a forget request deleted the conversation
        if found is None:
            raise forms.ValidationError(f"No conversation has the external id “{value}”.")
        return found

    def clean(self):
        data = super().clean()
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise forms.ValidationError("The “from” date is after the “to” date.")
        return data


def _filtered(data: dict):
    # A subquery, not a join: Django makes a join on the filtered conversation an
    # inner one, which would hide entries about a conversation since deleted.
    external_id = Conversation.objects.filter(pk=OuterRef("conversation_id")).values("external_id")
    entries = AuditEntry.objects.annotate(conversation_external_id=Subquery(external_id)).order_by(
        "-at", "-id"
    )
    if data["person"]:
        entries = entries.filter(actor_label=data["person"])
    if data["conversation"] is not None:
        entries = entries.filter(conversation_id=data["conversation"])
    if data["action"]:
        # A namespace ("memadmin.fact") picks every action under it.
        entries = entries.filter(action__startswith=data["action"])
    if data["since"]:
        entries = entries.filter(at__gte=_start_of(data["since"]))
    if data["until"]:
        entries = entries.filter(at__lt=_start_of(data["until"] + timedelta(days=1)))
    return entries


def _start_of(day) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


# A field with nothing in it on both sides of the arrow would read "— → —": it says what happened.
ADDED_EMPTY = "added, empty"
REMOVED_EMPTY = "removed, was empty"


def _changes(entry: AuditEntry) -> tuple[list[tuple[str, str | None, str | None, str]], list[str]]:
    """(field, before, after, words) for each field that changed, in a stable order; and the
    unchanged fields.

    None stands for a field that was not there before (it was set) or is not there after. ``words``
    says what happened to a field added or removed with nothing in it, which no arrow can show.
    """
    before, after = entry.before or {}, entry.after or {}
    keys = list(before) + [key for key in after if key not in before]
    shown_before = {key: _shown(value) for key, value in before.items()}
    shown_after = {key: _shown(value) for key, value in after.items()}
    # Empty is empty, null or "": a field that went from one to the other did not change for a person.
    # A masked secret looks the same before and after whether or not it changed: never call it unchanged.
    same = {
        key
        for key in keys
        if key in before and key in after and shown_before[key] == shown_after[key] and after[key] != MASK
    }
    changed = []
    for key in keys:
        if key in same:
            continue
        old, new = shown_before.get(key), shown_after.get(key)
        words = ""
        if old is None and new == "":
            words = ADDED_EMPTY
        elif old == "" and new is None:
            words = REMOVED_EMPTY
        changed.append((key, old, new, words))
    return changed, [key for key in keys if key in same]


def _shown(value: object) -> str:
    """The value as the page writes it; an empty one (null, "") as "" (drawn as a dash)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@require_GET
@login_required
@require(can_view_conversations)
def audit_list(request: HttpRequest) -> HttpResponse:
    filters = AuditFilters(request.GET)
    template = "audit/list.html"
    if request.htmx and request.htmx.target == "audit-table":
        template += "#audit-table"
    context = {
        "filters": filters,
        # Both lists are small (accounts, action codes) and read with one query each.
        "people": get_user_model().objects.order_by("username").values_list("username", flat=True),
        "actions": AuditEntry.objects.order_by("action").values_list("action", flat=True).distinct(),
    }
    if not filters.is_valid():
        return render(request, template, {**context, "page": None}, status=400)
    page = Paginator(_filtered(filters.cleaned_data), ENTRIES_PER_PAGE).get_page(request.GET.get("page"))
    describe_targets(page.object_list, viewer=request.user)
    rows = [(entry, *_changes(entry)) for entry in page.object_list]
    return render(request, template, {**context, "page": page, "rows": rows})
