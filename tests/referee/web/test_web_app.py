"""The web screen's HTTP API under Starlette's TestClient: the token, every move kind, refusals that
change nothing, bad requests answered in Russian JSON, and the session file saved after every change."""

from __future__ import annotations

import errno
import json
import random
import re

import pytest

from slovariki.files import atomic
from slovariki.bank import pictures
from slovariki.game import ATTACK, Pass, Take
from slovariki.referee import session
from slovariki.referee.notation import render
from slovariki.referee.table import Setup, Table
from slovariki.referee.texts import summary_lines
from slovariki.referee.web import app as web_app
from slovariki.referee.web import host as host_module
from slovariki.referee.web import view
from slovariki.referee.web.view import possible_cards
from slovariki.referee.words import CardFinder
from slovariki.bank.wordlist import load_bank

from .conftest import NEW, OWN_SVG, TOKEN


@pytest.mark.parametrize("path", ["/", "/api/state", "/wrong/api/state", f"/{TOKEN}x/api/state",
                                  f"/{TOKEN[:-1]}/api/state", f"/api/{TOKEN}/state", "/static/app.js",
                                  f"/%D0%B0{TOKEN}/"])
def test_a_request_without_the_token_is_refused(screen, path):
    for method in (screen.http.get, screen.http.post):
        response = method(path)
        answer = screen.refused(response, 403, "no-token")
        assert "Нет доступа" in answer["message"]


def test_the_page_and_its_files_are_served_with_the_token(screen):
    page = screen.http.get(f"/{TOKEN}/")
    assert page.status_code == 200 and '<html lang="ru">' in page.text
    for name, kind in (("static/app.js", "javascript"), ("shared/cards.js", "javascript"),
                       ("static/style.css", "text/css"), ("shared/cards.css", "text/css")):
        response = screen.http.get(f"/{TOKEN}/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
        assert _addresses(response.text) <= {"http://www.w3.org/2000/svg"}  # no CDN: it works offline
    assert _addresses(page.text) == set()
    font = screen.http.get(f"/{TOKEN}/fonts/Roboto-Bold.ttf")
    assert font.status_code == 200 and font.content[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    screen.refused(screen.http.get(f"/{TOKEN}/fonts/..%2F..%2Fcli.py"), 404, "not-found")
    screen.refused(screen.http.get(f"/{TOKEN}/static/..%2Fhost.py"), 404, "not-found")


def _addresses(text: str) -> set[str]:
    return set(re.findall(r"https?://[^\s\"')]+", text))


def test_no_game_yet_offers_the_setup(screen):
    answer = screen.get("state").json()
    assert answer["ok"] and answer["game"] is None
    setup = answer["setup"]
    assert [r["name"] for r in setup["rulesets"]] == ["slovariki", "podkidnoy", "perevodnoy"]
    assert setup["palette"]["colours"]["blue"] == {"grade": 2, "tint": "#9CCBEE", "strong": "#1E7CC0",
                                                   "name": "голубой", "shape": "треугольник"}
    screen.refused(screen.get("hand", player="Аня"), 409, "no-game")
    screen.refused(screen.post("move", {"player": "Аня", "cmd": "pass"}), 409, "no-game")


def test_a_new_game_is_saved_and_shown(playing):
    game = playing.get("state").json()["game"]
    assert game["banner"] == {"who": "Аня", "title": "ХОДИТ АНЯ", "doing": "заходить", "also": ""}
    assert [p["name"] for p in game["players"]] == ["Аня", "Боря"]
    assert [(p["hand"], p["role"]) for p in game["players"]] == [(6, "attacker"), (6, "defender")]
    assert game["trump"]["word"] == "лопата" and game["trump_suit"] == "голубой"
    assert (game["stock"], game["discard"], game["bout"], game["table"]) == (4, 0, 1, [])
    assert game["setup"]["words"] == str(playing.host.words)


def test_every_move_kind_and_undo_each_saved(playing):
    said = playing.move("Аня", "attack", "корова")["said"]
    assert said == ["Аня: заходит с карты «корова»."]
    game = playing.get("state").json()["game"]
    assert game["banner"]["doing"] == "бить, переводить или брать"
    assert game["played"]["said"] == "Аня заходит с карты"  # over the card, whose word follows
    assert game["played"]["card"] == {"word": "корова", "colour": "green", "grade": 1, "stars": 1, "hard": [1],
                                      "stress": [3], "letters": ["о"], "picture": "pictures/cow.svg",
                                      "definition": "Домашнее животное."}

    answer = playing.move("Боря", "transfer", "ребята")
    assert answer["said"] == ["Боря: переводит картой «ребята»."]
    assert answer["game"]["banner"]["title"] == "ХОДИТ АНЯ"  # Аня defends now
    undone = playing.ok("undo")
    assert undone["said"] == ["Отменён ход: Боря: переводит картой «ребята»."]
    assert undone["game"]["banner"]["title"] == "ХОДИТ БОРЯ"

    answer = playing.move("Боря", "beat", "ребята", target="корова")
    assert answer["said"] == ["Боря: бьёт карту «корова» картой «ребята»."]
    assert answer["game"]["played"]["said"] == "Боря отбивается картой"
    assert answer["game"]["played"]["card"]["word"] == "ребята"
    assert playing.move("Аня", "toss", "петух")["said"] == ["Аня: подкидывает карту «петух»."]
    assert playing.move("Боря", "beat", "машина")["said"] == ["Боря: бьёт карту «петух» картой «машина»."]
    answer = playing.move("Аня", "pass")
    assert answer["said"] == ["Аня: пас.", "Бито: карты со стола уходят в отбой.", "Добирают из колоды: Аня 2, Боря 2.",
                              "Боря берёт последнюю карту колоды — открытый козырь «лопата».",
                              "Заход 2: заходит Боря, отбивается Аня."]
    game = answer["game"]
    assert (game["stock"], game["discard"], game["bout"]) == (0, 4, 2)
    assert game["players"][1]["known"] == ["лопата"]

    playing.move("Боря", "attack", "медведь")
    answer = playing.move("Аня", "take")
    assert answer["said"] == ["Аня: берёт.", "Аня забирает со стола 1 карту.", "Заход 3: заходит Боря, отбивается Аня."]
    assert answer["game"]["players"][0]["known"] == ["медведь"]
    assert len(session.load(playing.path).state.log) == 7


def test_a_refusal_names_the_rule_and_changes_nothing(playing):
    playing.move("Аня", "attack", "корова")
    playing.move("Боря", "beat", "ребята")
    before, saved = playing.get("state").json()["game"], playing.path.read_bytes()
    answer = playing.refused(playing.post("move", {"player": "Аня", "cmd": "toss", "card": "сорока"}), 409,
                             "no-shared-letter")
    assert answer["said"] == ("Аня не может подкинуть карту «сорока» (правило 9): у карт «сорока» и «ребята» нет "
                              "общей сложной буквы (сложные буквы в слове «ребята»: е).")
    assert answer["rule"] == "Правило 9"
    assert answer["reason"] == "У карт «сорока» и «ребята» нет общей сложной буквы (сложные буквы в слове «ребята»: е)."
    assert answer["message"].startswith("Правило 9: у карт «сорока»")
    rule = answer["rule_text"]
    assert (rule["number"], rule["title"]) == ("9", "Подкидывание")
    assert '<b class="hard">красная</b>' in rule["html"] and "Право подкинуть сначала у заходящего" in rule["html"]
    assert answer["game"] == before
    assert playing.path.read_bytes() == saved
    answer = playing.refused(playing.post("move", {"player": "Боря", "cmd": "take"}), 409, "not-your-turn")
    assert answer["rule"] == "Правило 11" and answer["said"].startswith("Боря не может взять карты (правило 11): ")
    answer = playing.refused(playing.post("move", {"player": "Аня", "cmd": "attack", "card": "ребята"}), 409,
                             "not-your-turn")
    assert answer["rule"] == "Правило 5"
    assert playing.path.read_bytes() == saved


def test_the_hand_lists_the_cards_that_may_be_there_with_their_moves(playing):
    playing.move("Аня", "attack", "корова")
    hand = playing.get("hand", player="Боря").json()
    words = [c["card"]["word"] for c in hand["cards"]]
    assert "корова" not in words and "лопата" not in words  # on the table; the trump under the stock
    assert len(words) == 14
    by_word = {c["card"]["word"]: c["actions"] for c in hand["cards"]}
    assert by_word["ребята"] == [
        {"cmd": "beat", "card": "ребята", "target": "корова", "label": "Побить карту «корова»", "legal": True},
        {"cmd": "transfer", "card": "ребята", "label": "Перевести", "legal": True}]
    assert by_word["собака"] == [{"cmd": "beat", "card": "собака", "target": "корова", "label": "Побить карту «корова»",
                                  "legal": True}]
    # A card that can do nothing now: what Боря may have meant, each to be refused with its rule.
    assert [(a["cmd"], a["legal"]) for a in by_word["вокзал"]] == [("beat", False), ("transfer", False)]
    assert [c["card"]["colour"] for c in hand["cards"]] == sorted(
        (c["card"]["colour"] for c in hand["cards"]), key=["green", "blue", "yellow", "pink"].index)


@pytest.mark.parametrize("seed", range(6))
def test_the_hand_is_exactly_the_engine_s_possible_leads(seed):
    """Through random refereed games: whenever a bout is to be led, the cards listed for the attacker
    are exactly the engine's legal leads, and every player's list holds their known cards and none
    that lies on the table, in the discard pile or under the stock."""
    rng = random.Random(seed)
    players = ("Аня", "Боря", "Вика", "Гоша")[:2 + seed % 3]
    table = Table.start(Setup(players, "лопата", rules="slovariki"))
    checked = 0
    while not table.finished():
        state = table.state
        if state.phase == ATTACK:
            leads = {m.card for m in state.legal_moves(state.attacker)}
            assert set(possible_cards(table, state.attacker)) == leads
            checked += 1
        seen = set(state.discard) | {c for pair in state.table for c in pair if c is not None}
        for seat in range(state.players):
            cards = possible_cards(table, seat)
            assert len(cards) == len(set(cards)) and not seen & set(cards)
            assert list(state.known_cards(seat)) == cards[:len(state.known_cards(seat))]
        seat = state.to_move
        table.play(seat, rng.choice(state.legal_moves(seat)))
    assert checked > 3


def test_a_typed_word_is_found_in_any_form_and_a_typo_suggested(playing):
    found = playing.get("find", player="Аня", text="корову").json()
    assert found["message"] == "" and [c["card"]["word"] for c in found["cards"]] == ["корова"]
    assert found["cards"][0]["actions"] == [{"cmd": "attack", "card": "корова", "label": "Зайти", "legal": True}]
    typo = playing.get("find", player="Аня", text="машну").json()
    assert typo["message"] == "Нет карты «машну». Может быть, «машина»?"
    assert [c["card"]["word"] for c in typo["cards"]] == ["машина"]
    nothing = playing.get("find", player="Аня", text="жираф").json()
    assert nothing["cards"] == [] and nothing["message"] == "Карты «жираф» нет в этой колоде."
    stressed = playing.get("find", player="Аня", text="коро\u0301ва!").json()  # copied from a card
    assert [c["card"]["word"] for c in stressed["cards"]] == ["корова"]


def test_the_setup_lists_and_finds_the_deck_s_cards(screen):
    deck = screen.get("deck", rules="slovariki", grades="1").json()
    assert [c["word"] for c in deck["cards"]] == ["ворона", "корова", "машина", "медведь", "петух", "ребята",
                                                  "собака", "сорока"]
    found = screen.get("deck", rules="slovariki", grades="2", text="лопатой").json()
    assert [c["word"] for c in found["cards"]] == ["лопата"]
    classic = screen.get("deck", rules="podkidnoy").json()
    assert len(classic["cards"]) == 36 and classic["cards"][0] == {"word": "6♠", "rank": "6", "suit": "spades",
                                                                   "symbol": "♠"}
    screen.refused(screen.get("deck", rules="slovariki", grades="7"), 422, "bad-setup")
    screen.refused(screen.get("deck", rules="шахматы"), 422, "bad-setup")
    screen.refused(screen.get("deck", rules="slovariki", grades="один"), 400, "bad-command")


def test_an_unfinished_game_is_replaced_only_when_asked(playing):
    playing.move("Аня", "attack", "корова")
    answer = playing.refused(playing.post("new", {**NEW, "players": ["Вика", "Гоша"]}), 409, "game-in-progress")
    assert [p["name"] for p in answer["game"]["players"]] == ["Аня", "Боря"]
    assert len(session.load(playing.path).state.log) == 1
    playing.ok("new", {**NEW, "players": ["Вика", "Гоша"], "first": "Гоша", "force": True})
    assert session.load(playing.path).names == ("Вика", "Гоша")
    assert playing.get("state").json()["game"]["to_move"] == "Гоша"


def test_the_word_folder_is_never_chosen_by_a_request(screen, tmp_path):
    screen.ok("new", {**NEW, "words": str(tmp_path / "elsewhere")})
    assert session.load(screen.path).setup.words == screen.host.words


@pytest.mark.parametrize("body, status, code", [
    (b"not json", 400, "bad-command"),
    (b"\xff\xfe", 400, "bad-command"),
    (b"[1, 2]", 400, "bad-command"),
    (b"[" * 100000, 413, "too-large"),
    (json.dumps({"player": "Аня"}).encode(), 400, "bad-command"),
    (json.dumps({"player": "Аня", "cmd": "undo"}).encode(), 400, "bad-command"),
    (json.dumps({"player": "Аня", "cmd": None}).encode(), 400, "bad-command"),
    (json.dumps({"player": 5, "cmd": "pass"}).encode(), 400, "bad-command"),
    (json.dumps({"player": "Гоша", "cmd": "pass"}).encode(), 400, "bad-command"),
    (json.dumps({"player": "Аня", "cmd": "attack"}).encode(), 400, "bad-command"),
    (json.dumps({"player": "Аня", "cmd": "attack", "card": ["корова"]}).encode(), 400, "bad-command"),
    (json.dumps({"player": "Аня", "cmd": "attack", "card": "жираф"}).encode(), 409, "unknown-card"),
    (json.dumps({"player": "Аня", "cmd": "beat", "card": "корова", "target": 1}).encode(), 400, "bad-command"),
    (json.dumps({"player": "\udcff", "cmd": "pass"}).encode(), 400, "bad-command"),
])
def test_bad_move_requests_get_a_russian_json_answer(playing, body, status, code):
    saved = playing.path.read_bytes()
    answer = playing.refused(playing.post("move", content=body), status, code)
    assert any("а" <= ch <= "я" for ch in answer["message"].lower())
    assert playing.path.read_bytes() == saved


@pytest.mark.parametrize("body, code", [
    ({"players": ["Аня"], "trump": "лопата"}, "bad-setup"),
    ({"players": ["Аня", "Аня"], "trump": "лопата"}, "bad-setup"),
    ({"players": ["Аня", "Боря"], "trump": "жираф"}, "bad-setup"),
    ({"players": ["Аня", "Боря"], "trump": "лопата", "first": "Вика"}, "bad-setup"),
    ({"players": ["Аня", "Боря"], "trump": "лопата", "grades": [9]}, "bad-setup"),
    ({"players": "Аня,Боря", "trump": "лопата"}, "bad-command"),
    ({"players": ["Аня", "Боря"], "trump": "лопата", "force": "yes"}, "bad-command"),
])
def test_a_bad_setup_is_refused_and_nothing_is_saved(screen, body, code):
    screen.refused(screen.post("new", body), 422 if code == "bad-setup" else 400, code)
    assert not screen.path.exists()


def test_wrong_methods_paths_and_questions(playing):
    playing.refused(playing.http.delete(f"/{TOKEN}/api/move"), 405, "bad-method")
    playing.refused(playing.http.get(f"/{TOKEN}/api/move"), 405, "bad-method")
    playing.refused(playing.http.get(f"/{TOKEN}/api/nothing"), 404, "not-found")
    playing.refused(playing.get("hand"), 400, "bad-command")
    playing.refused(playing.get("hand", player="Гоша"), 400, "bad-command")
    playing.refused(playing.get("find", player="Аня"), 400, "bad-command")
    playing.refused(playing.get("find", player="Аня", text="а" * 101), 400, "bad-command")
    playing.refused(playing.get("find", player="Аня", text="  ...  "), 400, "bad-command")
    playing.refused(playing.post("undo", {}), 409, "nothing-to-undo")


def test_a_failed_save_takes_the_change_back(playing, monkeypatch):
    playing.move("Аня", "attack", "корова")
    before, saved = playing.get("state").json()["game"], playing.path.read_bytes()

    def broken(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic, "write_text", broken)
    answer = playing.refused(playing.post("move", {"player": "Боря", "cmd": "take"}), 503, "not-saved")
    assert "на диске нет места" in answer["message"] and "Ход не принят" in answer["message"]
    assert answer["game"] == before
    answer = playing.refused(playing.post("undo", {}), 503, "not-saved")
    assert "Ход не отменён" in answer["message"] and answer["game"] == before
    playing.refused(playing.post("new", {**NEW, "force": True}), 503, "not-saved")
    assert playing.get("state").json()["game"] == before
    assert playing.path.read_bytes() == saved


def test_a_bug_of_ours_is_a_500_and_the_game_goes_on_as_saved(playing, monkeypatch, capsys):
    playing.move("Аня", "attack", "корова")

    def half_done(table, data):
        table.state.apply(1, Take())  # changes the game, then fails: the file has the truth
        raise RuntimeError("boom")

    monkeypatch.setattr(host_module, "move_command", half_done)
    response = playing.post("move", {"player": "Боря", "cmd": "take"})
    answer = playing.refused(response, 500, "internal")
    assert "Внутренняя ошибка судьи (RuntimeError)" in answer["message"]
    assert "RuntimeError: boom" in capsys.readouterr().err
    monkeypatch.undo()
    assert len(playing.host.table.state.log) == 1  # read back from the session file
    playing.move("Боря", "take")


def test_refusal_json_splits_the_rule_from_its_reason():
    from slovariki.referee.table import Rejected

    answer = web_app.refusal_json(Rejected("cannot-beat", "правило D2: 6♠ не бьёт 7♠: нужна карта старше"))
    assert (answer["rule"], answer["reason"]) == ("Правило D2", "6♠ не бьёт 7♠: нужна карта старше.")
    plain = web_app.refusal_json(Rejected("card-not-available", "карта «корова» уже в отбое"))
    assert (plain["rule"], plain["reason"]) == (None, "Карта «корова» уже в отбое.")


def test_a_classic_durak_game(screen):
    screen.ok("new", {"players": ["Аня", "Боря", "Вика"], "trump": "Тч", "first": "Аня", "rules": "perevodnoy"})
    screen.move("Аня", "attack", "10п")
    screen.move("Боря", "beat", "В♠")
    screen.refused(screen.post("move", {"player": "Вика", "cmd": "toss", "card": "10♦"}), 409, "not-your-turn")
    screen.move("Аня", "pass")  # D3: the attacker adds first; after her «бито» the next player clockwise
    game = screen.move("Вика", "toss", "10♦")["game"]
    assert game["banner"] == {"who": "Боря", "title": "ХОДИТ БОРЯ", "doing": "бить или брать",
                              "also": "Подкинуть может также Вика."}  # she holds the right until «бито»
    assert game["table"][0] == {"attack": {"word": "10♠", "rank": "10", "suit": "spades", "symbol": "♠"},
                                "beaten_by": {"word": "В♠", "rank": "В", "suit": "spades", "symbol": "♠"}}
    assert game["played"] is None  # nothing to read aloud: no word, no definition
    assert game["trump_suit"] == "черви" and game["rules"]["classic"] is True
    found = screen.get("find", player="Боря", text="д б").json()
    assert [(c["card"]["word"], [a["label"] for a in c["actions"]]) for c in found["cards"]] == [
        ("Д♦", ["Побить карту «10♦»"])]


SIX = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор"]


def test_six_players_of_durak_say_who_was_dealt_the_trump_card(screen):
    """Six share the 36 cards: the last one dealt is shown and stays in a hand. The set-up's deck
    says so (whole_deck), a game is not started until the page says whose hand it is, as the REPL
    asks it, and then nobody else may play that card."""
    deck = screen.get("deck", rules="podkidnoy", text="7ч").json()
    assert deck["whole_deck"] == 6 and [c["word"] for c in deck["cards"]] == ["7♥"]
    assert screen.get("deck", rules="slovariki").json()["whole_deck"] is None  # 16 cards: a stock is left
    new = {"players": SIX, "trump": "7ч", "first": "Даша", "first_by": "lowest-trump", "rules": "podkidnoy"}
    answer = screen.refused(screen.post("new", new), 422, "bad-setup")
    assert answer["message"] == ("Сданы все карты: скажите, кому досталась последняя — открытый козырь «7♥» "
                                 "(trump_holder).")
    assert not screen.path.exists()
    screen.refused(screen.post("new", {**new, "players": SIX[:4], "trump_holder": "Боря"}), 422, "bad-setup")

    game = screen.ok("new", {**new, "trump_holder": "Боря"})["game"]
    assert game["players"][1]["known"] == ["7♥"] and game["stock"] == 0
    assert game["trump_where"] == "сдан последним"
    assert session.load(screen.path).setup.trump_holder == "Боря"
    answer = screen.refused(screen.post("move", {"player": "Даша", "cmd": "attack", "card": "7♥"}), 409,
                            "card-not-available")
    assert answer["said"].startswith("Даша не может зайти с карты «7♥»")
    screen.move("Даша", "attack", "6♠")
    assert screen.get("state").json()["game"]["trump_where"] == "сдан последним"


def test_where_the_trump_card_is(playing):
    assert playing.get("state").json()["game"]["trump_where"] == "под колодой"
    for player, cmd, card in (("Аня", "attack", "корова"), ("Боря", "beat", "ребята"), ("Аня", "toss", "петух"),
                              ("Боря", "beat", "машина"), ("Аня", "pass", None)):
        game = playing.move(player, cmd, card)["game"]
    assert game["stock"] == 0 and game["trump_where"] == "уже взят"  # Боря drew it, the last card


def test_who_starts_is_asked_as_the_rules_choose_it(screen):
    setup = screen.get("state").json()["setup"]
    first = {r["name"]: r["first"] for r in setup["rulesets"]}
    assert first["slovariki"]["question"] == "Кто самый младший?" and first["slovariki"]["first_by"] == "youngest"
    assert first["podkidnoy"]["question"] == "У кого самый младший козырь?"
    assert (first["podkidnoy"]["first_by"], first["podkidnoy"]["agreed_by"]) == ("lowest-trump", "agreed")
    screen.refused(screen.post("new", {**NEW, "first_by": "lowest-trump"}), 422, "bad-setup")
    screen.ok("new", {**NEW, "first": "Боря", "first_by": "youngest"})
    saved = session.load(screen.path).setup
    assert (saved.first, saved.first_by) == ("Боря", "youngest")
    assert screen.get("state").json()["game"]["to_move"] == "Боря"


def test_all_pass_is_one_step_and_one_undo_takes_it_back(screen):
    """«все пас», as in the REPL: everyone who may toss in passes, to the bout's end, in one step;
    one «отмена» takes all of it back. Said when every card is beaten, not before; in classic durak
    in its own word, «бито» (rule D3)."""
    screen.ok("new", {"players": ["Аня", "Боря", "Вика"], "trump": "Тч", "first": "Аня", "rules": "podkidnoy"})
    attacked = screen.move("Аня", "attack", "6♠")["game"]
    assert attacked["pass_all"] is False
    refused = screen.refused(screen.post("pass-all", {}), 409, "not-now")
    assert refused["message"] == "«Все бито» — это когда все карты побиты и больше никто не подкидывает."
    assert attacked["rules"]["pass_word"] == "бито" and attacked["banner"]["doing"] == "бить или брать"
    assert refused["game"] == attacked
    before = screen.move("Боря", "beat", "7♠")["game"]
    assert before["pass_all"] is True
    answer = screen.ok("pass-all")
    assert before["banner"] == {"who": "Аня", "title": "ХОДИТ АНЯ", "doing": "подкидывать или сказать «бито»", "also": ""}
    assert answer["said"] == ["Аня: бито.", "Вика: бито.", "Бито: карты со стола уходят в отбой.",
                              "Добирают из колоды: Аня 1, Боря 1.", "Заход 2: заходит Боря, отбивается Вика."]
    assert answer["game"]["bout"] == 2 and answer["game"]["pass_all"] is False
    table = screen.host.table

    def full_disk(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.MonkeyPatch.context() as patch:  # a failed save puts the whole step back, as one step
        patch.setattr(atomic, "write_text", full_disk)
        screen.refused(screen.post("undo", {}), 503, "not-saved")
    assert table.with_previous[-2:] == [False, True]
    answer = screen.ok("undo")
    assert answer["said"] == ["Отменены ходы: Аня: бито; Вика: бито. Верните в колоду: Аня 1, Боря 1. "
                              "Карты из отбоя верните на стол: «6♠», «7♠»."]  # issue 21 §3
    assert answer["game"] == before
    screen.ok("undo")
    assert len(session.load(screen.path).state.log) == 1


def test_the_end_of_game_summary(playing):
    """Played to the end with the first legal card (or «пас», «беру»), Боря taking the first card: the
    result, the summary and the words taken from the table, to review."""
    playing.move("Аня", "attack", "корова")
    playing.move("Боря", "take")
    for _ in range(60):
        game = playing.get("state").json()["game"]
        if game["over"]:
            break
        mover = game["to_move"]
        playable = [e for e in playing.get("hand", player=mover).json()["cards"] if e["actions"][0]["legal"]]
        if playable:
            action = playable[0]["actions"][0]
            playing.move(mover, action["cmd"], action["card"], action.get("target"))
        else:
            playing.move(mover, "take" if "брать" in game["banner"]["doing"] else "pass")
    assert game["over"] and game["banner"]["title"] == "ИГРА ОКОНЧЕНА"
    assert game["banner"]["doing"].startswith("Победитель — ")
    summary = game["summary"]
    table = playing.host.table
    assert summary["lines"] == summary_lines(table.summary(), table.names, table.state.rules)
    assert summary["lines"][0].startswith("Итоги партии: заходов — ")
    assert [c["word"] for c in summary["review"]] == [str(card) for card, _ in table.summary().taken]
    # The words to review are drawn without their definitions, and the game record comes apart, when
    # the page opens it: the state of a long game is a few dozen KB, not the whole game again.
    assert summary["review"] and all("definition" not in c and c["colour"] for c in summary["review"])
    state = playing.get("state").text
    assert "record" not in summary and "# Запись партии" not in state
    record = playing.get("record").json()
    assert record == {"ok": True, "record": render(table), "record_of": playing.host.tag}
    assert record["record"].startswith("# Запись партии")
    playing.refused(playing.post("move", {"player": "Аня", "cmd": "pass"}), 409, "game-over")


def test_cards_carry_their_pictures_and_the_page_gets_them(screen, picture_bank):
    """A card's picture as on print: a shipped one by its name, an editor's own by a key (no path in
    any request); a card without a picture keeps its suit emblem (no picture)."""
    deck = {c["word"]: c for c in screen.get("deck", rules="slovariki").json()["cards"]}  # before any game
    assert deck["корова"]["picture"] == "pictures/cow.svg" and deck["собака"]["picture"] == "pictures/dog.svg"
    assert deck["сорока"]["picture"] is None
    own_svg, own_png = deck["ребята"]["picture"], deck["лопата"]["picture"]
    assert re.fullmatch(r"pictures/own/[0-9a-f]{24}\.svg", own_svg) and own_png.endswith(".png")
    assert "рисунки" not in own_svg and "лопата" not in own_png
    assert deck["корова"]["letters"] == ["о"] and deck["эскалатор"]["letters"] == ["а"]

    shipped = screen.http.get(f"/{TOKEN}/pictures/cow.svg")
    assert shipped.status_code == 200 and shipped.headers["content-type"] == "image/svg+xml"
    assert shipped.content == (pictures.shipped_folder() / "cow.svg").read_bytes()
    for response in (shipped, svg := screen.http.get(f"/{TOKEN}/{own_svg}"), png := screen.http.get(f"/{TOKEN}/{own_png}")):
        assert response.status_code == 200
        assert response.headers["x-content-type-options"] == "nosniff"
        assert "sandbox" in response.headers["content-security-policy"]  # an SVG opened alone runs nothing
    assert svg.content.decode() == OWN_SVG and svg.headers["content-type"] == "image/svg+xml"
    assert png.content == (picture_bank / "лопата.png").read_bytes() and png.headers["content-type"] == "image/png"

    screen.ok("new", NEW)
    game = screen.get("state").json()["game"]
    assert game["trump"]["picture"] == own_png
    hand = {c["card"]["word"]: c["card"] for c in screen.get("hand", player="Аня").json()["cards"]}
    assert hand["ребята"]["picture"] == own_svg


@pytest.mark.parametrize("path", ["pictures/nothing.svg", "pictures/cow.png", "pictures/cow", "pictures/index.tsv",
                                  "pictures/LICENSE.md", "pictures/..%2F..%2Fcli.py", "pictures/%2Fetc%2Fpasswd",
                                  "pictures/own/0123456789abcdef01234567.svg", "pictures/own/..%2Fgrade1.yaml",
                                  "pictures/own/%2Fetc%2Fpasswd"])
def test_no_other_file_is_served_as_a_picture(screen, path):
    screen.refused(screen.http.get(f"/{TOKEN}/{path}"), 404, "not-found")
    screen.refused(screen.http.get(f"/{path}"), 403, "no-token")


@pytest.mark.parametrize("change", ["link-outside", "too-large", "fifo", "broken", "gone"])
def test_an_own_picture_is_checked_again_when_it_is_sent(screen, picture_bank, tmp_path, change):
    """The editor's file may change after the words were read: it is sent only while it still is a
    regular file inside the word folder, within the size limit and a sound SVG (as «check» wants)."""
    import os

    url = {c["word"]: c for c in screen.get("deck", rules="slovariki").json()["cards"]}["ребята"]["picture"]
    assert screen.http.get(f"/{TOKEN}/{url}").status_code == 200
    own = picture_bank / "рисунки" / "ребята.svg"
    own.unlink()
    if change == "link-outside":
        secret = tmp_path / "secret.svg"
        secret.write_text(OWN_SVG, encoding="utf-8")
        own.symlink_to(secret)
    elif change == "too-large":
        own.write_text(OWN_SVG[:-6] + " " * pictures.MAX_SVG_BYTES + "</svg>", encoding="utf-8")
    elif change == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(own)  # read, it would wait for a writer forever
    elif change == "broken":
        own.write_text("<svg><circle></svg>", encoding="utf-8")
    screen.refused(screen.http.get(f"/{TOKEN}/{url}"), 404, "not-found")


def test_a_typo_names_the_word_a_form_away_first_and_lists_as_a_sentence_does():
    # QA2 #10: the set-up offered «Может быть, «платок» или «пальто» или «лопата»?» for «лапатой»
    typo = view.found(CardFinder(load_bank(None).deck.cards), "лапатой")
    assert typo["message"] == "Нет карты «лапатой». Может быть, «лопата»?"  # issue 21 §4: only near words
    assert [c.word for c in typo["cards"]] == ["лопата"]


def test_a_change_from_an_outdated_screen_is_refused_with_the_game_as_it_is(playing):
    """Two screens on one game: each change names the game it was made on (seen, its tag); one made
    on a screen that has not seen the latest move is refused and the fresh game sent, never applied
    (a stale tab's «отмена» once undid the other tab's move)."""
    old = playing.get("state").json()["tag"]
    moved = playing.move("Аня", "attack", "корова")
    assert moved["tag"] != old
    saved = playing.path.read_bytes()
    for api, body in (("move", {"player": "Аня", "cmd": "attack", "card": "собака"}), ("undo", {}), ("pass-all", {}),
                      ("new", {**NEW, "force": True})):
        refused = playing.refused(playing.post(api, {**body, "seen": old}), 409, "stale")
        assert refused["message"].startswith("Пока вы выбирали, партию изменили на другом экране, и этот ход не принят.")
        assert refused["game"] == moved["game"] and refused["tag"] == moved["tag"]
        assert playing.path.read_bytes() == saved
    # Following: while nothing changes, the answer is a few bytes; after a change, the whole game.
    same = playing.get("state", since=moved["tag"])
    assert same.json() == {"ok": True, "same": True, "tag": moved["tag"]} and len(same.content) < 80
    assert playing.get("state", since=old).json()["game"] == moved["game"]
    # The tag names the game, not the moment: an undo and the same move again give the same tag,
    # and a restart reads the same tag from the file.
    undone = playing.ok("undo", {"seen": moved["tag"]})
    assert undone["tag"] == old
    assert playing.ok("move", {"player": "Аня", "cmd": "attack", "card": "корова", "seen": old})["tag"] == moved["tag"]
    assert host_module.Host(playing.path, playing.host.words).tag == moved["tag"]
