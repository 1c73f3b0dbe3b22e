"""The league's page: one self-contained HTML file (no CDN: a club's network may be offline).

It shows the live scores, the standings per game and the recent results, and keeps itself up
to date from ``/events`` (Server-Sent Events); where that fails (an old TV browser, a proxy)
it polls ``/api/state`` every 5 s. One column on a phone, three on a TV (1280 px and wider),
large type and high contrast for a screen across the room. Names come from the units: they
are put in the page as text (``textContent``), never as HTML. French or English, as the
browser prefers.
"""
from __future__ import annotations

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PitchPad league</title>
<style>
  :root { --bg: #0b1d13; --panel: #12301f; --line: #2b5a3e; --text: #f2f7f3; --dim: #9fc2ab;
          --accent: #ffd23f; --live: #ff5a4f; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text);
         font: 16px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  header { display: flex; align-items: baseline; justify-content: space-between; gap: 1em;
           padding: .6em 1em; border-bottom: 2px solid var(--line); }
  h1 { margin: 0; font-size: 1.5em; } h1 span { color: var(--accent); }
  #status { color: var(--dim); font-size: .85em; white-space: nowrap; }
  #status.off { color: var(--live); }
  main { display: grid; grid-template-columns: 1fr; gap: 1em; padding: 1em; }
  section { background: var(--panel); border-radius: 10px; padding: .6em .9em; min-width: 0; }
  h2 { margin: .1em 0 .5em; font-size: 1.15em; color: var(--accent); }
  h3 { margin: .8em 0 .3em; font-size: 1em; color: var(--dim); text-transform: uppercase;
       letter-spacing: .05em; }
  table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
  th, td { padding: .25em .3em; text-align: right; border-bottom: 1px solid var(--line); }
  th { color: var(--dim); font-weight: 600; font-size: .85em; }
  th:nth-child(2), td:nth-child(2) { text-align: left; width: 100%; }
  td.pts { font-weight: 700; color: var(--accent); }
  .card { border: 1px solid var(--line); border-radius: 8px; padding: .4em .6em; margin: .4em 0; }
  .card .where { color: var(--dim); font-size: .85em; display: flex; justify-content: space-between; }
  .live .where span:first-child::before { content: "\\25CF"; color: var(--live); margin-right: .35em; }
  .score { display: flex; justify-content: space-between; gap: .5em; font-size: 1.2em; }
  .score b { font-size: 1.1em; }
  .win { color: var(--accent); }
  .friendly { color: var(--dim); font-size: .8em; }
  .empty { color: var(--dim); font-style: italic; }
  @media (min-width: 1280px) {
    body { font-size: 1.45vw; }
    main { grid-template-columns: 1fr 1.4fr 1fr; align-items: start; }
  }
</style>
</head>
<body>
<header><h1>PitchPad <span id="club"></span></h1><div id="status">…</div></header>
<main>
  <section id="live"><h2 data-t="live">Live</h2><div id="live-list"></div></section>
  <section id="standings"><h2 data-t="standings">Standings</h2><div id="standings-list"></div></section>
  <section id="recent"><h2 data-t="recent">Recent results</h2><div id="recent-list"></div></section>
</main>
<script>
"use strict";
var WORDS = {
  en: {live: "Live", standings: "Standings", recent: "Recent results", none_live: "No match on now",
       none: "No results yet", player: "Player", p: "P", w: "W", d: "D", l: "L", diff: "+/-",
       pts: "Pts", table: "Table", friendly: "friendly", updated: "updated", offline: "offline: retrying",
       shootout: "pens", guest: "guest"},
  fr: {live: "En direct", standings: "Classement", recent: "Derniers résultats",
       none_live: "Aucun match en cours", none: "Pas encore de résultat", player: "Joueur", p: "J",
       w: "G", d: "N", l: "P", diff: "+/-", pts: "Pts", table: "Table", friendly: "amical",
       updated: "à jour", offline: "hors ligne : nouvel essai", shootout: "t.a.b.", guest: "invité"}
};
var lang = (navigator.language || "en").slice(0, 2) === "fr" ? "fr" : "en";
var T = WORDS[lang];
document.documentElement.lang = lang;
var GAMES = {chifootmi: "Chifootmi", fotboll: "Fotboll", chifoumi: "Chifoumi"};

function el(tag, cls, text) {
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = String(text);
  return node;
}
function who(name) { return name === "guest" ? T.guest : name.indexOf("cpu:") === 0 ? "CPU" : name; }
function gameName(game) { return GAMES[game] || game; }
function tableName(name) { return /^table/i.test(name) ? name : T.table + " " + name; }
function scoreLine(players, showOutcome) {
  var line = el("div", "score");
  players.forEach(function (p, i) {
    var side = el("span", showOutcome && p.outcome === "win" ? "win" : "");
    if (i % 2) { side.appendChild(el("b", "", p.score)); side.appendChild(document.createTextNode(" " + who(p.name))); }
    else { side.appendChild(document.createTextNode(who(p.name) + " ")); side.appendChild(el("b", "", p.score)); }
    line.appendChild(side);
  });
  return line;
}
function card(where, right, players, cls, showOutcome) {
  var box = el("div", "card " + cls);
  var head = el("div", "where");
  head.appendChild(el("span", "", where));
  head.appendChild(el("span", "", right));
  box.appendChild(head);
  box.appendChild(scoreLine(players, showOutcome));
  return box;
}
function fill(id, nodes, emptyText) {
  var box = document.getElementById(id);
  while (box.firstChild) box.removeChild(box.firstChild);
  (nodes.length ? nodes : [el("p", "empty", emptyText)]).forEach(function (n) { box.appendChild(n); });
}
function render(state) {
  document.getElementById("club").textContent = state.club;
  Array.prototype.forEach.call(document.querySelectorAll("[data-t]"), function (n) {
    n.textContent = T[n.getAttribute("data-t")];
  });
  fill("live-list", state.live.map(function (m) {
    return card(tableName(m.table), gameName(m.game), m.players, "live", false);
  }), T.none_live);
  var tables = Object.keys(state.standings).sort().map(function (game) {
    var wrap = el("div", "game");
    wrap.appendChild(el("h3", "", gameName(game)));
    var table = el("table");
    var head = el("tr");
    ["#", T.player, T.p, T.w, T.d, T.l, T.diff, T.pts].forEach(function (h) { head.appendChild(el("th", "", h)); });
    table.appendChild(head);
    state.standings[game].forEach(function (r, i) {
      var row = el("tr");
      var diff = r.scored - r.conceded;
      [i + 1, r.name, r.played, r.won, r.drawn, r.lost, (diff > 0 ? "+" : "") + diff].forEach(function (v) {
        row.appendChild(el("td", "", v));
      });
      row.appendChild(el("td", "pts", r.points));
      table.appendChild(row);
    });
    wrap.appendChild(table);
    return wrap;
  });
  fill("standings-list", tables, T.none);
  fill("recent-list", state.recent.map(function (r) {
    var right = gameName(r.game) + (r.ranked ? "" : " · " + T.friendly);
    if (r.shootout) right += " · " + T.shootout + " " +
        Object.keys(r.shootout).map(function (k) { return r.shootout[k]; }).join("-");
    return card(tableName(r.table) + " · " + (r.finished || "").slice(11, 16), right,
                r.players, "result", true);
  }), T.none);
  var status = document.getElementById("status");
  status.className = "";
  status.textContent = T.updated + " " + new Date().toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
}
function offline() {
  var status = document.getElementById("status");
  status.className = "off";
  status.textContent = T.offline;
}
function poll() {
  var request = new XMLHttpRequest();
  request.open("GET", "/api/state");
  request.onload = function () {
    try { render(JSON.parse(request.responseText)); } catch (e) { offline(); }
    setTimeout(poll, 5000);
  };
  request.onerror = function () { offline(); setTimeout(poll, 5000); };
  request.send();
}
if (window.EventSource) {
  var source = new EventSource("/events");
  source.onmessage = function (e) { render(JSON.parse(e.data)); };
  source.onerror = offline;
} else {
  poll();
}
</script>
</body>
</html>
"""
