from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"
    verbose_name = "Rulebook"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The ingest renders pages ahead with page assembly; loading imports no page code,
        # so the app, which sees both, hands it over.
        from rulebook.loading import precompute
        from rulebook.pages import history, keyword_body

        precompute.register(
            precompute.Ahead(
                history.COMPARISONS,
                history.compared_families,
                history.rendered_comparisons,
                by_family=True,
            )
        )
        precompute.register(
            precompute.Ahead(
                keyword_body.KEYWORD_PAGES,
                keyword_body.keyword_games,
                keyword_body.rendered_keyword_pages,
            )
        )
