"""Staff and service accounts."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from rest_framework.authtoken.models import Token

from memadmin.audit import audit_record
from memadmin.permissions import Role


@transaction.atomic
def user_ensure(*, username: str, password: str, roles: list[Role], actor=None):
    """Create the user if missing, and set its password and roles to these."""
    user, created = get_user_model().objects.get_or_create(username=username)
    before = None if created else {"roles": sorted(user.groups.values_list("name", flat=True))}
    user.set_password(password)
    user.save()
    user.groups.set(Group.objects.filter(name__in=[role.value for role in roles]))
    audit_record(
        actor=actor,
        action="memadmin.user.created" if created else "memadmin.user.updated",
        target=user,
        before=before,
        after={"roles": sorted(role.value for role in roles), "password": "set"},
    )
    return user


def service_token_ensure(*, user) -> str:
    """The API token of a service account, created on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key
