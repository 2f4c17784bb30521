"""The one seeded generator every game uses (SplitMix64; see ``tdream.engine.rng``)."""
from .engine.rng import MASK64, Rng, derive_seed, next_u64

__all__ = ["MASK64", "Rng", "derive_seed", "next_u64"]
