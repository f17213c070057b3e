"""Print the application's command definitions as JSON, ready for Discord's bulk overwrite.

    .venv/bin/python manage.py discord_commands > commands.json
    curl -X PUT -H "Authorization: Bot $DISCORD_BOT_TOKEN" -H "Content-Type: application/json" \\
         -d @commands.json https://discord.com/api/v10/applications/$DISCORD_APP_ID/commands
"""

import json

from django.core.management.base import BaseCommand

from rulebook.discord.commands import definitions


class Command(BaseCommand):
    help = "Print the Discord command definitions (with French localizations) as JSON."

    def handle(self, *args, **options):
        self.stdout.write(json.dumps(definitions(), ensure_ascii=False, indent=2))
