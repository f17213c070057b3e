"""Rendering version changes: word diffs and class labels."""

from django import template
from django.utils.safestring import mark_safe

from rulebook.history import render_html
from rulebook.pages.change_html import CLASS_LABELS, change_html

register = template.Library()


@register.filter
def diff_html(change):
    """The word diff; ``render_html`` escapes every token and adds only <ins>/<del>."""
    return mark_safe(render_html(change.diff)) if change.diff else ""


@register.filter
def class_label(cls):
    return CLASS_LABELS.get(cls, cls)


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.simple_tag
def change_article(change, game, kind, old, new):
    """One change of a comparison: ``_partials/change.html``, rendered in Python."""
    return change_html(change, str(class_label(change.cls)), game, kind, old, new)
