// Cards drawn as they are printed (slovariki/generator/faces.py): a frame in the colour's tint, a
// white face, in both corners the suit shape, the stars and the hard letters, a tinted window with
// the card's picture (or, without one, the suit drawn large), the word with its hard letters red and
// underlined and its stress mark, the definition on large cards.
// The colours, which shape each colour has and where each part sits (the palette's face measures)
// come from the server, from the print's own layout; never from here.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

// Shapes in a 100×100 box, the same outlines as generator/symbols.py (there y grows upwards).
const SHAPES = {
  "круг": '<circle cx="50" cy="50" r="47"/>',
  "треугольник": '<polygon points="50,0 102.5,92.5 -2.5,92.5"/>',
  "квадрат": '<rect x="9" y="9" width="82" height="82" rx="8"/>',
  "сердечко": '<path d="M50 98C38 82 0 62 0 34C0 8 38 -2 50 20C62 -2 100 8 100 34C100 62 62 82 50 98Z"/>',
};
// Ordinary suits for classic durak.
const SUITS = {
  hearts: SHAPES["сердечко"],
  diamonds: '<polygon points="50,2 88,50 50,98 12,50"/>',
  spades: '<path d="M50 2C38 22 0 38 0 64C0 88 34 94 46 74L40 98H60L54 74C66 94 100 88 100 64C100 38 62 22 50 2Z"/>',
  clubs: '<circle cx="50" cy="27" r="23"/><circle cx="26" cy="62" r="23"/><circle cx="74" cy="62" r="23"/>' +
         '<path d="M44 55H56L62 98H38Z"/>',
};
const STAR = (() => {
  const cy = 50 + 50 * (1 - Math.cos(Math.PI / 5)) / 2;
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 25 : 50;
    const a = Math.PI / 2 + i * Math.PI / 5;
    points.push(`${(50 + r * Math.cos(a)).toFixed(2)},${(cy - r * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${points.join(" ")}"/>`;
})();

let PALETTE = null;

function setPalette(palette) {
  PALETTE = palette;
  const root = document.documentElement.style;
  root.setProperty("--ink", palette.ink);
  root.setProperty("--hard", palette.hard);
  root.setProperty("--muted", palette.muted);
  root.setProperty("--back-field", palette.back_field);
  root.setProperty("--back-ink", palette.back_ink);
  for (const [key, c] of Object.entries(palette.colours)) {
    root.setProperty(`--tint-${key}`, c.tint);
    root.setProperty(`--strong-${key}`, c.strong);
  }
  // Each measure in tenths of the card's width: style.css multiplies it by the card's --u.
  for (const [name, value] of Object.entries(palette.face)) root.setProperty(`--f-${name}`, String(value));
}

function svg(inner, className, label) {
  const el = document.createElementNS(SVG, "svg");
  el.setAttribute("viewBox", "0 0 100 100");
  el.setAttribute("class", className);
  if (label) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
  } else {
    el.setAttribute("aria-hidden", "true");
  }
  el.innerHTML = inner;
  return el;
}

// The print's typography (generator/fit.py): a one- or two-letter word or a number never ends a line,
// a dash never begins one, and a short last word never stands alone: those spaces do not break.
const SHORT_WORD = /(?<![\p{L}\p{N}_-])([«„(]?(?:[\p{L}\p{N}_]{1,2}|\p{N}+)[,.;:»)]?) +(?=\S)/gu;
const LAST_SHORT = / ((?:[\p{L}\p{N}_]{1,2}|\p{N}+)[.!?»)]*)\s*$/u;

function typeset(text) {
  return text.replace(SHORT_WORD, "$1\u00a0").replace(/ +(?=[—–])/g, "\u00a0").replace(LAST_SHORT, "\u00a0$1");
}

// An element with its text set as the print sets it (a record in <pre> is left as written: it is copied).
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text === null || tag === "pre" ? text : typeset(String(text));
  return node;
}

function suitShape(card) {
  return card.colour ? SHAPES[PALETTE.colours[card.colour].shape] : SUITS[card.suit];
}

function suitLabel(card) {
  if (!card.colour) return card.word;
  const c = PALETTE.colours[card.colour];
  return `${c.name}, ${c.shape}`;
}

// The word with its hard letters (red, underlined) and the stress mark over its vowel.
function wordSpan(card, className) {
  const word = el("span", className || "word");
  const letters = Array.from(card.word);
  letters.forEach((ch, i) => {
    const hard = card.hard && card.hard.includes(i);
    const stressed = card.stress && card.stress.includes(i);
    if (!hard && !stressed) {
      word.append(document.createTextNode(ch));
      return;
    }
    const capital = stressed && ch !== ch.toLowerCase();
    const span = el("span", [hard ? "hard" : "", stressed ? "stress" : "", capital ? "capital" : ""].join(" ").trim(), ch);
    word.append(span);
  });
  return word;
}

function starsText(n) {
  return n === 1 ? "1 звёздочка" : `${n} звёздочки`;
}

// The corner index: the suit, the stars, and under them the hard letters (a fanned hand shows what
// can be tossed in), laid out in rows by fitLetters.
function cornerIndex(card, where) {
  const index = el("div", `index ${where}`);
  index.append(svg(suitShape(card), "suit"));
  for (let i = 0; i < card.stars; i++) index.append(svg(STAR, "star"));
  if (card.letters && card.letters.length) {
    const letters = el("div", "letters", card.letters.join(" "));
    letters.dataset.letters = card.letters.join(" ");
    index.append(letters);
  }
  return index;
}

// The window at the top of the face: the card's picture, or the suit drawn large.
function cardWindow(card) {
  const box = el("div", "window");
  if (card.picture) {
    const picture = el("img", "picture");
    picture.src = card.picture;
    picture.alt = "";
    picture.draggable = false;
    box.append(picture);
  } else {
    box.append(svg(suitShape(card), "emblem"));
  }
  return box;
}

// A word card; size is "s" (the table), "m" (a choice) or "l" (the card just played, with its definition).
function wordCard(card, size) {
  const outer = el("div", `card word-card c-${card.colour} size-${size}`);
  outer.setAttribute("role", "img");
  const letters = card.letters && card.letters.length ? `, сложные буквы: ${card.letters.join(", ")}` : "";
  outer.setAttribute("aria-label", `${card.word}: ${suitLabel(card)}, ${starsText(card.stars)}${letters}`);
  outer.dataset.word = card.word;
  const face = el("div", "face");
  face.append(cardWindow(card), cornerIndex(card, "top"), cornerIndex(card, "bottom"));
  const line = el("div", "word-line");  // every word stands on the same line, as on print
  line.append(wordSpan(card));
  face.append(line);
  if (size === "l") face.append(el("div", "definition", card.definition));
  if (size !== "s") face.append(el("div", "grade", `${card.grade} класс`));
  outer.append(face);
  return outer;
}

// An ordinary playing card: rank and suit in the corners, the suit large in the middle.
function playingCard(card, size) {
  const red = card.suit === "hearts" || card.suit === "diamonds";
  const outer = el("div", `card playing-card size-${size} ${red ? "red" : "black"}`);
  outer.setAttribute("role", "img");
  outer.setAttribute("aria-label", card.word);
  outer.dataset.word = card.word;
  const face = el("div", "face");
  for (const where of ["top", "bottom"]) {
    const index = el("div", `index ${where}`);
    index.append(el("div", "rank", card.rank), svg(SUITS[card.suit], "suit"));
    face.append(index);
  }
  face.append(svg(SUITS[card.suit], "emblem"));
  outer.append(face);
  return outer;
}

function cardElement(card, size) {
  const node = card.colour ? wordCard(card, size) : playingCard(card, size);
  return node;
}

// Shrink each word until it fits its card's width (long words, narrow phones) and each definition
// until it fits above the grade label; lay out the hard letters of each corner index.
function fitWords(root) {
  for (const word of root.querySelectorAll(".word-card .word")) {
    word.style.fontSize = "";
    const room = word.parentElement.clientWidth;
    let size = parseFloat(getComputedStyle(word).fontSize);
    const least = size * 0.45;
    while (word.scrollWidth > room && size > least) {
      size *= 0.92;
      word.style.fontSize = `${size}px`;
    }
  }
  for (const text of root.querySelectorAll(".word-card .definition")) {
    text.style.fontSize = "";
    let size = parseFloat(getComputedStyle(text).fontSize);
    const least = size * 0.6;
    while (text.scrollHeight > text.clientHeight && size > least) {
      size *= 0.92;
      text.style.fontSize = `${size}px`;
    }
  }
  fitLetters(root);
}

// As the print lays them out (faces.py): one row if it fits the index column at 80 % of the size or
// more, else two rows, shrunk to fit.
function fitLetters(root) {
  for (const box of root.querySelectorAll(".word-card .letters")) {
    const letters = box.dataset.letters.split(" ");
    box.style.fontSize = "";
    const room = box.clientWidth;
    for (const count of [1, 2]) {
      const per = Math.ceil(letters.length / count);
      const rows = [];
      for (let i = 0; i < letters.length; i += per) rows.push(el("div", "row", letters.slice(i, i + per).join(" ")));
      box.replaceChildren(...rows);
      const widest = Math.max(...rows.map((row) => row.scrollWidth));
      const fit = room && widest ? Math.min(1, room / widest) : 1;
      if (fit >= 0.8 || count === 2) {
        if (fit < 1) box.style.fontSize = `${parseFloat(getComputedStyle(box).fontSize) * fit}px`;
        break;
      }
    }
  }
}

// A compact row for long lists (the deck picker): the colour's band and shape, the word, the stars.
function cardRow(card) {
  const row = el("span", `card-row ${card.colour ? `c-${card.colour}` : card.suit}`);
  row.dataset.word = card.word;
  const band = el("span", "band");
  band.append(svg(suitShape(card), "suit", suitLabel(card)));
  row.append(band);
  if (card.colour) {
    const slot = el("span", "row-picture");  // the printed card's picture, by which a child finds it
    if (card.picture) {
      const picture = el("img");
      picture.src = card.picture;
      picture.alt = "";
      picture.loading = "lazy";
      slot.append(picture);
    }
    row.append(slot, wordSpan(card, "row-word"));
    const stars = el("span", "row-stars");
    stars.setAttribute("aria-label", starsText(card.stars));
    for (let i = 0; i < card.stars; i++) stars.append(svg(STAR, "star"));
    row.append(stars);
  } else {
    row.append(el("span", "row-word", card.word));
  }
  return row;
}
