// The table screen: it sends what was tapped to the referee and draws the state it answers with.
// No rule is decided here: which cards may be in a hand, what a card may do now, whether a move is
// allowed and why not all come from the server, which asks the one rules engine.
"use strict";

const $ = (id) => document.getElementById(id);

const ui = {
  game: null,        // the game as the server last described it (null: no game yet)
  setup: null,       // the set-up form's choices (rulesets, grades, palette)
  mover: null,       // the player chosen to move (pre-selected: whose move it is)
  choice: null,      // {message, entries} while a card is being chosen, {entry} while an action is
  screen: "game",    // "game" or "setup"
  form: null,        // the set-up being filled in
  tag: null,         // the server's name for the game as it last answered
  shown: null,       // … and for the game this screen shows: sent with each change (seen)
  busy: false,       // a request of this screen is on its way: the follower waits
  record: null,      // {of: tag, text}: the game record, once opened
};

const FOLLOW_MS = 2000;  // how often the screen asks whether the game changed on another screen

// --- talking to the referee ------------------------------------------------------------------
async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : {"Content-Type": "application/json"},
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    notice("refused", "Нет связи с судьёй.", null,
           "Проверьте, что программа судьи запущена, а телефон подключён к той же сети Wi-Fi, и нажмите ещё раз.");
    return null;
  }
  let data;
  try {
    data = await response.json();
  } catch (error) {
    notice("refused", `Судья прислал непонятный ответ (код ${response.status}).`);
    return null;
  }
  if ("setup" in data) {
    ui.setup = data.setup;
    setPalette(data.setup.palette);
  }
  if ("game" in data) ui.game = data.game;
  if ("tag" in data) ui.tag = data.tag;
  return data;
}

// A change, with the tag of the game this screen shows (a question's answer may bring a newer game
// that is not drawn yet): the server refuses it if the game has changed meanwhile on another screen.
async function change(path, body) {
  ui.busy = true;
  try {
    return await call("POST", path, {...body, seen: ui.shown});
  } finally {
    ui.busy = false;
  }
}

function query(path, params) {
  const parts = Object.entries(params).filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return parts.length ? `${path}?${parts.join("&")}` : path;
}

// --- messages --------------------------------------------------------------------------------
function notice(kind, heading, rule, reason, lines, ruleText) {
  const box = $("notice");
  box.hidden = false;
  box.className = `notice ${kind}`;
  box.replaceChildren();
  const head = el("div", "notice-head");
  head.append(el("span", "notice-mark", kind === "ok" ? "✓" : kind === "undo" ? "↶" : "✗"), el("span", "", heading));
  box.append(head);
  if (rule) box.append(el("div", "rule", rule));
  if (reason) box.append(el("div", "reason", reason));
  for (const line of lines || []) box.append(el("div", "line", line));
  if (ruleText) {
    const details = el("details", "rule-text");
    details.open = window.innerWidth >= 760 && window.innerHeight >= 900;  // where it leaves «пас / беру» in view
    details.append(el("summary", "", `Правило ${ruleText.number}. ${ruleText.title}`));
    const text = el("div", "rule-body");
    text.innerHTML = ruleText.html;  // the referee's own rulebook, escaped by the server
    details.append(text);
    box.append(details);
  }
  placeNotice();
  showNotice();
}

function clearNotice() {
  $("notice").hidden = true;
}

// The answer stands next to what was tapped: above «пас / беру» in a game, above «Начать партию»
// in the set-up; and it is brought into view (below the sticky banner) if it is not.
function placeNotice(anchor) {
  const box = $("notice");
  const before = anchor || (ui.screen === "setup" || !ui.game ? $("setup-buttons") : $("say-step"));
  if (box.nextElementSibling !== before) before.before(box);
}

function showNotice() {
  const box = $("notice");
  if (box.hidden) return;
  const top = $("banner").getBoundingClientRect().bottom;
  const rect = box.getBoundingClientRect();
  if (rect.top >= top && rect.bottom <= window.innerHeight) return;
  box.style.scrollMarginTop = `${top + 8}px`;  // clear of the sticky banner
  box.scrollIntoView({block: rect.height > window.innerHeight - top ? "start" : "nearest"});
}

function showAnswer(answer, undo) {
  if (answer.ok) {
    const [first, ...rest] = answer.said || [];
    if (first) notice(undo ? "undo" : "ok", first, null, null, rest);
    else clearNotice();
  } else if (answer.said) {  // a refused move, as the referee says it at the table
    notice("refused", answer.said, null, null, [], answer.rule_text);
  } else {
    notice("refused", answer.message, null, null, [], answer.rule_text);
  }
}

// --- the game --------------------------------------------------------------------------------
function render() {
  ui.shown = ui.tag;
  const game = ui.game;
  const setupShown = ui.screen === "setup" || !game;
  $("setup").hidden = !setupShown;
  $("game").hidden = setupShown;
  placeNotice();
  if (setupShown) {
    renderSetup();
    return;
  }
  renderBanner(game.banner);
  renderStatus(game);
  renderTable(game);
  renderPlayed(game);
  renderPlayers(game);
  renderChoice();
  renderSummary(game);
  $("controls").hidden = game.over && !game.moves;
  $("card-step").hidden = game.over;
  $("btn-pass").hidden = $("btn-take").hidden = game.over;
  $("btn-pass-all").hidden = !game.pass_all;
  $("btn-pass").textContent = game.rules.pass_word;  // «пас»; in classic durak «бито» (rule D3)
  $("btn-pass-all").textContent = `все ${game.rules.pass_word}`;
  showNotice();
  requestAnimationFrame(() => fitWords(document.body));
}

function renderBanner(banner) {
  $("banner").className = banner.who === null ? "over" : "";
  $("banner-title").textContent = banner.title;
  $("banner-doing").textContent = banner.doing;
  $("banner-also").textContent = banner.also;
}

function renderStatus(game) {
  const box = $("status");
  box.replaceChildren();
  const trump = el("div", "trump");
  trump.append(cardElement(game.trump, "s"));
  const words = el("div", "trump-words");
  const suit = el("div", `value ${game.trump.colour ? `c-${game.trump.colour}` : ""}`);
  if (game.trump.colour) suit.append(svg(suitShape(game.trump), "suit"));
  suit.append(el("span", "", game.trump_suit));
  // The small card's own word would be too small to read: it is written beside it.
  const word = el("div", "trump-word");
  word.append(game.trump.colour ? wordSpan(game.trump, "word-inline") : document.createTextNode(game.trump.word));
  words.append(el("div", "label", "козырь"), word, suit, el("div", "small", game.trump_where));
  trump.append(words);
  box.append(trump);
  const counts = el("div", "counts");
  for (const [label, value] of [["колода", game.stock], ["отбой", game.discard], ["заход", game.bout]]) {
    const item = el("div", "count");
    item.append(el("div", "value", String(value)), el("div", "label", label));
    counts.append(item);
  }
  box.append(counts);
}

function renderTable(game) {
  const box = $("table");
  box.replaceChildren();
  if (!game.table.length) {
    box.append(el("div", "empty", game.over ? "Игра окончена." : "На столе пусто."));
    return;
  }
  for (const pair of game.table) {
    const slot = el("div", pair.beaten_by ? "pair beaten" : "pair");
    slot.append(cardElement(pair.attack, "s"));
    if (pair.beaten_by) slot.append(cardElement(pair.beaten_by, "s"));
    else if (!game.over) slot.append(el("div", "unbeaten", "не побита"));
    box.append(slot);
  }
}

function renderPlayed(game) {
  const box = $("played");
  const played = game.played;
  box.hidden = !played;
  if (!played) return;
  box.replaceChildren();
  const card = played.card;
  box.append(cardElement(card, "l"));
  const side = el("div", "played-side");
  side.append(el("div", "small", played.said));  // «Боря отбивается картой», the word below
  if (card.definition) {
    const title = el("div", "played-word");
    title.append(wordSpan(card, "word-inline"));
    side.append(title, el("div", "played-definition", card.definition));
    const read = el("button", "read", "прочитать");
    read.type = "button";
    read.id = "btn-read";
    read.addEventListener("click", () => speak(card.word));
    side.append(read);
  }
  box.append(side);
}

function renderPlayers(game) {
  $("players-title").textContent = game.over ? "Игроки" : "Кто ходит";
  const box = $("players");
  box.replaceChildren();
  for (const player of game.players) {
    const chip = el("button", "player");
    chip.type = "button";
    chip.setAttribute("role", "radio");
    chip.setAttribute("aria-checked", String(player.name === ui.mover));
    if (player.name === ui.mover && !game.over) chip.classList.add("selected");
    if (player.name === game.to_move) chip.classList.add("to-move");
    if (player.out) chip.classList.add("out");
    chip.append(el("span", "player-name", player.name));
    const role = player.out ? "вне игры" : game.over ? "" :
      player.role === "attacker" ? "заходит" : player.role === "defender" ? "отбивается" : "";
    chip.append(el("span", "player-hand", cardsCount(player.hand)));
    if (role) chip.append(el("span", `player-role ${player.role || ""}`, role));
    if (player.known.length) chip.title = `Точно на руках: ${player.known.join(", ")}`;
    chip.addEventListener("click", () => {
      ui.mover = player.name;
      ui.choice = null;
      render();
    });
    box.append(chip);
  }
}

function cardsCount(n) {
  const mod10 = n % 10, mod100 = n % 100;
  const word = mod100 >= 11 && mod100 <= 14 ? "карт" : mod10 === 1 ? "карта" : mod10 >= 2 && mod10 <= 4 ? "карты" : "карт";
  return `${n} ${word}`;
}

function renderChoice() {
  const box = $("choice");
  box.replaceChildren();
  const choice = ui.choice;
  if (!choice) return;
  if (choice.entry) {
    const entry = choice.entry;
    const head = el("div", "choice-head");
    head.append(cardElement(entry.card, "m"), el("div", "choice-question", `Что делает ${ui.mover}?`));
    box.append(head);
    const buttons = el("div", "buttons");
    for (const action of entry.actions) {
      const button = el("button", "action", action.label);
      button.type = "button";
      button.addEventListener("click", () => play(action));
      buttons.append(button);
    }
    box.append(buttons);
  } else {
    if (choice.message) box.append(el("div", "choice-message", choice.message));
    const list = el("div", "choice-cards");
    for (const entry of choice.entries) {
      const button = el("button", "card-button");
      button.type = "button";
      button.append(cardElement(entry.card, "m"));
      button.addEventListener("click", () => chooseCard(entry));
      list.append(button);
    }
    box.append(list);
  }
  const cancel = el("button", "quiet", "Другая карта");
  cancel.type = "button";
  cancel.addEventListener("click", () => {
    ui.choice = null;
    renderChoice();
  });
  box.append(cancel);
}

function renderSummary(game) {
  const box = $("summary");
  box.hidden = !game.over;
  if (!game.over) return;
  const summary = game.summary;
  box.replaceChildren(el("h2", "result", game.banner.doing));  // the summary's first line says «Итоги партии»
  for (const line of summary.lines) box.append(el("p", "summary-line", line));
  if (summary.review.length) {
    const review = el("div", "review");
    for (const card of summary.review) review.append(cardElement(card, "m"));
    box.append(review);
  }
  const details = el("details", "record");
  const record = el("pre", "", "");
  details.append(el("summary", "", "Запись партии"), record);
  details.addEventListener("toggle", () => details.open && showRecord(record));
  box.append(details);
}

// The game record is most of a long game's bytes: asked for only when opened, once per game shown.
async function showRecord(box) {
  if (!ui.record || ui.record.of !== ui.shown) {
    const answer = await call("GET", "api/record");
    if (!answer || !answer.ok || answer.record_of !== ui.shown) return;  // changed meanwhile: drawn anew soon
    ui.record = {of: answer.record_of, text: answer.record};
  }
  box.textContent = ui.record.text;
}

function chooseCard(entry) {
  if (entry.actions.length === 1) {
    play(entry.actions[0]);
    return;
  }
  ui.choice = {entry};
  renderChoice();
}

async function play(action) {
  const body = {player: ui.mover, cmd: action.cmd};
  if (action.card !== undefined) body.card = action.card;
  if (action.target !== undefined) body.target = action.target;
  afterChange(await change("api/move", body));
}

function afterChange(answer, undo) {
  if (!answer) return;
  showAnswer(answer, undo);
  ui.choice = null;
  if (answer.ok || answer.code === "stale") {  // stale: the game as it is now, whose move it is now
    $("find-text").value = "";
    ui.mover = ui.game ? ui.game.to_move : null;
  }
  render();
}

// Following the game when another screen (a second tab, a phone and a tablet) changes it: every few
// seconds the screen asks whether the game is still the one it shows; the answer is a few bytes
// while it is.
async function follow() {
  if (ui.busy || document.visibilityState !== "visible" || $("picker").open) return;
  let data;
  try {
    const response = await fetch(query("api/state", {since: ui.shown}), {cache: "no-store"});
    data = await response.json();
  } catch (error) {
    return;  // no connection now: the next tap says so
  }
  // data.tag === ui.shown: answered after this screen's own change, with the game it already shows
  if (!data.ok || data.same || ui.busy || data.tag === ui.shown) return;
  const before = ui.game;
  ui.game = data.game;
  ui.tag = data.tag;
  if (ui.screen === "setup") return;  // the form being filled in stays as it is
  ui.choice = null;
  ui.mover = ui.game ? ui.game.to_move : null;
  const game = ui.game;
  if (game && before && game.moves > before.moves && game.last) {
    notice("ok", `На другом экране: ${game.last.text}.`, null, null, game.last.events);
  } else {
    notice("undo", "Партию изменили на другом экране: вот она сейчас.");
  }
  render();
}

async function findCard(event) {
  event.preventDefault();
  const text = $("find-text").value.trim();
  if (!text) {
    notice("refused", "Напишите слово с карты или выберите карту из колоды.");
    return;
  }
  const answer = await call("GET", query("api/find", {player: ui.mover, text}));
  if (!answer) return;
  if (!answer.ok) {
    showAnswer(answer);
    render();
    return;
  }
  if (answer.cards.length === 1 && !answer.message) {
    chooseCard(answer.cards[0]);
    return;
  }
  ui.choice = {message: answer.message, entries: answer.cards};
  renderChoice();
}

async function pickCard() {
  const answer = await call("GET", query("api/hand", {player: ui.mover}));
  if (!answer) return;
  if (!answer.ok) {
    showAnswer(answer);
    render();
    return;
  }
  openPicker(`Какую карту кладёт ${answer.player}?`, answer.cards, chooseCard);
}

// --- the card picker: the deck's cards by colour (suit) ------------------------------------------
function openPicker(title, entries, onPick) {
  const dialog = $("picker");
  $("picker-title").textContent = title;
  const groups = new Map();
  const known = entries.filter((e) => e.known);
  if (known.length) groups.set("known", {label: "Точно на руках", entries: known});
  for (const entry of entries) {
    if (entry.known) continue;
    const card = entry.card;
    const key = card.colour || card.suit;
    if (!groups.has(key)) {
      const label = card.colour ? `${PALETTE.colours[card.colour].grade} класс` : card.word.slice(-1);
      groups.set(key, {label, card, entries: []});
    }
    groups.get(key).entries.push(entry);
  }
  const tabs = $("picker-tabs");
  tabs.replaceChildren();
  const show = (key) => {
    for (const tab of tabs.children) tab.setAttribute("aria-selected", String(tab.dataset.key === key));
    const list = $("picker-list");
    list.replaceChildren();
    for (const entry of groups.get(key).entries) {
      const button = el("button", "row-button");
      button.type = "button";
      button.append(cardRow(entry.card));
      button.addEventListener("click", () => {
        dialog.close();
        onPick(entry);
      });
      list.append(button);
    }
    list.scrollTop = 0;
  };
  for (const [key, group] of groups) {
    const tab = el("button", `tab ${group.card && group.card.colour ? `c-${group.card.colour}` : ""}`);
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.dataset.key = key;  // a colour (green …), a suit (spades …) or "known"
    if (group.card && group.card.colour) tab.append(svg(suitShape(group.card), "suit"));
    tab.append(el("span", "", group.label), el("span", "tab-count", String(group.entries.length)));
    tab.addEventListener("click", () => show(key));
    tabs.append(tab);
  }
  if (!groups.size) {
    $("picker-list").replaceChildren(el("div", "empty", "Здесь нет ни одной карты."));
  } else {
    show(groups.keys().next().value);
  }
  dialog.showModal();
}

// --- reading the word aloud (R5) ----------------------------------------------------------------
function speak(word) {
  if (!("speechSynthesis" in window)) {
    notice("refused", "Этот браузер не умеет читать вслух: прочитайте слово сами.");
    return;
  }
  const utterance = new SpeechSynthesisUtterance(word);
  utterance.lang = "ru-RU";
  utterance.rate = 0.85;
  const voice = speechSynthesis.getVoices().find((v) => (v.lang || "").toLowerCase().startsWith("ru"));
  if (voice) utterance.voice = voice;
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
}

// --- set-up -----------------------------------------------------------------------------------
function newForm() {
  const last = ui.game && ui.game.setup;
  const players = last ? [...last.players] : ["", ""];
  // Who starts and who was dealt the trump card are asked anew each time: nothing is chosen for the table.
  return {players, rules: last ? last.rules : "slovariki", grades: last && last.grades ? [...last.grades] : [1, 2, 3, 4],
          trump: null, wholeDeck: null, holder: null, first: null, agreed: false, found: null};
}

function rulesetOf(name) {
  return ui.setup.rulesets.find((r) => r.name === name);
}

function renderSetup() {
  const form = ui.form || (ui.form = newForm());
  const inProgress = ui.game && !ui.game.over;
  renderBanner({who: "", title: "НОВАЯ ПАРТИЯ",
                doing: inProgress ? "Новая партия заменит незаконченную." : "Кто играет и какой козырь?",
                also: ""});
  $("setup-cancel").hidden = !ui.game;
  renderSetupPlayers();
  const rules = $("setup-rules");
  rules.replaceChildren();
  for (const ruleset of ui.setup.rulesets) {
    const button = el("button", ruleset.name === form.rules ? "selected" : "",
                      ruleset.title[0].toUpperCase() + ruleset.title.slice(1));
    button.type = "button";
    button.setAttribute("aria-pressed", String(ruleset.name === form.rules));
    button.addEventListener("click", () => {
      if (form.rules !== ruleset.name) form.trump = form.found = form.wholeDeck = null;
      form.rules = ruleset.name;
      form.agreed = false;
      renderSetup();
    });
    rules.append(button);
  }
  const classic = rulesetOf(form.rules).classic;
  $("setup-grades-box").hidden = classic;
  const grades = $("setup-grades");
  grades.replaceChildren();
  for (const [key, colour] of Object.entries(ui.setup.palette.colours)) {
    const on = form.grades.includes(colour.grade);
    const button = el("button", `grade-button c-${key} ${on ? "selected" : ""}`);
    button.type = "button";
    button.setAttribute("aria-pressed", String(on));
    button.append(svg(SHAPES[colour.shape], "suit"), el("span", "", `${colour.grade} класс`));
    button.addEventListener("click", () => {
      const next = on ? form.grades.filter((g) => g !== colour.grade) : [...form.grades, colour.grade].sort();
      if (!next.length) return;
      form.grades = next;
      form.trump = form.found = form.wholeDeck = null;
      renderSetup();
    });
    grades.append(button);
  }
  renderSetupTrump();
  renderSetupHolder();
  $("setup-words").textContent = classic ? "Колода: обычные 36 карт." : `Слова: ${ui.setup.words}.`;
}

function renderSetupPlayers() {
  const form = ui.form;
  const list = $("setup-players");
  list.replaceChildren();
  form.players.forEach((name, i) => {
    const item = el("li", "setup-player");
    const input = el("input");
    input.type = "text";
    input.value = name;
    input.maxLength = 40;
    input.placeholder = "Имя";
    input.setAttribute("aria-label", `Игрок ${i + 1}`);
    input.addEventListener("input", () => {
      form.players[i] = input.value;
      renderSetupHolder();
    });
    item.append(input);
    for (const [label, title, move] of [["↑", "выше", -1], ["↓", "ниже", 1], ["✕", "убрать", 0]]) {
      const button = el("button", "small-button", label);
      button.type = "button";
      button.setAttribute("aria-label", `${title}: игрок ${i + 1}`);
      const blocked = move === 0 ? form.players.length <= 2 : i + move < 0 || i + move >= form.players.length;
      button.disabled = blocked;
      button.addEventListener("click", () => {
        if (move === 0) form.players.splice(i, 1);
        else [form.players[i], form.players[i + move]] = [form.players[i + move], form.players[i]];
        form.first = form.holder = null;  // the seats changed: ask again
        renderSetup();
      });
      item.append(button);
    }
    list.append(item);
  });
  $("add-player").disabled = form.players.length >= 6;
}

// Who attacks first, asked as the rules say it is chosen: the youngest (R4), the lowest trump (D1),
// or, when nobody holds a trump, by agreement; not when the whole deck is dealt, as then the holder
// of the trump card has one.
function renderSetupFirst() {
  const form = ui.form;
  const first = rulesetOf(form.rules).first;
  if (holderAsked()) form.agreed = false;
  $("setup-first-question").textContent = form.agreed ? first.agreed : first.question;
  $("setup-first-hint").textContent = form.agreed ? "" : typeset(first.hint);
  const box = $("setup-first");
  playerChoice(box, form.first, (i) => {
    form.first = i;
    renderSetupFirst();
  });
  if (first.nobody && !holderAsked()) {
    const nobody = el("button", `wide quiet ${form.agreed ? "selected" : ""}`, first.nobody);
    nobody.type = "button";
    nobody.id = "setup-first-nobody";
    nobody.setAttribute("aria-pressed", String(form.agreed));
    nobody.addEventListener("click", () => {
      form.agreed = !form.agreed;
      renderSetupFirst();
    });
    box.append(nobody);
  }
}

// The players as a radio group (none chosen until someone taps a name): who starts, who holds the trump.
function playerChoice(box, chosen, choose) {
  box.replaceChildren();
  ui.form.players.forEach((name, i) => {
    const button = el("button", i === chosen ? "selected" : "", name.trim() || `Игрок ${i + 1}`);
    button.type = "button";
    button.setAttribute("role", "radio");
    button.setAttribute("aria-checked", String(i === chosen));
    button.addEventListener("click", () => {
      box.closest("fieldset").classList.remove("missing");  // answered: the reminder goes
      clearNotice();
      choose(i);
    });
    box.append(button);
  });
}

// Six at durak share the 36 cards: the last card dealt is shown, sets the trump and stays in that
// hand. The server says for how many players the deal takes the whole deck (whole_deck).
function holderAsked() {
  const form = ui.form;
  return Boolean(form.trump) && form.wholeDeck === form.players.length;
}

// Whether it is asked also decides whether «nobody has a trump» may be said: the first question follows.
function renderSetupHolder() {
  const form = ui.form;
  renderSetupFirst();
  $("setup-holder-box").hidden = !holderAsked();
  if (!holderAsked()) return;
  $("setup-holder-question").textContent = typeset(`Кому досталась последняя карта — открытый козырь ${form.trump.word}?`);
  playerChoice($("setup-holder"), form.holder, (i) => {
    form.holder = i;
    renderSetupHolder();
  });
}

function renderSetupTrump() {
  const form = ui.form;
  const box = $("setup-trump");
  box.replaceChildren();
  if (form.trump) {
    const chosen = el("div", "trump-chosen");
    chosen.append(cardElement(form.trump, "m"), el("div", "", `Козырь: ${form.trump.word}`));
    box.append(chosen);
  }
  if (form.found) {
    if (form.found.message) box.append(el("div", "choice-message", form.found.message));
    const list = el("div", "choice-cards");
    for (const card of form.found.cards) {
      const button = el("button", "card-button");
      button.type = "button";
      button.append(cardElement(card, "m"));
      button.addEventListener("click", () => {
        form.trump = card;
        form.found = null;
        renderSetupTrump();
        renderSetupHolder();
        requestAnimationFrame(() => fitWords(box));
      });
      list.append(button);
    }
    box.append(list);
  }
  requestAnimationFrame(() => fitWords(box));
}

function deckQuery(extra) {
  const form = ui.form;
  const classic = rulesetOf(form.rules).classic;
  return query("api/deck", {rules: form.rules, grades: classic ? null : form.grades.join(","), ...extra});
}

async function findTrump() {
  const text = $("setup-trump-text").value.trim();
  if (!text) {
    notice("refused", "Напишите слово с карты, которую открыли козырем.");
    return;
  }
  const answer = await call("GET", deckQuery({text}));
  if (!answer) return;
  if (!answer.ok) {
    showAnswer(answer);
    return;
  }
  clearNotice();
  const form = ui.form;
  form.wholeDeck = answer.whole_deck;
  if (answer.cards.length === 1 && !answer.message) {
    form.trump = answer.cards[0];
    form.found = null;
  } else {
    form.found = {message: answer.message, cards: answer.cards};
  }
  renderSetupTrump();
  renderSetupHolder();
}

async function pickTrump() {
  const answer = await call("GET", deckQuery({}));
  if (!answer) return;
  if (!answer.ok) {
    showAnswer(answer);
    return;
  }
  openPicker("Какую карту открыли козырем?", answer.cards.map((card) => ({card})), (entry) => {
    ui.form.trump = entry.card;
    ui.form.found = null;
    ui.form.wholeDeck = answer.whole_deck;
    renderSetupTrump();
    renderSetupHolder();
  });
}

// A question of the set-up left unanswered: said, marked and brought into view.
function askAgain(box, text) {
  notice("refused", text);
  placeNotice($(box));  // right above the question
  $(box).classList.add("missing");
}

async function startGame(event) {
  event.preventDefault();
  const form = ui.form;
  if (!form.trump) {
    notice("refused", "Выберите козырь: карту, которую открыли после раздачи.");
    return;
  }
  if (holderAsked() && form.holder === null) {
    askAgain("setup-holder-box", "Скажите, кому досталась последняя карта — открытый козырь: нажмите на имя.");
    return;
  }
  if (form.first === null) {
    askAgain("setup-first-box", "Скажите, кто заходит первым: нажмите на имя.");
    return;
  }
  const players = form.players.map((p) => p.trim());
  const classic = rulesetOf(form.rules).classic;
  const answer = await change("api/new", {
    players, rules: form.rules, grades: classic ? null : form.grades, trump: form.trump.word,
    first: players[form.first], force: Boolean(ui.game && !ui.game.over),
    first_by: form.agreed ? rulesetOf(form.rules).first.agreed_by : rulesetOf(form.rules).first.first_by,
    trump_holder: holderAsked() ? players[form.holder] : null,
  });
  if (!answer) return;
  showAnswer(answer);
  if (answer.ok) {
    ui.screen = "game";
    ui.form = null;
    ui.choice = null;
    ui.mover = ui.game.to_move;
    window.scrollTo(0, 0);
  }
  render();
}

// --- start ------------------------------------------------------------------------------------
function wire() {
  $("find-form").addEventListener("submit", findCard);
  $("pick-card").addEventListener("click", pickCard);
  $("btn-pass").addEventListener("click", () => play({cmd: "pass"}));
  $("btn-take").addEventListener("click", () => play({cmd: "take"}));
  $("btn-pass-all").addEventListener("click", async () => afterChange(await change("api/pass-all", {})));
  $("btn-undo").addEventListener("click", async () => afterChange(await change("api/undo", {}), true));
  $("btn-new").addEventListener("click", () => {
    ui.screen = "setup";
    ui.form = null;
    clearNotice();
    render();
  });
  $("setup-form").addEventListener("submit", startGame);
  $("add-player").addEventListener("click", () => {
    ui.form.players.push("");
    renderSetup();
    const inputs = $("setup-players").querySelectorAll("input");
    inputs[inputs.length - 1].focus();
  });
  $("setup-trump-find").addEventListener("click", findTrump);
  $("setup-trump-text").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      findTrump();
    }
  });
  $("setup-trump-pick").addEventListener("click", pickTrump);
  $("setup-cancel").addEventListener("click", () => {
    ui.screen = "game";
    clearNotice();
    render();
  });
  $("picker-close").addEventListener("click", () => $("picker").close());
  window.addEventListener("resize", () => fitWords(document.body));
}

async function start() {
  wire();
  const answer = await call("GET", "api/state");
  if (!answer) return;
  if (!answer.ok) {
    showAnswer(answer);
    return;
  }
  ui.mover = ui.game ? ui.game.to_move : null;
  ui.screen = ui.game ? "game" : "setup";
  render();
  setInterval(follow, FOLLOW_MS);
}

start();
