// The studio's page. It decides nothing: every proposal, finding, card picture and file comes from the
// program (slovariki/studio), and «Сохранено» is said only when the program says the file holds it.
"use strict";

const $ = (id) => document.getElementById(id);
const LOST = "Нет связи со студией: программа на компьютере остановлена или закрыта. Ничего не сохранено; " +
             "запустите «slovariki studio» снова и обновите страницу.";
// What each built file is, for the download list.
const FILE_SAYS = {"cards.pdf": "карточки: лица и рубашки, печатать в масштабе 100 %",
                   "cards-only.pdf": "только отмеченные карточки (допечатка)",
                   "rules.pdf": "правила игры", "wordlist.pdf": "список слов для учителя",
                   "dictation.pdf": "словарный диктант", "dictation-answers.pdf": "ответы к диктанту",
                   "box.pdf": "коробки для колоды и карточки-подсказки",
                   "wordlist-only.pdf": "список только отмеченных слов", "dictation-only.pdf": "диктант по отмеченным словам",
                   "dictation-answers-only.pdf": "ответы к диктанту по отмеченным словам"};
// The card sizes the page says more of than their millimetres.
const SIZE_SAYS = {poker: "как игральная карта", mini: "мини"};
const state = {folder: null, colours: {}, versions: {}, chosen: new Set(), editing: null, suggestTimer: 0, draftTimer: 0,
               asked: 0, answered: 0, importToken: null, cardMm: {}, shown: new Map()};

// --- talking to the program ------------------------------------------------------------------------------
async function api(path, {method = "GET", body, raw, headers = {}} = {}) {
  let response;
  try {
    response = await fetch(path, {
      method, cache: "no-store", credentials: "same-origin",
      headers: raw ? headers : {"Content-Type": "application/json", ...headers},
      body: raw || (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (error) {
    throw new Refusal("lost", LOST);
  }
  let answer;
  try {
    answer = await response.json();
  } catch (error) {
    throw new Refusal("lost", `Студия ответила непонятно (код ${response.status}). Ничего не сохранено.`);
  }
  if (!answer.ok) throw new Refusal(answer.code, answer.message);
  return answer;
}

class Refusal extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

function say(text) {
  $("alert").textContent = "";
  $("status").textContent = text;
  $("status").className = "said";
}

function alarm(error) {
  $("status").textContent = "";
  $("alert").textContent = error.message || String(error);
  $("alert").className = "alarm";
}

function clearMessages() {
  $("status").textContent = ""; $("alert").textContent = "";
  $("status").className = ""; $("alert").className = "";
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// The word with its hard letters red (and underlined, for a grey copy) and the stress mark, from its markup.
function markedWord(markup) {
  const out = el("span", {class: "word"});
  let hard = false;
  for (let i = 0; i < markup.length; i++) {
    const ch = markup[i];
    if (ch === "[") { hard = true; continue; }
    if (ch === "]") { hard = false; continue; }
    if (ch === "+") {
      const next = markup[i + 1] === "[" ? markup[i + 2] : markup[i + 1];
      if (next) { out.append(el("span", {class: "stress", text: "\u0301"})); }
      continue;
    }
    out.append(hard ? el("b", {class: "hard", text: ch}) : document.createTextNode(ch));
  }
  // The accent goes after the vowel it marks: move each mark behind the following letter.
  for (const mark of [...out.querySelectorAll(".stress")]) {
    const next = mark.nextSibling;
    if (next) next.after(mark);
  }
  return out;
}

const starsText = (n) => "★".repeat(n);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// --- pages -----------------------------------------------------------------------------------------------
function show(tab) {
  if (!state.folder && tab !== "help") tab = "start";
  for (const section of document.querySelectorAll("[data-page]")) section.hidden = section.id !== tab;
  for (const link of document.querySelectorAll("nav a")) {
    if (link.dataset.tab === tab || (tab === "edit" && link.dataset.tab === "bank")) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (tab === "bank") loadBank();
  if (tab === "print") { updateChosen(); showSample(); }
}

function route() {
  const tab = (location.hash || "#bank").slice(1);
  show(document.getElementById(tab)?.hasAttribute("data-page") ? tab : "bank");
}

async function loadState() {
  const answer = await api("api/state");
  applyState(answer);
  if (answer.notice) say(answer.notice);
  return answer;
}

function applyState(answer) {
  state.folder = answer.folder;
  state.colours = answer.colours;  // the printed cards' own colours and their names
  for (const [grade, colour] of Object.entries(answer.colours)) {
    document.documentElement.style.setProperty(`--g${grade}-tint`, colour.tint);
    document.documentElement.style.setProperty(`--g${grade}-strong`, colour.strong);
  }
  $("grade-colours").textContent = Object.entries(answer.colours).map(([grade, colour], i) =>
    `${grade}${i ? "" : " класс"} — ${colour.name}`).join(", ");
  printChoices(answer.print);
  $("folder").value = answer.folder || answer.suggested || "";
  $("where").textContent = answer.folder ? `Ваши слова лежат в папке: ${answer.folder}` :
    "Выберите папку для своих слов: существующую или новую.";
  $("files").replaceChildren(...(answer.files || []).map((file) =>
    el("li", {class: `g${file.grade}`}, `${file.grade} класс (${state.colours[file.grade].cards} карточки): `,
       el("code", {text: file.path}), file.exists ? "" : " — пока нет, появится с первым словом")));
  const undo = $("undo");
  undo.hidden = !answer.undo;
  undo.textContent = answer.undo ? `Отменить: ${answer.undo}` : "Отменить";
  if (answer.job) showJob(answer.job);
  $("play-lan").replaceChildren(...(answer.play_url ? [
    el("p", {}, "На планшете в той же сети Wi-Fi откройте ", el("code", {text: answer.play_url}), " или наведите камеру на код:"),
    el("img", {src: "play-qr.svg", alt: `QR-код адреса ${answer.play_url}`, class: "qr"})] :
    [el("p", {class: "hint", text: "Чтобы открыть экран судьи на планшете, запустите студию так: slovariki studio --lan"})]));
}

// --- start -----------------------------------------------------------------------------------------------
$("start-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const how = event.submitter?.dataset.how || "open";
  try {
    const answer = await api("api/start", {method: "POST", body: {folder: $("folder").value, how}});
    applyState(answer);
    say(answer.said);
    location.hash = "#bank";
    route();
  } catch (error) { alarm(error); }
});

// --- the bank --------------------------------------------------------------------------------------------
let bankTimer = 0;
for (const id of ["f-text", "f-letter"]) $(id).addEventListener("input", () => {
  clearTimeout(bankTimer); bankTimer = setTimeout(loadBank, 250);
});
for (const id of ["f-stars", "f-nopicture", "f-findings"]) $(id).addEventListener("change", loadBank);
$("filters").addEventListener("submit", (event) => { event.preventDefault(); loadBank(); });

async function loadBank() {
  if (!state.folder) return;
  const query = new URLSearchParams({text: $("f-text").value, stars: $("f-stars").value, letter: $("f-letter").value,
                                     no_picture: $("f-nopicture").checked ? "1" : "", findings: $("f-findings").checked ? "1" : ""});
  let answer;
  try { answer = await api(`api/bank?${query}`); } catch (error) { alarm(error); return; }
  const shown = answer.grades.reduce((n, g) => n + g.rows.length, 0);
  $("bank-summary").textContent = answer.total ? `Слов в банке: ${answer.total}; показано: ${shown}.` :
    "В банке пока нет ни одного слова: нажмите «Добавить слово» или перенесите слова из таблицы.";
  $("problems").replaceChildren(...answer.problems.map((p) => el("p", {class: "finding error", text: capital(p.message)})));
  keepShown(answer);
  $("grades").replaceChildren(...answer.grades.filter((g) => g.rows.length).map(gradeTable));
  const saved = state.justSaved && document.querySelector(`tr[data-word="${CSS.escape(state.justSaved)}"]`);
  state.justSaved = null;
  if (saved) { saved.classList.add("just-saved"); saved.scrollIntoView({block: "center"}); }
  else window.scrollTo(0, 0);
}

function gradeTable(grade) {
  const body = grade.rows.map((row) => {
    const choose = el("input", {type: "checkbox", "aria-label": `Отметить «${row.word}» для печати`,
                                onchange: (e) => { e.target.checked ? state.chosen.add(row.word) : state.chosen.delete(row.word); updateChosen(); }});
    choose.checked = state.chosen.has(row.word);
    const findings = row.findings.map((f) => el("li", {class: `finding ${f.error ? "error" : "warning"}`, text: capital(f.message)}));
    return el("tr", {"data-word": row.word},
      el("td", {class: "card-cell"}, cardImage({grade: grade.grade, row})),
      el("td", {class: "word-cell"}, markedWord(row.markup), el("div", {class: "stars", "aria-label": `звёздочек: ${row.stars}`, text: starsText(row.stars)}),
         row.hard.length ? el("div", {class: "hint", text: `сложные буквы: ${row.hard.join(", ")}`}) : null),
      el("td", {class: "definition-cell"}, row.definition, findings.length ? el("ul", {class: "findings"}, findings) : null,
         row.picture ? null : el("div", {class: "hint", text: "без картинки"}),
         row.game_word ? el("div", {class: "hint", text: "только для игры (нет в школьном списке)"}) : null),
      el("td", {class: "actions"},
         el("button", {type: "button", text: "Изменить", "aria-label": `Изменить «${row.word}»`, onclick: () => openEditor(row.word)}),
         el("label", {class: "check"}, choose, " в печать")));
  });
  return el("section", {class: `grade g${grade.grade}`, "aria-label": `${grade.grade} класс`},
    el("h2", {}, `${grade.grade} класс — ${state.colours[grade.grade].cards} карточки `, el("span", {class: "count", text: `(${grade.rows.length})`})),
    el("p", {class: "hint file", text: grade.file}),
    el("table", {class: "words"},
      el("thead", {}, el("tr", {}, el("th", {text: "Карточка"}), el("th", {text: "Слово"}), el("th", {text: "Толкование"}), el("th", {text: "Действия"}))),
      el("tbody", {}, body)));
}

// --- add or edit a word ----------------------------------------------------------------------------------
$("add-word").addEventListener("click", () => openEditor(null));
$("cancel-edit").addEventListener("click", () => { location.hash = "#bank"; route(); });

const form = {
  grade: () => Number(document.querySelector("input[name=grade]:checked")?.value) || null,
  stars: () => Number(document.querySelector("input[name=stars]:checked")?.value) || null,
  setGrade: (g) => { for (const r of document.querySelectorAll("input[name=grade]")) r.checked = Number(r.value) === g; },
  setStars: (s) => { for (const r of document.querySelectorAll("input[name=stars]")) r.checked = Number(r.value) === s; },
  values() {
    return {grade: this.grade(), word: $("e-word").value.trim(), stars: this.stars(),
            definition: $("e-definition").value, picture: $("e-picture").value, note: $("e-note").value,
            game_word: $("e-game").checked};
  },
};

async function openEditor(word) {
  clearMessages();
  state.editing = word;
  for (const id of ["e-typed", "e-word", "e-definition", "e-picture", "e-note"]) $(id).value = "";
  $("e-game").checked = false;
  for (const id of ["e-typed-notes", "e-word-notes", "e-stars-notes", "e-definition-notes", "e-picture-notes"]) $(id).replaceChildren();
  $("e-letters").replaceChildren(); $("e-pictures").replaceChildren();
  $("e-card").hidden = true; cardNote();
  form.setStars(null);
  $("edit-title").textContent = word ? `Слово «${word}»` : "Новое слово";
  $("remove").hidden = !word;
  if (word) {
    try {
      const answer = await api(`api/entry?${new URLSearchParams({word})}`);
      const v = answer.values;
      form.setGrade(answer.grade);
      $("e-typed").value = word;
      $("e-word").value = v.word || ""; form.setStars(v.stars);
      $("e-definition").value = v.definition || ""; $("e-picture").value = v.picture || ""; $("e-note").value = v.note || "";
      $("e-game").checked = v.game_word === true;
    } catch (error) { alarm(error); return; }
  } else if (!form.grade()) {
    form.setGrade(1);
  }
  location.hash = "#edit";
  show("edit");
  $("e-typed").focus();
  if (word) refreshDraft();
}

$("e-typed").addEventListener("input", () => { clearTimeout(state.suggestTimer); state.suggestTimer = setTimeout(suggest, 300); });
for (const id of ["e-word", "e-definition", "e-picture"]) {
  $(id).addEventListener("input", () => { clearTimeout(state.draftTimer); state.draftTimer = setTimeout(refreshDraft, 300); });
}
for (const radio of document.querySelectorAll("input[name=stars]")) radio.addEventListener("change", refreshDraft);
// Which letters are hard depends on the grade (a first-grader checks a letter only by a form of the same
// word): a new word is proposed again for the grade chosen; her own word's markup is left as she has it.
for (const radio of document.querySelectorAll("input[name=grade]")) {
  radio.addEventListener("change", () => (state.editing === null && $("e-typed").value.trim() ? suggest() : refreshDraft()));
}

async function suggest() {
  const typed = $("e-typed").value.trim();
  const notes = $("e-typed-notes");
  if (!typed) { notes.replaceChildren(); return; }
  const asked = ++state.asked;
  let answer;
  try {
    answer = await api("api/suggest", {method: "POST", body: {word: typed, grade: form.grade()}});
  } catch (error) {
    if (asked === state.asked) notes.replaceChildren(el("p", {class: "finding error", text: error.message}));
    return;
  }
  if (asked !== state.asked) return;  // she typed on: a newer answer is coming
  const s = answer.suggestion;
  const said = [];
  if (s.near.length && s.asked !== s.word) {
    said.push(el("p", {class: "finding warning"}, `«${s.asked}» нет в словаре. Может быть, `,
      ...s.near.slice(0, 3).map((w, i) => [i ? ", " : "", el("button", {type: "button", class: "link", text: `«${w}»`,
        onclick: () => { $("e-typed").value = w; suggest(); }})]), "?"));
  } else if (!s.known) {
    said.push(el("p", {class: "finding warning", text: `«${s.asked}» нет в словаре pymorphy3: проверьте написание.`}));
  } else if (!s.dictionary_form && s.lemma) {
    said.push(el("p", {class: "finding warning"}, "На карточке пишут начальную форму: ",
      el("button", {type: "button", class: "link", text: `«${s.lemma}»`, onclick: () => { $("e-typed").value = s.lemma; suggest(); }})));
  }
  if (s.deck && s.deck.already) said.push(el("p", {class: "finding error", text: `«${s.word}» уже есть в банке (${s.deck.already.grade} класс).`}));
  notes.replaceChildren(...said);
  if (s.asked === s.word || !s.near.length) {
    $("e-word").value = s.markup;
    form.setStars(s.stars);
    $("e-letters").replaceChildren(...s.letters.filter((l) => l.hard || l.checks.length).map((l) =>
      el("li", {class: l.hard ? "hard-letter" : "plain-letter"},
        el("b", {class: l.hard ? "hard" : "", text: l.letters}), ` — ${l.reason}`,
        l.checks.length ? `; проверка: ${l.checks.join(", ")}` : "")));
    showPictures(answer.pictures);
    refreshDraft();
  }
}

function showPictures(pictures) {
  const box = $("e-pictures");
  box.replaceChildren(...pictures.map((p) => el("button", {type: "button", class: "picture", title: p.shows,
    "aria-label": `Картинка: ${p.shows}`, "aria-pressed": String($("e-picture").value === p.name),
    onclick: () => { $("e-picture").value = $("e-picture").value === p.name ? "" : p.name; showPictures(pictures); refreshDraft(); }},
    el("img", {src: `pictures/${p.name}.svg`, alt: ""}), el("span", {text: p.shows}),
    p.named ? null : el("span", {class: "maybe", text: "может подойти"}))));
  if (!pictures.length) box.append(el("p", {class: "hint", text: "Подходящих встроенных картинок не нашлось."}));
}

async function refreshDraft() {
  const values = form.values();
  if (!values.word || !values.grade) return;
  const body = {...values, original: state.editing, stars: values.stars || 1, definition: values.definition || "…"};
  const asked = ++state.answered;
  let answer;
  try {
    answer = await api("api/draft", {method: "POST", body});
  } catch (error) {
    if (asked === state.answered) $("e-word-notes").replaceChildren(el("p", {class: "finding error", text: error.message}));
    return;
  }
  if (asked !== state.answered) return;
  const byField = {word: [], stars: [], definition: [], picture: []};
  for (const f of answer.findings) {
    if (f.field === "definition" && !values.definition) continue;  // not written yet
    (byField[f.field] || byField.word).push(el("p", {class: `finding ${f.error ? "error" : "warning"}`, text: capital(f.message)}));
  }
  for (const [field, notes] of Object.entries(byField)) $(`e-${field}-notes`).replaceChildren(...notes);
  if (!$("e-pictures").children.length && answer.pictures.length) showPictures(answer.pictures);
  if (values.definition && answer.card) drawDraft(body);
}

let drawn = null;
async function drawDraft(body) {
  let response;
  try {
    response = await fetch(`api/preview?${new URLSearchParams({size: cardSize()})}`,
                           {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  } catch (error) { return; }
  if (!response.ok) {  // the card does not fit at this size: say why, as build-deck would, instead of an old picture
    $("e-card").hidden = true;
    cardNote(await refusalText(response), "finding error");
    return;
  }
  cardNote();
  const url = URL.createObjectURL(await response.blob());
  if (drawn) URL.revokeObjectURL(drawn);
  drawn = url;
  $("e-card").src = url; $("e-card").hidden = false; $("e-card-note").hidden = true;
  $("e-card").alt = `Карточка «${body.word.replace(/[\[\]+]/g, "")}», как она будет напечатана`;
}

$("entry").addEventListener("submit", async (event) => {
  event.preventDefault();
  const values = form.values();
  if (!values.grade) { alarm(new Error("Не сохранено: выберите класс.")); return; }
  if (!values.word) { alarm(new Error("Не сохранено: напишите слово.")); $("e-typed").focus(); return; }
  if (!values.stars) { alarm(new Error("Не сохранено: выберите звёздочки.")); return; }
  if (!values.definition.trim()) { alarm(new Error("Не сохранено: напишите толкование.")); $("e-definition").focus(); return; }
  $("save").disabled = true;
  try {
    const answer = await api("api/save", {method: "POST", body: {...values, original: state.editing, versions: state.versions}});
    applyState(answer);
    say(answer.said);
    state.editing = null;
    state.justSaved = answer.word;
    location.hash = "#bank";
    route();
  } catch (error) {
    alarm(error);
  } finally {
    $("save").disabled = false;
  }
});

$("remove").addEventListener("click", async () => {
  const word = state.editing;
  if (!word || !confirm(`Удалить слово «${word}» из банка?`)) return;
  try {
    const answer = await api("api/remove", {method: "POST", body: {word, versions: state.versions}});
    applyState(answer); say(answer.said); state.editing = null; location.hash = "#bank"; route();
  } catch (error) { alarm(error); }
});

$("undo").addEventListener("click", async () => {
  try {
    const answer = await api("api/undo", {method: "POST", body: {}});
    applyState(answer); say(answer.said); if (location.hash === "#bank" || !location.hash) loadBank();
  } catch (error) { alarm(error); }
});

// --- import ----------------------------------------------------------------------------------------------
const drop = $("drop");
drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (event) => {
  event.preventDefault(); drop.classList.remove("over");
  if (event.dataTransfer.files.length) importFile(event.dataTransfer.files[0]);
});
$("import-file").addEventListener("change", () => { if ($("import-file").files.length) importFile($("import-file").files[0]); });

const IMPORT_COLUMNS = ["Где", "Класс", "Слово (красным — сложные буквы)", "Звёздочки", "Толкование", "Что будет"];

// A cell of the preview with its column's name, shown only where the rows are stacked blocks (a phone).
const labelled = (column, ...content) => el("td", {}, el("span", {class: "cell-label", text: `${column}: `}), ...content);

async function importFile(file) {
  clearMessages();
  $("import-result").replaceChildren(el("p", {text: `Читаю «${file.name}»…`}));
  let answer;
  try {
    answer = await api("api/import", {method: "POST", raw: file, headers: {"X-File-Name": encodeURIComponent(file.name)}});
  } catch (error) {
    $("import-result").replaceChildren();
    alarm(error);
    return;
  } finally {
    $("import-file").value = "";
  }
  state.importToken = answer.token;
  const rows = answer.rows.map((row) => el("tr", {class: `${row.problems.length ? "bad" : row.exists ? "same" : "new"} g${row.grade || 0}`},
    el("td", {class: "where-cell", text: row.sheet ? `лист «${row.sheet}», строка ${row.row}` : `строка ${row.row}`}),
    el("td", {class: "grade-cell", text: row.grade ? `${row.grade} класс` : "—"}),
    el("td", {class: "word-cell"}, row.markup ? markedWord(row.markup) : el("span", {class: "word", text: row.typed || "—"}),
       row.typed && row.markup && row.typed !== row.markup ? el("div", {class: "hint", text: `в таблице: ${row.typed}`}) : null,
       row.letters ? el("div", {class: "hint", text: `сложные буквы ${row.letters}`}) : null,
       row.stress ? el("div", {class: "hint", text: `ударение ${row.stress}`}) : null),
    labelled(IMPORT_COLUMNS[3], Number.isInteger(row.stars) ? starsText(row.stars) : (row.stars || "—")),
    labelled(IMPORT_COLUMNS[4], row.definition || "—"),
    labelled(IMPORT_COLUMNS[5], row.problems.length ? el("ul", {class: "findings"}, row.problems.map((p) => el("li", {class: "finding error", text: capital(p)}))) :
       row.exists ? "уже есть в банке — пропущу" :
       row.proposed ? el("span", {class: "finding warning", text: "новое слово; сложные буквы и ударение предложила программа — проверьте"}) :
       "новое слово")));
  const accept = el("button", {type: "button", class: "primary", text: `Добавить новые слова (${answer.ready})`, disabled: !answer.ready,
    onclick: async () => {
      accept.disabled = true;
      try {
        const done = await api("api/import/accept", {method: "POST", body: {token: state.importToken}});
        applyState(done); say(done.said); $("import-result").replaceChildren();
      } catch (error) { alarm(error); accept.disabled = false; }
    }});
  $("import-result").replaceChildren(
    el("h2", {text: `Как понята таблица «${answer.name}»`}),
    ...answer.problems.map((p) => el("p", {class: "finding error", text: p})),
    el("div", {class: "table-scroll"}, el("table", {class: "import"},
      el("thead", {}, el("tr", {}, ...IMPORT_COLUMNS.map((t) => el("th", {text: t})))),
      el("tbody", {}, rows))),
    el("div", {class: "buttons"}, accept));
}

// --- print -----------------------------------------------------------------------------------------------
// The print form's choices as build-deck has them, filled once (the first is build-deck's default).
function printChoices(choices) {
  if ($("p-size").options.length) return;
  $("p-size").replaceChildren(...Object.entries(choices.card_sizes).map(([key, mm]) =>
    el("option", {value: key, text: SIZE_SAYS[key] ? `${mm} мм (${SIZE_SAYS[key]})` : `${mm} мм`})));
  $("p-paper").replaceChildren(...Object.entries(choices.papers).map(([key, name]) => el("option", {value: key, text: name})));
  $("p-copies").max = choices.copies;
  $("p-bleed").max = choices.bleed;
  state.cardMm = choices.card_mm;
  sizeCards();
}

// --- cards as printed, at the card size chosen in the print form -------------------------------------------
// The size is not kept between visits (the form's choices are not): a new page draws build-deck's default.
const CARD_NOTE = $("e-card-note").textContent;

// What stands in the word form for its card: where it will appear, or why it cannot be drawn.
function cardNote(text = CARD_NOTE, kind = "hint") {
  Object.assign($("e-card-note"), {textContent: text, className: kind, hidden: false});
}

const cardSize = () => $("p-size").value;
const SHOWN = 137;  // px: the default card's width in the bank's table (half its drawing's: sharp on a phone)

// A card shown as much smaller than the default size's (the form's first) as it is on paper.
const defaultWidth = () => Object.values(state.cardMm)[0][0];
const scale = () => state.cardMm[cardSize()][0] / defaultWidth();
function sizeCards() { document.documentElement.style.setProperty("--card-scale", String(scale())); }

// The bank's rows the page has, by word: their cards are redrawn at another size, one is the print form's sample.
function keepShown(bank) {
  for (const grade of bank.grades) state.versions[grade.grade] = grade.version;
  state.shown = new Map(bank.grades.flatMap((g) => g.rows.map((row) => [row.word, {grade: g.grade, row}])));
}

function cardImage({grade, row}, notes = $("problems")) {
  const [width, height] = state.cardMm[cardSize()].map((mm) => Math.round(SHOWN * mm / defaultWidth()));
  // A card looks as the whole bank makes it (one definition size for the deck): drawn again when any file changed.
  const query = new URLSearchParams({v: row.markup + row.stars + row.definition, bank: Object.values(state.versions).join(),
                                     size: cardSize()});
  const img = el("img", {src: `card/${grade}/${encodeURIComponent(row.word)}.png?${query}`, alt: `Карточка «${row.word}»`,
                         loading: "lazy", width, height});
  img.addEventListener("error", () => undrawn(img, notes), {once: true});
  return img;
}

// A card that cannot be drawn at this size (build-deck would refuse it): an empty card with why, not a broken image.
async function undrawn(img, notes) {
  let message = LOST;
  try { message = await refusalText(await fetch(img.src, {cache: "no-store"})); } catch (error) { /* the studio stopped */ }
  const [width, height] = state.cardMm[cardSize()];
  const empty = el("div", {class: "undrawn", role: "img", "aria-label": message}, "Не напечатать в этом размере");
  empty.style.aspectRatio = `${width} / ${height}`;  // set through the CSSOM: the page's CSP forbids style attributes
  img.replaceWith(empty);
  if (![...notes.children].some((p) => p.textContent === message)) {
    notes.append(el("p", {class: "finding error", "data-size": "", text: message}));
  }
}

async function refusalText(response) {
  try { return (await response.json()).message; } catch (error) { return `Карточка не нарисована (код ${response.status}).`; }
}

$("p-size").addEventListener("change", () => {
  sizeCards();
  for (const said of $("problems").querySelectorAll("[data-size]")) said.remove();
  for (const cell of document.querySelectorAll("#grades .card-cell")) {
    cell.replaceChildren(cardImage(state.shown.get(cell.parentElement.dataset.word)));
  }
  showSample();
  refreshDraft();
});

// The print form shows one card at the chosen size: the first marked for print, else the bank's first.
async function showSample() {
  if (!state.shown.size) {
    try { keepShown(await api("api/bank")); } catch (error) { alarm(error); return; }
  }
  const sample = state.shown.get([...state.chosen].find((word) => state.shown.has(word))) || state.shown.values().next().value;
  $("p-sample").hidden = !sample;
  if (!sample) return;
  const says = $("p-sample-says");
  says.replaceChildren(`Карточка «${sample.row.word}» в размере ${$("p-size").selectedOptions[0].text}`);
  $("p-sample-card").replaceChildren(cardImage(sample, says));
}

function updateChosen() { $("chosen-count").textContent = String(state.chosen.size); }

function printBody(force = false) {
  const chosen = document.querySelector("input[name=what]:checked").value === "chosen";
  return {grades: [...document.querySelectorAll("input[name=grades]:checked")].map((c) => Number(c.value)),
          words: chosen ? [...state.chosen] : [], card_size: $("p-size").value, paper: $("p-paper").value,
          backs: $("p-backs").value, copies: Number($("p-copies").value) || 1, bleed: Number($("p-bleed").value) || 0,
          cmyk: $("p-cmyk").checked, force};
}

$("print-form").addEventListener("submit", (event) => { event.preventDefault(); build(false); });

function chosenMissing() {
  const missing = document.querySelector("input[name=what]:checked").value === "chosen" && !state.chosen.size;
  if (missing) alarm(new Error("Не отмечено ни одного слова: отметьте «в печать» у слов в разделе «Слова»."));
  return missing;
}

async function build(force) {
  clearMessages();
  $("build-result").replaceChildren();
  if (chosenMissing()) return;
  try {
    const answer = await api("api/build", {method: "POST", body: printBody(force)});
    showJob(answer.job);
    follow();
  } catch (error) { alarm(error); }
}

async function follow() {
  for (;;) {
    await new Promise((done) => setTimeout(done, 300));
    let answer;
    try { answer = await api("api/build"); } catch (error) {
      $("build-progress").hidden = true;
      $("build").disabled = false;
      alarm(new Error("Сборка не закончена: нет связи со студией (программа на компьютере остановлена). " +
                      "Прежние файлы в папке печати не тронуты; запустите студию снова и нажмите «Собрать»."));
      return;
    }
    showJob(answer.job);
    if (!answer.job || !["checking", "building"].includes(answer.job.state)) return;
  }
}

function showJob(job) {
  if (!job) return;
  const running = ["checking", "building"].includes(job.state);
  $("build-progress").hidden = !running;
  $("build").disabled = running;
  $("progress").max = job.total || 1; $("progress").value = job.done;
  $("progress-label").textContent = job.state === "checking" ? "Проверяю слова…" :
    `Собираю колоду: ${job.total ? Math.round(100 * job.done / job.total) : 0} %`;
  if (job.state === "done") {
    $("build-result").replaceChildren(el("p", {class: "said", text: job.message}),
      ...job.findings.map((f) => el("p", {class: "finding warning", text: f})),
      el("ul", {class: "downloads"}, job.files.map((f) => el("li", {}, el("a", {href: `files/deck/${encodeURIComponent(f.name)}`, download: f.name,
        text: `${f.name}`}), ` — ${FILE_SAYS[f.name] || "файл"}, ${f.pages} с.`))),
      el("p", {class: "hint", text: `Файлы лежат в папке ${job.folder}`}),
      el("button", {type: "button", text: "Открыть папку", onclick: openFolder}));
  } else if (job.state === "failed") {
    const parts = [el("p", {class: "finding error", text: job.message})];
    if (job.code === "printed-wrong") parts.push(el("button", {type: "button", text: "Собрать как есть", onclick: () => build(true)}));
    $("build-result").replaceChildren(...parts);
  }
}

async function openFolder() {
  try { say((await api("api/open-folder", {method: "POST", body: {}})).said); } catch (error) { alarm(error); }
}

$("handouts").addEventListener("click", async () => {
  clearMessages();
  if (chosenMissing()) return;
  try {
    const answer = await api("api/handouts", {method: "POST", body: printBody()});
    $("build-result").replaceChildren(el("p", {class: "said", text: answer.said}),
      el("ul", {class: "downloads"}, answer.files.map((f) => el("li", {}, el("a", {href: `files/handouts/${encodeURIComponent(f.name)}`, download: f.name, text: f.name})))));
  } catch (error) { alarm(error); }
});

// --- start up --------------------------------------------------------------------------------------------
window.addEventListener("hashchange", route);
loadState().then(route).catch((error) => { alarm(error); show("start"); });
