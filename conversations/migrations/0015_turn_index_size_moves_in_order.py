# An index entry moved to another conversation moves its count (migration 0011): one count row down,
# the other up. Done old row first, two moves in opposite directions at once could each hold the
# row the other waits for (a deadlock, PostgreSQL then failing one of them). Here each move takes
# the two rows in conversation order, as the statement triggers take theirs, so whichever move
# takes the lower row first also gets the other, and the second waits for it.

from django.db import migrations

IN_ORDER = """
CREATE OR REPLACE FUNCTION turn_index_size_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.conversation_id < NEW.conversation_id THEN
        UPDATE conversations_turnindexsize SET entries = entries - 1 WHERE conversation_id = OLD.conversation_id;
    END IF;
    INSERT INTO conversations_turnindexsize AS s (conversation_id, entries) VALUES (NEW.conversation_id, 1)
    ON CONFLICT (conversation_id) DO UPDATE SET entries = s.entries + 1;
    IF OLD.conversation_id > NEW.conversation_id THEN
        UPDATE conversations_turnindexsize SET entries = entries - 1 WHERE conversation_id = OLD.conversation_id;
    END IF;
    RETURN NULL;
END
$$;
"""

# Migration 0011's function, as it was.
OLD_FIRST = """
CREATE OR REPLACE FUNCTION turn_index_size_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE conversations_turnindexsize SET entries = entries - 1 WHERE conversation_id = OLD.conversation_id;
    INSERT INTO conversations_turnindexsize AS s (conversation_id, entries) VALUES (NEW.conversation_id, 1)
    ON CONFLICT (conversation_id) DO UPDATE SET entries = s.entries + 1;
    RETURN NULL;
END
$$;
"""


class Migration(migrations.Migration):

    dependencies = [
        ("conversations", "0014_summary_versions_of_their_own"),
    ]

    operations = [
        migrations.RunSQL(IN_ORDER, OLD_FIRST),
    ]
