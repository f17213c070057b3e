"""The Discord face as its own app, so its management command lives with it and no other
package needs to import it (settings name it; the root URLconf routes to it)."""

from django.apps import AppConfig
from django.conf import settings
from django.core import checks


class DiscordConfig(AppConfig):
    name = "rulebook.discord"
    label = "rulebook_discord"
    verbose_name = "Rulebook on Discord"

    def ready(self):
        checks.register(check_public_key, checks.Tags.security)


def check_public_key(app_configs=None, **kwargs):
    """A key that is set but malformed would turn every interaction away: say so at start."""
    from rulebook.discord.signature import valid_public_key

    key = getattr(settings, "RULEBOOK_DISCORD_PUBLIC_KEY", "")
    if key and not valid_public_key(key):
        return [
            checks.Error(
                "RULEBOOK_DISCORD_PUBLIC_KEY must be the application's public key: 64 "
                "hexadecimal digits, as the Discord developer portal shows it.",
                id="rulebook_discord.E001",
            )
        ]
    return []
