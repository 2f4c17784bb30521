"""Transitional: Tower Dream's CPU players moved to ``tdream.games.towerdream.ai`` (issue 15)."""
