"""Checks over the word bank: the dictionary (pymorphy3), the deck's rules, the simulator."""
