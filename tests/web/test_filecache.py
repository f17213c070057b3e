"""The file cache still keeps to its limit while counting its files only every few writes."""

from __future__ import annotations

from rulebook.web.filecache import SampledCullFileCache


def cache_in(path, every):
    options = {"MAX_ENTRIES": 4, "CULL_FREQUENCY": 2, "CULL_EVERY": every}
    return SampledCullFileCache(str(path), {"OPTIONS": options})


def files(path):
    return sorted(p for p in path.iterdir() if p.suffix == ".djcache")


def test_culls_at_every_write_when_asked(tmp_path):
    cache = cache_in(tmp_path, every=1)
    for i in range(12):
        cache.set(f"page-{i}", "x" * 10)
    assert len(files(tmp_path)) <= 5


def test_counts_only_every_nth_write(tmp_path):
    cache = cache_in(tmp_path, every=8)
    for i in range(7):
        cache.set(f"page-{i}", "x")
    assert len(files(tmp_path)) == 7  # over the limit until the next count
    cache.set("page-7", "x")  # the eighth write counts, finds 7 files and halves them
    assert len(files(tmp_path)) < 7
    assert cache.get("page-7") == "x"


def test_reads_and_writes_like_the_file_cache(tmp_path):
    cache = cache_in(tmp_path, every=64)
    cache.set("a", b"<html>")
    assert cache.get("a") == b"<html>"
    assert cache.get("missing") is None
