"""Text and names: the one check for text that comes in, look-alike keys, invisible characters,
and the text the app writes into file names and spreadsheet cells."""
