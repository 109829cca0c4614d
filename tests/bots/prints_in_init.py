"""A course bot that prints as it loads and as its Player is made, as bots that load a model do
(its moves are course_player.py's)."""

import course_player

print("loading the model")


class Player(course_player.Player):
    def __init__(self):
        print("model loaded: 3 layers")
        super().__init__()
