from django import forms

from facts.models import FactType


class LabelForm(forms.Form):
    type = forms.ChoiceField(choices=FactType.choices)
    key = forms.CharField(max_length=100)
    value = forms.CharField(max_length=500, strip=False)
    source_seq = forms.IntegerField(min_value=1)
    span_start = forms.IntegerField(min_value=0)
    span_end = forms.IntegerField(min_value=1)

    def service_kwargs(self) -> dict:
        return dict(self.cleaned_data)


class SuggestionForm(forms.Form):
    suggestion = forms.IntegerField(min_value=1)
    key = forms.CharField(max_length=100, required=False)


class QueryForm(forms.Form):
    query = forms.CharField(max_length=1000, label="Question")
    evidence = forms.CharField(max_length=500, label="Turns that answer it", help_text="e.g. 4, 12")
    category = forms.CharField(max_length=50, required=False)

    def clean_evidence(self) -> list[int]:
        parts = [p for p in self.cleaned_data["evidence"].replace(",", " ").split() if p]
        if not parts or not all(p.isdigit() for p in parts):
            raise forms.ValidationError("Turn numbers, separated by commas.")
        return [int(p) for p in parts]


class AdjudicateForm(forms.Form):
    note = forms.CharField(max_length=2000, required=False)


class RunForm(forms.Form):
    source = forms.ChoiceField(
        choices=[("extractor", "Run the extractor"), ("stored", "Measure the stored facts")]
    )
