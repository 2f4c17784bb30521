"""The games tdream plays, one folder each (``tdream.platform.registry`` lists them)."""
