"""The site's root: the admin, the web pages, the JSON API and the Discord app, each from its
own package."""

from django.contrib import admin
from django.urls import path

from rulebook.api import urls as api_urls
from rulebook.discord import urls as discord_urls
from rulebook.web import urls as web_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    *web_urls.rulebook_patterns,
    *api_urls.urlpatterns,
    *discord_urls.urlpatterns,
    *web_urls.i18n_urlpatterns,
]
