from rest_framework import serializers

from facts.models import GoldFact


class GoldFactRecordSerializer(serializers.ModelSerializer):
    """A gold fact as it appears in an import file."""

    class Meta:
        model = GoldFact
        fields = ["type", "key", "value", "source_seq"]
        validators = []  # duplicates are skipped on insert, so a rerun is harmless
        extra_kwargs = {"value": {"trim_whitespace": False}}
