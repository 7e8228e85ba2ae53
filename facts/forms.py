"""The dashboard's action forms. They only parse; the rules are in facts.staff."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from conversations.models import SummaryKind
from facts.models import FactType


class ChangeForm(forms.Form):
    """Every change says why, and carries the version of the fact the form was made from."""

    reason = forms.CharField(max_length=2000, strip=True, error_messages={"required": "Say why."})
    updated_at = forms.DateTimeField(required=False, widget=forms.HiddenInput)

    def service_kwargs(self) -> dict:
        data = dict(self.cleaned_data)
        data["seen_updated_at"] = data.pop("updated_at")
        return data


class CorrectForm(ChangeForm):
    value = forms.CharField(
        max_length=10_000, strip=True, error_messages={"required": "Give the right value."}
    )


class TemporaryForm(ChangeForm):
    scope = forms.ChoiceField(choices=[("until", "until a date"), ("conversation", "this conversation only")])
    until = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict:
        data = super().clean()
        if data.get("scope") == "until":
            if not data.get("until"):
                raise ValidationError({"until": "Choose the last day it holds, or this conversation only."})
            if data["until"] < timezone.localdate():
                raise ValidationError({"until": "The date is in the past: choose today or a later day."})
        return data

    def service_kwargs(self) -> dict:
        data = super().service_kwargs()
        scope = data.pop("scope")
        if scope == "conversation":
            data["until"] = None
        data["this_conversation_only"] = scope == "conversation"
        return data


class FlagForm(ChangeForm):
    needs_review = forms.TypedChoiceField(
        choices=[("1", "flag"), ("0", "clear")], coerce=lambda v: v == "1", initial="1"
    )


class AddForm(forms.Form):
    source_seq = forms.IntegerField(min_value=1, max_value=2_147_483_647, label="Turn")
    span_start = forms.IntegerField(min_value=0, max_value=2_147_483_647, label="From character")
    span_end = forms.IntegerField(min_value=1, max_value=2_147_483_647, label="To character")
    value = forms.CharField(max_length=10_000, strip=False, label="Selected words")
    type = forms.ChoiceField(choices=FactType.choices)
    key = forms.CharField(max_length=100, help_text="e.g. refund_amount, order_id, shipping_address")
    reason = forms.CharField(
        max_length=2000, strip=True, label="Why", error_messages={"required": "Say why."}
    )

    def service_kwargs(self) -> dict:
        return dict(self.cleaned_data)


class ResummariseForm(forms.Form):
    kinds = forms.ChoiceField(
        choices=[
            ("both", "both summaries"),
            (SummaryKind.STATIC, "static"),
            (SummaryKind.ROLLING, "rolling"),
        ],
        initial="both",
        label="Summaries",
    )
    reason = forms.CharField(max_length=2000, strip=True, error_messages={"required": "Say why."})

    def kind_list(self) -> list[str]:
        kinds = self.cleaned_data["kinds"]
        return [SummaryKind.ROLLING, SummaryKind.STATIC] if kinds == "both" else [kinds]


class ReindexForm(forms.Form):
    reason = forms.CharField(max_length=2000, strip=True, error_messages={"required": "Say why."})
