# The retrieval index keeps embeddings in half precision (pgvector's halfvec): the vector arm reads
# every entry of the conversation it searches, and at half the bytes a long conversation is far
# fewer pages (conversations/models.py, TurnIndexEntry). Each stored vector is rounded once here.

import pgvector.django.halfvec
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('conversations', '0009_turn_index_lexeme_keys'),
    ]

    operations = [
        migrations.AlterField(
            model_name='turnindexentry',
            name='embedding',
            field=pgvector.django.halfvec.HalfVectorField(),
        ),
    ]
