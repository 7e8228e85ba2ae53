"""API throttles per client, with rates read from settings on every request (so tests can change them)."""

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

OFF = {"", "off", "none", "0"}


def _rate(value: str) -> str | None:
    return None if (value or "").strip().lower() in OFF else value


class ClientRateThrottle(UserRateThrottle):
    """Requests per signed-in client (an API token's user, or a person's session)."""

    scope = "client"

    def get_rate(self) -> str | None:
        return _rate(settings.MEMADMIN_API_RATE)

    def allow_request(self, request, view) -> bool:
        if not request.user.is_authenticated:
            return True  # AnonymousRateThrottle's business
        return super().allow_request(request, view)


class AnonymousRateThrottle(AnonRateThrottle):
    """Requests per address from callers without credentials."""

    def get_rate(self) -> str | None:
        return _rate(settings.MEMADMIN_API_ANON_RATE)
