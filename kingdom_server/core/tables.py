"""Feature modules' tables: declared once at module level, bound to each store's database.

The pattern every feature module (accounts, stats, ranked, spire, constructed) follows:

    # kingdom_server/<feature>.py
    class Thing(FeatureTable):
        id = pw.CharField(primary_key=True)
        user_id = pw.CharField(max_length=36, index=True)
        class Meta:
            table_name = "things"

    TABLES = (Thing,)

- `kingdom_server/app.py` lists each module's `TABLES` in `FEATURE_TABLES`; at startup
  `storage.tables.create(FEATURE_TABLES)` creates what is missing (and adds columns a model
  gained since, before the model's indexes, so an index may name a new column; the model's
  `columns_added` may then fill them for the rows from before), in the one
  database of `Storage` (`storage.db`). An index a model no longer declares is dropped when
  the model lists its name in `retired_indexes` (e.g. a unique index that gained a column).
- At run time a module reaches its rows through the bound copy: `T = storage.tables[Thing]`,
  then `T.select()...`, `T.create(...)`, `with storage.db.atomic(): ...`. Rows are instances
  of `Thing`, so annotations name the module-level class.
- Columns that refer to a user are plain `user_id` text columns (no peewee foreign keys across
  modules): deleting an account goes through `accounts.on_user_deleted` hooks instead.

Binding per store (a subclass per database) rather than a module-level database keeps several
apps with different databases in one process possible, as `Storage` does for its own tables.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

import peewee as pw

M = TypeVar("M", bound="FeatureTable")


def now() -> dt.datetime:
    """The time of a row: naive UTC, as every table stores it."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class FeatureTable(pw.Model):
    """Base of the feature modules' tables (bound to no database until `Tables` binds it)."""

    retired_indexes: ClassVar[tuple[str, ...]] = ()
    """Names of indexes an earlier version of the model created and this one replaced."""
    retired_columns: ClassVar[tuple[str, ...]] = ()
    """Columns an earlier version of the model had and this one dropped (dropped at start)."""

    @classmethod
    def columns_added(cls, db: pw.Database, columns: set[str]) -> None:
        """Called (in the migration's transaction) after `columns` were added to an existing
        table: a model whose new column can be filled better than by its default for the rows
        from before (e.g. from other tables) does it here."""

    class Meta:
        database = None


def add_missing_columns(db: pw.Database, models: Iterable[type[pw.Model]]) -> None:
    """Columns added to a model after its table was created (nullable or defaulted ones)."""
    from playhouse.migrate import SchemaMigrator, migrate

    migrator = SchemaMigrator.from_database(db)
    for model in models:
        table = model._meta.table_name
        have = {c.name for c in db.get_columns(table)}
        missing = [f for f in model._meta.sorted_fields if f.column_name not in have]
        if not missing:
            continue
        with db.atomic():
            for field in missing:
                migrate(migrator.add_column(table, field.column_name, field))
            if issubclass(model, FeatureTable):
                model.columns_added(db, {f.column_name for f in missing})


def drop_retired_columns(db: pw.Database, models: Iterable[type[FeatureTable]]) -> None:
    """The `retired_columns` a table still has go (their indexes first)."""
    for model in models:
        table = model._meta.table_name
        have = {c.name for c in db.get_columns(table)}
        gone = [c for c in model.retired_columns if c in have]
        if not gone:
            continue
        with db.atomic():
            for index in db.get_indexes(table):
                if set(index.columns) & set(gone):
                    db.execute_sql(f'DROP INDEX IF EXISTS "{index.name}"')  # type: ignore[no-untyped-call]
            for column in gone:
                db.execute_sql(f'ALTER TABLE "{table}" DROP COLUMN "{column}"')  # type: ignore[no-untyped-call]


def drop_tables(db: pw.Database, names: Iterable[str]) -> None:
    """Tables an earlier version created and this one no longer has."""
    for name in names:
        db.execute_sql(f'DROP TABLE IF EXISTS "{name}"')  # type: ignore[no-untyped-call]


class Tables:
    """The feature tables bound to one database."""

    def __init__(self, db: pw.Database) -> None:
        self.db = db
        self._bound: dict[type[FeatureTable], type[FeatureTable]] = {}

    def _bind(self, model: type[M]) -> type[M]:
        meta = type("Meta", (), {"database": self.db, "table_name": model._meta.table_name})
        attrs: dict[str, Any] = {"Meta": meta, "__module__": model.__module__}
        bound: type[M] = type(model.__name__, (model,), attrs)
        return bound

    def create(self, models: Iterable[type[FeatureTable]]) -> None:
        """Bind `models` to this database and create their tables if they are missing."""
        fresh = [m for m in models if m not in self._bound]
        for model in fresh:
            self._bound[model] = self._bind(model)
        bound = [self._bound[m] for m in fresh]
        if not bound:
            return
        # As `db.create_tables(safe=True)`, but the columns a model gained are added before
        # its indexes are created, and the indexes it retired are dropped.
        for model in bound:
            schema: Any = getattr(model, "_schema")  # noqa: B009 (peewee's untyped manager)
            schema.create_sequences()
            schema.create_table(safe=True)
        add_missing_columns(self.db, bound)
        drop_retired_columns(self.db, bound)
        for model in bound:
            for name in model.retired_indexes:
                self.db.execute_sql(f'DROP INDEX IF EXISTS "{name}"')  # type: ignore[no-untyped-call]
            getattr(model, "_schema").create_indexes(safe=True)  # noqa: B009

    def __getitem__(self, model: type[M]) -> type[M]:
        try:
            bound = self._bound[model]
        except KeyError:
            raise KeyError(f"{model.__name__} is not among the created tables") from None
        return bound  # type: ignore[return-value]
