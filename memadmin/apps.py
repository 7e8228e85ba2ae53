from django.apps import AppConfig
from django.core.signals import request_started


class MemadminConfig(AppConfig):
    name = "memadmin"
    verbose_name = "memadmin"

    def ready(self) -> None:
        from memadmin import tasks

        # Only a process that serves requests starts the task thread this way (see memadmin.tasks).
        request_started.connect(tasks.serving_started, dispatch_uid="memadmin-tasks-serving")
