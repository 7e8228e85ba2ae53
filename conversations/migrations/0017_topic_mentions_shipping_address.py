# The turns that mention a topic are stored under the topic's label (MemoryState.topic_mentions). Where
# things go is now named as the slot the extractor fills for it, "shipping address", not "delivery
# address" (which reads as another key, delivery_address): the stored mentions move to the new name, so
# that "discussed but not captured" still finds them before the next refresh; back again on reverse.

from django.db import migrations

SQL = """
UPDATE conversations_memorystate
SET topic_mentions = (topic_mentions - %(old)s) || jsonb_build_object(%(new)s, topic_mentions -> %(old)s)
WHERE topic_mentions ? %(old)s
"""
OLD, NEW = "delivery address", "shipping address"


class Migration(migrations.Migration):
    dependencies = [
        ("conversations", "0016_turn_index_short_pending_lists"),
    ]

    operations = [
        migrations.RunSQL(
            sql=[(SQL, {"old": OLD, "new": NEW})],
            reverse_sql=[(SQL, {"old": NEW, "new": OLD})],
        ),
    ]
