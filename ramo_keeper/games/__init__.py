"""Games at the table: new game, hand entry and corrections, the game page and the live view."""
