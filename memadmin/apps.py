from django.apps import AppConfig


class MemadminConfig(AppConfig):
    name = "memadmin"
    verbose_name = "memadmin"
