"""A course bot whose Player takes 3 s to build, as one loading a model does (its moves are
course_player.py's): the course's script builds it before the game, untimed."""

import time

import course_player


class Player(course_player.Player):
    def __init__(self):
        time.sleep(3)
        super().__init__()
