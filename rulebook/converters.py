"""Path converters: rule numbers, versions and document kinds as they appear in URLs."""


class RuleNumberConverter:
    # Loose enough to accept "813.1c2" (the view redirects it to its normal form), strict
    # enough that versions never match; prose games' anchors ("take-cover") are lower-case
    # slugs, and the fixed segments ("changes") are routed before this converter is tried.
    regex = r"\d{3}(?![\d-])[0-9A-Za-z.~]*|[a-z][a-z0-9-]{0,43}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class VersionConverter:
    regex = r"\d{4}-\d{2}(?:-\d{2})?"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class KindConverter:
    regex = r"rules|tournament-rules"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value
