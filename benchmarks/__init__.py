"""`make bench`: cost ratios measured in one run (absolute times on shared machines mean little)."""
