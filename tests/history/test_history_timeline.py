"""Following one rule across the invented v1 -> v2 -> v3, forwards and backwards."""

import pytest

from rulebook.history import ADDED, REMOVED, History, successor, timeline


@pytest.fixture(scope="module")
def history(v1, v2, v3):
    return History([("v1", v1), ("v2", v2), ("v3", v3)])


def _path(steps):
    return [(s.version, s.number, s.change.cls if s.change else None) for s in steps]


def test_timeline_forwards_from_the_oldest(history):
    assert _path(history.timeline("v1", "502")) == [
        ("v1", "502", None),
        ("v2", "703", "renumbered"),
        ("v3", "702", "renumbered"),
    ]


def test_timeline_backwards_from_the_newest_is_the_same(history):
    assert _path(history.timeline("v3", "702")) == _path(history.timeline("v1", "502"))
    assert _path(history.timeline("v2", "703")) == _path(history.timeline("v1", "502"))


def test_timeline_records_rewordings_with_diffs(history):
    steps = history.timeline("v2", "101")
    assert _path(steps) == [
        ("v1", "101", None),
        ("v2", "101", "unchanged"),
        ("v3", "101", "reworded"),
    ]
    assert any(op.op == "insert" and "eight" in op.text for op in steps[-1].change.diff)


def test_timeline_ends_with_a_removal_step(history):
    steps = history.timeline("v1", "504.2")
    assert _path(steps)[-1] == ("v3", None, REMOVED)
    assert steps[1].change.meaning_flips == []


def test_timeline_starts_where_the_rule_was_added(history):
    steps = history.timeline("v3", "703")  # Glide: added in v2, renumbered in v3
    assert [s.version for s in steps] == ["v2", "v3"]
    assert steps[0].change is None and steps[1].change.cls == "renumbered"
    assert history.comparison(0).for_new("702").cls == ADDED


def test_unknown_number_or_label(history):
    assert history.timeline("v1", "999") == []
    with pytest.raises(KeyError):
        history.timeline("v9", "101")


def test_successor(history, v1, v2, v3):
    versions = [("v1", v1), ("v2", v2), ("v3", v3)]
    assert successor(versions, "v1", "502.2") == ("v3", "702.2")
    assert successor(history, "v1", "504.2") is None  # Echo removed in v3
    assert successor(history, "v1", "107") == ("v3", "106")  # merged into 106
    assert successor(history, "v1", "107", follow_merges=False) is None
    assert successor(history, "v1", "108") is None
    assert successor(history, "v3", "101") == ("v3", "101")
    assert successor(history, "v2", "999") is None


def test_successor_can_fall_back_to_the_parent(history):
    assert successor(history, "v1", "504.2", to_parent=True) is None  # whole keyword gone
    assert history.successor("v1", "108", to_parent=True) is None  # top-level: no parent


def test_module_function_and_json(history, v1, v2, v3):
    steps = timeline([("v1", v1), ("v2", v2), ("v3", v3)], "v1", "502")
    assert [s.to_json()["number"] for s in steps] == ["502", "703", "702"]
    assert history.comparison(0) is history.comparison(0)  # cached


def test_a_version_is_prepared_once_for_all_its_comparisons_and_not_stored(v1, v2, v3):
    import pickle

    from rulebook.history import compare

    fresh = History([("v1", v1), ("v2", v2), ("v3", v3)])
    middle = fresh.versions[1]
    fresh.comparison(0)
    side = middle.side()
    fresh.comparison(1)
    assert middle.side() is side  # the same preparation served both comparisons
    for i, (a, b) in enumerate([(v1, v2), (v2, v3)]):
        alone = compare(a, b, fresh.versions[i].label, fresh.versions[i + 1].label)
        assert fresh.comparison(i).to_json(unchanged=True) == alone.to_json(unchanged=True)
    stored = pickle.loads(pickle.dumps(fresh))
    assert all(getattr(v, "_side", None) is None for v in stored.versions)
    assert stored.comparison(1).to_json() == fresh.comparison(1).to_json()
