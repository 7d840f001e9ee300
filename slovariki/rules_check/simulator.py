"""The balance simulator: many full games between bots on the rules engine, and what they show.

Each game gets its own random generator derived from the run's seed and the game's number, so the
figures depend only on the seed, never on how the games are spread over processes (``jobs``).
A game longer than a generous move bound is an engine bug: it is reported, never hidden.
"""

from __future__ import annotations

import math
import os
import random
import signal
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from slovariki.game import ATTACK, Game, card_numbers, find_ruleset, kinds
from slovariki.game.kinds import BEAT, PASS, TAKE, TOSS_IN, TRANSFER
from slovariki.text.russian import plural
from slovariki.rules_check.bots import STRATEGIES

MOVES_PER_CARD = 200  # the move bound is this many moves per card of the deck
GAMES_PER_JOB = 150  # by default another process only for every this many games (300: two)
SHOWN_CYCLES = 10  # the text report names this many cycled games; JSON lists them all
Z95 = 1.959964
STOPS = {signal.SIGINT, signal.SIGTERM}  # the signals that stop a simulation (Ctrl-C, SIGTERM)


class SimulationError(Exception):
    """Options that cannot make a game (bad player count, unknown strategy, deck too small)."""


class GameResult(NamedTuple):
    """What one game showed: a tuple, made once a game and sent back by the workers (a frozen dataclass
    costs more to make, and about three times as much to define at every simulation's start)."""

    index: int
    finished: bool
    cycled: bool  # deterministic bots came back to a position they had been in: the game never ends
    moves: int
    bouts: int
    transfers: int
    tosses: int
    takes: int
    toss_possible: int  # bouts where a player to move could toss in
    toss_made: int  # bouts with at least one toss-in
    winner: int | None
    fool: int | None
    draw: bool
    never_playable: tuple[int, ...]  # card numbers never offered in a legal move


def game_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"slovariki-simulate/{seed}/{index}")


def play_game(game: Game, players: int, strategy: str, seed: int, index: int,
              max_moves: int | None = None) -> GameResult:
    """One game between bots; the first attacker is seat 0 unless the ruleset decides (D1).

    A deterministic strategy (greedy) that meets a position again at the start of a bout would
    repeat itself forever: the game is marked ``cycled`` and stopped. Moves are made with
    ``GameState.step``: the engine's rules without the referee's checks, events and log.
    """
    rng = game_rng(seed, index)
    state = game.deal(players, seed=rng)
    bot = STRATEGIES[strategy]
    choose, looks = bot.chooser(state, rng), bot.looks
    bound = max_moves if max_moves is not None else round(MOVES_PER_CARD * len(game.cards))
    positions: set[tuple] | None = set() if bot.deterministic else None
    seen = 0
    step = state.step
    bouts = transfers = tosses = takes = possible = made = 0
    bout_possible = bout_made = cycled = False
    for moves in range(bound):  # moves: how many were made before this one
        if positions is not None and state.phase == ATTACK:  # a new bout
            position = state.position()
            if position in positions:
                cycled = True
                break
            positions.add(position)
        done = step(choose, looks)
        if done is None:
            break
        kind, table = done
        seen |= table[1]
        if kind is BEAT:
            continue
        # A player to move may toss in exactly when asked to toss in or pass (the engine's tests hold
        # the table to that), so the bout's toss-in chance is seen in these moves.
        if kind is TOSS_IN:
            tosses += 1
            bout_possible = bout_made = True
        elif kind is kinds.ATTACK:  # a bout's lead, its only move: the previous bout is counted
            possible += bout_possible
            made += bout_made
            bouts += 1
            bout_possible = bout_made = False
        elif kind is TAKE:
            takes += 1
        elif kind is PASS:
            bout_possible = True
        elif kind is TRANSFER:
            transfers += 1
    else:  # the bound was reached
        moves = bound
    possible += bout_possible
    made += bout_made
    never = tuple(card_numbers((1 << len(game.cards)) - 1 & ~seen))
    outcome = state.outcome()
    return GameResult(index, outcome is not None, cycled, moves, bouts, transfers, tosses, takes, possible, made,
                      outcome.winner if outcome else None, outcome.fool if outcome else None,
                      bool(outcome and outcome.draw), never)


# --- running many games ---------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init_worker(rules: str, cards: Sequence[Any] | None) -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent alone handles it and ends the
    # workers (SIGTERM then ends a worker at once, without a traceback of its own).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)  # blocked while the parent forked us
    _WORKER["game"] = Game(rules, cards)


def _play_chunk(args: tuple[int, str, int, range, int | None]) -> list[GameResult]:
    players, strategy, seed, indices, max_moves = args
    return [play_game(_WORKER["game"], players, strategy, seed, i, max_moves) for i in indices]


def _hold(signals: set[signal.Signals]) -> set[signal.Signals] | None:
    """Block ``signals`` (delivered when released); the mask before, or None where there is none."""
    return signal.pthread_sigmask(signal.SIG_BLOCK, signals) if hasattr(signal, "pthread_sigmask") else None


def _release(held: set[signal.Signals] | None) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def default_jobs(games: int) -> int:
    """Every core this process may use, once there are enough games to be worth the processes."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, games // GAMES_PER_JOB))


def simulate(cards: Sequence[Any] | None, games: int, players: int, seed: int = 0, strategy: str = "random",
             rules: str = "slovariki", jobs: int | None = 1, progress: Callable[[int], None] | None = None,
             max_moves: int | None = None) -> SimulationReport:
    """Play ``games`` games and gather the figures. ``cards`` None means the ruleset's own deck;
    ``jobs`` None picks ``default_jobs``; ``progress`` is called with the number of games just finished."""
    ruleset = find_ruleset(rules)
    if strategy not in STRATEGIES:
        raise SimulationError(f"нет стратегии «{strategy}»: есть {', '.join(STRATEGIES)}")
    if jobs is None:
        jobs = default_jobs(games)
    if games < 1 or jobs < 1:
        raise SimulationError("число партий и процессов должно быть положительным")
    try:
        game = Game(ruleset, cards)
        game.deal(players, seed=0)  # R2: refuses a player count the deck cannot deal to
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    step = max(1, min(200, games // (jobs * 8) or 1))
    chunks = [range(start, min(start + step, games)) for start in range(0, games, step)]
    results: list[GameResult] = []
    if jobs == 1:
        for chunk in chunks:
            results.extend(play_game(game, players, strategy, seed, i, max_moves) for i in chunk)
            if progress:
                progress(len(chunk))
    else:
        import multiprocessing  # here: a run in one process (a short one) does without its start-up

        deck = None if cards is None else list(game.cards)
        # multiprocessing's Pool, not ProcessPoolExecutor: leaving the block on Ctrl-C or SIGTERM
        # terminates the workers, where the executor would wait for every game still queued. The two
        # signals wait while the pool is made: one arriving between a worker's fork and the end of
        # Pool() would leave that worker playing on, orphaned (a whole pool is terminated at exit).
        held = _hold(STOPS)
        try:
            pool = multiprocessing.Pool(jobs, initializer=_init_worker, initargs=(ruleset.name, deck))
        finally:
            _release(held)
        with pool:
            for chunk_results in pool.imap(_play_chunk, [(players, strategy, seed, c, max_moves) for c in chunks]):
                results.extend(chunk_results)
                if progress:
                    progress(len(chunk_results))
    return SimulationReport.of(results, game, players, seed, strategy, ruleset.name)


# --- the figures ----------------------------------------------------------------------------------
def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z95 ** 2 / trials
    centre = (p + Z95 ** 2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95 ** 2 / (4 * trials ** 2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _spread(values: list[int]) -> dict:
    """Mean, median and maximum, computed here: the statistics module would add its imports (fractions,
    decimal) to the start-up of every simulation for two one-line figures."""
    if not values:
        return {"mean": None, "median": None, "max": None}
    ordered, middle = sorted(values), len(values) // 2
    median = ordered[middle] if len(values) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {"mean": round(sum(values) / len(values), 2), "median": median, "max": ordered[-1]}


class SimulationReport(NamedTuple):
    """The figures of a simulation, and how the command shows them (a tuple: a frozen dataclass costs
    every simulation a millisecond to define)."""

    figures: dict

    @classmethod
    def of(cls, results: list[GameResult], game: Game, players: int, seed: int, strategy: str,
           rules: str) -> SimulationReport:
        done = [r for r in results if r.finished]
        n = len(done)
        bouts = sum(r.bouts for r in done)
        seats = []
        for seat in range(players):
            wins = sum(r.winner == seat for r in done)
            low, high = wilson(wins, n)
            entry = {"seat": seat + 1, "wins": wins, "rate": round(wins / n, 4) if n else None,
                     "ci95": [round(low, 4), round(high, 4)]}
            if not game.rules.first_out_wins:
                entry["fools"] = sum(r.fool == seat for r in done)
            seats.append(entry)
        never = Counter(i for r in done for i in r.never_playable)
        figures = {
            "rules": rules, "players": players, "seed": seed, "strategy": strategy, "cards": len(game.cards),
            "games": len(results), "finished": n,
            "cycled": [{"game": r.index, "moves": r.moves} for r in results if r.cycled],
            "unfinished": [{"game": r.index, "moves": r.moves} for r in results if not r.finished and not r.cycled],
            "bouts": _spread([r.bouts for r in done]),
            "moves": _spread([r.moves for r in done]),
            "per_game": {key: round(sum(getattr(r, key) for r in done) / n, 3) if n else None
                         for key in ("transfers", "tosses", "takes")},
            "toss_in": {"possible": round(sum(r.toss_possible for r in done) / bouts, 4) if bouts else None,
                        "made": round(sum(r.toss_made for r in done) / bouts, 4) if bouts else None},
            "seats": seats,
            "draws": sum(r.draw for r in done),
            "never_playable": {
                "games": round(sum(bool(r.never_playable) for r in done) / n, 4) if n else None,
                "top": [{"card": str(game.cards[i]), "games": k} for i, k in never.most_common(5)],
            },
        }
        return cls(figures)

    @property
    def unfinished(self) -> list[dict]:
        return self.figures["unfinished"]

    def as_json(self) -> dict:
        return self.figures

    def as_text(self) -> str:
        f = self.figures
        lines = [f"Правила: «{find_ruleset(f['rules']).title}», игроков: {f['players']}, "
                 f"боты: {STRATEGIES[f['strategy']].title}, карт в колоде: {f['cards']}, зерно: {f['seed']}.",
                 f"Партий сыграно до конца: {f['finished']} из {f['games']}."]
        if f["cycled"]:
            n = len(f["cycled"])
            shown = ", ".join(f"№{loop['game']}" for loop in f["cycled"][:SHOWN_CYCLES])
            lines.append(f"{plural(n, 'Зациклилась', 'Зациклились', 'Зациклились')} {n} "
                         f"{plural(n, 'партия', 'партии', 'партий')} ({shown}{' и другие' if n > SHOWN_CYCLES else ''}): "
                         "боты вернулись в уже бывшую позицию, и игра повторялась бы без конца.")
        for problem in f["unfinished"]:
            lines.append(f"ОШИБКА: партия №{problem['game']} не закончилась за {problem['moves']} "
                         f"{plural(problem['moves'], 'ход', 'хода', 'ходов')} — это ошибка программы.")
        if not f["finished"]:
            return "\n".join(lines)
        for key, label in (("bouts", "Заходов за партию"), ("moves", "Ходов за партию")):
            s = f[key]
            lines.append(f"{label}: в среднем {_num(s['mean'])}, медиана {_num(s['median'])}, максимум {s['max']}.")
        g = f["per_game"]
        lines.append(f"За партию в среднем: переводов {_num(g['transfers'])}, подкидываний {_num(g['tosses'])}; "
                     f"карты брали {_times(g['takes'])}.")
        t = f["toss_in"]
        lines.append(f"Заходы, где можно было подкинуть: {_percent(t['possible'])}; где подкинули: {_percent(t['made'])}.")
        if f["rules"] == "slovariki":
            lines.append("Побед по местам (95% доверительный интервал; место 1 заходит первым):")
        else:
            lines.append("Кто первым вышел из игры, по местам (95% доверительный интервал; первым заходит игрок "
                         "с младшим козырем, правило D1):")
        for s in f["seats"]:
            fools = f", дураком остался {_times(s['fools'])}" if "fools" in s else ""
            lines.append(f"  место {s['seat']}: {s['wins']} ({_percent(s['rate'])}, "
                         f"{_percent(s['ci95'][0])}–{_percent(s['ci95'][1])}){fools}")
        if f["rules"] != "slovariki":
            lines.append(f"Ничьих: {f['draws']}.")
        never = f["never_playable"]
        lines.append(f"Партий, где какую-то карту так и не удалось сыграть: {_percent(never['games'])}.")
        if never["top"]:
            lines.append("Чаще всего не играли: " + ", ".join(
                f"{item['card']} ({item['games']} {plural(item['games'], 'партия', 'партии', 'партий')})"
                for item in never["top"]) + ".")
        return "\n".join(lines)


def _percent(share: float | None) -> str:
    return "—" if share is None else f"{_num(round(100 * share, 1))}%"


def _times(x: float) -> str:
    """«1 раз», «3 раза», «5 раз»; a fraction takes «раза»: «2,5 раза»."""
    shown = _num(x)
    return f"{shown} {plural(int(shown), 'раз', 'раза', 'раз') if shown.isdigit() else 'раза'}"


def _num(x: float) -> str:
    """A number in Russian writing, to one decimal place: a decimal comma."""
    return f"{round(x, 1):g}".replace(".", ",")
