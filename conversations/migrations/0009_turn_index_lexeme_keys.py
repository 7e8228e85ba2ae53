# The lexical arm finds a conversation's turns holding a query's words through a GIN index whose keys
# are (conversation, lexeme) pairs, so that it reads the matching turns alone instead of every turn
# of the conversation (conversations/retrieval.py, "the lexical arm").

import django.contrib.postgres.indexes
from django.db import migrations

import conversations.models

# A key is the conversation's id in the high 32 bits and a hash of the lexeme in the low 32:
# one conversation's keys sit together in the index, so a batch of its turns written
# (an import, a re-embedding) touches a few of the index's pages, not all of them. A key
# can collide (two lexemes of one conversation, or ids 2^31 apart): the search filters on
# the conversation and matches the lexemes themselves, so a collision only adds a candidate.
CREATE_FUNCTION = """
CREATE OR REPLACE FUNCTION turn_index_lexeme_keys(conversation bigint, document tsvector)
RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT ARRAY(
        SELECT ((conversation & 2147483647) << 32) | (pg_catalog.hashtext(lexeme)::bigint & 4294967295)
        FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(document)) AS lexeme
    )
$$
"""
DROP_FUNCTION = "DROP FUNCTION IF EXISTS turn_index_lexeme_keys(bigint, tsvector)"


class Migration(migrations.Migration):

    dependencies = [
        ('conversations', '0008_conversation_creator'),
    ]

    operations = [
        migrations.RunSQL(CREATE_FUNCTION, DROP_FUNCTION),
        migrations.AddIndex(
            model_name='turnindexentry',
            index=django.contrib.postgres.indexes.GinIndex(
                conversations.models.LexemeKeys('conversation', 'search_vector'),
                name='turn_index_lexeme_idx',
            ),
        ),
    ]
