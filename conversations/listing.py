"""The conversation list's search, filters, sort and counts, as querysets.

Every figure a row shows is an annotation of the one page query (a subquery
per row of the page, never a query per row), and the counts of all the
filters come from one aggregate, so the page costs the same number of
queries at 30 conversations as at 10,000.
"""

from django import forms
from django.conf import settings
from django.contrib.postgres.search import SearchQuery
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from conversations.models import Conversation, RefreshRun, Summary, Turn, TurnIndexEntry
from conversations.retrieval import TEXT_SEARCH_CONFIG
from facts.models import PinnedFact
from privacy.models import ForgetRequest

# Turn-text search reads at most this many matching turns (newest index
# entries first is not needed: any match makes the conversation a hit). A word
# that is in half the record would otherwise read half a million entries to
# list conversations a person pages through fifty at a time.
MAX_TEXT_MATCHES = 5_000
MAX_QUERY_CHARS = 200

SORTS = {
    "updated": ("Recently updated", ("-updated_at", "-id")),
    "behind": ("Most turns since the summary", ("-turns_behind", "-updated_at", "-id")),
    "longest": ("Longest", ("-last_seq", "-id")),
    "external_id": ("External id", ("external_id",)),
    "created": ("Newest", ("-created_at", "-id")),
}


def default_stale_over() -> int:
    # Summaries refresh every N turns, so a conversation more than N turns past
    # its watermark has missed at least one refresh.
    return settings.MEMADMIN_REFRESH_EVERY


class ListFilters(forms.Form):
    """The list's query string. Django's CharField already refuses NUL characters."""

    # Each label is the name its box has on the page, which a problem with it is said under.
    q = forms.CharField(required=False, max_length=MAX_QUERY_CHARS, strip=True, label="Find")
    stale = forms.BooleanField(required=False)
    stale_over = forms.IntegerField(
        required=False, min_value=0, max_value=1_000_000, label="Turns since its watermark"
    )
    failed = forms.BooleanField(required=False)
    review = forms.BooleanField(required=False)
    forget = forms.BooleanField(required=False)  # a forget request not yet carried out
    sort = forms.ChoiceField(
        required=False, choices=[(key, label) for key, (label, _) in SORTS.items()], label="Sort"
    )
    counts = forms.BooleanField(required=False)  # the counts by filter, in the page itself (no JavaScript)
    # Sent by the box in the top bar: open the conversation the id names, if it names exactly one.
    open = forms.BooleanField(required=False)

    def clean_stale_over(self) -> int:
        value = self.cleaned_data.get("stale_over")
        return default_stale_over() if value is None else value

    def clean_sort(self) -> str:
        return self.cleaned_data.get("sort") or "updated"

    @property
    def active_filters(self) -> bool:
        data = self.cleaned_data
        return bool(data.get("stale") or data.get("failed") or data.get("review") or data.get("forget"))


def with_flags(conversations: QuerySet, stale_over: int) -> QuerySet:
    """The three filters as booleans of the row, each a single index probe per conversation."""
    # The summary is stale when a turn exists past its watermark plus N: an
    # EXISTS on the (conversation, seq) index, cheaper than the last seq itself.
    beyond_watermark = Turn.objects.filter(
        conversation=OuterRef("pk"), seq__gt=OuterRef("summary_upto_seq") + Value(stale_over)
    )
    # The last refresh that ended one way or the other: a skipped or stale run
    # after a failure does not mean the failure was repaired.
    last_outcome = (
        RefreshRun.objects.filter(
            conversation=OuterRef("pk"),
            outcome__in=[RefreshRun.Outcome.COMMITTED, RefreshRun.Outcome.FAILED],
        )
        .order_by("-started_at", "-id")
        .values("outcome")[:1]
    )
    newer_version = Summary.objects.filter(
        conversation=OuterRef("conversation"), kind=OuterRef("kind"), version__gt=OuterRef("version")
    )
    stale_current_summary = (
        Summary.objects.filter(conversation=OuterRef("pk"))
        .exclude(stale_values=[])
        .filter(~Exists(newer_version))
    )
    flagged_fact = PinnedFact.objects.filter(conversation=OuterRef("pk"), needs_review=True)
    # A request names its conversation, or (everything about a subject, a value) its subject.
    open_requests = ForgetRequest.objects.filter(status__in=ForgetRequest.OPEN)
    forget_pending = Exists(open_requests.filter(conversation_id=OuterRef("pk"))) | Exists(
        open_requests.filter(
            scope__in=[ForgetRequest.Scope.SUBJECT, ForgetRequest.Scope.VALUE],
            subject_id=OuterRef("subject_id"),
        )
    )
    return conversations.annotate(
        summary_upto_seq=Coalesce(F("memory__summary_upto_seq"), Value(0)),
        is_stale=Exists(beyond_watermark),
        last_refresh=Subquery(last_outcome),
        facts_flagged=Exists(flagged_fact),
        summary_quotes_stale=Exists(stale_current_summary),
        forget_pending=forget_pending,
    )


def with_row_figures(conversations: QuerySet) -> QuerySet:
    """What each row shows beside the flags: the last seq and the turns since the watermark."""
    last_seq = Turn.objects.filter(conversation=OuterRef("pk")).order_by("-seq").values("seq")[:1]
    return conversations.annotate(
        last_seq=Coalesce(Subquery(last_seq), Value(0)),
        turns_behind=F("last_seq") - F("summary_upto_seq"),
    )


def search(conversations: QuerySet, query: str) -> QuerySet:
    """Match the external id, subject or title; a pinned fact's value; or the text of a turn.

    The text search is the one query here that is not scoped by conversation:
    it finds conversations, so it goes through the GIN index on the retrieval
    index's tsvector, with the same text search configuration as retrieval,
    and reads at most ``MAX_TEXT_MATCHES`` matching turns.
    """
    if not query:
        return conversations
    by_fact = PinnedFact.objects.filter(Q(value__iexact=query) | Q(normalised__iexact=query)).values(
        "conversation_id"
    )
    by_text = TurnIndexEntry.objects.filter(
        search_vector=SearchQuery(query, config=TEXT_SEARCH_CONFIG, search_type="websearch")
    ).values("conversation_id")[:MAX_TEXT_MATCHES]
    return conversations.filter(
        Q(external_id__icontains=query)
        | Q(subject_id__icontains=query)
        | Q(title__icontains=query)
        | Q(pk__in=by_fact)
        | Q(pk__in=by_text)
    )


def sole_match(conversations: QuerySet, query: str) -> Conversation | None:
    """The one conversation an id from a ticket names: by its external id, else as its subject's only one.

    Case is ignored, as in the search. An id that names several conversations
    (a subject with more than one) names none: the list shows them all.
    """
    if not query:
        return None
    for lookup in ("external_id__iexact", "subject_id__iexact"):
        found = list(conversations.filter(**{lookup: query}).order_by("pk")[:2])
        if found:
            return found[0] if len(found) == 1 else None
    return None


def needs_review_q() -> Q:
    return Q(facts_flagged=True) | Q(summary_quotes_stale=True)


def apply_filters(conversations: QuerySet, filters: dict) -> QuerySet:
    """Filter and sort conversations annotated by ``with_flags`` and ``with_row_figures``."""
    if filters.get("stale"):
        conversations = conversations.filter(is_stale=True)
    if filters.get("failed"):
        conversations = conversations.filter(last_refresh=RefreshRun.Outcome.FAILED)
    if filters.get("review"):
        conversations = conversations.filter(needs_review_q())
    if filters.get("forget"):
        conversations = conversations.filter(forget_pending=True)
    return conversations.order_by(*SORTS[filters["sort"]][1])


def filter_counts(conversations: QuerySet) -> dict[str, int]:
    """How many of the searched conversations (annotated by ``with_flags``) each filter keeps: one query."""
    return conversations.aggregate(
        all=Count("pk"),
        stale=Count("pk", filter=Q(is_stale=True)),
        failed=Count("pk", filter=Q(last_refresh=RefreshRun.Outcome.FAILED)),
        review=Count("pk", filter=needs_review_q()),
        forget=Count("pk", filter=Q(forget_pending=True)),
    )
