"""A course bot of three files, as public student bots are written: Team.py is the bot (its class
Player), and imports a module for each side (RebelAI.py, OfficerAI.py) from its own folder."""

import OfficerAI
import RebelAI


class Player:
    def __init__(self):
        print("Team: both sides ready")

    def play_rebel(self, board):
        return RebelAI.move(board)

    def play_officer(self, board):
        return OfficerAI.move(board)
