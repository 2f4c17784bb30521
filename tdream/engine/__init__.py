"""Transitional: Tower Dream's engine moved to ``tdream.games.towerdream.rules`` (issue 15)."""
