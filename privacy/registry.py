"""Every store that holds conversation content, read alike by the forget code and the residue scan.

Each store says, for a ``Target`` (what one request forgets): how many of its
rows are in scope, how many the request will remove or rewrite (the preview),
how to forget them, and how many still hold forgotten content afterwards (the
residue). A model with a text or JSON field that is in no store here must be
in ``EXEMPT`` with a reason, or ``tests/privacy/test_registry.py`` fails.

Rows of a conversation that is forgotten whole go with it (the database
cascades); each store then handles the rows tied to forgotten turns, and the
rows whose text holds a forgotten value, in the subject's other conversations.
"""

from privacy.outer_stores import GLOBAL_STORES
from privacy.stores import (  # noqa: F401  (the registry is where the forget code reads them)
    CONVERSATION,
    STORES_BY_CONVERSATION,
    Result,
    Target,
    _facts_linked,
    text_match,
)

# Models with text or JSON fields that hold no conversation content, and why.
EXEMPT: dict[str, str] = {
    "sessions.session": "staff sign-in state; no conversation content is ever put in a session",
    "admin.logentry": "the admin is read-only (memadmin.admin_site): it logs no changes",
    "privacy.forgetrequest": (
        "the request itself: its subject id and values are wiped when its receipt is written, "
        "and the scan checks that they are"
    ),
    "privacy.forgetreceipt": "pseudonym, counts and digests only, by construction",
    "privacy.forgetprobe": "embeddings of forgotten turns, kept while a request runs, then deleted",
    "privacy.forgetstorecount": "a store's name and four counts per request",
    "axes.accessattempt": (
        "failed sign-ins (django-axes): username, address, user agent and the sign-in form's fields, "
        "password masked; no conversation content"
    ),
    "axes.accesslog": "sign-ins and sign-outs (django-axes): username, address, user agent",
    "axes.accessfailurelog": "failed sign-ins (django-axes): username, address, user agent",
}


ALL_STORES = (CONVERSATION, *STORES_BY_CONVERSATION, *GLOBAL_STORES)


# Per-conversation forgetting: every store of the conversation, the turns last (rows point at them);
# the memory state is the request's own lock and version, handled around them.
FORGET_ORDER = (
    *(store.label for store in STORES_BY_CONVERSATION if store.label not in ("turns", "memory state")),
    "turns",
)


def store_of_model(label: str) -> str:
    """The store a model label (``app.Model``) is counted under; an unregistered one under its own name."""
    for store in ALL_STORES:
        if getattr(store, "model", None) is not None and store.model._meta.label == label:
            return store.label
    return label


def registered_models() -> set[str]:
    """Model labels (``app.model``) the registry covers."""
    labels = set()
    for store in ALL_STORES:
        if getattr(store, "model", None) is not None:
            labels.add(store.model._meta.label_lower)
        for extra in getattr(store, "extra_models", ()):
            labels.add(extra._meta.label_lower)
    return labels
