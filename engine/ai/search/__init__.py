"""大师's search over the hands it cannot see: sampled worlds (:mod:`.worlds`), played out by a
light policy and scored exactly (:mod:`.playout`), every candidate in the same worlds
(:mod:`.searcher`)."""

from .searcher import Weighed, sample_worlds, weigh
from .worlds import World, sample_world, world_problem

__all__ = ["Weighed", "World", "sample_world", "sample_worlds", "weigh", "world_problem"]
