"""Keyword, FAQ and card pages; ``localised`` is included under ``i18n_patterns``.

FAQ page slugs contain "/" ("cards/abandoned-hall"), hence the ``path`` converter; official
articles get their own prefix so an article id can never shadow a community page.
"""

from django.urls import path

from rulebook.web.views import knowledge as views

localised = [
    path("<slug:game>/keywords/", views.keyword_index, name="keywords"),
    path("<slug:game>/keywords/<slug:slug>/", views.keyword_page, name="keyword"),
    path("<slug:game>/faq/", views.faq_index, name="faq_index"),
    path("<slug:game>/faq/official/<slug:slug>/", views.faq_official, name="faq_official"),
    path("<slug:game>/faq/<path:page>/", views.faq_page, name="faq_page"),
    path("<slug:game>/cards/", views.card_index, name="cards"),
    path("<slug:game>/cards/<slug:slug>/", views.card_page, name="card"),
    path("<slug:game>/cards/<slug:slug>/preview/", views.card_preview, name="card_preview"),
]
