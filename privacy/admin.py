from django.contrib import admin

from memadmin.admin_site import ReadOnlyAdmin
from privacy.models import ForgetReceipt, ForgetRequest


@admin.register(ForgetRequest)
class ForgetRequestAdmin(ReadOnlyAdmin):
    list_display = ["id", "scope", "status", "subject_pseudonym", "requested_at", "deadline"]
    list_filter = ["status", "scope"]


@admin.register(ForgetReceipt)
class ForgetReceiptAdmin(ReadOnlyAdmin):
    list_display = ["request", "digest", "created_at"]
