from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, User

from memadmin.admin_site import ReadOnlyAdmin
from memadmin.models import AuditEntry


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
