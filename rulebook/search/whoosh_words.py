"""The Whoosh backend's word lists: completions, the spelling vocabulary, known stems.

Read from the index's own lexicons (every shelf of a language: newest versions, FAQ, older
versions), once per open searcher where they are whole lists.
"""

from __future__ import annotations

from ingest.languages import fold
from rulebook.search import whoosh_schema as ws


class WhooshWords:
    """Mixed into the backend, which provides ``_guarded``, ``_open``, ``_lock`` and the
    per-searcher ``_surfaces`` and ``_vocab`` dictionaries."""

    def suggest(self, prefix, *, language=None, game=None, limit=8) -> list[str]:
        """Complete the last word from the index's own vocabulary (game is not a factor)."""
        return self._guarded(self._suggest, prefix, language, limit)

    def _suggest(self, searcher, prefix, language, limit):
        from rulebook.search.query import clean

        text = clean(prefix)
        head, _, last = text.rpartition(" ")
        stem_text = fold(last)
        if len(stem_text) < 2 or not stem_text.isalnum():
            return []
        reader = searcher.reader()
        counts: dict[str, int] = {}
        for code in [ws.lang_code(language)] if language else ws.LANGS:
            for field in (f"plain_{name}" for name in ws.shelves_of(code)):
                for n, word in enumerate(reader.expand_prefix(field, stem_text)):
                    if n >= 2000:
                        break
                    word = word.decode() if isinstance(word, bytes) else word
                    if word.isalpha() and len(word) > 2:
                        shown = self._surface(reader, code).get(word, word)
                        counts[shown] = counts.get(shown, 0) + reader.doc_frequency(field, word)
        ranked = sorted(counts, key=lambda w: (-counts[w], w))[:limit]
        return [f"{head} {w}".strip() for w in ranked]

    def _surface(self, reader, lang) -> dict[str, str]:
        """Folded word -> its most frequent written form ("reaction" -> "réaction")."""
        if lang not in self._surfaces:
            best: dict[str, tuple[int, str]] = {}
            for field in (f"surface_{name}" for name in ws.shelves_of(lang)):
                for word in reader.lexicon(field):
                    word = word.decode() if isinstance(word, bytes) else word
                    df = reader.doc_frequency(field, word)
                    key = fold(word)
                    if key not in best or best[key][0] < df:
                        best[key] = (df, word)
            self._surfaces[lang] = {k: w for k, (_, w) in best.items()}
        return self._surfaces[lang]

    def knows_stem(self, word: str, language=None) -> bool:
        langs = [ws.lang_code(language)] if language else ws.LANGS
        with self._lock:
            reader = self._open().reader()
            return any(
                reader.doc_frequency(f"body_{name}", tok)
                for lang in langs
                for name in ws.shelves_of(lang)
                for tok in ws.analyse(lang, word)
            )

    def vocabulary(self, language=None) -> dict[str, tuple[str, int]]:
        """Folded word -> (written form, document frequency), read once per generation."""
        return self._guarded(self._vocabulary, language)

    def _vocabulary(self, searcher, language):
        key = language or ""
        if key not in self._vocab:
            reader = searcher.reader()
            words: dict[str, tuple[str, int]] = {}
            for lang in [ws.lang_code(language)] if language else ws.LANGS:
                surface = self._surface(reader, lang)
                for field in (f"plain_{name}" for name in ws.shelves_of(lang)):
                    for word in reader.lexicon(field):
                        word = word.decode() if isinstance(word, bytes) else word
                        if word.isalpha():
                            df = reader.doc_frequency(field, word) + words.get(word, ("", 0))[1]
                            words[word] = (surface.get(word, word), df)
            self._vocab[key] = words
        return self._vocab[key]
