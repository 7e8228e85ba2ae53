from django.contrib import admin, messages
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, User
from django.template.response import TemplateResponse

from memadmin.admin_site import ReadOnlyAdmin
from memadmin.api_tokens import api_client_scope_set, api_token_revoke, api_token_rotate
from memadmin.errors import ApplicationError
from memadmin.models import ApiToken, AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "actor_label", "action", "target_type", "target_id"]
    list_filter = ["action"]
    search_fields = ["actor_label", "action", "target_id"]
    date_hierarchy = "at"


# Accounts change through memadmin.accounts, which audits them.
admin.site.unregister(User)
admin.site.unregister(Group)


@admin.register(User)
class ReadOnlyUserAdmin(ReadOnlyAdmin, UserAdmin):
    pass


@admin.register(Group)
class ReadOnlyGroupAdmin(ReadOnlyAdmin, GroupAdmin):
    pass


@admin.register(ApiToken)
class ApiTokenAdmin(ReadOnlyAdmin):
    """Tokens are read here and changed only by the actions, which call the audited services."""

    list_display = ["name", "user", "prefix", "last_used_at", "revoked_at"]
    search_fields = ["name", "user__username", "prefix"]
    fields = ["user", "name", "prefix", "created_at", "rotated_at", "last_used_at", "revoked_at"]
    list_select_related = ["user"]
    actions = ["rotate", "revoke", "grant_all_conversations", "scope_to_own_conversations"]

    @admin.action(description="Rotate: a new key for each selected token (shown once)")
    def rotate(self, request, queryset):
        keys, refused = [], []
        for token in queryset.select_related("user"):
            try:
                keys.append((token, api_token_rotate(token=token, actor=request.user)))
            except ApplicationError as exc:
                refused.append(f"{token}: {exc.message}")
        for message in refused:
            self.message_user(request, message, messages.ERROR)
        if not keys:
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "New keys",
            "keys": keys,
            "opts": self.opts,
        }
        # Rendered straight away, never stored: the key exists only in this response.
        response = TemplateResponse(request, "admin/memadmin/apitoken/new_keys.html", context)
        response["Cache-Control"] = "no-store"
        return response

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request, queryset):
        for token in queryset:
            api_token_revoke(token=token, actor=request.user)
        self.message_user(request, f"{queryset.count()} token(s) revoked.")

    @admin.action(description="Let the selected tokens' clients see every conversation")
    def grant_all_conversations(self, request, queryset):
        for user in {token.user for token in queryset.select_related("user")}:
            api_client_scope_set(user=user, all_conversations=True, actor=request.user)
        self.message_user(request, "Those clients now see every conversation.")

    @admin.action(description="Scope the selected tokens' clients to the conversations they created")
    def scope_to_own_conversations(self, request, queryset):
        for user in {token.user for token in queryset.select_related("user")}:
            api_client_scope_set(user=user, all_conversations=False, actor=request.user)
        self.message_user(request, "Those clients now see only the conversations they created.")
