"""What an audit entry is about, in words a person recognises, linked to its page.

An entry stores only the changed row's type and id ("qa.labelset", "2"). The audit page
reads each type's rows once per page (one query per type, however many rows it shows)
and names them: "Label set #2 by quinn-qa of “Parcel to a new address”", a fact by its
key, a forget request by its scope and subject pseudonym (never the subject id, which the
log keeps out). A link is given only where the viewer may open the page it leads to.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.text import Truncator

from conversations.models import Conversation, LabelledQuery
from facts.models import PinnedFact
from memadmin.models import ApiToken, AuditEntry
from memadmin.permissions import (
    User,
    can_adjudicate,
    can_handle_forget,
    can_label_gold,
    can_open_admin_site,
    can_view_conversations,
    can_view_evaluations,
)
from privacy.models import ForgetRequest
from qa.models import EvaluationRun, GoldSet, Label, LabelSet

TITLE_CHARS = 60


@dataclass(frozen=True)
class Target:
    """The row an entry changed: ``label`` in words, ``url`` its page ("" if none or not the viewer's)."""

    label: str
    url: str
    raw: str  # the type and id as stored, "qa.labelset #2"
    gone: bool = False  # the row no longer exists (deleted since, or forgotten)


def describe_targets(entries: Iterable[AuditEntry], *, viewer: User) -> None:
    """Set ``entry.shown_target`` (a Target, or None for an entry about no row) on each entry.

    One query per target type present, so a page of fifty entries costs what a page of five does.
    """
    entries = list(entries)
    wanted: dict[str, set[int]] = defaultdict(set)
    for entry in entries:
        if entry.target_type in DESCRIBERS and entry.target_id.isdigit():
            wanted[entry.target_type].add(int(entry.target_id))
    found = {kind: DESCRIBERS[kind](ids, viewer) for kind, ids in wanted.items()}
    for entry in entries:
        entry.shown_target = _target_of(entry, found)


def _target_of(entry: AuditEntry, found: dict[str, dict[int, tuple[str, str]]]) -> Target | None:
    if not entry.target_type:
        return None
    raw = f"{entry.target_type} #{entry.target_id}"
    described = found.get(entry.target_type, {}).get(
        int(entry.target_id) if entry.target_id.isdigit() else -1
    )
    if described is None:
        kind = KIND_WORDS.get(entry.target_type)
        label = f"{kind} #{entry.target_id}" if kind else raw
        # A type the page cannot name reads as stored; one it can name but no longer finds was deleted.
        return Target(label=label, url="", raw=raw, gone=kind is not None)
    label, url = described
    return Target(label=label, url=url, raw=raw)


def _title(conversation: Conversation) -> str:
    return f"“{Truncator(conversation.title or conversation.external_id).chars(TITLE_CHARS)}”"


def _conversations(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    may = can_view_conversations(viewer)
    return {
        c.pk: (f"Conversation {_title(c)}", reverse("conversations:detail", args=[c.pk]) if may else "")
        for c in Conversation.objects.filter(pk__in=ids).only("pk", "title", "external_id")
    }


def _facts(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    may = can_view_conversations(viewer)
    facts = PinnedFact.objects.filter(pk__in=ids).only("pk", "key", "source_seq", "conversation_id")
    return {
        f.pk: (
            f"Fact {f.key} from turn {f.source_seq}",
            f"{reverse('conversations:detail', args=[f.conversation_id])}#fact-card-{f.pk}" if may else "",
        )
        for f in facts
    }


def _labels_url(label_set: LabelSet, viewer: User) -> str:
    # An annotator's own labels are on their labelling page: no one adjudicates labels of their own.
    if label_set.annotator_id == viewer.pk and can_label_gold(viewer):
        return reverse("qa:label", args=[label_set.conversation_id])
    return reverse("qa:adjudicate", args=[label_set.conversation_id]) if can_adjudicate(viewer) else ""


def _label_sets(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    sets = LabelSet.objects.filter(pk__in=ids).select_related("conversation", "annotator")
    return {
        s.pk: (
            f"Label set #{s.pk} by {s.annotator.get_username()} of {_title(s.conversation)}",
            _labels_url(s, viewer),
        )
        for s in sets
    }


def _labels(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    labels = Label.objects.filter(pk__in=ids).select_related("label_set__conversation")
    return {
        label.pk: (
            f"Label {label.key} in turn {label.source_seq} of {_title(label.label_set.conversation)}",
            _labels_url(label.label_set, viewer),
        )
        for label in labels
    }


def _gold_sets(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    may = can_adjudicate(viewer)
    return {
        g.pk: (
            f"Gold set of {_title(g.conversation)}",
            reverse("qa:adjudicate", args=[g.conversation_id]) if may else "",
        )
        for g in GoldSet.objects.filter(pk__in=ids).select_related("conversation")
    }


def _queries(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    may = can_label_gold(viewer)
    queries = LabelledQuery.objects.filter(pk__in=ids).select_related("conversation")
    return {
        q.pk: (
            f"Retrieval question “{Truncator(q.query).chars(TITLE_CHARS)}” of {_title(q.conversation)}",
            f"{reverse('qa:label', args=[q.conversation_id])}#queries-panel" if may else "",
        )
        for q in queries
    }


def _runs(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    may = can_view_evaluations(viewer)
    return {
        run.pk: (
            f"Evaluation run #{run.pk} of the {run.source} facts",
            reverse("qa:run", args=[run.pk]) if may else "",
        )
        for run in EvaluationRun.objects.filter(pk__in=ids).only("pk", "source")
    }


# A request's scope in a few words: the choices' own labels are sentences.
SCOPE_WORDS = {
    ForgetRequest.Scope.SUBJECT: "all of a subject",
    ForgetRequest.Scope.CONVERSATION: "one conversation",
    ForgetRequest.Scope.TURNS: "chosen turns",
    ForgetRequest.Scope.VALUE: "a value",
}


def _forget_requests(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    # The pseudonym, not the subject id: the log never names the person a request is about.
    may = can_handle_forget(viewer)
    requests = ForgetRequest.objects.filter(pk__in=ids).only("pk", "scope", "subject_pseudonym")
    return {
        r.pk: (
            f"Forget request #{r.pk} ({SCOPE_WORDS.get(r.scope, r.scope)}), "
            f"subject {r.subject_pseudonym[:12]}…",
            reverse("privacy:detail", args=[r.pk]) if may else "",
        )
        for r in requests
    }


def _admin_url(viewer: User, model: type, pk: int) -> str:
    # Accounts and tokens have no page but the admin's, which is for admins only.
    if not can_open_admin_site(viewer):
        return ""
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[pk])


def _accounts(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    model = get_user_model()
    return {
        u.pk: (f"Account {u.get_username()}", _admin_url(viewer, model, u.pk))
        for u in model.objects.filter(pk__in=ids).only("pk", model.USERNAME_FIELD)
    }


def _tokens(ids: set[int], viewer: User) -> dict[int, tuple[str, str]]:
    return {
        t.pk: (f"API token “{t.name}” of {t.user.get_username()}", _admin_url(viewer, ApiToken, t.pk))
        for t in ApiToken.objects.filter(pk__in=ids).select_related("user")
    }


DESCRIBERS: dict[str, Callable[[set[int], User], dict[int, tuple[str, str]]]] = {
    "conversations.conversation": _conversations,
    "facts.pinnedfact": _facts,
    "qa.labelset": _label_sets,
    "qa.label": _labels,
    "qa.goldset": _gold_sets,
    "conversations.labelledquery": _queries,
    "qa.evaluationrun": _runs,
    "privacy.forgetrequest": _forget_requests,
    "auth.user": _accounts,
    "memadmin.apitoken": _tokens,
}
# What a row of each type is called once it is gone ("Fact #12", deleted).
KIND_WORDS = {
    "conversations.conversation": "Conversation",
    "facts.pinnedfact": "Fact",
    "qa.labelset": "Label set",
    "qa.label": "Label",
    "qa.goldset": "Gold set",
    "conversations.labelledquery": "Retrieval question",
    "qa.evaluationrun": "Evaluation run",
    "privacy.forgetrequest": "Forget request",
    "auth.user": "Account",
    "memadmin.apitoken": "API token",
}
