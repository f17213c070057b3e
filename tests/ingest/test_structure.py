from ingest.model import ParsedRule
from ingest.structure import build_tree, section_span


def rule(number, heading_level=0, text="text"):
    return ParsedRule(
        number + ".", number, text, heading=heading_level > 0, heading_level=heading_level
    )


RULES = [
    rule("300", 1, "Playing a Round"),  # 0
    rule("398", 2, "Lighting Lanterns"),  # 1
    rule("399"),  # 2
    rule("401", 3, "1. Gather sparks"),  # 3
    rule("401.1"),  # 4
    rule("401.1.a"),  # 5
    rule("402", 3, "2. Spend sparks"),  # 6
    rule("402.2"),  # 7  (402.1 missing: parent falls back to 402)
    rule("402.2"),  # 8  repeat
    rule("407", 2, "Resting"),  # 9
    rule("408"),  # 10
]


def test_occurrences_and_numeric_parents():
    nodes = build_tree(RULES)
    assert [n.occurrence for n in nodes][7:9] == [1, 2]
    assert nodes[8].anchor == "402.2~2"
    assert nodes[5].numeric_parent_index == 4
    assert nodes[7].numeric_parent_index == 6
    assert nodes[8].numeric_parent_index == 6
    assert nodes[2].numeric_parent_index is None
    assert [n.position for n in nodes] == list(range(len(RULES)))
    assert nodes[5].depth == 2 and nodes[5].sort_key == "00401.00001.0000a"


def test_section_index():
    nodes = build_tree(RULES)
    assert nodes[0].section_index is None
    assert nodes[1].section_index == 0  # section under chapter
    assert nodes[2].section_index == 1
    assert nodes[3].section_index == 1  # step heading nests under the section
    assert nodes[5].section_index == 3
    assert nodes[6].section_index == 1  # next step closes the previous one
    assert nodes[9].section_index == 0
    assert nodes[10].section_index == 9


def test_section_span():
    nodes = build_tree(RULES)
    assert list(section_span(RULES, nodes, 1)) == list(range(2, 9))
    assert list(section_span(RULES, nodes, 3)) == [4, 5]
    assert list(section_span(RULES, nodes, 0)) == list(range(1, 11))
    assert len(section_span(RULES, nodes, 2)) == 0
