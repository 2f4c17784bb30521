"""tdream: four tower games on one program (docs/ARCHITECTURE.md; the games: tdream/platform/registry.py)."""
__version__ = "0.1.0"

from .nativeload import select as _select  # noqa: E402

_select()          # a compiled module whose source changed since is passed over (tdream/nativeload.py)
