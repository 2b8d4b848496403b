"""Play now, no sign-up: guest accounts tied to one browser, saving them, and pruning idle ones."""
