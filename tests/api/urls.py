"""The site's URLs with the API included as docs/API.md tells the lead to include them.

Used only until rulebook/urls.py includes ``rulebook.api.urls`` itself (conftest checks), so
these tests run before and after that integration.
"""

from django.conf.urls.i18n import i18n_patterns

from rulebook import urls as site
from rulebook.api import urls as api

REPLACED = {"api_search", "api_suggest"}  # now served, wrapped, by rulebook.api

urlpatterns = [
    *(p for p in site.urlpatterns if getattr(p, "app_name", None) == "admin"),
    *(p for p in site.rulebook_patterns if getattr(p, "name", None) not in REPLACED),
    *api.urlpatterns,  # last of the unprefixed ones: it ends with the JSON 404 for ^api/
    *i18n_patterns(*api.localised_urlpatterns, *site.localised, prefix_default_language=True),
]
