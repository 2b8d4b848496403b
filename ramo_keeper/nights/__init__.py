"""Club nights (docs/RULES.md §9): many tables, one evening, one standings."""
