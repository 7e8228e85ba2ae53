"""Django's admin, for admins only, and read-only wherever a change must be audited.

Every change to memory goes through a service function that checks the
permission and writes the audit entry; a form in the admin would do neither.
So the admin may look at everything and change nothing of the memory, the
record, the accounts or the audit log.
"""

from django.contrib import admin
from django.http import HttpRequest

from memadmin.permissions import can_open_admin_site


class MemadminAdminSite(admin.AdminSite):
    site_header = "memadmin administration (read-only)"
    site_title = "memadmin admin"
    index_title = "Stored data"

    def has_permission(self, request: HttpRequest) -> bool:
        return can_open_admin_site(request.user)


class _ReadOnly:
    """Permissions of a model admin or inline that shows rows and never changes them."""

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return self.admin_site.has_permission(request)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.admin_site.has_permission(request)

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        # Named outright, so that fields Django never puts in a form (auto_now) are shown too.
        if self.fields:
            return self.fields
        if getattr(self, "fieldsets", None):
            return super().get_readonly_fields(request, obj)
        return [field.name for field in self.model._meta.fields]

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class ReadOnlyAdmin(_ReadOnly, admin.ModelAdmin):
    # Counting a million rows for "(1,000,000 total)" costs more than the page.
    show_full_result_count = False


class ReadOnlyTabularInline(_ReadOnly, admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False
