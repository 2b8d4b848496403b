"""Golden screenshots (screens/) and how a new screenshot is compared with one (compare.py)."""
