"""A fingerprint of the whole database, to prove that a refused ingest wrote nothing."""

import hashlib

from django.db import connection


def database_fingerprint() -> dict[str, tuple[int, str]]:
    """Per table: the row count and a hash of every row, ordered by the first column (the
    primary key of every table here)."""
    out = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names(cursor)):
            quoted = connection.ops.quote_name(table)
            cursor.execute(f"SELECT * FROM {quoted} ORDER BY 1")  # noqa: S608 (table names)
            digest, count = hashlib.sha256(), 0
            for row in cursor.fetchall():
                digest.update(repr(row).encode())
                count += 1
            out[table] = (count, digest.hexdigest())
    return out
