from django.apps import AppConfig
from django.core import checks


class RulebookConfig(AppConfig):
    name = "rulebook"
    verbose_name = "Rulebook"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        checks.register(check_encoder_adapter)
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


def check_encoder_adapter(app_configs=None, **kwargs):
    """A configured adapter that cannot be read would leave every question without the
    encoder (logged per question): say so at start."""
    from rulebook.search import encoder

    path = encoder.adapter()
    if not path:
        return []
    try:
        encoder.read_adapter(path)
    except (OSError, ValueError) as exc:
        return [
            checks.Error(
                f"RULEBOOK_ENCODER_ADAPTER cannot be read: {exc}",
                hint='Point it at an adapter from benchmarks/encoder_train.py, or "0" for none.',
                id="rulebook.E001",
            )
        ]
    return []
