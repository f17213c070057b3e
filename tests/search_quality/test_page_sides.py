"""The FAQ tuning half's two sides of pages: ``corpus.faq_questions`` (what the encoder may
learn from one side) and ``rerank_train.page_folds`` (the rerank's cross-validation) split
the pages alike."""

from .benchmark_modules import load


def test_pages_are_split_by_their_sorted_slugs():
    assert load("corpus").page_sides(["b", "a", "c", "a"]) == {"a": 0, "b": 1, "c": 0}


def test_the_rerank_folds_hold_out_the_same_side():
    captures = [{"sets": {"tuning": [{"slug": slug} for slug in ("c", "a", "b")]}}]
    (train, held), _ = load("rerank_train").page_folds(captures)
    assert [slug for slug in "abc" if held("tuning", {"slug": slug})] == ["a", "c"]
    assert held("bank_en", {"slug": "bank-0"}) and not held("bank_en", {"slug": "bank-1"})
    assert train("judged", {"slug": "any"})  # the judged questions always train
