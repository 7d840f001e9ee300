"""What the table screen shows, as JSON: the cards as printed, the table, whose move it is, and the
choices a tap can make. Everything is read from the engine through the referee's table; no rule is
decided here.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from slovariki.game import ATTACK, DEFEND, RULESETS, Attack, Beat, Move, Pass, PlayingCard, Take, TossIn, Transfer
from slovariki.referee.table import GRADES, PASSING, Table
from slovariki.referee.texts import event_lines, pass_said, quoted, record_text, result_text, summary_lines
from slovariki.referee.words import CardFinder, normal
from slovariki.text.russian import listed, sentence
from slovariki.text.russian import alternatives
from slovariki.text.terminal import shorten
from slovariki.web.cards import card_json, palette

# What a player may do, as the banner says it: «ХОДИТ ВИКА — бить, переводить или брать».
_DOING = {Attack: "заходить", Beat: "бить", Transfer: "переводить", TossIn: "подкидывать", Take: "брать",
          Pass: None}  # None: in the ruleset's word (texts.pass_said)
# Who attacks first, as the set-up form asks it (R4; classic durak D1, or by agreement when nobody
# holds a trump): the question, why, how the record says it was chosen (Setup.first_by).
_FIRST = {False: {"question": "Кто самый младший?", "hint": "Первым заходит самый младший игрок (правило 4).",
                  "first_by": "youngest"},
          True: {"question": "У кого самый младший козырь?", "hint": "Этот игрок заходит первым (правило D1).",
                 "first_by": "lowest-trump", "nobody": "Козырей ни у кого нет",
                 "agreed": "Тогда договоритесь, кто заходит первым.", "agreed_by": "agreed"}}
_ACTION = {Attack: "Зайти", Transfer: "Перевести", TossIn: "Подкинуть"}
# Who put the word card down and how, over the card (its word, read aloud, follows): «Боря отбивается картой».
_PLAYED = {Attack: "заходит с карты", Beat: "отбивается картой", Transfer: "переводит картой",
           TossIn: "подкидывает карту"}


def banner(table: Table) -> dict:
    """Whose move it is and what they may do, from the engine's legal moves."""
    state = table.state
    if state.is_over():
        return {"who": None, "title": "ИГРА ОКОНЧЕНА", "doing": result_text(state), "also": ""}
    who = state.to_move
    kinds = {type(m) for m in state.legal_moves(who)}
    # Classic durak (D3): while the defender answers, whoever holds the right to add may add too.
    adders = [state.names[p] for p in range(state.players)
              if p != who and any(type(m) is TossIn for m in state.legal_moves(p))]
    also = f"Подкинуть {'может' if len(adders) == 1 else 'могут'} также {listed(adders, 'и')}." if adders else ""
    name = state.names[who]
    return {"who": name, "title": f"ХОДИТ {name.upper()}",
            "doing": listed([text or pass_said(state.rules) for kind, text in _DOING.items() if kind in kinds]),
            "also": also}


def table_view(table: Table) -> dict:
    """Everything the screen shows of a game in progress or finished."""
    state = table.state
    names = state.names
    out = set(table.out())
    players = []
    for p in range(state.players):
        role = "attacker" if p == state.attacker else "defender" if p == state.defender else None
        players.append({"name": names[p], "hand": state.hand_count(p), "role": role, "out": p in out,
                        "known": [str(c) for c in state.known_cards(p)]})
    view = {
        "rules": {"name": state.rules.name, "title": state.rules.title, "classic": state.rules.classic,
                  "pass_word": state.rules.pass_word},
        "players": players,
        "to_move": None if state.to_move is None else names[state.to_move],
        "banner": banner(table),
        "table": [{"attack": card_json(a), "beaten_by": None if d is None else card_json(d)} for a, d in state.table],
        "trump": card_json(state.trump),
        "trump_suit": state.trump.suit.russian,
        "trump_where": _trump_where(table),
        "stock": state.stock_count,
        "discard": state.discard_count,
        "bout": table.bout,
        "moves": len(state.log),
        "pass_all": state.phase in PASSING,
        "last": _last(table),
        "played": _played(table),
        "over": state.is_over(),
        "setup": table.setup.as_json(),
    }
    if state.is_over():  # the game record, long, is asked for apart (api/record) when it is opened
        summary = table.summary()
        view["summary"] = {"lines": summary_lines(summary, names, state.rules),
                           "review": [] if state.rules.classic else [_review_card(card) for card, _ in summary.taken]}
    return view


def _review_card(card: Any) -> dict:
    """A card of the words to review: drawn at size "m", which shows no definition, so sent without it."""
    return {key: value for key, value in card_json(card).items() if key != "definition"}


def _trump_where(table: Table) -> str:
    """Where the face-up trump card is, as the status line says it under the trump."""
    if table.state.stock_count:
        return "под колодой"
    return "сдан последним" if table.trump_dealt else "уже взят"


def _last(table: Table) -> dict | None:
    """The last accepted move as the record writes it, and what followed it."""
    log = table.state.log
    if not log:
        return None
    record = log[-1]
    names = table.names
    said = event_lines(record.events, names, table.last_bout, table.state.rules.classic)
    return {"player": names[record.player], "text": record_text(record, names, table.state.rules), "events": said}


def _played(table: Table) -> dict | None:
    """The word card played last, to show its definition and read its word aloud (R5)."""
    if table.state.rules.classic:
        return None
    for record in reversed(table.state.log):
        card = getattr(record.move, "card", None)
        if card is not None:
            name = table.names[record.player]
            return {"player": name, "said": f"{name} {_PLAYED[type(record.move)]}", "card": card_json(card)}
    return None


@cache
def setup_view(words: str | None) -> dict:
    """What the set-up form offers: the rulesets, the grades and where the words come from (the
    same for every answer of a server, so made once)."""
    return {"rulesets": [{"name": r.name, "title": r.title, "classic": r.classic, "first": _FIRST[r.classic]}
                         for r in RULESETS.values()],
            "grades": list(GRADES), "words": words or "встроенный банк слов", "palette": palette()}


# --- choosing a card and what to do with it -------------------------------------------------------

def possible_cards(table: Table, seat: int) -> list[Any]:
    """The cards that may be in the player's hand: the ones known to be there, then (while the hand
    is not fully known) every card whose place nobody has seen, as the picker lists them."""
    state = table.state
    known = state.known_cards(seat)
    return [*known, *sorted_cards(state.possible_cards(seat)[len(known):])]


def _attempts(table: Table, seat: int, card: Any) -> list[Move]:
    """The moves a player may mean with a card that no rule allows now, so that the engine can say
    why each is refused: the lead, the defender's beats (one per unbeaten card) and transfer, a toss-in."""
    state = table.state
    if state.phase == ATTACK:
        return [Attack(card)]
    if seat == state.defender and state.phase == DEFEND:
        beats: list[Move] = [Beat(card, a) for a, d in state.table if d is None]
        return beats + [Transfer(card)] if state.rules.transfer else beats
    return [TossIn(card)]


def action_json(move: Move, legal: bool) -> dict:
    label = f"Побить карту {quoted(move.target)}" if type(move) is Beat else _ACTION[type(move)]
    return {**move.as_json(), "label": label, "legal": legal}


def choices(table: Table, seat: int, cards: Iterable[Any]) -> list[dict]:
    """Each card with what the player may do with it now: the engine's legal moves with that card,
    or, when there are none, the moves they may have meant (each of them will be refused)."""
    legal: dict[Any, list[Move]] = {}
    for move in table.state.legal_moves(seat):
        card = getattr(move, "card", None)
        if card is not None:
            legal.setdefault(card, []).append(move)
    known = set(table.state.known_cards(seat))
    out = []
    for card in cards:
        moves = legal.get(card)
        actions = ([action_json(m, True) for m in moves] if moves
                   else [action_json(m, False) for m in _attempts(table, seat, card)])
        out.append({"card": card_json(card), "known": card in known, "actions": actions})
    return out


def sorted_cards(cards: Iterable[Any]) -> list[Any]:
    """Cards as the picker lists them: by colour (suit), then by word or rank."""
    def key(card: Any) -> tuple:
        if isinstance(card, PlayingCard):
            return list(type(card.suit)).index(card.suit), card.rank
        return card.grade, normal(card.word)

    return sorted(cards, key=key)


def found(finder: CardFinder, text: str) -> dict:
    """The cards a typed word may name, as the REPL finds them: the word in any form; for a typo,
    the nearest words; with a message when the choice is not clear."""
    cards = finder.by_form(text)
    if len(cards) == 1:
        return {"cards": cards, "message": ""}
    if cards:
        return {"cards": cards, "message": f"«{shorten(text)}» — какая это карта?"}
    near = finder.nearest(text)
    if near:
        return {"cards": near, "message": f"Нет карты «{shorten(text)}». Может быть, {alternatives(near)}?"}
    why = finder.unknown_message(text)
    return {"cards": [], "message": sentence(why)}
