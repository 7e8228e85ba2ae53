# The vector arm reads every entry of the conversation it searches made by the current model. Read
# through the btree on the conversation, each entry is a visit to its row in the table; this index
# holds what the arm reads (the conversation and model as its key, then the seq, the turn and the
# embedding), so the arm reads the index alone, its entries packed in order (docs/benchmarks.md,
# "Search in long conversations: the vector arm from an index of its own"). Built concurrently: on a
# large index table it takes minutes, and writers keep writing meanwhile.

from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("conversations", "0012_summary_plural"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="turnindexentry",
            index=models.Index(
                fields=["conversation", "embedding_model"],
                include=["seq", "turn", "embedding"],
                name="turn_index_vector_idx",
            ),
        ),
    ]
