from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Max, Min
from django.utils import timezone
from pgvector.django import HalfVectorField

from memadmin.errors import InvalidInput
from memadmin.providers.base import TurnText


class Conversation(models.Model):
    """One long-running conversation with one person (its subject)."""

    external_id = models.CharField(max_length=200, unique=True, help_text="The chat service's own id.")
    subject_id = models.CharField(max_length=200, db_index=True, help_text="The person it is about.")
    title = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)
    # The API client that created it. An API client reads and writes only its
    # own conversations (memadmin.permissions.visible_conversations) unless it
    # holds the access_all_conversations permission.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The account that created it (an API client sees only its own).",
    )

    class Meta:
        ordering = ["-updated_at", "-id"]
        permissions = [
            ("access_all_conversations", "API client: read and write every conversation, not only its own")
        ]

    def __str__(self) -> str:
        return self.title or self.external_id


class TurnQuerySet(models.QuerySet):
    def for_conversation(self, conversation: Conversation) -> "TurnQuerySet":
        return self.filter(conversation=conversation)

    def upto(self, seq: int) -> "TurnQuerySet":
        return self.filter(seq__lte=seq)

    def chronological(self) -> "TurnQuerySet":
        return self.order_by("seq")


class Turn(models.Model):
    """One turn of the record. A tool call and its result belong to one turn.

    The record is the truth every derived layer is built from; it is appended
    to, never rewritten (forget requests are the only deletions).
    """

    class Role(models.TextChoices):
        USER = "user"
        ASSISTANT = "assistant"
        SYSTEM = "system"
        TOOL = "tool"

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="turns")
    seq = models.PositiveIntegerField()
    role = models.CharField(max_length=16, choices=Role.choices)
    content = models.TextField(blank=True)
    # The calls this turn made and their results, as one unit:
    # [{"id": ..., "name": ..., "arguments": {...}, "result": ...}, ...]
    tool_calls = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(help_text="When the turn happened, as the client reported it.")
    stored_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)
    # sha256 of the turn as the client sent it, to tell a retry from a reuse of its key.
    body_hash = models.CharField(max_length=64, blank=True)

    objects = TurnQuerySet.as_manager()

    class Meta:
        ordering = ["conversation_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "seq"], name="turn_unique_seq"),
            models.UniqueConstraint(
                fields=["conversation", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="turn_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.conversation_id}#{self.seq} {self.role}"

    def as_text(self) -> TurnText:
        """The turn as providers, the index and assembly see it."""
        return TurnText(
            seq=self.seq,
            role=self.role,
            content=self.content,
            created_at=self.created_at,
            tool_calls=self.tool_calls,
        )

    def as_record(self) -> dict:
        """The turn in the import/export format."""
        return {
            "seq": self.seq,
            "role": self.role,
            "content": self.content,
            "tool_calls": self.tool_calls,
            "created_at": self.created_at.isoformat().replace("+00:00", "Z"),
        }


def unknown_turns(conversation: Conversation, seqs: list[int]) -> InvalidInput:
    """The error for turns a conversation does not have, saying which turns it does have."""
    span = Turn.objects.for_conversation(conversation).aggregate(first=Min("seq"), last=Max("seq"))
    named = f"Turn {seqs[0]} is" if len(seqs) == 1 else f"Turns {', '.join(map(str, seqs))} are"
    has = (
        "it has no turns yet"
        if span["first"] is None
        else f"its turns run from {span['first']} to {span['last']}"
    )
    return InvalidInput(f"{named} not in this conversation: {has}.", code="unknown_turn")


class LabelledQuery(models.Model):
    """A question about earlier turns, with the turns that answer it (for retrieval recall)."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="labelled_queries")
    query = models.TextField()
    evidence_seqs = ArrayField(models.PositiveIntegerField())
    category = models.CharField(max_length=50, blank=True)

    class Meta:
        verbose_name_plural = "labelled queries"
        constraints = [
            models.UniqueConstraint(fields=["conversation", "query"], name="labelled_query_unique")
        ]

    def __str__(self) -> str:
        return self.query

    def as_record(self) -> dict:
        return {"query": self.query, "evidence_seqs": list(self.evidence_seqs), "category": self.category}


class MemoryState(models.Model):
    """The derived state of one conversation, and the anchor of compare-and-swap.

    Every refresh reads ``version`` when it starts and commits only if it is
    still the same, bumping it; an older job never replaces newer state. The
    watermarks only move forwards (except when a forget request rebuilds).
    """

    conversation = models.OneToOneField(
        Conversation, on_delete=models.CASCADE, primary_key=True, related_name="memory"
    )
    version = models.PositiveIntegerField(default=0)
    summary_upto_seq = models.PositiveIntegerField(default=0, help_text="Turns ≤ this are in the summaries.")
    facts_upto_seq = models.PositiveIntegerField(
        default=0, help_text="Turns ≤ this have been read by the extractor."
    )
    facts_model = models.CharField(max_length=200, blank=True, help_text="The extractor that read them.")
    # The last number each kind of summary was given, so that a number is never given twice, even
    # after a forget request has removed the versions that held the highest ones.
    static_summary_version = models.PositiveIntegerField(default=0)
    rolling_summary_version = models.PositiveIntegerField(default=0)
    refreshed_at = models.DateTimeField(null=True, blank=True)
    # The refresh lock: a refresh holds it until this time (a lease, so a worker
    # that dies frees it). A row rather than an advisory lock, so it holds
    # through a transaction-pooling proxy.
    refresh_lease_until = models.DateTimeField(null=True, blank=True)
    # Who holds the lease: the task's identity, the same on every delivery of it
    # (memadmin.tasks.current_task_key). A task redelivered because its worker
    # died takes its own lease over rather than waiting for it to expire.
    refresh_lease_holder = models.CharField(max_length=200, blank=True, default="")
    # Topic label -> first turns ≤ facts_upto_seq that mention it, found at refresh, so that
    # "discussed but not captured" costs no scan of the turns when the context is assembled.
    # None: not found yet (refreshed before this was kept); read from the turns until the next refresh.
    topic_mentions = models.JSONField(null=True, blank=True)

    def __str__(self) -> str:
        return f"memory of {self.conversation_id} v{self.version}"


class SummaryKind(models.TextChoices):
    STATIC = "static", "static (durable)"
    ROLLING = "rolling", "rolling"


class Summary(models.Model):
    """One version of a conversation's static or rolling summary. Old versions stay for snapshots.

    ``version`` numbers this summary's own history (1, 2, 3 for each kind in a
    conversation, never reused); ``memory_version`` is the memory's version
    (``MemoryState.version``, which corrections bump too) that wrote it.
    """

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="summaries")
    kind = models.CharField(max_length=10, choices=SummaryKind.choices)
    version = models.PositiveIntegerField(help_text="1, 2, 3… for each kind of summary of a conversation.")
    memory_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="The memory's version that wrote it (None: not recorded)."
    )
    upto_seq = models.PositiveIntegerField(help_text="The watermark: made from turns ≤ this seq.")
    body = models.TextField()
    provider = models.CharField(max_length=50)
    model = models.CharField(max_length=200)
    stale_values = models.JSONField(
        default=list,
        blank=True,
        help_text="Values this version still quotes that have since been superseded or retracted.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "summaries"
        ordering = ["conversation_id", "kind", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "kind", "version"], name="summary_unique_version")
        ]

    def __str__(self) -> str:
        return f"{self.kind} summary v{self.version} of {self.conversation_id} (≤ {self.upto_seq})"

    def as_record(self) -> dict:
        return {
            "body": self.body,
            "upto_seq": self.upto_seq,
            "version": self.version,
            "memory_version": self.memory_version,
            "provider": self.provider,
            "model": self.model,
            "created_at": self.created_at.isoformat().replace("+00:00", "Z"),
        }


class RefreshRun(models.Model):
    """One attempt to refresh a conversation's derived layers: what, when, how long, how it ended."""

    class Trigger(models.TextChoices):
        BOUNDARY = "boundary"
        ON_DEMAND = "on_demand"
        REEXTRACT = "reextract"
        REBUILD = "rebuild"

    class Outcome(models.TextChoices):
        QUEUED = "queued", "queued (requested, waiting to start)"
        RUNNING = "running"
        COMMITTED = "committed"
        STALE = "stale", "stale (discarded: newer state was committed first)"
        FAILED = "failed"
        SKIPPED = "skipped", "skipped (nothing new, or another refresh was running)"

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="refresh_runs")
    trigger = models.CharField(max_length=20, choices=Trigger.choices)
    started_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="The memory version it started from (read when it starts)."
    )
    target_upto_seq = models.PositiveIntegerField(help_text="The last turn it must cover (what was asked).")
    outcome = models.CharField(max_length=20, choices=Outcome.choices, default=Outcome.RUNNING)
    committed_version = models.PositiveIntegerField(null=True, blank=True)
    covered_upto_seq = models.PositiveIntegerField(
        null=True, blank=True, help_text="The watermark it committed (at least the target)."
    )
    attempts = models.PositiveIntegerField(default=0)
    provider = models.CharField(max_length=50, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_at = models.DateTimeField(default=timezone.now)
    # When it started computing; a queued request gets it again when it starts.
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField(null=True, blank=True)
    # A requested re-summarise of only these summaries (rolling, static); None: every layer.
    kinds = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "-id"]
        indexes = [models.Index(fields=["conversation", "-requested_at"], name="refresh_run_conv_idx")]

    def __str__(self) -> str:
        return f"refresh of {self.conversation_id} ({self.trigger}): {self.outcome}"


class LexemeKeys(models.Func):
    """The (conversation, lexeme) keys of an index entry's text, one bigint each (migration 0009's function).

    The conversation's id in the high half of each key and a hash of a lexeme of
    the full-text vector in the low half, so that one GIN index answers "which
    turns of this conversation hold this word" without reading the
    conversation's other turns (btree_gin, which would allow a composite GIN key,
    is not in every PostgreSQL; the embedded one has no such extension). A hash
    collision can only add a candidate: the lexical arm matches the lexemes.
    """

    function = "turn_index_lexeme_keys"
    output_field = ArrayField(models.BigIntegerField())


# The most a GIN index on the entries keeps in its pending list, in kB (PostgreSQL's default is 4 MB).
# An entry written is added to the list, not to the index's tree, until the list outgrows this
# and the write that overfilled it moves the list into the tree. Every search through the index
# reads the whole list, whatever conversation it is scoped to: at the default, a search right after
# a bulk import, or among steady appends before autovacuum came by, read up to 4 MB more and took
# three times as long (docs/benchmarks.md, "Search after writes: the indexes' pending lists kept
# short"). At 128 kB a search reads at most 16 pages more.
GIN_PENDING_LIST_KB = 128


class TurnIndexEntry(models.Model):
    """A turn in the retrieval index: its embedding and its full-text vector.

    Searched only within one conversation (the btrees on ``conversation`` are
    what make that fast; a global ANN index with a conversation filter loses
    almost every hit): the vector arm reads the embeddings from an index that
    holds them, ordered by conversation and model, without visiting the rows
    (migration 0013). ``embedding`` has no fixed dimension so that a model
    change can re-embed entries in place; entries of another model are stale.
    It is kept in half precision (migration 0010): the vector arm reads every
    entry of the conversation it searches, and the embedding was three quarters
    of each row; at half the bytes a long conversation is far fewer pages, and
    the recall of every arm on the labelled sets is the same to four places
    (docs/benchmarks.md, "Search in long conversations: half-precision
    embeddings").
    """

    turn = models.OneToOneField(Turn, on_delete=models.CASCADE, primary_key=True, related_name="index_entry")
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="+", db_index=False)
    seq = models.PositiveIntegerField()
    embedding = HalfVectorField()
    embedding_model = models.CharField(max_length=200)
    search_vector = SearchVectorField()
    indexed_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["conversation", "seq"], name="turn_index_conv_idx"),
            # For the vector arm: a conversation's entries of one model with their embeddings, read from
            # the index alone (an index-only scan), not row by row from the table (migration 0013).
            models.Index(
                fields=["conversation", "embedding_model"],
                include=["seq", "turn", "embedding"],
                name="turn_index_vector_idx",
            ),
            # For staff search across conversations (the list page); retrieval,
            # scoped by conversation, goes through the btrees above.
            GinIndex(
                fields=["search_vector"],
                name="turn_index_text_idx",
                gin_pending_list_limit=GIN_PENDING_LIST_KB,
            ),
            # For the lexical arm of retrieval: the turns of one conversation holding a word.
            GinIndex(
                LexemeKeys("conversation", "search_vector"),
                name="turn_index_lexeme_idx",
                gin_pending_list_limit=GIN_PENDING_LIST_KB,
            ),
        ]
        verbose_name_plural = "turn index entries"

    def __str__(self) -> str:
        return f"index entry {self.conversation_id}#{self.seq}"


class TurnIndexSize(models.Model):
    """How many index entries a conversation has, of any model: the N of the lexical arm's BM25.

    Kept by triggers on the index table (migration 0011), so it is exact after
    whatever writes or deletes entries (indexing, re-embedding, a turn or a
    conversation deleted, a forget request) and within every statement's
    snapshot; a search reads it instead of counting the conversation's entries
    (thousands in a long conversation) on every question. A conversation
    without entries may have no row, or a row of 0.
    """

    conversation = models.OneToOneField(
        Conversation, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    entries = models.BigIntegerField()

    def __str__(self) -> str:
        return f"index size of {self.conversation_id}: {self.entries}"


class ContextSnapshot(models.Model):
    """Exactly what was sent to the model on one turn, and why each piece was in it.

    ``messages`` is the array as sent. ``layers`` names every derived row it
    used (ids and versions) with retrieval scores, so the array can be
    explained after the layers have moved on.
    """

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="snapshots")
    created_at = models.DateTimeField(auto_now_add=True)
    message = models.TextField(help_text="The current user message the context was assembled for.")
    upto_seq = models.PositiveIntegerField(help_text="The last turn of the record at assembly time.")
    messages = models.JSONField()
    layers = models.JSONField()
    token_counts = models.JSONField()
    token_count_method = models.CharField(max_length=50, help_text="An exact encoding, or 'estimate'.")
    budget = models.PositiveIntegerField()
    gave_way = models.JSONField(default=list, help_text="What was dropped to fit the budget, in order.")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["conversation", "-created_at"], name="snapshot_conv_idx")]

    def __str__(self) -> str:
        return f"context for {self.conversation_id} at {self.created_at:%Y-%m-%d %H:%M}"
