"""House rules (docs/RULES.md §8): a league's own copy of a game's definition, with its own numbers.

documents.py merges what a person sent onto the game it is based on and checks it; refusals.py
words a refused field; service.py keeps rulesets; routes.py and editor.py are the pages.
"""
