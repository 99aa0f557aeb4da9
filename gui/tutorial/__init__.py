"""新手教学: one guided hand on engine.table.tutorial's scripted wall, at the real table."""
