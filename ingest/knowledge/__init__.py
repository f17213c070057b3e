"""Pure parsers for FAQ pages, errata, cards and keywords: text in, dataclasses out.

Nothing here imports Django; the load step turns these dataclasses into models.
"""
