"""The Spire's tables: `spire_runs` (each run's value as JSON) and `spire_stats`."""

from __future__ import annotations

import peewee as pw

from kingdom_server.core.tables import FeatureTable, now


class SpireRun(FeatureTable):
    id = pw.CharField(primary_key=True, max_length=36)
    user_id = pw.CharField(max_length=36, null=True, index=True)
    guest_hash = pw.CharField(max_length=64, null=True, index=True)
    data = pw.TextField()  # Run.to_json()
    version = pw.IntegerField(default=0)
    phase = pw.CharField(max_length=16)
    act = pw.IntegerField(default=1)
    node_index = pw.IntegerField(null=True)
    max_hp = pw.IntegerField(default=50)
    current_hp = pw.IntegerField(default=50)
    gold = pw.IntegerField(default=0)
    floor = pw.IntegerField(default=0)
    score = pw.IntegerField(default=0)
    room_code = pw.CharField(max_length=16, null=True)
    created_at = pw.DateTimeField(default=now)
    updated_at = pw.DateTimeField(default=now, index=True)

    class Meta:
        table_name = "spire_runs"


class SpireStats(FeatureTable):
    user_id = pw.CharField(primary_key=True, max_length=36)
    total_victories = pw.IntegerField(default=0)
    total_runs = pw.IntegerField(default=0)
    highest_floor = pw.IntegerField(default=0)
    highest_score = pw.IntegerField(default=0)

    class Meta:
        table_name = "spire_stats"


TABLES: tuple[type[FeatureTable], ...] = (SpireRun, SpireStats)

RETIRED_TABLES = ("spire_nodes", "spire_relics")
"""Tables an earlier version kept (written, never read): dropped at start."""
