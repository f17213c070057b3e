"""A stored history is read back only under the format it was written in."""

import pickle

from rulebook.history import storage

opened = []


def _trip():
    opened.append(True)
    return {"history": "read blindly"}


class Tripwire:
    """Unpickling it leaves a mark: a payload that must not be read would show it."""

    def __reduce__(self):
        return _trip, ()


def test_a_payload_round_trips_under_its_own_format():
    payload = {"history": ["v1", "v2"], "comparisons": {("v1", "v2"): 3}, "hashes": {}}
    assert storage.loads(storage.dumps(payload)) == payload
    assert storage.loads(memoryview(storage.dumps(payload))) == payload  # as a database gives it


def test_another_format_or_none_is_missing_and_never_unpickled():
    opened.clear()
    body = pickle.dumps(Tripwire())
    assert storage.loads(storage.header(storage.FORMAT + 1) + body) is None
    assert storage.loads(body) is None  # written before payloads carried a format
    assert storage.loads(None) is None
    assert opened == []
    assert storage.loads(storage.header() + body) == {"history": "read blindly"}
    assert opened == [True]
