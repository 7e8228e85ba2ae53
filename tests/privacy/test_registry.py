"""Every model that can hold conversation content is in the store registry, or exempt with a reason."""

from django.apps import apps
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.test.utils import isolate_apps
from pgvector.django import VectorField

from privacy.registry import ALL_STORES, EXEMPT, registered_models

CONTENT_FIELDS = (models.TextField, models.JSONField, SearchVectorField, VectorField)


def holds_content(model) -> bool:
    for field in model._meta.concrete_fields:
        if isinstance(field, CONTENT_FIELDS):
            return True
        if isinstance(field, ArrayField) and isinstance(
            field.base_field, models.CharField | models.TextField
        ):
            return True
    return False


class TestTheRegistry:
    def test_every_model_with_a_text_or_json_field_is_registered_or_exempt(self):
        covered = registered_models() | set(EXEMPT)
        missing = sorted(
            model._meta.label_lower
            for model in apps.get_models()
            if holds_content(model) and model._meta.label_lower not in covered
        )
        assert missing == [], (
            f"{missing} can hold conversation content: add a store to privacy/registry.py "
            "(forget and the residue scan read it), or an EXEMPT entry saying why not"
        )

    @isolate_apps("privacy")
    def test_it_notices_a_model_it_does_not_know(self):
        class Note(models.Model):
            text = models.TextField()

            class Meta:
                app_label = "privacy"

            def __str__(self) -> str:
                return self.text

        assert holds_content(Note) and Note._meta.label_lower not in registered_models() | set(EXEMPT)

    def test_exemptions_name_real_models_and_give_reasons(self):
        labels = {model._meta.label_lower for model in apps.get_models()}
        for label, reason in EXEMPT.items():
            assert label in labels, label
            assert len(reason) > 20, label

    def test_store_labels_are_unique(self):
        names = [store.label for store in ALL_STORES]
        assert len(names) == len(set(names))
