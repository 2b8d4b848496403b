"""Exports of a game or a season to the wider world: the scoresheet and BG Stats (docs/EXPORTS.md)."""
