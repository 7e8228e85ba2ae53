"""Staff and service accounts."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from memadmin.audit import audit_record
from memadmin.permissions import Role


@transaction.atomic
def user_ensure(*, username: str, password: str, roles: list[Role], staff: bool = False, actor=None):
    """Create the user if missing, and set its password, roles and staff status to these.

    Staff status opens Django's admin site, and only to an account with the admin role as well.
    """
    user, created = get_user_model().objects.get_or_create(username=username)
    before = (
        None
        if created
        else {"roles": sorted(user.groups.values_list("name", flat=True)), "staff": user.is_staff}
    )
    user.set_password(password)
    user.is_staff = staff
    user.save()
    user.groups.set(Group.objects.filter(name__in=[role.value for role in roles]))
    audit_record(
        actor=actor,
        action="memadmin.user.created" if created else "memadmin.user.updated",
        target=user,
        before=before,
        after={"roles": sorted(role.value for role in roles), "staff": staff, "password": "set"},
    )
    return user


def service_token_ensure(*, user, name: str = "demo") -> str:
    """A fresh key for the service account's token ``name``: created on first use, rotated after.

    Only a hash of a key is stored, so a key can be shown only when it is made.
    """
    from memadmin.api_tokens import api_token_create, api_token_rotate
    from memadmin.models import ApiToken

    token = ApiToken.objects.filter(user=user, name=name, revoked_at__isnull=True).first()
    if token is None:
        return api_token_create(user=user, name=name)[1]
    return api_token_rotate(token=token)
