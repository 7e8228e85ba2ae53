"""Who may do what: plain functions used by both the pages and the API.

A role is a Django group of the same name, created by a migration. A
superuser holds every staff role.
"""

from collections.abc import Callable
from enum import StrEnum
from functools import wraps
from typing import TYPE_CHECKING

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from rest_framework.permissions import BasePermission

if TYPE_CHECKING:
    from conversations.models import Conversation


class Role(StrEnum):
    SUPPORT = "support"
    QA = "qa"
    PRIVACY = "privacy"
    ADMIN = "admin"
    CHAT_SERVICE = "chat_service"


STAFF_ROLES = frozenset({Role.SUPPORT, Role.QA, Role.PRIVACY, Role.ADMIN})

User = AbstractBaseUser | AnonymousUser


def user_roles(user: User) -> frozenset[Role]:
    """The user's roles, read once per request and kept on the user object."""
    if not user.is_authenticated:
        return frozenset()
    cached = getattr(user, "_memadmin_roles", None)
    if cached is None:
        if user.is_superuser:
            cached = STAFF_ROLES
        else:
            names = set(user.groups.values_list("name", flat=True))
            cached = frozenset(role for role in Role if role.value in names)
        user._memadmin_roles = cached
    return cached


def has_any_role(user: User, *roles: Role) -> bool:
    return bool(user_roles(user) & set(roles))


def needs(*roles: Role):
    """Mark a check with the roles that pass it, so that a refusal can name them."""

    def mark(check):
        check.roles_needed = tuple(role for role in Role if role in roles)
        return check

    return mark


def refusal_message(check: Callable[[User], bool]) -> str:
    roles = getattr(check, "roles_needed", ())
    if not roles:
        return "Your account does not have a role that may do this."
    names = [role.value for role in roles]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"This needs the {listed} role."


@needs(*STAFF_ROLES)
def can_view_conversations(user: User) -> bool:
    """Every staff role starts from the list of conversations."""
    return has_any_role(user, *STAFF_ROLES)


def can_open_admin_site(user: User) -> bool:
    """Django's read-only admin site: an active account with staff status and the admin role."""
    return bool(user.is_active and user.is_staff and Role.ADMIN in user_roles(user))


@needs(*STAFF_ROLES, Role.CHAT_SERVICE)
def can_read_record(user: User) -> bool:
    """Read turns through the API: staff, and the chat service that wrote them."""
    return has_any_role(user, *STAFF_ROLES, Role.CHAT_SERVICE)


@needs(Role.CHAT_SERVICE, Role.ADMIN)
def can_write_record(user: User) -> bool:
    """Create conversations and append turns: the chat service, or an admin."""
    return has_any_role(user, Role.CHAT_SERVICE, Role.ADMIN)


@needs(Role.SUPPORT, Role.ADMIN)
def can_refresh_memory(user: User) -> bool:
    """Trigger re-summarisation and re-extraction of a conversation."""
    return has_any_role(user, Role.SUPPORT, Role.ADMIN)


@needs(Role.SUPPORT, Role.ADMIN)
def can_change_facts(user: User) -> bool:
    """Correct, add, retract, mark temporary and flag pinned facts."""
    return has_any_role(user, Role.SUPPORT, Role.ADMIN)


@needs(Role.PRIVACY)
def can_handle_forget(user: User) -> bool:
    """See, request and approve forget requests: privacy officers only (approval by a second one)."""
    return has_any_role(user, Role.PRIVACY)


@needs(Role.QA, Role.ADMIN)
def can_label_gold(user: User) -> bool:
    """Label the gold facts of a conversation, and the turns that answer a question (retrieval)."""
    return has_any_role(user, Role.QA, Role.ADMIN)


@needs(Role.QA, Role.ADMIN)
def can_adjudicate(user: User) -> bool:
    """Compare annotators' labels and turn them into a conversation's gold set."""
    return has_any_role(user, Role.QA, Role.ADMIN)


@needs(Role.QA, Role.ADMIN)
def can_run_evaluation(user: User) -> bool:
    """Start an evaluation run of the extractor against the gold sets."""
    return has_any_role(user, Role.QA, Role.ADMIN)


@needs(*STAFF_ROLES)
def can_view_evaluations(user: User) -> bool:
    """Read evaluation runs: how good the memory is concerns every staff role."""
    return has_any_role(user, *STAFF_ROLES)


ACCESS_ALL_CONVERSATIONS = "conversations.access_all_conversations"


def sees_all_conversations(user: User) -> bool:
    """Staff see every conversation; an API client only those it created, unless an admin granted it all."""
    if has_any_role(user, *STAFF_ROLES):
        return True
    return bool(user.is_authenticated and user.has_perm(ACCESS_ALL_CONVERSATIONS))


def visible_conversations(user: User) -> "QuerySet[Conversation]":
    """The conversations ``user`` may read and write through the API: the one scope every view uses.

    Anything that takes a conversation id from a client looks it up in this
    queryset, so another client's conversation is a 404, never a 403 that
    would confirm it exists.
    """
    from conversations.models import Conversation

    conversations = Conversation.objects.all()
    if sees_all_conversations(user):
        return conversations
    if not user.is_authenticated:
        return conversations.none()
    return conversations.filter(created_by=user)


def conversation_for(user: User, pk: int) -> "Conversation":
    """The conversation ``pk`` if ``user`` may see it; otherwise Http404."""
    return get_object_or_404(visible_conversations(user), pk=pk)


def may_access_conversation(user: User, conversation: "Conversation") -> bool:
    return sees_all_conversations(user) or (user.is_authenticated and conversation.created_by_id == user.pk)


class ScopedConversationMixin:
    """For API views under ``conversations/<pk>/``: ``self.conversation`` within the client's scope."""

    @property
    def conversation(self) -> "Conversation":
        cached = getattr(self, "_scoped_conversation", None)
        if cached is None:
            cached = self._scoped_conversation = conversation_for(self.request.user, self.kwargs["pk"])
        return cached


def roles_context(request: HttpRequest) -> dict:
    """Template context: the signed-in user's roles, for navigation only.

    Hiding a link is a courtesy; every view checks the permission itself.
    """
    return {"user_roles": user_roles(request.user) if hasattr(request, "user") else frozenset()}


def require(check: Callable[[User], bool]):
    """View decorator: 403 for a signed-in user who fails ``check``.

    Use below ``@login_required`` so that anonymous users are sent to log in.
    """

    def decorator(view):
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs):
            if not check(request.user):
                raise PermissionDenied(refusal_message(check))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def api_permission(check: Callable[[User], bool], *, write_check: Callable[[User], bool] | None = None):
    """A DRF permission class from a check; ``write_check`` guards unsafe methods."""

    class _Permission(BasePermission):
        def has_permission(self, request, view) -> bool:
            needed = check
            if request.method not in ("GET", "HEAD", "OPTIONS") and write_check is not None:
                needed = write_check
            self.message = refusal_message(needed)  # a 403 names the roles that may
            return needed(request.user)

    _Permission.__name__ = f"Permission_{check.__name__}"
    return _Permission


RecordPermission = api_permission(can_read_record, write_check=can_write_record)
RefreshPermission = api_permission(can_refresh_memory)
FactsPermission = api_permission(can_view_conversations, write_check=can_change_facts)
