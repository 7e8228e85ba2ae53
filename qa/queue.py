"""The labelling queue: every conversation, with where its labelling stands, as one page query.

Each row's figures are subqueries of the page query, and the progress figures three counts, so
the page costs the same number of queries at 50 conversations as at 10,000.
"""

from django.db.models import (
    Avg,
    Count,
    Exists,
    FloatField,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce

from conversations.models import Conversation, Turn
from qa.models import GoldSet, Label, LabelSet

FILTERS = {
    "to-label": "To label",
    "to-adjudicate": "To adjudicate",
    "gold": "Gold set",
    "all": "All",
}
DEFAULT_FILTER = "to-label"
ANNOTATORS_NEEDED = 2


def _count(queryset: QuerySet, group: str) -> Subquery:
    return Coalesce(
        Subquery(queryset.values(group).annotate(n=Count("*")).values("n")[:1], output_field=IntegerField()),
        Value(0),
    )


def queue_rows(*, user, shown: str) -> QuerySet:
    """Conversations with their turn count, the user's labels, the submitted sets and the gold set."""
    mine = LabelSet.objects.filter(conversation=OuterRef("pk"), annotator=user)
    submitted = LabelSet.objects.filter(conversation=OuterRef("pk"), submitted_at__isnull=False)
    rows = Conversation.objects.annotate(
        turn_count=_count(Turn.objects.filter(conversation=OuterRef("pk")), "conversation"),
        my_labels=_count(
            Label.objects.filter(label_set__conversation=OuterRef("pk"), label_set__annotator=user),
            "label_set",
        ),
        my_started=Exists(mine),
        my_submitted=Exists(mine.filter(submitted_at__isnull=False)),
        submitted_sets=_count(submitted, "conversation"),
        gold_origin=Subquery(GoldSet.objects.filter(conversation=OuterRef("pk")).values("origin")[:1]),
    )
    if shown == "to-label":
        rows = rows.filter(gold_origin__isnull=True, my_submitted=False)
    elif shown == "to-adjudicate":
        rows = rows.filter(gold_origin__isnull=True, submitted_sets__gte=ANNOTATORS_NEEDED)
    elif shown == "gold":
        rows = rows.filter(gold_origin__isnull=False)
    return rows.order_by("id")


def progress(*, user) -> dict[str, int | float | None]:
    """How far labelling has come: conversations, gold sets, sets awaiting adjudication, mine done, and
    the annotators' mean agreement and kappa over the adjudicated sets."""
    totals = Conversation.objects.aggregate(conversations=Count("pk"), gold=Count("gold_set"))
    ready = (
        LabelSet.objects.filter(submitted_at__isnull=False, conversation__gold_set__isnull=True)
        .values("conversation")
        .annotate(n=Count("*"))
        .filter(n__gte=ANNOTATORS_NEEDED)
        .count()
    )
    mine = LabelSet.objects.filter(annotator=user).aggregate(
        started=Count("pk"), submitted=Count("pk", filter=Q(submitted_at__isnull=False))
    )
    agreement = GoldSet.objects.filter(origin=GoldSet.Origin.ADJUDICATED).aggregate(
        adjudicated=Count("pk"),
        mean_rate=Avg(Cast(KeyTextTransform("rate", "agreement"), FloatField())),
        mean_kappa=Avg(Cast(KeyTextTransform("kappa", "agreement"), FloatField())),
    )
    return {
        **totals,
        **agreement,
        "to_adjudicate": ready,
        "mine_submitted": mine["submitted"],
        "mine_started": mine["started"],
    }
