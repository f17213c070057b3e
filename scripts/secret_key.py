"""Print the site's secret key, generating it into the data directory on first use.

``make run`` uses it so that a fresh machine gets a private key (never the public default)
and keeps it across restarts (sessions stay valid). Plain Python: it runs before Django.
"""

import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    data = Path(os.environ.get("RULEBOOK_DATA_DIR") or ROOT / "var").resolve()
    path = data / "secret_key"
    if not path.is_file() or not path.read_text().strip():
        data.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(50) + "\n")
    sys.stdout.write(path.read_text().strip())


if __name__ == "__main__":
    main()
