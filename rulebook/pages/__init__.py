"""Page assembly: what rule, knowledge, bilingual, history and linkify pages show.

The HTML views (``rulebook.web``) and the JSON API (``rulebook.api``) are thin faces over these
functions, so the two can never disagree. Reads ``rulebook.models`` (and the pure history
engine); never imports the web or the API.
"""
