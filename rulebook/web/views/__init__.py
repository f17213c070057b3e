"""HTML views by topic: rules, knowledge (keywords, FAQ, cards), history, bilingual, search,
linkify."""
