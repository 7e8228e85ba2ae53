import time

from django.core.management.base import BaseCommand

from memadmin.tasks import dispatch_pending, run_pending, task_mode


class Command(BaseCommand):
    help = (
        "Hand the work recorded in the database on: to the broker (MEMADMIN_TASKS=celery; run it beside "
        "the web processes so that work recorded while the broker was down is sent when it is back), or "
        "run it here (thread / inline)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="One pass, then exit.")
        parser.add_argument("--interval", type=float, default=5.0, help="Seconds between passes.")

    def handle(self, *args, **options):
        while True:
            if task_mode() == "celery":
                done = dispatch_pending()
                verb = "sent to the broker"
            else:
                done = run_pending()
                verb = "ran"
            if done or options["once"]:
                self.stdout.write(f"{done} task(s) {verb}")
            if options["once"]:
                return
            time.sleep(options["interval"])
