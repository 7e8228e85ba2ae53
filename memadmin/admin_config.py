from django.contrib.admin.apps import AdminConfig


class MemadminAdminConfig(AdminConfig):
    """Django's admin with memadmin's site: admins only, read-only (memadmin.admin_site)."""

    default_site = "memadmin.admin_site.MemadminAdminSite"
