from django.core.management.base import BaseCommand, CommandError

from memadmin.api_tokens import (
    api_client_scope_set,
    api_client_user,
    api_token_create,
    api_token_revoke,
    api_token_rotate,
)
from memadmin.errors import ApplicationError
from memadmin.models import ApiToken


class Command(BaseCommand):
    help = (
        "API tokens: create, list, rotate, revoke; and an API client's scope (its own conversations, "
        "or all). A key is printed once, when it is made; only its hash is stored."
    )

    def add_arguments(self, parser):
        verbs = parser.add_subparsers(dest="verb", required=True)
        create = verbs.add_parser("create", help="A new token for a user.")
        create.add_argument("username")
        create.add_argument("name", help="What uses it, e.g. 'chat-service production'.")
        listing = verbs.add_parser("list", help="Tokens with their last use (no keys).")
        listing.add_argument("--user")
        rotate = verbs.add_parser("rotate", help="A new key for a token; the old key stops working.")
        rotate.add_argument("id", type=int)
        revoke = verbs.add_parser("revoke", help="The token stops working; it stays listed.")
        revoke.add_argument("id", type=int)
        scope = verbs.add_parser("scope", help="What an API client sees: 'own' (the default) or 'all'.")
        scope.add_argument("username")
        scope.add_argument("scope", choices=["own", "all"])

    def handle(self, *args, verb: str, **options):
        try:
            getattr(self, f"_{verb}")(**options)
        except ApplicationError as exc:
            raise CommandError(exc.message) from None

    def _create(self, *, username: str, name: str, **_):
        token, key = api_token_create(user=api_client_user(username), name=name)
        self.stdout.write(f"token {token.pk} {token.name!r} for {username}: {key}")
        self.stdout.write("Keep the key now: it is not stored and cannot be shown again.")

    def _list(self, *, user: str | None, **_):
        tokens = ApiToken.objects.select_related("user").order_by("user__username", "name", "id")
        if user:
            tokens = tokens.filter(user__username=user)
        for token in tokens:
            state = f"revoked {token.revoked_at:%Y-%m-%d %H:%M}" if token.revoked_at else "live"
            used = f"{token.last_used_at:%Y-%m-%d %H:%M}" if token.last_used_at else "never"
            who = token.user.get_username()
            self.stdout.write(f"{token.pk}\t{who}\t{token.name}\t{token.prefix}…\tlast used {used}\t{state}")

    def _token(self, pk: int) -> ApiToken:
        try:
            return ApiToken.objects.get(pk=pk)
        except ApiToken.DoesNotExist:
            raise CommandError(f"No token {pk}.") from None

    def _rotate(self, *, id: int, **_):
        key = api_token_rotate(token=self._token(id))
        self.stdout.write(f"token {id} rotated: {key}")
        self.stdout.write("The old key no longer works. Keep the new one now: it cannot be shown again.")

    def _revoke(self, *, id: int, **_):
        api_token_revoke(token=self._token(id))
        self.stdout.write(f"token {id} revoked")

    def _scope(self, *, username: str, scope: str, **_):
        api_client_scope_set(user=api_client_user(username), all_conversations=scope == "all")
        what = "every conversation" if scope == "all" else "only the conversations it created"
        self.stdout.write(f"{username} now sees {what}")
