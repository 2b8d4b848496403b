"""Club nights (RULES.md §9): several tables at once, rounds, seating and one night's standings."""
