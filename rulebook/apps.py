from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"
    verbose_name = "Rulebook"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The ingest renders pages ahead with page assembly; loading imports no page code,
        # so the app, which sees both, hands it over.
        from rulebook.loading import precompute, vectors
        from rulebook.pages import history, keyword_body
        from rulebook.search import nearest

        # Search encodes the rules' vectors as it builds an index; the loading package,
        # which search does not import, writes them.
        nearest.register_store(vectors.store_vectors)

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
