"""The Discord face's one route; the root URLconf includes it beside the web pages and API."""

from django.urls import path

from rulebook.discord import views

urlpatterns = [path("discord/interactions", views.interactions, name="discord_interactions")]
