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
    objects = list(objects)
    if not objects:
        return 0
    db = router.db_for_write(model)
    connection = connections[db]
    meta = model._meta
    fields = [meta.get_field(name) for name in field_names]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    params = [
        [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields]
        + [meta.pk.get_db_prep_save(obj.pk, connection)]
        for obj in objects
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)
    for obj in objects:  # stored now, as bulk_create leaves them
        obj._state.adding, obj._state.db = False, db
    return len(objects)


def insert_rows(model, objects) -> int:
    """Insert new objects (without primary keys) in order, as ``bulk_create`` would write
    them; their primary keys are not read back (callers that need them query them)."""
    objects = list(objects)
    if not objects:
        return 0
    db = router.db_for_write(model)
    connection = connections[db]
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key and not f.generated]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders})"
    params = [
        [f.get_db_prep_save(f.pre_save(obj, add=True), connection) for f in fields]
        for obj in objects
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)
    for obj in objects:  # stored now, as bulk_create leaves them
        obj._state.adding, obj._state.db = False, db
    return len(objects)
