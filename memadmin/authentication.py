"""How API clients authenticate: ``Authorization: Token <key>`` against memadmin.models.ApiToken."""

import hashlib
from datetime import timedelta

from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from memadmin.models import ApiToken

# last_used_at is written at most this often per token: a busy client must
# not turn every read into a write.
LAST_USED_RESOLUTION = timedelta(minutes=1)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ApiTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>`` against the hashed, named tokens; records when each was last used."""

    def authenticate_credentials(self, key: str):
        token = (
            ApiToken.objects.select_related("user")
            .filter(key_hash=key_hash(key), revoked_at__isnull=True)
            .first()
        )
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at >= LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.user, token
