"""The HTML site: views by topic, URLs, converters, sitemaps, template tags and middleware.

Views look up, call ``rulebook.pages`` and render; no query logic lives here.
"""
