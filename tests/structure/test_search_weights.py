"""Every ranking number of the search in one place: ``rulebook/search/weights.py``.

Scattered over twenty modules, the numbers that decide what ranks where could not be read
side by side, nor the two engines' scales compared, nor a benchmark run said which it ran
with. This counts the numbers the search package's modules name at module level, with
``ast`` (an UPPER_CASE name bound to a number, to arithmetic on numbers, or to a tuple or
dict of them), and holds most of them in ``weights.py``. A table counts as the numbers it
holds: the field boosts, declared once by meaning with each engine's value, are eleven
numbers, not one. What stays elsewhere is cache sizes, batches, locks, formats and the
API's paging limits, which change no ranking.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rulebook.search import weights

SEARCH = Path(__file__).resolve().parents[2] / "rulebook" / "search"
SHARE = 0.85


def numbers_in(node) -> int:
    """How many numbers a literal holds (a number, arithmetic on numbers: one; a tuple,
    list or dict: its members'); 0 when it holds anything else."""
    if isinstance(node, ast.Constant):
        return int(isinstance(node.value, int | float) and not isinstance(node.value, bool))
    if isinstance(node, ast.UnaryOp):
        return numbers_in(node.operand)
    if isinstance(node, ast.BinOp):
        return int(bool(numbers_in(node.left) and numbers_in(node.right)))
    members = []
    if isinstance(node, ast.Tuple | ast.List):
        members = node.elts
    elif isinstance(node, ast.Dict):
        members = node.values
    counts = [numbers_in(member) for member in members]
    return sum(counts) if counts and all(counts) else 0


def named_numbers(source: str) -> dict[str, int]:
    """Module-level UPPER_CASE name -> how many numbers it holds (``A, B = 1, 2`` names two)."""
    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            pairs = [(target, value)]
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                pairs = list(zip(target.elts, value.elts, strict=False))
            for name, bound in pairs:
                if isinstance(name, ast.Name) and name.id.isupper() and numbers_in(bound):
                    out[name.id] = numbers_in(bound)
    return out


def counts() -> dict[str, dict[str, int]]:
    return {
        path.name: names
        for path in sorted(SEARCH.glob("*.py"))
        if (names := named_numbers(path.read_text(encoding="utf-8")))
    }


def test_the_counter_reads_every_form():
    source = (
        "A = 1\nB: float = -0.5\nC, D = 2, 3.0\nE = 10 * 60\nF = {'x': 1.0, 'y': {'z': 2}}\n"
        "G = (1, 2)\nlower = 3\nH = 'text'\nI = True\nJ = (1, 'a')\nK = {'x': 'y'}\nL = f(1)\n"
    )
    assert named_numbers(source) == {"A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 2, "G": 2}


def test_most_ranking_numbers_live_in_weights():
    found = counts()
    total = sum(n for names in found.values() for n in names.values())
    held = sum(found.get("weights.py", {}).values())
    elsewhere = {name: sorted(names) for name, names in found.items() if name != "weights.py"}
    assert total and held / total >= SHARE, (
        f"{held} of {total} named numbers in weights.py; elsewhere: {elsewhere}"
    )


def test_as_dict_holds_every_number_and_the_rerank_weights():
    """What a benchmark prints: every named number of weights.py, by name, and the rerank's
    feature weights in use."""
    from rulebook.search import rerank

    dumped = weights.as_dict()
    source = (SEARCH / "weights.py").read_text(encoding="utf-8")
    assert set(dumped) == set(named_numbers(source)) | {"RERANK_WEIGHTS"}
    assert dumped["FIELD_BOOSTS"]["name"] == {"whoosh": 25.0, "postgres": 1.5}
    assert dumped["RERANK_WEIGHTS"] == dict(zip(rerank.FEATURES, rerank.weights(), strict=True))
    assert dumped["RERANK_WEIGHTS"]["score"] == 1.0


def test_each_engine_compiles_its_boosts_from_the_one_table():
    """The boosts by meaning become each engine's: Whoosh's fields and PostgreSQL's ts_rank
    weight array ({D, C, B, A}: the path is label B, the text label A)."""
    from rulebook.search import postgres_sql, whoosh_schema

    assert weights.field_boosts("whoosh")["keyword"] == 40.0
    assert "surface" not in weights.field_boosts("postgres")
    assert whoosh_schema.BOOSTS == weights.field_boosts("whoosh")
    assert postgres_sql.WEIGHTS == weights.ts_rank_weights() == "{0.1, 0.2, 0.5, 1.0}"
    assert postgres_sql.number(1.5 * weights.VARIANT_SHARE) == repr(1.5 * 0.8)
