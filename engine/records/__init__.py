"""Records of play: the versioned JSON codec, saved hands and their replay, the review by 大师, and the
score command's JSON contract.
"""
