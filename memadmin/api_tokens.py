"""API tokens: named, hashed at rest, rotated and revoked through these functions only.

A key is ``ma_`` followed by 43 random URL-safe characters. Only its sha256 is
stored, so a key is shown once, when it is created or rotated. Clients send
it as ``Authorization: Token <key>``.
"""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import IntegrityError, transaction
from django.utils import timezone

from memadmin.audit import audit_record
from memadmin.authentication import key_hash
from memadmin.errors import Conflict, InvalidInput, PermissionRefused
from memadmin.models import ApiToken
from memadmin.permissions import Role, has_any_role, needs, refusal_message

KEY_PREFIX = "ma_"


@needs(Role.ADMIN)
def can_manage_api_clients(user) -> bool:
    return has_any_role(user, Role.ADMIN)


def _check(actor) -> None:
    # actor None: a management command run by an operator on the server.
    if actor is not None and not can_manage_api_clients(actor):
        raise PermissionRefused(refusal_message(can_manage_api_clients))


def _new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def api_token_create(*, user, name: str, actor=None) -> tuple[ApiToken, str]:
    """A new live token for ``user``; returns it with its key (never stored, shown once)."""
    _check(actor)
    name = (name or "").strip()
    if not name:
        raise InvalidInput("A token needs a name that says what uses it.", code="name_required")
    key = _new_key()
    try:
        with transaction.atomic():
            token = ApiToken.objects.create(user=user, name=name, prefix=key[:10], key_hash=key_hash(key))
            audit_record(
                actor=actor,
                action="memadmin.token.created",
                target=token,
                after={"user": user.get_username(), "name": name},
            )
    except IntegrityError:
        raise Conflict(
            f"{user.get_username()} already has a live token named {name!r}.", code="name_taken"
        ) from None
    return token, key


@transaction.atomic
def api_token_rotate(*, token: ApiToken, actor=None) -> str:
    """Replace the token's key: the old key stops working at once. Returns the new key."""
    _check(actor)
    token = ApiToken.objects.select_for_update().get(pk=token.pk)
    if not token.is_live:
        raise Conflict("A revoked token cannot be rotated; create a new one.", code="revoked")
    key = _new_key()
    before = {"prefix": token.prefix}
    token.prefix, token.key_hash, token.rotated_at = key[:10], key_hash(key), timezone.now()
    token.save(update_fields=["prefix", "key_hash", "rotated_at"])
    audit_record(
        actor=actor,
        action="memadmin.token.rotated",
        target=token,
        before=before,
        after={"prefix": token.prefix},
    )
    return key


@transaction.atomic
def api_token_revoke(*, token: ApiToken, actor=None) -> ApiToken:
    """Revoke the token: it stops working at once and is kept, with its history, for the record."""
    _check(actor)
    token = ApiToken.objects.select_for_update().get(pk=token.pk)
    if token.is_live:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit_record(actor=actor, action="memadmin.token.revoked", target=token, after={"name": token.name})
    return token


@transaction.atomic
def api_client_scope_set(*, user, all_conversations: bool, actor=None) -> None:
    """Grant an API client every conversation, or scope it back to those it created."""
    _check(actor)
    permission = Permission.objects.get(
        content_type__app_label="conversations", codename="access_all_conversations"
    )
    before = user.user_permissions.filter(pk=permission.pk).exists()
    if all_conversations:
        user.user_permissions.add(permission)
    else:
        user.user_permissions.remove(permission)
    audit_record(
        actor=actor,
        action="memadmin.api_client.scope_changed",
        target=user,
        before={"all_conversations": before},
        after={"all_conversations": all_conversations},
    )


def api_client_user(username: str):
    try:
        return get_user_model().objects.get(username=username)
    except get_user_model().DoesNotExist:
        raise InvalidInput(f"No user {username!r}.", code="no_such_user") from None
