"""``{% rule_url %}`` appends numbers to a URL reversed once: it must give what ``reverse``
gives, in every language, pinned or not, and refuse what ``reverse`` refuses."""

import pytest
from django.template import Context, Template
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from rulebook.web.templatetags.rulebook_tags import rule_url


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("number", ["103", "103.2.a", "813.1c2", "take-cover", "000"])
@pytest.mark.parametrize("pinned", [False, True])
def test_the_same_url_as_reverse(language, number, pinned):
    kwargs = {"game": "lanternfall", "kind": "rules", "number": number}
    with translation.override(language):
        if pinned:
            expected = reverse("rule_version", kwargs={**kwargs, "version": "2026-01"})
        else:
            expected = reverse("rule", kwargs=kwargs)
        assert rule_url("lanternfall", "rules", number, "2026-01", pinned) == expected
        assert expected.startswith(f"/{language}/")


@pytest.mark.parametrize("number", ["10", "103/../x", "Take Cover", ""])
def test_a_number_reverse_refuses_is_refused(number):
    with pytest.raises(NoReverseMatch):
        rule_url("lanternfall", "rules", number, "2026-01", False)


def test_the_tag_escapes_like_the_url_tag():
    template = Template(
        "{% load rulebook_tags %}{% rule_url game kind number version pinned %}|"
        "{% url 'rule_version' game=game kind=kind version=version number=number %}"
    )
    context = {"game": "lanternfall", "kind": "rules", "number": "103.1", "version": "2026-01"}
    mine, django = template.render(Context({**context, "pinned": True})).split("|")
    assert mine == django
