"""The --jsonl protocol: every command and every rejection code, each with a case."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import play

from slovariki.referee.protocol import COMMANDS

TWO = ["Аня", "Боря"]


@pytest.fixture
def game(client, small_bank):
    """Аня and Боря, trump «лопата» (blue), Аня attacks first, the small bank (stock 4)."""
    client.ok({"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank)})
    return client


def move(cmd, player, card=None, **extra):
    body = {"cmd": cmd, "player": player}
    if card is not None:
        body["card"] = card
    return {**body, **extra}


def test_new_reports_the_state_after_the_deal(client, small_bank):
    answer = client.ok({"cmd": "new", "players": ["Аня", "Боря"], "trump": "лопата", "first": "Боря",
                        "rules": "slovariki", "grades": [1, 2, 3, 4], "words": str(small_bank)})
    state = answer["state"]
    assert answer["events"] == []
    assert state["to_move"] == state["attacker"] == "Боря"
    assert state["defender"] == "Аня"
    assert (state["trump"], state["trump_colour"]) == ("лопата", "blue")
    assert state["stock"] == 16 - 2 * 6  # the trump card included
    assert state["hands"] == {"Аня": 6, "Боря": 6}
    assert (state["table"], state["discard"], state["winner"], state["fool"]) == ([], 0, None, None)


def test_a_bout_attack_beat_toss_take_with_events(game):
    game.ok(move("attack", "Аня", "корова"))
    state = game.ok(move("beat", "Боря", "собака"))["state"]
    assert state["table"] == [{"attack": "корова", "beaten_by": "собака"}]
    assert state["to_move"] == "Аня"
    game.ok(move("toss", "Аня", "ворона"))
    answer = game.ok(move("take", "Боря"))
    assert answer["events"] == [{"type": "taken", "player": "Боря", "cards": 3},
                                {"type": "refill", "draws": [{"player": "Аня", "cards": 2}]}]
    state = answer["state"]
    assert state["hands"] == {"Аня": 6, "Боря": 8} and state["stock"] == 2
    assert state["to_move"] == "Аня"  # R11: the taker is skipped
    assert sorted(state["known"]["Боря"]) == ["ворона", "корова", "собака"]


def test_a_beaten_bout_refills_in_r13_order(game):
    game.ok(move("attack", "Аня", "корова"))
    game.ok(move("beat", "Боря", "собака"))
    answer = game.ok(move("pass", "Аня"))
    assert answer["events"] == [{"type": "beaten"},
                                {"type": "refill", "draws": [{"player": "Аня", "cards": 1},
                                                             {"player": "Боря", "cards": 1}]}]
    state = answer["state"]
    assert state["discard"] == 2 and state["attacker"] == "Боря" and state["to_move"] == "Боря"


def test_transfer_makes_the_next_player_defend(game):
    game.ok(move("attack", "Аня", "корова"))
    state = game.ok(move("transfer", "Боря", "ребята"))["state"]
    assert (state["attacker"], state["defender"], state["to_move"]) == ("Боря", "Аня", "Аня")


def test_beat_with_a_target_among_several_unbeaten(game):
    game.ok(move("attack", "Аня", "корова"))
    game.ok(move("transfer", "Боря", "ребята"))
    game.refused(move("beat", "Аня", "собака"), "cannot-beat")  # which one? both could be beaten
    state = game.ok(move("beat", "Аня", "собака", target="ребята"))["state"]
    assert {"attack": "ребята", "beaten_by": "собака"} in state["table"]
    game.refused(move("beat", "Аня", "медведь", target="вокзал"), "cannot-beat")  # not on the table


def test_undo_and_state(game):
    before = game.ok({"cmd": "state"})["state"]
    game.ok(move("attack", "Аня", "корова"))
    assert game.ok({"cmd": "undo"})["state"] == before
    game.refused({"cmd": "undo"}, "nothing-to-undo")


def test_every_command_is_covered_here():
    covered = {"new", "attack", "beat", "transfer", "toss", "pass", "take", "undo", "state"}
    assert covered == set(COMMANDS)


# --- rejection codes ------------------------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "не json", "", "[1, 2]", '"state"', "{}", '{"cmd": "play"}', '{"cmd": 7}', '{"cmd": "state"', "{" * 5000,
])
def test_bad_command_lines(client, line):
    answer = client.refused(line, "bad-command")
    assert answer["message"]


@pytest.mark.parametrize("command", [
    {"cmd": "attack", "card": "корова"},  # no player
    {"cmd": "attack", "player": "Аня"},  # no card
    {"cmd": "attack", "player": "Аня", "card": 5},  # wrongly typed
    {"cmd": "beat", "player": "Боря", "card": "собака", "target": ["корова"]},
    {"cmd": "attack", "player": "Гоша", "card": "корова"},  # nobody of that name
    {"cmd": "new", "players": "Аня,Боря", "trump": "лопата"},
    {"cmd": "new", "players": TWO},
    {"cmd": "new", "players": TWO, "trump": "лопата", "grades": "1,2"},
    {"cmd": "new", "players": TWO, "trump": "лопата", "rules": 1},
])
def test_bad_command_fields(game, command):
    game.refused(command, "bad-command")


def test_no_game_before_a_successful_new(client, small_bank):
    client.refused(move("attack", "Аня", "корова"), "no-game")
    client.refused({"cmd": "undo"}, "no-game")
    client.refused({"cmd": "state"}, "no-game")
    client.refused({"cmd": "new", "players": ["Аня"], "trump": "лопата", "words": str(small_bank)}, "bad-setup")
    client.refused(move("pass", "Аня"), "no-game")


@pytest.mark.parametrize("change, words", [
    ({"players": ["Аня"]}, "правило 2"),
    ({"players": ["А", "Б", "В", "Г", "Д", "Е", "Ж"]}, "правило 2"),
    ({"players": ["Аня", "Боря", "Вика"]}, "правило 2"),  # 16 cards cannot deal to three
    ({"players": ["Аня", "аня"]}, "одним именем"),
    ({"players": ["Аня", ""]}, "имя"),
    ({"trump": "лапата"}, "«лопата»"),  # unknown, with the nearest word
    ({"rules": "шахматы"}, "нет правил"),
    ({"first": "Вика"}, "нет игрока"),
    ({"grades": [5]}, "классы"),
    ({"words": "/нет/такой/папки"}, "/нет/такой/папки — нет такого файла или папки"),
])
def test_bad_setup(client, small_bank, change, words):
    command = {"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank), **change}
    answer = client.refused(command, "bad-setup")
    assert words in answer["message"]


def test_a_failed_new_keeps_the_game(game):
    game.ok(move("attack", "Аня", "корова"))
    game.refused({"cmd": "new", "players": ["Аня"], "trump": "лопата"}, "bad-setup")
    assert game.ok({"cmd": "state"})["state"]["table"][0]["attack"] == "корова"


def test_unknown_card_suggests_the_nearest_words(game):
    answer = game.refused(move("attack", "Аня", "карова"), "unknown-card")
    assert "«корова»" in answer["message"]


def test_card_not_available(game):
    assert "козырь" in game.refused(move("attack", "Аня", "лопата"), "card-not-available")["message"]
    game.ok(move("attack", "Аня", "корова"))
    assert "на столе" in game.refused(move("beat", "Боря", "корова"), "card-not-available")["message"]
    game.ok(move("beat", "Боря", "собака"))
    game.ok(move("toss", "Аня", "ворона"))
    game.ok(move("take", "Боря"))
    answer = game.refused(move("attack", "Аня", "собака"), "card-not-available")  # known in Боря's hand
    assert "Боря" in answer["message"]


def test_card_in_the_discard_is_not_available(game):
    game.ok(move("attack", "Аня", "корова"))
    game.ok(move("beat", "Боря", "собака"))
    game.ok(move("pass", "Аня"))
    assert "отбое" in game.refused(move("attack", "Боря", "корова"), "card-not-available")["message"]


def test_not_your_turn(game):
    assert "правило 4" in game.refused(move("attack", "Боря", "корова"), "not-your-turn")["message"]
    game.refused(move("pass", "Боря"), "not-your-turn")
    game.ok(move("attack", "Аня", "корова"))
    game.refused(move("attack", "Аня", "ворона"), "not-your-turn")


def test_cannot_beat_cites_rule_7(game):
    game.ok(move("attack", "Аня", "корова"))
    answer = game.refused(move("beat", "Боря", "вокзал"), "cannot-beat")  # yellow on green, not a trump
    assert answer["message"].startswith("правило 7")


def test_transfer_not_allowed(game):
    game.ok(move("attack", "Аня", "корова"))
    game.refused(move("transfer", "Боря", "собака"), "transfer-not-allowed")  # ★★ on ★
    game.ok(move("beat", "Боря", "собака"))
    game.refused(move("transfer", "Боря", "ребята"), "transfer-not-allowed")  # after a beat


def test_transfer_not_allowed_in_podkidnoy(client):
    client.ok({"cmd": "new", "players": TWO, "trump": "Т♥", "rules": "podkidnoy"})
    client.ok(move("attack", "Аня", "6♠"))
    client.refused(move("transfer", "Боря", "6♣"), "transfer-not-allowed")


def test_toss_not_allowed(game):
    game.ok(move("attack", "Аня", "корова"))
    game.refused(move("toss", "Аня", "ворона"), "toss-not-allowed")  # an unbeaten card lies on the table
    game.ok(move("beat", "Боря", "собака"))
    game.refused(move("toss", "Боря", "ворона"), "toss-not-allowed")  # the defender
    game.ok(move("pass", "Аня"))
    game.refused(move("toss", "Аня", "ворона"), "toss-not-allowed")  # the bout is beaten


def test_no_shared_letter(game):
    game.ok(move("attack", "Аня", "корова"))
    game.ok(move("beat", "Боря", "собака"))  # hard letter о
    answer = game.refused(move("toss", "Аня", "эскалатор"), "no-shared-letter")  # а
    assert answer["message"].startswith("правило 9")


def test_table_full_when_the_next_defender_holds_too_few(game):
    game.ok(move("attack", "Аня", "корова"))  # green ★: Аня 5
    game.ok(move("transfer", "Боря", "ребята"))  # Боря 5, two unbeaten against Аня
    game.ok(move("transfer", "Аня", "сорока"))  # Аня 4, three against Боря
    game.ok(move("transfer", "Боря", "петух"))  # Боря 4, four against Аня
    game.refused(move("transfer", "Аня", "машина"), "table-full")  # five against Боря's four cards


def _played_until(client, predicate):
    """Replay simulated 3-player podkidnoy games until a state satisfies ``predicate``."""
    for seed in range(60):
        played = play("podkidnoy", 3, seed)
        client.ok(played.new_command)
        for command in played.commands():
            found = predicate(client.ok(command)["state"])
            if found:
                return found
    pytest.fail("no simulated game reached the position")


def test_hand_empty(client):
    """D6: a player out of cards (stock empty) stays out; the game goes on without her."""
    def out_of_cards(state):
        out = [p for p, n in state["hands"].items() if n == 0 and p != state["defender"]]
        return out[0] if out and state["stock"] == 0 and state["phase"] in ("defend", "toss", "taking") else None

    player = _played_until(client, out_of_cards)
    client.refused(move("toss", player, "Т♠"), "hand-empty")


def test_game_over_refuses_moves_but_not_undo(client):
    played = play("slovariki", 2, 3)
    client.ok(played.new_command)
    for command in played.commands():
        client.ok(command)
    last = played.commands()[-1]
    assert client.send({"cmd": "state"})["state"]["to_move"] is None
    client.refused(move("pass", "Аня"), "game-over")
    client.refused(last, "game-over")
    client.ok({"cmd": "undo"})
    assert client.ok(last)["events"][-1] == {"type": "game-over"}


def test_classic_cards_in_any_spelling(client):
    client.ok({"cmd": "new", "players": TWO, "trump": "Тч", "rules": "perevodnoy"})
    assert client.ok(move("attack", "Аня", "10п"))["state"]["table"][0]["attack"] == "10♠"
    assert client.ok({"cmd": "state"})["state"]["trump_colour"] == "hearts"
    assert "достоинство" in client.refused(move("beat", "Боря", "11♠"), "unknown-card")["message"]


def test_the_process_answers_every_line_and_survives_garbage(small_bank):
    lines = [
        "мусор",
        json.dumps({"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank)}),
        b"\xff\xfe".decode("latin-1"),
        json.dumps({"cmd": "attack", "player": "Аня", "card": "корова"}),
        "{}",
        json.dumps({"cmd": "state"}),
    ]
    proc = subprocess.run([sys.executable, "-m", "slovariki", "referee", "--jsonl"],
                          input="\n".join(lines).encode("utf-8") + b"\n\xff\n", capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert [a["ok"] for a in answers] == [False, True, False, True, False, True, False]
    assert answers[-2]["state"]["table"] == [{"attack": "корова", "beaten_by": None}]
    assert proc.stderr == b""


def test_rules_by_russian_alias(client):
    state = client.ok({"cmd": "new", "players": TWO, "trump": "Т♥", "rules": "Переводной"})["state"]
    assert state["rules"] == "perevodnoy" and state["stock"] == 36 - 12


def test_refusals_name_the_cards_in_the_right_case(game):
    """«Словарики» cards are words that cannot be declined by rule: the message declines «карта»."""
    game.ok(move("attack", "Аня", "собака"))
    beat = game.refused(move("beat", "Боря", "корова"), "cannot-beat")["message"]
    assert beat.startswith("правило 7: карта «корова» не бьёт карту «собака»: ")
    transfer = game.refused(move("transfer", "Боря", "корова"), "transfer-not-allowed")["message"]
    assert "что и у карты «собака» (зелёный, 2 звёздочки)" in transfer
    game.ok(move("beat", "Боря", "медведь"))
    toss = game.refused(move("toss", "Аня", "машина"), "no-shared-letter")["message"]
    assert toss == "правило 9: у карт «машина» и «медведь» нет общей сложной буквы (сложные буквы в слове «медведь»: е)"


def test_a_missing_cmd_is_named(client):
    assert client.refused('{"player": "Аня"}', "bad-command")["message"].startswith("нет поля cmd: ")
    assert "неизвестная команда null" in client.refused('{"cmd": null}', "bad-command")["message"]


def test_new_says_how_the_first_player_was_chosen(client, small_bank):
    base = {"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank), "first": "Боря"}
    assert client.ok({**base, "first_by": "youngest"})["state"]["attacker"] == "Боря"
    assert client.session.table.setup.first_by == "youngest"
    classic = {"cmd": "new", "players": TWO, "trump": "Т♥", "rules": "podkidnoy", "first": "Боря"}
    client.ok({**classic, "first_by": "lowest-trump"})
    assert "youngest" in client.refused({**base, "first_by": "lowest-trump"}, "bad-setup")["message"]
    assert "lowest-trump" in client.refused({**classic, "first_by": "youngest"}, "bad-setup")["message"]
    without = {k: v for k, v in base.items() if k != "first"}
    assert "first" in client.refused({**without, "first_by": "youngest"}, "bad-setup")["message"]
    client.refused({**base, "first_by": 4}, "bad-command")


def test_every_player_out_is_an_event_and_listed_in_the_state(client):
    """D6: the first player out is the winner, each later one an «out» event; all are in state["out"]."""
    for seed in range(40):
        played = play("podkidnoy", 4, seed)
        client.ok(played.new_command)
        announced = []
        for command in played.commands():
            answer = client.ok(command)
            announced += [e["player"] for e in answer["events"] if e["type"] in ("winner", "out")]
            assert set(answer["state"]["out"]) <= set(announced) | {
                p for p, n in answer["state"]["hands"].items() if n == 0}
        state = answer["state"]
        if any(e["type"] == "out" for e in answer["events"]) or len(announced) > 1:
            assert sorted(state["out"]) == sorted(announced) and state["fool"] not in state["out"]
            return
    pytest.fail("no simulated game had two players out")


def test_a_classic_card_said_in_words_is_shown_how_to_write_it(client):
    client.ok({"cmd": "new", "players": TWO, "trump": "Т♥", "rules": "podkidnoy"})
    assert client.refused(move("attack", "Аня", "дама пик"), "unknown-card")["message"] == \
        "карту «дама пик» пишите так: Д♠"


SIX = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор"]


def test_new_says_who_was_dealt_the_trump_card_when_six_share_the_deck(client):
    """Six at durak: the face-up trump card is in the hand of ``trump_holder``, and nobody else may play it."""
    six = {"cmd": "new", "players": SIX, "trump": "7ч", "rules": "podkidnoy", "first": "Даша"}
    state = client.ok({**six, "trump_holder": "боря"})["state"]  # a name in any case, kept as the players wrote it
    assert client.session.table.setup.trump_holder == "Боря"
    assert state["known"]["Боря"] == ["7♥"] and state["stock"] == 0 and state["hands"]["Боря"] == 6
    client.ok(move("attack", "Даша", "7п"))
    refused = client.refused(move("beat", "Егор", "7ч"), "card-not-available")["message"]
    assert refused == "карта «7♥» на руках у другого игрока (Боря)"
    client.ok(move("beat", "Егор", "8п"))
    client.ok({"cmd": "pass", "player": "Даша"})  # D3: the attacker, then clockwise from Егор's left
    client.ok({"cmd": "pass", "player": "Аня"})
    state = client.ok(move("toss", "Боря", "7ч"))["state"]  # the holder may play it
    assert state["known"]["Боря"] == [] and state["hands"]["Боря"] == 5
    # Without the field the card lies in a hand the referee does not know: anybody may play it.
    client.ok(six)
    client.ok(move("attack", "Даша", "7п"))
    assert client.ok(move("beat", "Егор", "7ч"))["state"]["table"] == [{"attack": "7♠", "beaten_by": "7♥"}]


@pytest.mark.parametrize("change, code, words", [
    ({"trump_holder": "Петя"}, "bad-setup", "кому сдан козырь: нет игрока «Петя»"),
    ({"trump_holder": 2}, "bad-command", "поле trump_holder должно быть текстом"),
    ({"players": SIX[:3], "trump_holder": "Аня"}, "bad-setup", "при 3 игроках открытый козырь «7♥» лежит под колодой"),
])
def test_a_wrong_trump_holder_is_refused(client, change, code, words):
    command = {"cmd": "new", "players": SIX, "trump": "7ч", "rules": "podkidnoy", **change}
    assert words in client.refused(command, code)["message"]


def test_a_name_of_a_million_characters_is_refused_and_no_answer_grows_with_it(client, small_bank):
    long = "Я" * 1_000_000
    answer = client.refused({"cmd": "new", "players": [long, "Боря"], "trump": "лопата", "words": str(small_bank)},
                            "bad-setup")
    assert "длиннее 40 знаков" in answer["message"] and len(json.dumps(answer)) < 2000
    client.ok({"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank)})
    answer = client.refused(move("attack", long, "корова"), "bad-command")
    assert len(json.dumps(answer, ensure_ascii=False)) < 4000


def test_line_separators_in_echoed_text_stay_inside_the_answer_line(small_bank):
    lines = [json.dumps({"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank)}),
             json.dumps({"cmd": "attack", "player": "Аня", "card": "ко\u2028ро\u0085ва\u2029"}),
             json.dumps({"cmd": "state"})]
    proc = subprocess.run([sys.executable, "-m", "slovariki", "referee", "--jsonl"],
                          input="\n".join(lines).encode("utf-8") + b"\n", capture_output=True, timeout=60)
    answers = proc.stdout.decode("utf-8").splitlines()  # str.splitlines splits on U+2028, U+0085 too
    assert len(answers) == 3 and [json.loads(a)["ok"] for a in answers] == [True, False, True]


SECRET = "SECRET_TOKEN: 8f2b1c\n"


@pytest.mark.parametrize("make", ["a file", "a folder without grade files", "/dev/null"])
def test_new_takes_only_a_folder_of_grade_files_and_reads_nothing_else(client, tmp_path, make):
    secret = tmp_path / "config.yaml"
    secret.write_text(SECRET, encoding="utf-8")
    words = {"a file": str(secret), "a folder without grade files": str(tmp_path), "/dev/null": "/dev/null"}[make]
    answer = client.refused({"cmd": "new", "players": TWO, "trump": "лопата", "words": words}, "bad-setup")
    assert answer["message"].startswith("поле words: нужна папка со списками слов (grade1.yaml … grade4.yaml)")
    assert "SECRET" not in answer["message"] and "8f2b1c" not in answer["message"]


def test_errors_in_a_word_folder_are_named_by_place_without_quoting_the_files(client, small_bank):
    (small_bank / "notes.yaml").write_text(SECRET, encoding="utf-8")
    answer = client.refused({"cmd": "new", "players": TWO, "trump": "лопата", "words": str(small_bank)}, "bad-setup")
    assert "notes.yaml:1:1" in answer["message"] and "slovariki check" in answer["message"]
    assert "SECRET" not in answer["message"]


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["Аня", "Боря", "корова", "лопата", "Т♥", "6п", "\u2028", "\x1b[2J"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
_commands = st.fixed_dictionaries(
    {"cmd": st.sampled_from([*COMMANDS, "", "NEW", None, 1])},
    optional={key: _values for key in ("players", "trump", "first", "first_by", "rules", "grades", "player", "card",
                                       "target")})


@given(st.lists(_commands, max_size=6))
def test_random_commands_are_each_answered_on_one_line_without_an_internal_error(commands):
    from slovariki.files.jsonl import encoded
    from slovariki.referee.protocol import Session

    session = Session()
    session.answer(json.dumps({"cmd": "new", "players": TWO, "trump": "Т♥", "rules": "podkidnoy", "first": "Аня"}))
    for command in commands:
        answer = session.answer(json.dumps(command, ensure_ascii=False))
        assert isinstance(answer["ok"], bool) and "внутренняя ошибка" not in answer.get("message", "")
        assert len(encoded(answer).decode("utf-8").splitlines()) == 1


def test_undo_says_what_to_put_back_after_a_bout_ended(client):
    """Issue 21 §3: the answer to «undo» says what goes back by hand, as the REPL and the web screen say it."""
    client.ok({"cmd": "new", "players": ["Аня", "Андрей"], "trump": "7ч", "rules": "podkidnoy"})
    client.ok(move("attack", "Аня", "8п"))
    undone = client.ok({"cmd": "undo"})
    assert undone["events"] == [] and undone["put_back"] == {
        "stock": [], "trump": None, "table": [], "from": None, "to_hand": []}  # inside a bout: nothing
    client.ok(move("attack", "Аня", "8п"))
    client.ok({"cmd": "take", "player": "Андрей"})
    client.ok({"cmd": "pass", "player": "Аня"})
    assert client.ok({"cmd": "undo"})["put_back"] == {
        "stock": [{"player": "Аня", "cards": 1}], "trump": None, "table": ["8♠"], "from": "Андрей", "to_hand": []}
    client.ok({"cmd": "pass", "player": "Аня"})
    state = client.ok({"cmd": "state"})["state"]
    assert state["hands"] == {"Аня": 6, "Андрей": 7} and state["stock"] == 23
