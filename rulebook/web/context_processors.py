from django.conf import settings

from rulebook import languages


def site(request):
    """Values every template needs: the current language, its OpenGraph locale and the others."""
    lang = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    row = languages.get(lang)
    return {
        "lang": lang,
        "og_locale": row.og_locale if row else lang,
        "knowledge_language": languages.KNOWLEDGE_LANGUAGE,
        "site_name": "Rulebook",
        "languages": settings.LANGUAGES,
    }
