"""The benchmarks' own modules, imported for their tests: ``benchmarks/`` is a folder of
scripts, not a package, so it joins the import path only while one is imported."""

import importlib
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))
