"""Rulesets: what differs between «Словарики» and classic durak, as small objects with a few hooks.

The state machine (``state.py``) is shared; a ruleset supplies the deck (for classic durak), who
starts, which card beats which, which card may transfer, which cards link for a toss-in, whether
toss-ins wait until every card is beaten, and what ends the game. ``find_ruleset`` looks one up by
name or alias.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from slovariki.game import errors
from slovariki.text.russian import cards as n_cards
from slovariki.text.russian import cards_genitive, stars

HAND_SIZE = 6  # R3, R13
MAX_TABLE = 6  # R10
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # R2


class Ruleset:
    """Settings and hooks shared by every ruleset; subclasses fill in the differences."""

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""  # the game's Russian name, for messages
    transfer: bool = False  # R8 / D4
    equal_rank_beats: bool = False  # R7: equal stars beat; D2: only a higher card
    toss_needs_all_beaten: bool = False  # R9: toss-ins only when every card is beaten
    pass_word: str = "пас"  # what a player says to decline to toss in (R9); classic durak: «бито» (D3)
    toss_after_take: bool = False  # D5: cards may be added after the defender says «беру»
    first_out_wins: bool = False  # R16: the first player out of cards wins and the game ends
    spare_cards: int = 1  # R2, R3: a card beyond the hands turns up as trump (classic: may be 0)
    rule: dict[str, str] = {}  # topic -> citation, e.g. "beat" -> "правило 7"

    # --- hooks ---------------------------------------------------------------------------
    def standard_deck(self) -> tuple[Any, ...] | None:
        """The deck this ruleset always uses, or None when the deck comes from the word bank."""
        return None

    @property
    def classic(self) -> bool:
        """Played with ordinary playing cards (classic durak): the word bank plays no part."""
        return self.standard_deck() is not None

    def show(self, card: Any) -> str:
        """A card as written in a message: in quotes, as every message and the game record quote it."""
        return f"«{card}»"

    def beats(self, card: Any, target: Any, trump: Any) -> bool:
        """R7 / D2: does ``card`` beat ``target`` when ``trump`` is the trump suit?"""
        rank_ok = card.rank >= target.rank if self.equal_rank_beats else card.rank > target.rank
        if target.suit == trump:
            return card.suit == trump and rank_ok
        return card.suit == trump or (card.suit == target.suit and rank_ok)

    def transfers(self, card: Any, attack: Any) -> bool:
        """R8 / D4: may ``card`` transfer a bout led with ``attack``?"""
        return False

    def toss_keys(self, card: Any) -> frozenset:
        """Two cards link for a toss-in (R9 / D3) when their keys intersect."""
        raise NotImplementedError

    def first_attacker(self, hands: Sequence[Iterable[Any]], trump: Any) -> int | None:
        """Who attacks first when nobody says (D1); None means the first seat."""
        return None

    # --- messages ------------------------------------------------------------------------
    def beat_refusal(self, card: Any, target: Any, trump: Any) -> str:
        raise NotImplementedError

    def transfer_refusal(self, card: Any, attack: Any) -> str:
        raise NotImplementedError

    def toss_refusal(self, card: Any, last_beat: Any, table: Sequence[Any]) -> tuple[str, str]:
        """(code, message) for a toss-in whose card does not link (R9 / D3)."""
        raise NotImplementedError

    def defender_options(self) -> str:
        return "перевести, побить или взять карты" if self.transfer else "побить или взять карты"

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"


class Slovariki(Ruleset):
    """«Словарики», R1–R16."""

    name = "slovariki"
    aliases = ("словарики",)
    title = "Словарики"
    transfer = True
    equal_rank_beats = True
    toss_needs_all_beaten = True
    first_out_wins = True
    rule = {
        "players": "правило 2", "order": "правило 4", "attack": "правило 5", "defence": "правило 6",
        "beat": "правило 7", "transfer": "правило 8", "toss": "правило 9", "limit": "правило 10",
        "take": "правило 11", "beaten": "правило 12", "end": "правило 16",
    }

    def transfers(self, card: Any, attack: Any) -> bool:
        return card.suit == attack.suit and card.rank == attack.rank

    def toss_keys(self, card: Any) -> frozenset:
        return card.hard_letters

    def beat_refusal(self, card: Any, target: Any, trump: Any) -> str:
        head = f"{self.rule['beat']}: карта {self.show(card)} не бьёт карту {self.show(target)}"
        if target.suit == trump:
            if card.suit != trump:
                return f"{head}: козырь бьётся только козырем"
            return f"{head}: козырь бьётся только козырем с тем же или большим числом звёздочек"
        if card.suit != target.suit and card.suit != trump:
            return f"{head}: нужна карта того же цвета ({target.suit.russian_card}) или козырь"
        return f"{head}: нужна карта того же цвета с тем же или большим числом звёздочек"

    def transfer_refusal(self, card: Any, attack: Any) -> str:
        return (f"{self.rule['transfer']}: переводят только картой того же цвета и с тем же числом "
                f"звёздочек, что и у карты {self.show(attack)} ({attack.suit.russian}, {stars(attack.rank)})")

    def toss_refusal(self, card: Any, last_beat: Any, table: Sequence[Any]) -> tuple[str, str]:
        letters = ", ".join(sorted(last_beat.hard_letters))
        return errors.NO_SHARED_LETTER, (
            f"{self.rule['toss']}: у карт {self.show(card)} и {self.show(last_beat)} нет общей сложной буквы "
            f"(сложные буквы в слове {self.show(last_beat)}: {letters})")


class ClassicDurak(Ruleset):
    """Classic durak with the 36-card deck, D1–D6; ``transfer`` makes it «переводной»."""

    equal_rank_beats = False
    toss_after_take = True
    pass_word = "бито"
    spare_cards = 0  # six players share the 36 cards: the last card dealt, shown, is trump

    def __init__(self, name: str, aliases: tuple[str, ...], title: str, transfer: bool) -> None:
        self.name, self.aliases, self.title, self.transfer = name, aliases, title, transfer
        self.rule = {
            "players": "правило 2", "order": "правило D1", "attack": "правило D1", "defence": "правило D1",
            "beat": "правило D2", "transfer": "правило D4", "toss": "правило D3", "limit": "правило 10",
            "take": "правило D5", "beaten": "правило 12", "end": "правило D6",
        }

    def standard_deck(self) -> tuple[Any, ...]:
        from slovariki.game import cards  # the playing cards' values: only for classic durak

        return cards.standard_deck()

    def transfers(self, card: Any, attack: Any) -> bool:
        return self.transfer and card.rank == attack.rank

    def toss_keys(self, card: Any) -> frozenset:
        return frozenset((card.rank,))

    def first_attacker(self, hands: Sequence[Iterable[Any]], trump: Any) -> int | None:
        lowest = {seat: min((c.rank for c in hand if c.suit == trump), default=None)
                  for seat, hand in enumerate(hands)}
        holders = [(rank, seat) for seat, rank in lowest.items() if rank is not None]
        return min(holders)[1] if holders else None

    def beat_refusal(self, card: Any, target: Any, trump: Any) -> str:
        head = f"{self.rule['beat']}: карта {self.show(card)} не бьёт карту {self.show(target)}"
        if target.suit == trump:
            return f"{head}: козырь бьётся только старшим козырем"
        if card.suit == target.suit:
            return f"{head}: нужна карта старше"
        return f"{head}: нужна старшая карта той же масти ({target.suit.russian}) или козырь"

    def transfer_refusal(self, card: Any, attack: Any) -> str:
        if not self.transfer:
            return f"{self.rule['transfer']}: в подкидном дураке переводить нельзя"
        return f"{self.rule['transfer']}: переводят только картой того же достоинства, что и {self.show(attack)}"

    def toss_refusal(self, card: Any, last_beat: Any, table: Sequence[Any]) -> tuple[str, str]:
        from slovariki.game.cards import RANK_NAMES

        ranks = ", ".join(RANK_NAMES[r] for r in sorted({c.rank for c in table}))
        return errors.TOSS_NOT_ALLOWED, (
            f"{self.rule['toss']}: подкидывают только карты тех достоинств, что уже лежат на столе ({ranks})")


SLOVARIKI = Slovariki()
PODKIDNOY = ClassicDurak("podkidnoy", ("подкидной", "podkidnoi"), "подкидной дурак", transfer=False)
PEREVODNOY = ClassicDurak("perevodnoy", ("переводной", "perevodnoi"), "переводной дурак", transfer=True)
RULESETS: dict[str, Ruleset] = {r.name: r for r in (SLOVARIKI, PODKIDNOY, PEREVODNOY)}
_BY_ALIAS = {alias: r for r in RULESETS.values() for alias in (r.name, *r.aliases)}


class UnknownRuleset(ValueError):
    pass


def find_ruleset(name: str | Ruleset) -> Ruleset:
    """The ruleset called ``name`` (or one of its aliases, any case); a Ruleset passes through."""
    if isinstance(name, Ruleset):
        return name
    found = _BY_ALIAS.get(str(name).strip().lower())
    if found is None:
        raise UnknownRuleset(f"нет правил «{name}»: есть {', '.join(RULESETS)}")
    return found


def capacity(deck_size: int, spare_cards: int = 1) -> int:
    """R2: the most players a deck of this size can deal to (0 when it cannot deal to two);
    ``spare_cards`` is how many cards must be left over (one for the trump in «Словарики»)."""
    most = min(MAX_PLAYERS, (deck_size - spare_cards) // HAND_SIZE)
    return most if most >= MIN_PLAYERS else 0


def cards_needed(players: int, spare_cards: int = 1) -> int:
    """R2: the fewest cards that deal to ``players``: six each, and ``spare_cards`` (the trump) over."""
    return HAND_SIZE * players + spare_cards


def too_small_message(deck_size: int, players: int) -> str:
    return (f"правило 2: в колоде {n_cards(deck_size)}, а для {players} игроков нужно не меньше "
            f"{cards_genitive(cards_needed(players))} (по {HAND_SIZE} на руки и ещё одна — козырь)")
