#!/usr/bin/env python
"""Django's command-line entry point for Rulebook."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.dev")
    from django.core.management import execute_from_command_line

    from rulebook.datadir import ensure_database_dir

    ensure_database_dir()  # importing the settings creates no directory; SQLite needs one
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
