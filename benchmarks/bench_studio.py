"""How fast does the studio answer? A real `slovariki studio` (uvicorn, one keep-alive HTTP connection
on loopback) on a copy of the bundled bank, measured in one run:

- page answers: the state, the bank's table (with check's findings, read again only when a file
  changed), a word's entry, a draft checked as typed — median and 99th percentile (goal: p99 < 100 ms);
- a card preview (a PNG drawn by the print's own code): the first drawing of each card, and again
  from the cache (goal: < 300 ms);
- suggestions for a typed word (suggest, and the draft check that follows it) (goal: < 300 ms);
- a deck built from the page («Собрать», progress polled) next to the same `slovariki build-deck`
  from the command line, both on the same folder, interleaved: the ratio (goal: ≤ 1.2).

Run: python benchmarks/bench_studio.py [ROUNDS]
"""

from __future__ import annotations

import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

from timing import ENV

WORDS = ["корова", "малина", "карандаш", "берёза", "воробей", "огурец", "пенал", "петух", "собака", "ворона"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Studio:
    def __init__(self, folder: Path, home: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "slovariki", "studio", "--port", "0", "--no-browser",
                                         "--words", str(folder)], stdout=subprocess.PIPE, text=True,
                                        env={**ENV, "XDG_DATA_HOME": str(home)})
        self.url = urlsplit(self.process.stdout.readline().split(": ", 1)[1].strip())
        self.http = http.client.HTTPConnection(self.url.hostname, self.url.port)

    def ask(self, method: str, path: str, body: dict | None = None) -> tuple[float, bytes]:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8") if body is not None else None
        start = time.perf_counter()
        try:
            self.http.request(method, f"{self.url.path}{path}", data, {"Content-Type": "application/json"})
            response = self.http.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closes a connection left idle (here during the command-line build): as a browser, reconnect.
            self.http.close()
            start = time.perf_counter()
            self.http.request(method, f"{self.url.path}{path}", data, {"Content-Type": "application/json"})
            response = self.http.getresponse()
        answer = response.read()
        spent = time.perf_counter() - start
        if response.status != 200:
            raise SystemExit(f"{path}: {response.status} {answer[:300]!r}")
        return spent, answer

    def stop(self) -> None:
        self.http.close()
        self.process.terminate()
        self.process.wait()


def page_build(studio: Studio) -> float:
    start = time.perf_counter()
    studio.ask("POST", "api/build", {"grades": [1, 2, 3, 4]})
    while True:
        job = json.loads(studio.ask("GET", "api/build")[1])["job"]
        if job["state"] == "done":
            return time.perf_counter() - start
        if job["state"] == "failed":
            raise SystemExit(job["message"])
        time.sleep(0.05)  # the page polls every 300 ms; this measures the build, not the polling


def cli_build(folder: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "slovariki", "build-deck", "--words", str(folder), "--out", str(out)],
                   check=True, capture_output=True, env=ENV)
    return time.perf_counter() - start


def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder, home = Path(temporary) / "слова", Path(temporary) / "настройки"
        subprocess.run([sys.executable, "-m", "slovariki", "init", str(folder), "--copy"], check=True,
                       capture_output=True, env=ENV)
        studio = Studio(folder, home)
        try:
            studio.ask("GET", "api/bank")  # the first check of the bank loads the dictionaries
            bank = json.loads(studio.ask("GET", "api/bank")[1])
            cards = [(g["grade"], row["word"]) for g in bank["grades"] for row in g["rows"]]
            answers = []
            for _ in range(rounds):
                for path in ("api/state", "api/bank", "api/bank?text=" + quote("коровы"), "api/bank?stars=2",
                             "api/entry?word=" + quote("сорока")):
                    answers.append(studio.ask("GET", path)[0])
                answers.append(studio.ask("POST", "api/draft", {"grade": 2, "word": "м[а]л+ина", "stars": 1,
                                                                "definition": "Красная ягода."})[0])
            first = [studio.ask("GET", f"card/{grade}/{quote(word)}.png")[0] for grade, word in cards[:40]]
            cached = [studio.ask("GET", f"card/{grade}/{quote(word)}.png")[0] for grade, word in cards[:40]]
            suggestions = []
            for _ in range(rounds):
                for word in WORDS:
                    spent, answer = studio.ask("POST", "api/suggest", {"word": word, "grade": 2})
                    markup = json.loads(answer)["suggestion"]["markup"]
                    spent += studio.ask("POST", "api/draft", {"grade": 2, "word": markup, "stars": 1,
                                                              "definition": "Своими словами."})[0]
                    suggestions.append(spent)
            page, cli = [], []
            for i in range(max(2, rounds // 5)):  # interleaved: both meet the same load of the machine
                page.append(page_build(studio))
                cli.append(cli_build(folder, Path(temporary) / f"cli{i}"))
        finally:
            studio.stop()
    ms = lambda seconds: f"{seconds * 1000:.0f} мс"  # noqa: E731
    print(f"Банк: {len(cards)} слов; кругов: {rounds}")
    print(f"Ответы страницы ({len(answers)}): медиана {ms(statistics.median(answers))}, p99 {ms(percentile(answers, 0.99))}"
          " (цель: p99 < 100 мс)")
    print(f"Карточка PNG, первый раз ({len(first)}): медиана {ms(statistics.median(first))}, p99 "
          f"{ms(percentile(first, 0.99))}; из кэша: медиана {ms(statistics.median(cached))} (цель: < 300 мс)")
    print(f"Подсказка для слова и проверка черновика ({len(suggestions)}): медиана {ms(statistics.median(suggestions))}, "
          f"p99 {ms(percentile(suggestions, 0.99))} (цель: < 300 мс)")
    print(f"Колода со страницы: лучшее {min(page):.2f} с; build-deck из терминала: лучшее {min(cli):.2f} с; "
          f"отношение {min(page) / min(cli):.2f} (цель: ≤ 1,2)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
