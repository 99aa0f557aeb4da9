"""The game model (no seats, no I/O): tiles, the wall, the rules, actions, events, what a seat may see,
one hand's state machine, analysis and its tables, scoring and the 积分 ranks.
"""
