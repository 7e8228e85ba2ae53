"""Signing in: each role lands on the page of its daily work."""

from django.contrib.auth.views import LoginView
from django.urls import reverse

from memadmin.permissions import Role, User, user_roles

# The first of these a user holds decides where signing in leads (a "next" address still wins).
LANDING = (
    (Role.SUPPORT, "conversations:list"),
    (Role.ADMIN, "conversations:list"),
    (Role.QA, "qa:queue"),
    (Role.PRIVACY, "privacy:list"),
)


def landing_url(user: User) -> str:
    """Support staff and admins open the conversations, QA annotators their labelling queue, privacy
    officers their forget requests."""
    roles = user_roles(user)
    return reverse(next((name for role, name in LANDING if role in roles), "conversations:list"))


class SignInView(LoginView):
    redirect_authenticated_user = True

    def get_default_redirect_url(self) -> str:
        return landing_url(self.request.user)
