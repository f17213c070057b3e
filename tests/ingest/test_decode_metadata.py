import pytest

from ingest.decode import read_source
from ingest.metadata import (
    guess_language,
    label_from_filename,
    resolve_version,
    version_from_filename,
)
from ingest.model import IngestError
from ingest.parse import detect_format, parse_file


def test_read_source_strips_bom_and_crlf(tmp_path):
    path = tmp_path / "rules.md"
    path.write_bytes("\ufeff102. Sparks glow.\r\n103. Wardens watch.\r\n".encode())
    assert read_source(path) == "102. Sparks glow.\n103. Wardens watch.\n"


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b"", 1, "file is empty"),
        (b"  \n\n", 1, "file is empty"),
        (b"102. a\n103. b\n\x00\x00", 3, "NUL"),
        (b"102. a\n103. caf\xe9\n", 2, "not UTF-8"),
        ("102. a\n".encode("utf-16"), 1, "NUL"),
    ],
)
def test_read_source_refuses(tmp_path, data, line, words):
    path = tmp_path / "bad.md"
    path.write_bytes(data)
    with pytest.raises(IngestError) as caught:
        read_source(path)
    assert caught.value.location == f"{path}:{line}"
    assert words in str(caught.value)


def test_parse_file_errors_carry_file_and_line(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text('[{"id": "101", "text": "Wardens",\n "section": "Wardens"},\n{"id": "10')
    with pytest.raises(IngestError) as caught:
        parse_file(path)
    assert caught.value.location == f"{path}:3"


def test_detect_format_by_content_not_extension():
    json_rows = '[{"id": "101", "text": "x", "section": "x", "top": "101"}]'
    assert detect_format(json_rows) == "json-rows"
    rows = (
        '<div class="rule-row rule-plain level-0"><div class="rule-id">101.</div>'
        '<div class="rule-text">x</div></div>'
    )
    assert detect_format(rows) == "html-rows"
    assert detect_format("<table><tr><td>101.</td><td>x</td></tr></table>") == "html"
    assert detect_format("# T\n\n101. Sparks glow.\n") == "markdown"
    with pytest.raises(IngestError, match="no numbered rules found"):
        detect_format("Nothing numbered here. Only 4 Might and 12 damage.")


def test_version_and_label_from_filename():
    assert version_from_filename("2026-07-16_v1.4.json") == "2026-07-16"
    assert version_from_filename("core/en/2025-10_v1.1.md") == "2025-10"
    assert version_from_filename("rules.md") is None
    assert label_from_filename("2026-07-16_v1.4.json") == "v1.4"
    assert label_from_filename("rules.md") is None


def test_resolve_version_precedence_and_mismatch():
    assert resolve_version(None, "2026-03-30", "2026-03-30") == ("2026-03-30", [])
    assert resolve_version(None, None, "2026-07-16") == ("2026-07-16", [])
    assert resolve_version(None, "2025-10", "2025-10-15") == ("2025-10", [])
    version, findings = resolve_version("2026-04-01", "2026-03-30", "2026-03-30")
    assert version == "2026-04-01"
    assert [f.kind for f in findings] == ["version-mismatch", "version-mismatch"]


def test_resolve_version_errors():
    with pytest.raises(IngestError, match="no version: pass --doc-version YYYY-MM-DD"):
        resolve_version(None, None, None)
    with pytest.raises(IngestError, match="YYYY-MM-DD"):
        resolve_version("2026-13-01", None, None)
    with pytest.raises(IngestError):
        resolve_version("16/07/2026", None, None)


def test_guess_language():
    assert guess_language("The warden guards the lantern and it is lit.") == "en"
    assert guess_language("Le gardien garde la lanterne et les étincelles de la partie.") == "fr"
