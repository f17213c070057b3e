from django.conf import settings


def site(request):
    """Values every template needs: the current language and the other languages."""
    lang = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    return {"lang": lang, "site_name": "Rulebook", "languages": settings.LANGUAGES}
