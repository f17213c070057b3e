"""Path converters: rule numbers, versions and document kinds as they appear in URLs."""

from ingest.metadata import VERSION_PATTERN
from rulebook import kinds


class _StringConverter:
    """Only the pattern differs; values pass through unchanged both ways."""

    regex = ""

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class RuleNumberConverter(_StringConverter):
    # Loose enough to accept "813.1c2" (the view redirects it to its normal form), strict
    # enough that versions never match; prose games' anchors ("take-cover") are lower-case
    # slugs, and the fixed segments ("changes") are routed before this converter is tried.
    regex = r"\d{3}(?![\d-])[0-9A-Za-z.~]*|[a-z][a-z0-9-]{0,43}"


class VersionConverter(_StringConverter):
    regex = VERSION_PATTERN


class KindConverter(_StringConverter):
    regex = kinds.slug_regex()
