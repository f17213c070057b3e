import pytest

from ingest import numbers


@pytest.mark.parametrize(
    ("loose", "expected"),
    [
        ("813.1.c.2.", "813.1.c.2"),
        ("813.1.c.2", "813.1.c.2"),
        ("813", "813"),
        ("813.", "813"),
        ("rule 813.1c2", "813.1.c.2"),
        ("CR 405.1", "405.1"),
        ("r813", "813"),
        ("813.1.C.2", "813.1.c.2"),
        ("règle 349", "349"),
        ("135.2.e.7.a", "135.2.e.7.a"),
        ("103.2b", "103.2.b"),
    ],
)
def test_normalise_accepts(loose, expected):
    assert numbers.normalise(loose) == expected


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "81",
        "8134",
        "813.c",
        "813.1.2",
        "813.c.c",
        "1O3.2",
        "103..2",
        "2026-03-30",
        "hello",
        None,
    ],
)
def test_normalise_refuses(bad):
    assert numbers.normalise(bad) is None


def test_is_strict():
    assert numbers.is_strict("813.1.c.2.")
    assert numbers.is_strict("130.4")
    assert not numbers.is_strict("813.1c2")
    assert not numbers.is_strict("1O3.2.")


def test_sort_key_orders_numerically_and_parents_first():
    shuffled = ["103.10", "103.2", "103", "813.1.d", "813.1.c", "103.2.a", "813.1.aa", "813.1.z"]
    assert sorted(shuffled, key=numbers.sort_key) == [
        "103",
        "103.2",
        "103.2.a",
        "103.10",
        "813.1.c",
        "813.1.d",
        "813.1.z",
        "813.1.aa",
    ]


def test_tree_helpers():
    assert numbers.parent("813.1.c.2") == "813.1.c"
    assert numbers.parent("813") is None
    assert numbers.ancestors("813.1.c") == ["813", "813.1"]
    assert numbers.depth("813") == 0
    assert numbers.depth("135.2.e.7.a") == 4
    assert numbers.is_descendant("813.1.c", "813")
    assert not numbers.is_descendant("8130", "813")


def test_anchor():
    assert numbers.anchor("461") == "461"
    assert numbers.anchor("461", 2) == "461~2"


def test_successor_candidates():
    assert numbers.successor_candidates("347.1.a") == ["347.1.a.1", "347.1.b", "347.2", "348"]
    assert numbers.successor_candidates("196") == ["196.1", "197"]
    assert numbers.successor_candidates("099") == ["099.1", "100"]
    assert "135.2.e.5.a" in numbers.successor_candidates("135.2.e.5")


def test_successor_letters_carry():
    assert numbers.successor_candidates("100.1.z")[1] == "100.1.aa"
    assert numbers.successor_candidates("100.1.az")[1] == "100.1.ba"
