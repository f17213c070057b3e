"""Rulebook on Discord: slash commands, autocomplete and a message command over Discord's HTTP
interactions, answered in-process from the same page assembly as the site.

A face like ``rulebook.web`` and ``rulebook.api``: it may import ``rulebook.pages``,
``rulebook.models`` and ``rulebook.search``; nothing imports it (the settings name the app and
the root URLconf routes ``/discord/interactions`` to it).
"""
