"""大师's search over the hands it cannot see: sampled worlds (:mod:`.worlds`), played out by a
light policy and scored exactly (:mod:`.playout`), every candidate in the same worlds
(:mod:`.searcher`)."""

from engine.ai.search.searcher import Weighed, sample_worlds, weigh
from engine.ai.search.worlds import World, sample_world, world_problem

__all__ = ["Weighed", "World", "sample_world", "sample_worlds", "weigh", "world_problem"]
