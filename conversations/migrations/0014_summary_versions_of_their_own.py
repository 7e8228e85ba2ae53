"""Summaries number their own versions (1, 2, 3 for each kind of a conversation's summaries).

They used to take the memory's version, which corrections bump too, so a summary's history read
v1, v4, v9. The memory's version each one was written at is kept in ``memory_version``; the
snapshots that name a summary name it by its new number as well. Reversible: going back puts the
memory's version in ``version`` again, here and in the snapshots.
"""

from django.db import migrations, models

IMMEDIATE = "SET CONSTRAINTS ALL IMMEDIATE"
DEFERRED = "SET CONSTRAINTS ALL DEFERRED"

FORWARD = [
    "UPDATE conversations_summary SET memory_version = version",
    # Renumbered with the constraint off: a row's new number may be another row's old one.
    """
    UPDATE conversations_summary AS s SET version = r.number
    FROM (
        SELECT id, row_number() OVER (PARTITION BY conversation_id, kind ORDER BY version) AS number
        FROM conversations_summary
    ) AS r
    WHERE s.id = r.id
    """,
    """
    UPDATE conversations_memorystate AS m SET
        static_summary_version = coalesce(
            (SELECT max(version) FROM conversations_summary
             WHERE conversation_id = m.conversation_id AND kind = 'static'), 0),
        rolling_summary_version = coalesce(
            (SELECT max(version) FROM conversations_summary
             WHERE conversation_id = m.conversation_id AND kind = 'rolling'), 0)
    """,
]

BACKWARD = [
    "UPDATE conversations_summary SET version = memory_version WHERE memory_version IS NOT NULL",
]


def snapshot_refs(column: str) -> list[str]:
    """Point each snapshot's summary references at the summary's number in ``column``, by its id."""
    return [
        f"""
        UPDATE conversations_contextsnapshot AS c
        SET layers = jsonb_set(c.layers, '{{{layer},version}}', to_jsonb(s.{column}))
        FROM conversations_summary AS s
        WHERE jsonb_typeof(c.layers -> '{layer}') = 'object'
          AND (c.layers -> '{layer}' ->> 'id')::bigint = s.id
          AND s.{column} IS NOT NULL
        """
        for layer in ("static_summary", "rolling_summary")
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("conversations", "0013_turn_index_vector_idx"),
    ]

    operations = [
        migrations.AddField(
            model_name="memorystate",
            name="rolling_summary_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="memorystate",
            name="static_summary_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="summary",
            name="memory_version",
            field=models.PositiveIntegerField(
                blank=True, help_text="The memory's version that wrote it (None: not recorded).", null=True
            ),
        ),
        migrations.AlterField(
            model_name="summary",
            name="version",
            field=models.PositiveIntegerField(help_text="1, 2, 3… for each kind of summary of a conversation."),
        ),
        migrations.RemoveConstraint(model_name="summary", name="summary_unique_version"),
        # Foreign keys checked as each row changes, not at the commit: the constraint is added back
        # in the same transaction, which PostgreSQL refuses while checks on the table are pending.
        migrations.RunSQL(
            [IMMEDIATE, *FORWARD, *snapshot_refs("version"), DEFERRED],
            reverse_sql=[IMMEDIATE, *BACKWARD, *snapshot_refs("version"), DEFERRED],
        ),
        migrations.AddConstraint(
            model_name="summary",
            constraint=models.UniqueConstraint(
                fields=("conversation", "kind", "version"), name="summary_unique_version"
            ),
        ),
    ]
