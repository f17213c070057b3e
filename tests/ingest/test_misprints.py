"""Misprinted keyword names are reported; the text stays as printed."""

from ingest.misprints import check_misprints, swapped
from ingest.model import ParsedRule


def _rules(*texts):
    rows = [ParsedRule("700.", "700", "Keywords", heading=True, heading_level=1, line=1)]
    rows.append(ParsedRule("701.", "701", "Lanternlight", heading=True, heading_level=2, line=2))
    rows += [ParsedRule(f"701.{i}.", f"701.{i}", t, line=3 + i) for i, t in enumerate(texts, 1)]
    return rows


def test_a_rare_swap_of_a_keyword_name_is_reported_with_its_line():
    common = ["Lanternlight glows."] * 5
    found = check_misprints(_rules(*common, "A card with Lanternilght is lit."))
    assert [(f.kind, f.number, f.line) for f in found] == [("misprinted-keyword", "701.6", 9)]
    assert "“Lanternilght”" in found[0].detail and "Lanternlight" in found[0].detail


def test_a_common_word_or_a_rare_keyword_is_not_a_misprint():
    assert check_misprints(_rules("Lanternilght once.")) == []  # the name is no commoner
    common = ["Lanternlight glows."] * 5
    assert check_misprints(_rules(*common, *["Lanternilght again."] * 3)) == []  # a word of its own


def test_only_two_neighbours_swapped():
    assert swapped("lanternilght", "lanternlight") and swapped("lanternlihgt", "lanternlight")
    assert not swapped("lanternlight", "lanternlight")  # the name itself
    assert not swapped("lantarnlight", "lanternlight")  # a substitution
    assert not swapped("lnatrenlight", "lanternlight")  # two swaps
    assert not swapped("lanternlite", "lanternlight")  # another length
