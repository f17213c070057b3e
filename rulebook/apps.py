from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"
    verbose_name = "Rulebook"
    default_auto_field = "django.db.models.BigAutoField"
