# Every search through a GIN index reads the index's whole pending list (entries written since it was
# last moved into the index's tree), whichever conversation the search is scoped to. The entries' two
# GIN indexes keep at most 128 kB there instead of PostgreSQL's default 4 MB (models.GIN_PENDING_LIST_KB;
# docs/benchmarks.md, "Search after writes: the indexes' pending lists kept short"). A storage parameter
# changed in place: the indexes are not rebuilt, and the next write past the new limit moves the list.

import django.contrib.postgres.indexes
from django.db import migrations

import conversations.models

INDEXES = ("turn_index_text_idx", "turn_index_lexeme_idx")


class Migration(migrations.Migration):
    dependencies = [
        ("conversations", "0015_turn_index_size_moves_in_order"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    sql=f"ALTER INDEX {name} SET (gin_pending_list_limit = 128)",
                    reverse_sql=f"ALTER INDEX {name} RESET (gin_pending_list_limit)",
                )
                for name in INDEXES
            ],
            state_operations=[
                migrations.RemoveIndex(model_name="turnindexentry", name="turn_index_text_idx"),
                migrations.AddIndex(
                    model_name="turnindexentry",
                    index=django.contrib.postgres.indexes.GinIndex(
                        fields=["search_vector"], gin_pending_list_limit=128, name="turn_index_text_idx"
                    ),
                ),
                migrations.RemoveIndex(model_name="turnindexentry", name="turn_index_lexeme_idx"),
                migrations.AddIndex(
                    model_name="turnindexentry",
                    index=django.contrib.postgres.indexes.GinIndex(
                        conversations.models.LexemeKeys("conversation", "search_vector"),
                        gin_pending_list_limit=128,
                        name="turn_index_lexeme_idx",
                    ),
                ),
            ],
        ),
    ]
