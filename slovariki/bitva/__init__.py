"""«Битва пар»: a real-time shedding game with the 52-card deck; its deal, meld checker and scoring.

Nobody takes turns, so the referee does not choose who moves: it checks each meld as it is laid
down, keeps count of hands and reserves, and scores the end of the game. Cards and the deck come
from ``slovariki.game.cards``.
"""
