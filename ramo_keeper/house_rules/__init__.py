"""House rules (docs/RULES.md §8): a league's own copy of a game's definition, with its own numbers.

documents.py sends what a person sent through the one path every definition takes (rules.define); refusals.py
words a refused field; service.py keeps rulesets; routes.py and editor.py are the pages.
"""
