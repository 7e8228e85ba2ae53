# The number of index entries of each conversation, kept by triggers on the index table, so that the
# lexical arm's BM25 reads it instead of counting a long conversation's entries on every search.

import django.db.models.deletion
from django.db import migrations, models

# Statement-level triggers with transition tables: one statement writing thousands of entries (a page
# of bulk indexing) updates each conversation's count once. An entry re-embedded in place is an
# update that keeps its conversation (the upsert never sets it), so updates are followed only when
# they move an entry to another conversation. Counts are taken in conversation order, so that two
# writers lock the rows they share in the same order. An entry deleted after its conversation's row
# (a conversation deleted whole) changes nothing.
CREATE = """
CREATE FUNCTION turn_index_size_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO conversations_turnindexsize AS s (conversation_id, entries)
    SELECT conversation_id, count(*) FROM added GROUP BY conversation_id ORDER BY conversation_id
    ON CONFLICT (conversation_id) DO UPDATE SET entries = s.entries + EXCLUDED.entries;
    RETURN NULL;
END
$$;

CREATE FUNCTION turn_index_size_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone record;
BEGIN
    FOR gone IN
        SELECT conversation_id, count(*) AS entries FROM removed GROUP BY conversation_id ORDER BY conversation_id
    LOOP
        UPDATE conversations_turnindexsize SET entries = entries - gone.entries
        WHERE conversation_id = gone.conversation_id;
    END LOOP;
    RETURN NULL;
END
$$;

CREATE FUNCTION turn_index_size_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE conversations_turnindexsize SET entries = entries - 1 WHERE conversation_id = OLD.conversation_id;
    INSERT INTO conversations_turnindexsize AS s (conversation_id, entries) VALUES (NEW.conversation_id, 1)
    ON CONFLICT (conversation_id) DO UPDATE SET entries = s.entries + 1;
    RETURN NULL;
END
$$;

CREATE TRIGGER turn_index_size_added AFTER INSERT ON conversations_turnindexentry
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION turn_index_size_added();
CREATE TRIGGER turn_index_size_removed AFTER DELETE ON conversations_turnindexentry
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION turn_index_size_removed();
CREATE TRIGGER turn_index_size_moved AFTER UPDATE OF conversation_id ON conversations_turnindexentry
    FOR EACH ROW WHEN (OLD.conversation_id IS DISTINCT FROM NEW.conversation_id)
    EXECUTE FUNCTION turn_index_size_moved();

INSERT INTO conversations_turnindexsize (conversation_id, entries)
SELECT conversation_id, count(*) FROM conversations_turnindexentry GROUP BY conversation_id;
"""

DROP = """
DROP TRIGGER IF EXISTS turn_index_size_added ON conversations_turnindexentry;
DROP TRIGGER IF EXISTS turn_index_size_removed ON conversations_turnindexentry;
DROP TRIGGER IF EXISTS turn_index_size_moved ON conversations_turnindexentry;
DROP FUNCTION IF EXISTS turn_index_size_added();
DROP FUNCTION IF EXISTS turn_index_size_removed();
DROP FUNCTION IF EXISTS turn_index_size_moved();
"""


class Migration(migrations.Migration):

    dependencies = [
        ("conversations", "0010_half_precision_embeddings"),
    ]

    operations = [
        migrations.CreateModel(
            name="TurnIndexSize",
            fields=[
                (
                    "conversation",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="conversations.conversation",
                    ),
                ),
                ("entries", models.BigIntegerField()),
            ],
        ),
        migrations.RunSQL(CREATE, DROP),
    ]
