"""The comparison writer moved to page assembly (``rulebook.pages.change_html``), where the
ingest renders comparisons ahead with it; this name stays for the template tag and tests."""

from rulebook.pages.change_html import change_html, rule_version_url

__all__ = ["change_html", "rule_version_url"]
