"""Column updates of many rows in one statement run over many parameter sets.

Django's ``bulk_update`` builds one ``CASE WHEN pk = … THEN …`` expression per row and field,
and resolving those expressions cost more than the rest of a Core Rules document's load
(about 10,000 rule rows get their parent and section after they exist). A plain
``UPDATE … WHERE pk = %s`` run with ``executemany`` writes the same values, on SQLite and on
PostgreSQL alike.
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
    return len(objects)
