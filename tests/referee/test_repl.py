"""The Russian REPL driven through its standard input: a scripted game with word forms, a typo, an
ambiguous beat/transfer, a refusal, undo, and a resume after the process is killed mid-game."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from referee.games import Played

from slovariki.cli import main
from slovariki.game import Game, PlayingCard
from slovariki.referee import session
from slovariki.referee.repl import Repl, help_text
from slovariki.referee.session import default_path, load
from slovariki.referee.table import Rejected, Setup, Table
from slovariki.bank.wordlist import load_bank

# Аня and Боря, trump «лопата» (blue); the small bank has 16 cards, so the stock holds 4.
SCRIPT = [
    "Аня корову",                  # an attack, the word in the accusative
    "Боря ребята",                 # green ★ on green ★: may beat or transfer, the referee asks
    "п",                           # … transfer
    "отмена",                      # take it back
    "Боря ребята",
    "б",                           # … beat this time
    "Ан подкидывает сороку",       # a short name; «сорока» shares no hard letter with «ребята»
    "Аня подкидывает петуха",
    "Боря бьёт машну",             # a typo: the referee suggests «машина»
    "да",
    "Аня пас",                     # the bout is beaten, both refill, Боря draws the trump last
    "берёт",                       # no name: the player whose move it is; nothing to take yet
    "Боря медведем",
    "Аня бьёт медведя капустой",   # both cards named, in other forms
]


def play_args(bank: Path, *extra: str) -> list[str]:
    return ["referee", "play", "--players", "Аня,Боря", "--trump", "лопату", "--words", str(bank), "--first", "Аня",
            *extra]


def test_a_scripted_game(small_bank):
    result = CliRunner().invoke(main, play_args(small_bank), input="\n".join(SCRIPT) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Заход 1: заходит Аня, отбивается Боря." in out
    assert "✓ Аня: заходит с карты «корова»." in out
    assert out.count("Картой «ребята» можно и побить, и перевести. Что делает Боря: бьёт или переводит? (б/п)") == 2
    assert "✓ Боря: переводит картой «ребята»." in out
    assert "↶ Отменён ход: Боря: переводит картой «ребята»." in out
    assert "✓ Боря: бьёт карту «корова» картой «ребята»." in out
    assert "✗ Аня не может подкинуть карту «сорока» (правило 9): у карт «сорока» и «ребята» нет общей сложной " \
           "буквы" in out
    assert "✓ Аня: подкидывает карту «петух»." in out
    assert "Нет карты «машну». Может быть, «машина»? (да/нет)" in out
    assert "✓ Боря: бьёт карту «петух» картой «машина»." in out
    assert "  Бито: карты со стола уходят в отбой.\n  Добирают из колоды: Аня 2, Боря 2.\n" \
           "  Боря берёт последнюю карту колоды — открытый козырь «лопата».\nЗаход 2: заходит Боря, отбивается Аня." in out
    assert "✗ Боря не может взять карты (правило 5): заходящий должен сначала положить карту" in out
    assert "✓ Аня: бьёт карту «медведь» картой «капуста»." in out
    assert "Ходит Боря: можно подкинуть карту или сказать «пас»." in out
    assert "\x1b[" not in out  # no colour when the output is not a terminal
    table = load(default_path())  # every accepted move saved, the undone one gone
    assert [r.move.as_json()["cmd"] for r in table.state.log] == [
        "attack", "beat", "toss", "beat", "pass", "attack", "beat"]


def _typed(start, end) -> list[str]:
    """A simulated game's moves as typed at the REPL, with the «пас» the referee asks (Played.steps)."""
    verbs = {"attack": "заходит", "beat": "бьёт", "transfer": "переводит", "toss": "подкидывает", "pass": "пас",
             "take": "берёт"}
    lines = []
    for record, passes in Played(end.rules.name, start, end).steps():
        move = record.move
        words = [str(move.target), str(move.card)] if move.cmd == "beat" else \
            [str(move.card)] if move.cmd not in ("pass", "take") else []
        lines.append(" ".join([end.names[record.player], verbs[move.cmd], *words]))
        lines += [f"{command['player']} пас" for command in passes]
    return lines


def test_a_game_to_the_winner_with_refill_orders(small_bank):
    """Play a whole game from a simulated one's moves, typed as words: the winner is announced."""
    game = Game("slovariki", load_bank(small_bank).deck.cards)
    rng = random.Random(5)
    state = game.deal(2, rng, first=0, names=("Аня", "Боря"))
    start, trump = state.copy(), str(state.trump)
    while not state.is_over():
        moves = [(p, m) for p in range(2) for m in state.legal_moves(p)]
        state.apply(*rng.choice(moves))
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", trump, "--words",
                                       str(small_bank)], input="\n".join(["Аня", *_typed(start, state)]) + "\n")
    assert result.exit_code == 0
    assert "✗" not in result.output
    winner = state.names[state.winner]
    assert f"Победитель — {winner}!" in result.output
    assert "Игра окончена." in result.output
    assert "выйдет из игры" not in result.output  # issue 21 §4: the winner has won, not left (R16)


def test_questions_and_confusions(small_bank):
    table = Table.start(Setup(("Аня", "Анатолий"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    repl = Repl(table, default_path(), out)
    for line in ["Ан корова", "Гоша корова", "Аня", "Аня пас корова", "Аня карова", "нет", "Аня заходит",
                 "помощь", "запись", "Аня кошка"]:
        repl.handle(line)
    text = out.getvalue()
    assert "«Ан» — это кто: Аня, Анатолий? Напишите имя полнее." in text
    assert "Нет игрока «Гоша»: играют Аня, Анатолий." in text
    assert "Какая карта? Назовите её, например: «Аня корова»." in text
    assert "После «пас» карту называть не нужно." in text
    assert "Нет карты «карова». Может быть, «корова»?" in text
    assert "Хорошо, ход не записан." in text
    assert "Как записывать ходы" in text
    assert "# Запись партии" in text
    assert "Нет такой карты: «кошка»." in text
    assert not table.state.log


def test_colour_on_a_terminal(small_bank):
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    Repl(table, default_path(), out, colour=True).show_state()
    text = out.getvalue()
    assert "\x1b[36m●\x1b[0m" in text  # the blue suit mark of the trump
    assert "л\x1b[1;31mо\x1b[0mпа́та" in text  # hard letter red, stress marked


def _read_until(proc: subprocess.Popen, ending: str) -> str:
    lines = []
    while True:
        line = proc.stdout.readline()
        assert line, "the referee stopped: " + "".join(lines)
        lines.append(line)
        if line.startswith(ending):
            return "".join(lines)


def test_resume_after_the_process_is_killed(small_bank, data_home, tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(data_home), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen([sys.executable, "-m", "slovariki", *play_args(small_bank)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8", env=env)
    try:
        _read_until(proc, "Ходит ")
        for line in ["Аня корову", "Боря бьёт ребятами", "Аня подкидывает петуха"]:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            assert "✓" in _read_until(proc, "Ходит ")
        proc.stdin.write("Боря машиной\n")  # the answer is printed only after the move is saved
        proc.stdin.flush()
        _read_until(proc, "Ходит ")
    finally:
        proc.kill()
        proc.wait()
    saved = json.loads(default_path().read_text(encoding="utf-8"))
    assert len(saved["moves"]) == 4
    script = "отмена\nБоря берёт\nАня корова\n"
    result = CliRunner().invoke(main, ["referee", "resume"], input=script)
    assert result.exit_code == 0, result.output
    assert "Продолжаем партию из" in result.output and "записано ходов — 4" in result.output
    assert "↶ Отменён ход: Боря: бьёт карту «петух» картой «машина»." in result.output
    assert "Боря забирает со стола 3 карты." in result.output
    assert "✗ Аня не может зайти с карты «корова»" in result.output  # Боря took it: known to be in his hand
    log = CliRunner().invoke(main, ["referee", "log"])
    assert "4. Боря: берёт" in log.output and "5." not in log.output
    record = tmp_path / "record.txt"
    record.write_text(log.output, encoding="utf-8")
    replay = CliRunner().invoke(main, ["referee", "replay", str(record)])
    assert replay.exit_code == 0 and "все ходы по правилам (4)" in replay.output


def test_a_failed_save_is_announced_and_the_game_goes_on(small_bank, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    Repl(table, blocker / "game.json", out).handle("Аня корова")
    assert "✓ Аня: заходит с карты «корова»." in out.getvalue()
    assert f"Внимание: не удалось сохранить партию в {blocker / 'game.json'}: в пути есть файл там, где должна " \
           "быть папка." in out.getvalue()  # the reason in Russian


def test_a_card_named_out_of_turn_is_read_as_a_lead(small_bank):
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    Repl(table, default_path(), out).handle("Боря корова")
    assert "✗ Боря не может зайти с карты «корова» (правило 4): сейчас заходит Аня." in out.getvalue()


def test_which_card_a_beat_covers_is_asked(small_bank):
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    repl = Repl(table, default_path(), out)
    for line in ["Аня корова", "Боря переводит ребята", "Аня собакой", "2"]:
        repl.handle(line)
    text = out.getvalue()
    assert "Какую карту Аня бьёт картой «собака»: 1 — «корова», 2 — «ребята»? Напишите номер." in text
    assert "✓ Аня: бьёт карту «ребята» картой «собака»." in text
    repl.handle("отмена")
    for line in ["Аня сорока", "б", "корову"]:  # may beat or transfer; then which card, named by its word
        repl.handle(line)
    text = out.getvalue()
    assert "Картой «сорока» можно и побить, и перевести. Что делает Аня: бьёт или переводит? (б/п)" in text
    assert "Какую карту Аня бьёт картой «сорока»: 1 — «корова», 2 — «ребята»?" in text
    assert "✓ Аня: бьёт карту «корова» картой «сорока»." in text


def test_help_and_examples_follow_the_ruleset():
    def shown(rules: str) -> str:
        table = Table.start(Setup(("Аня", "Боря"), "7ч", rules=rules))
        out = io.StringIO()
        repl = Repl(table, default_path(), out)
        repl.welcome(resumed=False)
        for line in ["помощь", "Аня", "Гоша 8п"]:
            repl.handle(line)
        return out.getvalue()

    podkidnoy, perevodnoy = shown("podkidnoy"), shown("perevodnoy")
    # Ordinary cards of the deck (hearts are trump): a beat, a transfer, a toss-in that fit the rules.
    assert "например «Аня 6п»" in podkidnoy and "«коридор»" not in podkidnoy
    assert "Боря бьёт 6п 7п" in podkidnoy and "Аня подкидывает 7к" in podkidnoy and "(правило D3)" in podkidnoy
    assert "переводит" not in podkidnoy and "Боря переводит 6к" in perevodnoy and "правило D4" in perevodnoy
    assert "Какая карта? Назовите её, например: «Аня 6п»." in podkidnoy
    assert "Начните ход с имени игрока, например: «Аня 6п»." in podkidnoy


def test_the_resume_command_names_a_session_file_of_ones_own(small_bank, tmp_path):
    path = tmp_path / "наша партия.json"
    args = play_args(small_bank, "--session", str(path))
    result = CliRunner().invoke(main, args, input="Аня корова\n")
    assert f"Продолжить: slovariki referee resume --session '{path}'" in result.output
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 1
    assert f"Продолжить её: slovariki referee resume --session '{path}'; начать новую" in again.output
    default = CliRunner().invoke(main, play_args(small_bank), input="выход\n")
    assert default.output.rstrip().endswith("Продолжить: slovariki referee resume")


def _finished(small_bank) -> Table:
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    rng = random.Random(3)
    while not table.finished():
        seat = table.state.to_move
        table.play(seat, rng.choice(table.state.legal_moves(seat)))
    return table


def test_after_the_end_a_move_is_told_the_game_is_over(small_bank):
    table = _finished(small_bank)
    winner = table.names[table.state.winner]
    over = f"Партия окончена. Победитель — {winner}! Отменить последний ход — «отмена», закончить — «выход».\n"
    for line in ("пас", "Аня корова", "Боря берёт"):
        out = io.StringIO()
        Repl(table, default_path(), out).handle(line)
        assert out.getvalue() == over
    assert table.finished()


def test_all_pass_declines_for_each_player_in_turn():
    table = Table.start(Setup(("Аня", "Боря", "Вика"), "лопата"))
    out = io.StringIO()
    repl = Repl(table, default_path(), out)
    for line in ["Аня корова", "все пас", "Боря бьёт собакой", "Всё бито"]:
        repl.handle(line)
    text = out.getvalue()
    assert "«Все пас» — это когда все карты побиты и больше никто не подкидывает. Ходит Боря" in text
    assert "✓ Аня: пас.\n✓ Вика: пас.\n  Бито: карты со стола уходят в отбой." in text
    assert [r.move.cmd for r in table.state.log] == ["attack", "beat", "pass", "pass"] and table.bout == 2
    assert "все пас" in help_text(table)


def test_a_card_that_beats_none_of_the_unbeaten_ones_is_told_so(small_bank):
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    repl = Repl(table, default_path(), out)
    for line in ["Аня собака", "Боря переводит медведь", "Аня бьёт вокзалом"]:
        repl.handle(line)
    assert "✗ Аня не может побить картой «вокзал» (правило 7): карта «вокзал» не бьёт ни одной из непобитых карт " \
           "(«собака», «медведь»)." in out.getvalue()


def test_in_classic_durak_the_hint_names_who_holds_the_right_to_add():
    table = Table.start(Setup(("Аня", "Боря", "Вика"), "7ч", rules="podkidnoy"))
    out = io.StringIO()
    repl = Repl(table, default_path(), out)
    for line in ["Аня 8п", "Вика 8к", "Боря бьёт 10п", "Аня бито", "Вика 10к"]:
        repl.handle(line)
    text = out.getvalue()
    # D3: the attacker adds first, also while the defender answers; the others after her «бито»
    assert "Ходит Боря: можно побить или взять карты. Подкинуть может также Аня." in text
    assert ("✗ Вика не может подкинуть карту «8♣» (правило D3): подкинуть сейчас может только Аня; право перейдёт "
            "к следующему по часовой стрелке, когда Аня скажет «бито»." in text)
    assert "Ходит Аня: можно подкинуть карту или сказать «бито». Подкинуть может также" not in text
    assert "✓ Аня: бито." in text and "Ходит Вика: можно подкинуть карту или сказать «бито»." in text
    assert "✓ Вика: подкидывает карту «10♣»." in text
    slovariki = Repl(Table.start(Setup(("Аня", "Боря", "Вика"), "лопата")), default_path(), io.StringIO())
    slovariki.handle("Аня корова")
    slovariki.handle("Боря бьёт собакой")
    assert "также" not in slovariki.out.getvalue()  # R9: the right to toss in goes in turn


# --- issue 11 §1: the referee at a real table ----------------------------------------------------------
@pytest.mark.parametrize("rules, trump, attack, beat, word, other", [
    ("slovariki", "лопата", "Аня корова", "Боря бьёт собакой", "пас", "бито"),
    ("podkidnoy", "7ч", "Аня 8п", "Боря бьёт 10п", "бито", "пас"),
    ("perevodnoy", "7ч", "Аня 8п", "Боря бьёт 10п", "бито", "пас"),
])
def test_a_pass_is_said_in_the_rulesets_own_word_and_typed_in_either(rules, trump, attack, beat, word, other):
    """«пас» in «Словарики» (R9), «бито» in classic durak (D3): in the help, the hints, the refusals,
    what is accepted, undone and recorded; a player may type either word."""
    repl = Repl(Table.start(Setup(("Аня", "Боря", "Вика"), trump, "Аня", rules)), default_path(), io.StringIO())
    help_said = _lines(repl, "помощь")
    assert f"  Аня {word}  " in help_said and f"не подкидывать (можно сказать и «{other}»)" in help_said
    assert f"  все {word}  " in help_said and f"больше никто не подкидывает: «{word}» за каждого по очереди" in help_said
    assert f"«Все {word}» — это когда все карты побиты" in _lines(repl, f"все {other}")
    text = _lines(repl, attack, beat, f"Вика {other}", f"Аня {other} 10п", f"Аня {other}", "отмена", f"все {other}",
                  "запись")
    assert f"Ходит Аня: можно подкинуть карту или сказать «{word}»." in text
    assert f"✗ Вика не может сказать «{word}» (правило" in text
    assert f"После «{word}» карту называть не нужно." in text
    assert f"✓ Аня: {word}.\n" in text and f"↶ Отменён ход: Аня: {word}." in text
    assert f"✓ Аня: {word}.\n✓ Вика: {word}.\n  Бито: карты со стола уходят в отбой." in text
    assert f"\n3. Аня: {word}\n4. Вика: {word}\n" in text
    assert f"«{other}»" not in text.replace(f"можно сказать и «{other}»", "")


def _lines(repl: Repl, *lines: str) -> str:
    for line in lines:
        repl.handle(line)
    return repl.out.getvalue()


def test_play_asks_who_is_youngest_and_the_record_says_so(small_bank):
    args = ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--words", str(small_bank)]
    result = CliRunner().invoke(main, args, input="Гоша\nотмена\nАня корова\nу Бори\nБоря корова\n")
    assert result.exit_code == 0, result.output
    out = result.output
    ask = "Кто самый младший? Первым заходит самый младший игрок (правило 4). Напишите имя: Аня или Боря."
    assert out.count(ask) == 4  # asked again after each answer that names nobody
    assert "Нет игрока «Гоша»: играют Аня, Боря." in out and "Отменять пока нечего." in out
    assert "Начинает Боря.\nЗаход 1: заходит Боря, отбивается Аня." in out
    assert "✓ Боря: заходит с карты «корова»." in out
    table = load(default_path())
    assert (table.setup.first, table.setup.first_by) == ("Боря", "youngest")
    log = CliRunner().invoke(main, ["referee", "log"]).output
    assert "первым заходит: Боря (самый младший игрок, правило 4)\n" in log


def test_classic_durak_asks_who_holds_the_lowest_trump():
    args = ["referee", "play", "--players", "Аня,Боря,Вика", "--trump", "Тч", "--rules", "perevodnoy"]
    result = CliRunner().invoke(main, args, input="Вика\nВика 6п\n")
    assert "У кого самый младший козырь? Этот игрок заходит первым (правило D1). Напишите имя: Аня, Боря или " \
           "Вика; если козырей ни у кого нет — «ни у кого»." in result.output
    assert "✓ Вика: заходит с карты «6♠»." in result.output
    assert "первым заходит: Вика (самый младший козырь, правило D1)" in CliRunner().invoke(
        main, ["referee", "log"]).output
    nobody = CliRunner().invoke(main, [*args, "--force"], input="ни у кого\nБоря\n")
    assert "Тогда договоритесь, кто заходит первым, и напишите имя: Аня, Боря, Вика." in nobody.output
    log = CliRunner().invoke(main, ["referee", "log"]).output
    assert "первым заходит: Боря (козырей ни у кого нет, договорились)" in log
    named = CliRunner().invoke(main, [*args, "--force", "--first", "Аня"], input="")
    assert "младший" not in named.output
    assert "первым заходит: Аня (назвали в начале партии)" in CliRunner().invoke(main, ["referee", "log"]).output
    replayed = tmp = default_path().with_name("record.txt")
    tmp.write_text(log, encoding="utf-8")
    assert CliRunner().invoke(main, ["referee", "replay", str(replayed)]).exit_code == 0


def test_leaving_before_anyone_is_named_first_saves_nothing(small_bank):
    args = ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--words", str(small_bank)]
    result = CliRunner().invoke(main, args, input="стол\nвыход\n")
    assert "На столе пусто." in result.output
    assert result.output.rstrip().endswith("Партия не начата: не сказано, кто заходит первым. Ничего не сохранено.")
    assert not default_path().exists()


def test_undo_while_the_referee_asks_takes_back_the_question(small_bank):
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), io.StringIO())
    text = _lines(repl, "Аня корова", "Боря ребята", "отмена")
    assert "бьёт или переводит? (б/п)\nВопрос снят, ход не записан. Ходит Боря: можно" in text
    assert [r.move.cmd for r in repl.table.state.log] == ["attack"]
    text = _lines(repl, "Боря бьёт машну", "отмена")
    assert "Может быть, «машина»? (да/нет)\nВопрос снят, ход не записан." in text
    assert len(repl.table.state.log) == 1 and repl.question is None
    text = _lines(repl, "Боря бьёт машну", "стол", "да")  # a look at the table keeps the question
    assert "На столе:\n  корова ★☆☆  — не побита" in text
    assert "✓ Боря: бьёт карту «корова» картой «машина»." in text
    assert text.count("Нет карты «машну». Может быть, «машина»? (да/нет)") == 3


def test_all_pass_is_undone_by_one_undo_also_after_a_resume():
    table = Table.start(Setup(("Аня", "Боря", "Вика"), "лопата", "Аня"))
    repl = Repl(table, default_path(), io.StringIO())
    text = _lines(repl, "Аня корова", "Боря бьёт собакой", "все пас", "Боря сорока")
    assert [r.move.cmd for r in repl.table.state.log] == ["attack", "beat", "pass", "pass", "attack"]
    text = _lines(repl, "отмена", "отмена")
    assert "↶ Отменён ход: Боря: заходит с карты «сорока».\n" in text
    assert ("↶ Отменены ходы: Аня: пас; Вика: пас. Верните в колоду: Аня 1, Боря 1. "
            "Карты из отбоя верните на стол: «корова», «собака».\n") in text
    assert [r.move.cmd for r in repl.table.state.log] == ["attack", "beat"]
    _lines(repl, "все пас")
    resumed = Repl(load(default_path()), default_path(), io.StringIO())
    _lines(resumed, "отмена")
    assert [r.move.cmd for r in resumed.table.state.log] == ["attack", "beat"]


def test_a_card_already_beaten_is_said_to_be_beaten(small_bank):
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), io.StringIO())
    text = _lines(repl, "Аня машина", "Боря бьёт машину собакой", "Аня подкидывает корову",
                  "Боря бьёт машину медведем", "Боря бьёт медведем машину")
    said = ("✗ Боря не может побить карту «машина» картой «медведь» (правило 7): карта «машина» уже побита "
            "картой «собака».")
    assert text.count(said) == 2 and "«медведь» уже" not in text


def test_a_card_word_that_is_also_another_words_form_does_not_swap_the_roles(small_bank):
    """«ворона» is also the accusative of «ворон», «сорока» the instrumental of «сорок»: as card names
    both are in the nominative, so the table tells which card is beaten, not those homonyms."""
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), io.StringIO())
    text = _lines(repl, "Аня сорока", "Боря бьёт сорока ворона")
    assert "✓ Боря: бьёт карту «сорока» картой «ворона»." in text


def test_classic_cards_said_in_words_and_words_with_stress_marks(small_bank):
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "7ч", rules="podkidnoy")), default_path(), io.StringIO())
    text = _lines(repl, "Аня ходит с восьмёрки пик", "Боря бьёт восьмёрку пик десяткой пик",
                  "Аня подкидывает 8 крести", "Боря бьёт 8 крести валетом червей", "Аня дама бубен")
    assert "✓ Аня: заходит с карты «8♠»." in text and "✓ Боря: бьёт карту «8♠» картой «10♠»." in text
    assert "✓ Аня: подкидывает карту «8♣»." in text and "✓ Боря: бьёт карту «8♣» картой «В♥»." in text
    assert "Аня не может подкинуть карту «Д♦»" in text
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "7ч", rules="podkidnoy")), default_path(), io.StringIO())
    assert "Не понимаю карту «дамка треф»: назовите достоинство и масть, например 10♥, Дп, «дама пик»" in _lines(
        repl, "Аня дамка треф")
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), io.StringIO())
    assert "✓ Аня: заходит с карты «машина»." in _lines(repl, "Аня маши́ну")


def test_help_uses_the_names_at_the_table():
    table = Table.start(Setup(("Гоша", "Даша", "Егор"), "лопата"))
    text = _lines(Repl(table, default_path(), io.StringIO()), "помощь")
    assert "Гоша сорока" in text and "Даша бьёт коридором" in text and "Егор подкидывает корову" in text
    assert "Даша переводит собаку" in text and "Даша берёт" in text and "Аня" not in text and "Боря" not in text
    two = help_text(Table.start(Setup(("Гоша", "Даша"), "7ч", rules="podkidnoy")))
    assert "Гоша подкидывает 7к" in two and "«дама пик»" in two


def test_refusals_say_who_cannot_do_what(small_bank):
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), io.StringIO())
    text = _lines(repl, "Аня пас", "Аня корова", "Боря бьёт вокзалом")
    assert "✗ Аня не может сказать «пас» (правило 5): заходящий должен положить карту." in text
    assert "✗ Боря не может побить картой «вокзал» (правило 7): нужна карта того же цвета" in text


def test_a_turn_order_refusal_cites_the_turn_order_rule(small_bank):
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), io.StringIO())
    assert "✗ Боря не может взять карты (правило 4): " in _lines(repl, "Боря берёт")
    assert "✗ Боря не может сказать «пас» (правило 4): " in _lines(repl, "Боря пас")


def test_after_the_end_resume_repeats_the_result_and_quitting_offers_the_record(small_bank):
    table = _finished(small_bank)
    session.save(table, default_path())
    result = CliRunner().invoke(main, ["referee", "resume"], input="Аня корова\nвыход\n")
    out = result.output
    winner = table.names[table.state.winner]
    assert f"записано ходов — {len(table.state.log)}.\nПартия уже окончена. Победитель — {winner}!\n" in out
    assert "Итоги партии: заходов — " in out
    assert f"Партия окончена. Победитель — {winner}! Отменить последний ход — «отмена»" in out
    assert out.rstrip().endswith(f"Партия окончена и сохранена в {default_path()}. Запись партии: "
                                 "slovariki referee log")
    assert "Продолжить" not in out and "Заход " not in out.split("Партия уже окончена")[1]
    ended = CliRunner().invoke(main, ["referee", "resume"], input="")  # the input ends: the same goodbye
    assert ended.output.rstrip().endswith("Запись партии: slovariki referee log")


def test_the_end_of_game_summary_in_the_repl_and_the_log(small_bank):
    """A whole game typed at the REPL: the summary's figures are counted here from the engine's own log."""
    game = Game("slovariki", load_bank(small_bank).deck.cards)
    rng = random.Random(11)
    state = game.deal(2, rng, first=0, names=("Аня", "Боря"))
    start = state.copy()
    while not state.is_over():
        seat = state.to_move
        moves = state.legal_moves(seat)
        takes = [m for m in moves if m.cmd == "take"]
        state.apply(seat, takes[0] if takes and rng.random() < 0.5 else rng.choice(moves))
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", str(state.trump),
                                       "--words", str(small_bank)], input="\n".join(["Аня", *_typed(start, state)]))
    out = result.output
    assert "✗" not in out
    taken = [card for r in state.log for e in r.events if e.type == "taken" for card in e.cards]
    assert taken, "the game should have a take"
    transfers = sum(r.move.cmd == "transfer" for r in state.log)
    bouts = 1 + sum(e.type == "bout" for r in state.log for e in r.events)
    assert f"Итоги партии: заходов — {bouts}, переводов — {transfers}.\nБрали карты со стола: " in out
    counts = {word: [str(c) for c in taken].count(word) for word in dict.fromkeys(str(c) for c in taken)}
    review = sorted(counts, key=lambda word: -counts[word])  # most often first, then as first taken
    said = " ".join(out.split()).split("Слова, которые брали со стола, — их стоит повторить: ")[1]
    said = said[:said.index("». ") + 1 if "». " in said else said.index("). ") + 1]
    assert [w.split("»")[0] for w in said.split("«")[1:]] == review
    if counts[review[0]] > 1:
        assert said.startswith(f"«{review[0]}» ({counts[review[0]]} раз")
    log = CliRunner().invoke(main, ["referee", "log"]).output
    assert f"# Итоги партии: заходов — {bouts}, переводов — {transfers}." in log
    assert "# Слова, которые брали со стола, — их стоит повторить:" in log
    assert all(line.startswith("#") for line in log.split("   → Игра окончена.\n")[1].split("\n") if line)


def _arranged(rules: str, hands: list[list[str]], trump: str, names: tuple[str, ...], first: int = 0) -> Repl:
    """A REPL over a known position (stock empty, every other card in the discard)."""
    game = Game(rules)
    state = game.arranged([[PlayingCard.parse(c) for c in hand] for hand in hands], [],
                          trump=PlayingCard.parse(trump), first=first, names=names)
    return Repl(Table(Setup(names, trump, names[first], rules), game, state), default_path(), io.StringIO())


def test_perevodnoy_a_transfer_goes_past_a_player_who_is_out():
    """Stock empty; Аня 4, Боря 5, Вика 1. Вика leads her last card, Аня and Боря transfer: to Аня (Вика is out)."""
    repl = _arranged("perevodnoy", [["6к", "7п", "8п", "9п"], ["6ч", "Кп", "Кк", "Кб", "Кч"], ["6б"]], "Тп",
                     ("Аня", "Боря", "Вика"), first=2)
    text = _lines(repl, "Вика 6 бубен", "Аня переводит 6 крести", "Боря переводит 6 червей")
    assert "✓ Боря: переводит картой «6♥».\n" in text and "✗" not in text
    # Вика is passed by, but named as gone only when the bout ends and the referee says so (QA2 #12)
    assert text.endswith("На руках: Аня 3, Боря 4.\nБез карт (выйдет из игры, когда кончится заход): Вика.\n"
                         "Известно, что на руках: Аня — 7♠, 8♠, 9♠; Боря — К♠, К♣, К♦, К♥.\n"
                         "Ходит Аня: можно побить или взять карты.\n")
    text = _lines(repl, "Аня берёт")
    assert "  Аня забирает со стола 3 карты.\n  Без карт раньше всех: Вика.\n" \
           "Заход 2: заходит Боря, отбивается Аня.\n" in text  # Вика, on Аня's left, is passed by


def test_every_player_who_runs_out_is_announced_and_leaves():
    repl = _arranged("podkidnoy", [["6к"], ["7к", "7б", "Кп"], ["6б"]], "Тч", ("Аня", "Боря", "Вика"))
    text = _lines(repl, "Аня 6 крести", "Вика подкидывает 6 бубен", "Боря бьёт 6 крести 7 крести",
                  "Боря бьёт 6 бубен семёркой бубен")
    assert "  Бито: карты со стола уходят в отбой.\n  Без карт раньше всех: Аня.\n" \
           "  Вика тоже без карт и выходит из игры.\n  Дурак — Боря.\n  Игра окончена.\n" in text
    assert "На руках: Боря 1.\nВышли из игры (карт больше нет): Аня, Вика.\n" in text
    assert "Коля 0" not in text and "Аня 0" not in text and "Вика 0" not in text


def test_a_player_known_to_have_nothing_to_add_is_not_asked_for_a_pass():
    repl = _arranged("podkidnoy", [["6к", "6п", "9п"], ["7к", "Кп", "Кб"], ["Тб", "Вб"]], "Тч",
                     ("Аня", "Боря", "Вика"))
    text = _lines(repl, "Аня 6 крести", "Боря бьёт семёркой крести")
    assert text.endswith("Ходит Аня: можно подкинуть карту или сказать «бито».\n")  # Вика holds no 6 or 7
    text = _lines(repl, "Аня пас")
    assert "✓ Аня: бито.\n  Бито: карты со стола уходят в отбой.\nЗаход 2: заходит Боря, отбивается Вика." in text
    assert "Вика: бито" not in text


SIX_ARGS = ["referee", "play", "--players", "Аня,Боря,Вика,Гоша,Даша,Егор", "--trump", "7ч", "--rules", "podkidnoy"]


def test_six_players_of_classic_durak_share_the_36_cards():
    """All 36 cards are dealt; the REPL asks who got the last one, the face-up trump, and then knows it
    is in that hand: nobody else may play it."""
    lines = ["Петя", "Боре", "у Даши", "Даша 8п", "Егор бьёт семёркой червей", "Егор бьёт 10п", "Даша бито",
             "Аня подкидывает восьмёрку крести"]
    result = CliRunner().invoke(main, SIX_ARGS, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    ask = "Кому досталась последняя карта — открытый козырь 7♥? Напишите имя: Аня, Боря, Вика, Гоша, Даша или Егор."
    assert out.count(ask) == 2 and "Нет игрока «Петя»: играют Аня, Боря, Вика, Гоша, Даша, Егор." in out
    assert f"{ask}\nБоря держит открытый козырь 7♥.\nУ кого самый младший козырь?" in out  # a name in the dative
    # Боря holds a trump, so «ни у кого» is neither offered nor taken (QA2 #12)
    assert "Напишите имя: Аня, Боря, Вика, Гоша, Даша или Егор.\n" in out and "ни у кого" not in out
    assert "Начинает Даша.\nЗаход 1: заходит Даша, отбивается Егор." in out
    assert "Козырь: 7♥ (черви, сдан последним и остался на руках). В колоде 0, в отбое 0." in out
    assert "На руках: Аня 6, Боря 6, Вика 6, Гоша 6, Даша 6, Егор 6.\nИзвестно, что на руках: Боря — 7♥.\n" in out
    assert "✗ Егор не может побить картой «7♥»: карта «7♥» на руках у другого игрока (Боря)." in out
    assert "✓ Егор: бьёт карту «8♠» картой «10♠»." in out and "✓ Аня: подкидывает карту «8♣»." in out
    table = load(default_path())
    assert (table.setup.trump_holder, table.setup.first) == ("Боря", "Даша")
    log = CliRunner().invoke(main, ["referee", "log"]).output
    assert "козырь: 7♥\nдержит открытый козырь: Боря\nпервым заходит: Даша (самый младший козырь, правило D1)\n" in log
    record = default_path().with_name("record.txt")
    record.write_text(log, encoding="utf-8")
    assert CliRunner().invoke(main, ["referee", "replay", str(record)]).exit_code == 0
    record.write_text(log + "5. Егор: бьёт карту «8♣» картой «7♥»\n", encoding="utf-8")
    replayed = CliRunner().invoke(main, ["referee", "replay", str(record)])
    assert replayed.exit_code == 1 and "на руках у другого игрока (Боря)" in replayed.output


def test_the_trump_holder_may_be_named_at_the_start():
    named = CliRunner().invoke(main, [*SIX_ARGS, "--trump-holder", "вик", "--first", "Аня"], input="стол\n")
    assert named.exit_code == 0, named.output
    assert "Кому досталась" not in named.output and "Известно, что на руках: Вика — 7♥." in named.output
    assert load(default_path()).setup.trump_holder == "Вика"  # saved at once, the name as the players wrote it
    asked = CliRunner().invoke(main, [*SIX_ARGS, "--first", "Аня", "--force"], input="Егору\n")
    assert "Егор держит открытый козырь 7♥.\nЗаход 1: заходит Аня, отбивается Боря.\n" in asked.output
    assert load(default_path()).setup.trump_holder == "Егор"
    left = CliRunner().invoke(main, [*SIX_ARGS, "--first", "Аня", "--force"], input="выход\n")
    assert left.output.rstrip().endswith(
        "Партия не начата: не сказано, кому сдан открытый козырь. Ничего не сохранено.")
    assert load(default_path()).setup.trump_holder == "Егор"  # the game before is still there
    three = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря,Вика", "--trump", "7ч",
                                      "--rules", "podkidnoy", "--trump-holder", "Аня", "--force"])
    assert three.exit_code == 2 and "Traceback" not in three.output
    assert "при 3 игроках открытый козырь «7♥» лежит под колодой, а не на руках" in three.output
    wrong = CliRunner().invoke(main, [*SIX_ARGS, "--trump-holder", "Петя", "--force"])
    assert wrong.exit_code == 2 and "кому сдан козырь: нет игрока «Петя»" in wrong.output


def test_a_rule_typed_at_the_prompt_prints_its_text_from_the_rulebook(small_bank):
    from slovariki.game import rulebook
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    repl = Repl(table, default_path(), io.StringIO())
    text = _lines(repl, "Аня корова", "Боря ребята", "правило 8", "п")  # a question waits meanwhile
    flat = " ".join(text.split())
    assert " ".join(rulebook.rule("8").plain().split()) in flat
    assert "бьёт или переводит? (б/п)" in text.split("Правило 8.")[1]  # asked again after the rule
    assert "✓ Боря: переводит картой «ребята»." in text
    text = " ".join(_lines(repl, "правила d4", "Правило 99", "правила").split())
    assert " ".join(rulebook.rule("D4").plain().split()) in text
    assert "Нет правила «99»: есть правила с 1 по 16 и D1–D6." in text
    assert all(f"{r.number}. {r.title}" in text for r in rulebook.rules("slovariki"))
    assert "правило 7 — текст правила, правила — их список" in help_text(table)
    classic = Repl(Table.start(Setup(("Аня", "Боря"), "7ч", rules="podkidnoy")), default_path(), io.StringIO())
    text = _lines(classic, "правила")
    assert "  D1. Очерёдность\n" in text and "  7. " not in text and "«правило D2»" in text
    assert "Из правил «Словариков»: 2. Игроки; 10. Предел; 12. Отбой; 13. Добор.\n" in text  # QA2 #7


def test_after_a_failed_save_every_prompt_says_so_and_each_move_retries_the_save(small_bank, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    path = blocker / "game.json"
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))
    out = io.StringIO()
    repl = Repl(table, path, out)
    assert "не сохранено" not in repl.prompt()
    repl.handle("Аня корова")
    assert repl.prompt() == "[не сохранено] Боря › "
    repl.handle("Боря бьёт ребятами")
    assert "Партия всё ещё не сохранена: последние 2 хода не записаны" in out.getvalue()
    repl.handle("стол")
    assert repl.prompt().startswith("[не сохранено] ")
    blocker.unlink()  # the disk is back: the next move saves the whole game
    repl.handle("Аня подкидывает петуха")
    assert "Партия снова сохраняется: все ходы записаны в" in out.getvalue()
    assert "не сохранено" not in repl.prompt()
    assert len(load(path).state.log) == 3


def test_a_failed_save_is_never_reported_as_saved_and_the_exit_code_says_so(small_bank, tmp_path, monkeypatch):
    from slovariki.files import atomic
    path = tmp_path / "game.json"
    write = atomic.write_text
    calls = []

    def full_disk_after_the_start(target, text):
        calls.append(target)
        if len(calls) > 2:  # the start and the first move are saved; then the disk is full
            raise OSError(28, "No space left on device")
        write(target, text)

    monkeypatch.setattr(atomic, "write_text", full_disk_after_the_start)
    script = "Аня корова\nБоря бьёт ребятами\nАня подкидывает петуха\nвыход\n"
    result = CliRunner().invoke(main, play_args(small_bank, "--session", str(path)), input=script)
    out = result.output
    assert "Партия сохранена" not in out
    assert "Партия НЕ сохранена: последние 2 хода не записаны в" in out and "на диске нет места" in out
    assert "1. Аня: заходит с карты «корова»" in out and "3. Аня: подкидывает карту «петух»" in out  # the record
    assert "«сохранить ФАЙЛ»" in out
    assert result.exit_code == 1
    assert len(load(path).state.log) == 1


def test_a_game_that_could_not_be_saved_is_saved_to_another_file(small_bank, tmp_path, monkeypatch):
    from slovariki.files import atomic
    path, other = tmp_path / "game.json", tmp_path / "другой файл.json"
    write = atomic.write_text

    def this_disk_is_full(target, text):
        if target == path and path.exists():
            raise OSError(28, "No space left on device")
        write(target, text)

    monkeypatch.setattr(atomic, "write_text", this_disk_is_full)
    script = f"Аня корова\nвыход\nсохранить {other}\nБоря бьёт ребятами\nвыход\n"
    result = CliRunner().invoke(main, play_args(small_bank, "--session", str(path)), input=script)
    assert result.exit_code == 0, result.output
    assert "Партия НЕ сохранена: последний ход не записан в" in result.output
    assert f"Партия сохранена в {other}. Продолжить: slovariki referee resume --session '{other}'" in result.output
    assert len(load(other).state.log) == 2
    assert len(load(path).state.log) == 0


def test_a_game_whose_first_save_fails_is_not_said_to_be_saved(small_bank, tmp_path, monkeypatch):
    from slovariki.files import atomic
    def full_disk(target, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "write_text", full_disk)
    path = tmp_path / "game.json"
    args = ["referee", "play", "--players", "Аня,Боря", "--trump", "лопату", "--words", str(small_bank),
            "--session", str(path)]
    result = CliRunner().invoke(main, args, input="Аня\nАня корова\n")  # who attacks first is asked first
    assert result.exit_code == 1, result.output
    assert "Партия сохранена" not in result.output
    assert f"Партия НЕ сохранена: в {path} её ещё нет (на диске нет места)." in result.output


# --- the QA report on main at 786d0db (items 5, 12, 14, 15) ------------------------------------------
def test_the_cases_say_which_card_is_beaten_even_when_it_is_not_on_the_table():
    """Accusative: the card beaten; instrumental: the card that beats, in either order."""
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", "Аня")), default_path(), io.StringIO())
    text = _lines(repl, "Аня сорока", "Боря бьёт коридор деревней", "Боря бьёт деревней коридор")
    refusal = ("✗ Боря не может побить карту «коридор» картой «деревня» (правило 7): карты «коридор» нет на "
               "столе.\n")
    assert text.count(refusal) == 2
    text = _lines(repl, "Боря бьёт коридором сороку")
    assert "✓ Боря: бьёт карту «сорока» картой «коридор»." in text


def test_without_cases_the_card_on_the_table_then_the_first_named_is_the_card_beaten():
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "Тч", "Аня", "podkidnoy")), default_path(), io.StringIO())
    text = _lines(repl, "Аня 6п", "Боря бьёт 8п 9п", "Боря бьёт 8 пик 6 пик")
    assert "✗ Боря не может побить карту «8♠» картой «9♠» (правило D2): карты «8♠» нет на столе." in text
    assert "✓ Боря: бьёт карту «6♠» картой «8♠»." in text  # «6 пик» lies on the table
    text = _lines(Repl(Table.start(Setup(("Аня", "Боря"), "Тч", "Аня", "podkidnoy")), default_path(),
                       io.StringIO()), "Аня 6п", "Боря бьёт десяткой пик шестёрку пик")
    assert "✓ Боря: бьёт карту «6♠» картой «10♠»." in text


def _help_moves(table: Table) -> dict[str, str]:
    """The example moves of the help, by what they show: attack, beat, beat-both, transfer, toss."""
    rows = [line.strip() for line in help_text(table).splitlines()[1:] if line.startswith("  ")]
    moves = {}
    for row in rows:
        said = re.split(r"\s{2,}", row)[0]
        verb = said.split()[1]
        key = {"бьёт": "beat-both" if len(said.split()) > 3 else "beat", "переводит": "transfer",
               "подкидывает": "toss", "пас": "pass", "бито": "pass"}.get(verb, "attack" if verb != "берёт" else verb)
        moves.setdefault(key, said)
    return moves


@pytest.mark.parametrize("setup", [
    Setup(("Аня", "Боря", "Вика"), "вокзал", "Аня", grades=(3, 4)),  # the QA report's table
    Setup(("Аня", "Боря", "Вика"), "лопата", "Аня"),
    Setup(("Аня", "Боря", "Вика"), "петух", "Аня", grades=(1,)),  # every card is a trump
    Setup(("Аня", "Боря", "Вика"), "7ч", "Аня", "podkidnoy"),
    Setup(("Аня", "Боря", "Вика"), "Тп", "Аня", "perevodnoy"),
], ids=["grades-3-4", "bank", "all-trumps", "podkidnoy", "perevodnoy"])
def test_the_help_examples_are_legal_moves_of_the_game_in_play(setup):
    """Cards of this deck and trump: the lead, the beat, the transfer and the toss-in the help shows
    are each accepted as typed (no question, no refusal)."""
    def accepted(*lines: str) -> None:
        text = _lines(Repl(Table.start(setup), default_path(), io.StringIO()), *lines)
        assert text.count("✓") == len(lines) and "✗" not in text and "?" not in text, text

    table = Table.start(setup)
    moves = _help_moves(table)
    assert {"attack", "beat", "beat-both", "toss", "pass", "берёт"} <= set(moves)
    assert moves["pass"] == f"Аня {table.state.rules.pass_word}"
    assert ("transfer" in moves) == table.state.rules.transfer
    accepted(moves["attack"], moves["beat"])
    accepted(moves["attack"], moves["beat-both"], moves["pass"], moves["toss"])
    if "transfer" in moves:
        accepted(moves["attack"], moves["transfer"])
    start = io.StringIO()
    Repl(table, default_path(), start).welcome(resumed=False)
    assert f"например «{moves['attack']}»" in start.getvalue()
    for card in ("коридор", "орнамент", "эскалатор", "лопат") if setup.grades == (3, 4) else ():
        assert card not in help_text(table)


def test_a_card_of_another_grade_is_named_as_such():
    with pytest.raises(Rejected) as refused:
        Table.start(Setup(("Аня", "Боря"), "Москва", grades=(3, 4)))
    assert refused.value.message == "козырь: карты «Москва» нет в этой игре: это карта 2 класса, а в игре классы 3, 4"
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "Москвой",
                                       "--grades", "4"])
    assert "карты «Москва» нет в этой игре: это карта 2 класса, а в игре только 4 класс" in result.output
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "вокзал", "Аня", grades=(3, 4))), default_path(), io.StringIO())
    text = _lines(repl, "Аня Москвой")
    assert "Карты «Москва» нет в этой игре: это карта 2 класса, а в игре классы 3, 4. Ходит Аня: можно зайти." in text
    assert "Может быть" not in text


def test_before_the_first_player_is_named_the_table_shows_no_ones_move(small_bank):
    args = ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--words", str(small_bank)]
    result = CliRunner().invoke(main, args, input="стол\nзапись\nБоря\nстол\n")
    out = result.output
    ask = "Кто самый младший? Первым заходит самый младший игрок (правило 4). Напишите имя: Аня или Боря."
    before, after = out.split("Начинает Боря.")
    assert "На руках: Аня 6, Боря 6.\n" + ask in before and before.count(ask) == 3
    assert "Ходит" not in before and "первым заходит:" not in before
    assert "Записи ещё нет: партия начнётся, когда будет сказано, кто заходит первым." in before
    assert after.count("Ходит Боря: можно зайти.") == 2


def test_the_readme_shows_the_help_of_a_game_with_the_bundled_bank():
    """The command reference's table of moves is what «помощь» says at Аня, Боря and Вика's table (trump «лопата»)."""
    readme = (Path(__file__).parents[2] / "docs" / "commands.md").read_text(encoding="utf-8")
    said = help_text(Table.start(Setup(("Аня", "Боря", "Вика"), "лопата", "Аня")))
    for move in ("Аня сорока", "Боря бьёт коридором", "Боря бьёт сороку коридором", "Боря переводит собаку",
                 "Вика подкидывает корову"):
        assert f"| `{move}` |" in readme and f"  {move}  " in said


def test_the_summary_says_who_took_most_only_when_someone_took_less():
    from slovariki.game import find_ruleset
    from slovariki.referee.table import Summary, Takes
    from slovariki.referee.texts import summary_lines

    names, rules = ("Аня", "Боря", "Вика"), find_ruleset("slovariki")

    def took(*takes: tuple[int, int, int]) -> str:
        return summary_lines(Summary(3, 0, tuple((p, Takes(t, n)) for p, t, n in takes), ()), names, rules)[1]

    assert took((0, 2, 6)) == "Брали карты со стола: Аня — 2 раза (6 карт)."  # not «больше всех — Аня»
    assert took((0, 1, 3), (1, 1, 3)) == "Брали карты со стола: Аня — 1 раз (3 карты), Боря — 1 раз (3 карты)."
    assert took((2, 2, 5), (0, 1, 2)) == ("Брали карты со стола: Вика — 2 раза (5 карт), Аня — 1 раз (2 карты); "
                                          "больше всех — Вика.")


# --- the QA report on main at a9948ea (items 6 and 17) ----------------------------------------------
def test_a_typo_beside_a_card_on_the_table_is_asked_about_alone():
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", "Аня")), default_path(), io.StringIO())
    text = _lines(repl, "Аня коридор", "Бор бьёт коридор здраствуйте")
    # the bank also holds «здравствуй» (grade 3), offered second
    assert text.splitlines()[-1].startswith("Нет карты «здраствуйте». Может быть, «здравствуйте»? (да/нет или номер")
    assert "✓ Боря: бьёт карту «коридор» картой «здравствуйте»." in _lines(repl, "да")


def test_the_example_for_a_missing_card_keeps_the_verb_in_the_case_it_asks_for():
    repl = Repl(Table.start(Setup(("Аня", "Боря"), "лопата", "Аня")), default_path(), io.StringIO())
    text = _lines(repl, "Аня заходит", "Аня коридор", "Боря бьёт", "Боря переводит")
    assert "например: «Аня заходит с сороки»." in text and "например: «Боря бьёт сорокой»." in text
    assert "например: «Боря переводит сороку»." in text


def test_the_table_names_a_player_as_gone_only_once_the_referee_has_said_so():
    # QA2 #12: «Вышли из игры: Вика, Егор.» one move before «Егор тоже без карт и выходит из игры.»
    names = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор")
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        table = Table.start(Setup(names, "7ч", rules="podkidnoy", trump_holder="Боря", first="Аня"))
        announced: set[int] = set()
        while table.state.phase != "over":
            seat = table.state.to_move
            events = table.play(seat, rng.choice(table.state.legal_moves(seat)))
            announced |= {e.player for e in events if type(e).__name__ in ("Out", "Winner")}
            assert set(table.out()) <= announced
            checked += any(table.state.hand_count(p) == 0 and p not in announced for p in range(6))
    assert checked  # a player ran out of cards mid-bout in some game


# --- issue 21 §3: what to put back after «отмена» --------------------------------------------------------
def test_undoing_a_refill_says_who_puts_how_many_cards_back_and_the_discard_goes_back_on_the_table():
    repl = Repl(Table.start(Setup(("Аня", "Андрей"), "7ч", rules="podkidnoy")), default_path(), io.StringIO())
    text = _lines(repl, "Аня 8п", "Андрей бьёт 10п", "Аня бито", "отмена")
    assert "Добирают из колоды: Аня 1, Андрей 1." in text
    assert ("↶ Отменён ход: Аня: бито. Верните в колоду: Аня 1, Андрей 1. "
            "Карты из отбоя верните на стол: «8♠», «10♠».\n") in text
    assert repl.table.state.stock_count == 24 and len(repl.table.state.table) == 1


def test_undoing_a_take_asks_the_taker_to_put_the_cards_back_on_the_table():
    repl = Repl(Table.start(Setup(("Аня", "Андрей"), "7ч", rules="podkidnoy")), default_path(), io.StringIO())
    text = _lines(repl, "Аня 8п", "Андрей берёт", "Аня бито", "отмена")
    assert "Андрей забирает со стола 1 карту." in text
    assert "↶ Отменён ход: Аня: бито. Верните в колоду: Аня 1. Андрей, положи карты обратно на стол: «8♠».\n" in text
    text = _lines(repl, "отмена", "отмена")  # moves inside a bout: nothing else to put back
    assert "↶ Отменён ход: Андрей: берёт.\n" in text and "↶ Отменён ход: Аня: заходит с карты «8♠».\n" in text


def test_undoing_the_draw_of_the_face_up_trump_puts_it_back_under_the_stock():
    game = Game("podkidnoy")
    cards = lambda *texts: [PlayingCard.parse(t) for t in texts]  # noqa: E731
    state = game.arranged([cards("8п", "9б"), cards("10п", "6б")], cards("Кк", "7ч"), names=("Аня", "Андрей"))
    repl = Repl(Table(Setup(("Аня", "Андрей"), "7ч", "Аня", "podkidnoy"), game, state), default_path(), io.StringIO())
    text = _lines(repl, "Аня 8п", "Андрей бьёт 10п", "отмена")  # Аня holds no 8 or 10: the beat ends the bout
    assert ("↶ Отменён ход: Андрей: бьёт карту «8♠» картой «10♠». Верните в колоду: Аня 1. Аня, положи открытый "
            "козырь «7♥» обратно под колоду. Карты из отбоя верните на стол: «8♠»; «10♠» забирает Андрей.\n") in text


# --- issue 21 §4: messages ---------------------------------------------------------------------------
def _slovariki_repl() -> Repl:
    return Repl(Table.start(Setup(("Аня", "Боря", "Вика"), "лопата", "Аня")), default_path(), io.StringIO())


def test_a_lead_or_a_toss_in_of_two_cards_is_refused_saying_one_card_is_played():
    repl = _slovariki_repl()
    text = _lines(repl, "Аня корова собака")
    assert "Заходят одной картой, а названы две: «корова» и «собака». Напишите одну: «Аня корова»." in text
    assert not repl.table.state.log  # nothing was played
    text = _lines(repl, "Аня корова", "Боря бьёт собакой", "Аня сорока ворона")
    assert ("Подкидывают по одной карте, а названы две: «сорока» и «ворона». Напишите по одной: «Аня сорока», "
            "потом «Аня ворона».") in text
    assert len(repl.table.state.log) == 2
    _lines(repl, "Аня сорока")
    assert len(repl.table.state.log) == 3  # one card: accepted


@pytest.mark.parametrize("line", ["Аня «корова»", 'Аня "корова"', "Аня „корова“.", "Аня: заходит «корова»"])
def test_a_card_typed_in_quotes_is_read_without_them(line):
    repl = _slovariki_repl()
    text = _lines(repl, line)
    assert "✓ Аня: заходит с карты «корова»." in text and "Нет такой карты" not in text
