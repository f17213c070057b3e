"""Inserts and column updates of many rows in one statement run over many parameter sets.

Django's ``bulk_update`` builds one ``CASE WHEN pk = … THEN …`` expression per row and field,
and resolving those expressions cost more than the rest of a Core Rules document's load
(about 10,000 rule rows get their parent and section after they exist). A plain
``UPDATE … WHERE pk = %s`` run with ``executemany`` writes the same values, on SQLite and on
PostgreSQL alike. ``bulk_create`` likewise compiles one multi-row ``INSERT`` per batch, and on
SQLite a batch holds about 70 rule rows: compiling them cost two thirds of inserting a
document's rules. One ``INSERT`` run over every row writes the same rows in the same order.
"""

from __future__ import annotations

from django.db import connections, router


def update_columns(model, objects, field_names: list[str]) -> int:
    """Write ``field_names`` of each object (which must have a primary key) to its row."""

    def statement(meta, connection, quote, objects):
        fields = [meta.get_field(name) for name in field_names]
        assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
        table, pk = quote(meta.db_table), quote(meta.pk.column)
        params = [
            [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields]
            + [meta.pk.get_db_prep_save(obj.pk, connection)]
            for obj in objects
        ]
        return f"UPDATE {table} SET {assignments} WHERE {pk} = %s", params

    return _run(model, objects, statement)


def insert_rows(model, objects) -> int:
    """Insert new objects (without primary keys) in order, as ``bulk_create`` would write
    them; their primary keys are not read back (callers that need them query them)."""

    def statement(meta, connection, quote, objects):
        fields = [f for f in meta.concrete_fields if not f.primary_key and not f.generated]
        columns = ", ".join(quote(f.column) for f in fields)
        placeholders = ", ".join(["%s"] * len(fields))
        params = [
            [f.get_db_prep_save(f.pre_save(obj, add=True), connection) for f in fields]
            for obj in objects
        ]
        return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders})", params

    return _run(model, objects, statement)


def _run(model, objects, statement) -> int:
    """One ``executemany`` of the statement ``statement`` builds for ``objects``; the objects
    are marked stored afterwards, as ``bulk_create`` leaves them."""
    objects = list(objects)
    if not objects:
        return 0
    db = router.db_for_write(model)
    connection = connections[db]
    sql, params = statement(model._meta, connection, connection.ops.quote_name, objects)
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)
    for obj in objects:
        obj._state.adding, obj._state.db = False, db
    return len(objects)
