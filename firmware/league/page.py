"""The league's pages: self-contained (no CDN: a club's network may be offline), no inline
script or style (the server's Content-Security-Policy allows only its own files).

- ``/``: the live scores, the standings per game and the recent results, kept up to date from
  ``/events`` (Server-Sent Events); where that fails (an old TV browser, a proxy) it polls
  ``/api/state`` every 5 s. One column on a phone; three side by side on any landscape screen
  900 CSS px wide or more (a TV browser that reports 960 px included).
- ``/tv``: the TV mode, for a screen on the wall that nobody scrolls: everything fits the
  screen at any size (type in units of its height), and the standings page through the games
  by themselves, one game (or as many of its rows as fit) at a time, every
  :data:`TV_EVERY` seconds (``/tv?every=N`` changes it).
- ``/results``: every result, newest first, 50 a page, with ``/results.csv`` for a spreadsheet
  or the notice board.

Names come from the units, already checked by the league (letters, digits, '-' and spaces);
the pages still put them in as text (``textContent``, escaped HTML), never as markup. French
or English, as the browser prefers.
"""
from __future__ import annotations

import html
import time
from collections.abc import Mapping, Sequence
from typing import Any

from firmware.club.messages import shootout_score

TV_EVERY = 10
RESULTS_PAGE = 50

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PitchPad league</title>
<link rel="stylesheet" href="/page.css">
</head>
<body>
<header><h1>PitchPad <span id="club"></span></h1><div id="period"></div><div id="status">…</div></header>
<main>
  <section id="live"><h2 data-t="live">Live</h2><div id="live-list" class="fit"></div></section>
  <section id="standings"><h2><span data-t="standings">Standings</span><span id="slide"></span></h2>
    <div id="standings-list" class="fit"></div></section>
  <section id="recent"><h2 data-t="recent">Recent results</h2><div id="recent-list" class="fit"></div>
    <p class="more"><a href="/results" data-t="all">All results</a> · <a href="/results.csv">CSV</a></p></section>
</main>
<script src="/page.js"></script>
</body>
</html>
"""

CSS = """
:root { --bg: #0b1d13; --panel: #12301f; --line: #2b5a3e; --text: #f2f7f3; --dim: #9fc2ab;
        --accent: #ffd23f; --live: #ff5a4f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
       font: 16px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--dim); }
/* The header wraps on a phone: the club's name (32 characters at most) over the period and the
   status, never wider than the screen. */
header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between;
         gap: .2em 1em; padding: .6em 1em; border-bottom: 2px solid var(--line); }
h1 { margin: 0; font-size: 1.5em; min-width: 0; overflow-wrap: anywhere; }
h1 span { color: var(--accent); white-space: nowrap; }
#period { color: var(--dim); flex: 1; }
#status { color: var(--dim); font-size: .85em; white-space: nowrap; }
#status.off { color: var(--live); }
main { display: grid; grid-template-columns: 1fr; gap: 1em; padding: 1em; }
section { background: var(--panel); border-radius: 10px; padding: .6em .9em; min-width: 0; }
h2 { margin: .1em 0 .5em; font-size: 1.15em; color: var(--accent); display: flex;
     justify-content: space-between; gap: .5em; }
#slide { color: var(--dim); font-weight: 400; }
h3 { margin: .8em 0 .3em; font-size: 1em; color: var(--dim); text-transform: uppercase;
     letter-spacing: .05em; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .25em .3em; text-align: right; border-bottom: 1px solid var(--line); }
th { color: var(--dim); font-weight: 600; font-size: .85em; }
.standings th:nth-child(2), .standings td:nth-child(2) { text-align: left; width: 100%; }
td.pts { font-weight: 700; color: var(--accent); }
.card { border: 1px solid var(--line); border-radius: 8px; padding: .4em .6em; margin: .4em 0; }
.card .where { color: var(--dim); font-size: .85em; display: flex; justify-content: space-between; gap: .5em; }
.live .where span:first-child::before { content: "\\25CF"; color: var(--live); margin-right: .35em; }
.score { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 .5em; font-size: 1.2em; }
.score span { white-space: nowrap; }
.score b { font-size: 1.1em; }
.win { color: var(--accent); }
.empty { color: var(--dim); font-style: italic; }
.more { margin: .6em 0 .2em; font-size: .85em; }
@media (min-width: 900px) and (orientation: landscape) {
  body { font-size: max(14px, 1.45vw); }
  main { grid-template-columns: 1fr 1.4fr 1fr; align-items: start; }
}
/* The TV mode: the whole screen, never a scroll bar; sizes follow the screen's height. */
body.tv { height: 100vh; overflow: hidden; font-size: 2.6vh; display: flex; flex-direction: column; }
.tv header { flex: none; padding: .5vh 2vw; }
.tv h1 { font-size: 1.9em; }
.tv #period { font-size: 1.2em; }
.tv main { flex: 1; min-height: 0; display: grid; gap: 1.6vh 1.2vw; padding: 1.6vh 1.5vw;
           grid-template-columns: 1fr 1.55fr; grid-template-rows: auto minmax(0, 1fr);
           align-items: stretch; }
.tv section { display: flex; flex-direction: column; min-height: 0; overflow: hidden; }
.tv #live { grid-column: 1; grid-row: 1; max-height: 34vh; }
.tv #recent { grid-column: 1; grid-row: 2; }
.tv #standings { grid-column: 2; grid-row: 1 / span 2; }
.tv .fit { flex: 1; min-height: 0; overflow: hidden; }
.tv h2 { font-size: 1.35em; }
.tv h3 { margin-top: .2em; font-size: 1.25em; color: var(--text); }
.tv .standings { font-size: 1.1em; }
.tv .more { display: none; }
.tv .card { margin: .5vh 0; }
/* /results */
.results main { display: block; }
.results td, .results th { text-align: left; white-space: nowrap; }
.results td.players { white-space: normal; width: 100%; }
.results p a { white-space: nowrap; }
.results nav { margin: 1em 0; display: flex; flex-wrap: wrap; gap: .5em 1.5em; }
/* /results on a phone: a result a block, when, table and game on a line over the players. */
@media (max-width: 600px) {
  .results table, .results tbody, .results tr { display: block; width: 100%; }
  .results tr.head { display: none; }
  .results tr { padding: .35em 0; border-bottom: 1px solid var(--line); }
  .results td { display: inline; border: 0; padding: 0; color: var(--dim); font-size: .85em; }
  .results td + td::before { content: " · "; }
  .results td.players { display: block; color: var(--text); font-size: 1em; }
  .results td.players::before { content: none; }
}
.friendly { color: var(--dim); font-size: .85em; }
"""

JS = r"""
"use strict";
var WORDS = {
  en: {live: "Live", standings: "Standings", recent: "Recent results", none_live: "No match on now",
       none: "No results yet", player: "Player", p: "P", w: "W", d: "D", l: "L", diff: "+/-",
       pts: "Pts", table: "Table", friendly: "friendly", updated: "updated", offline: "offline: retrying",
       shootout: "pens", guest: "guest", all: "All results", season: "Season", more: "more on now"},
  fr: {live: "En direct", standings: "Classement", recent: "Derniers résultats",
       none_live: "Aucun match en cours", none: "Pas encore de résultat", player: "Joueur", p: "J",
       w: "G", d: "N", l: "P", diff: "+/-", pts: "Pts", table: "Table", friendly: "amical",
       updated: "à jour", offline: "hors ligne : nouvel essai", shootout: "t.a.b.", guest: "invité",
       all: "Tous les résultats", season: "Saison", more: "autres en cours"}
};
var lang = (navigator.language || "en").slice(0, 2) === "fr" ? "fr" : "en";
var T = WORDS[lang];
document.documentElement.lang = lang;
var query = location.search;
var TV = location.pathname === "/tv" || /[?&]tv\b/.test(query);
var EVERY = Math.max(1, Number((/[?&]every=(\d+)/.exec(query) || [0, 10])[1])) * 1000;
if (TV) document.body.className = "tv";
var state = null, slide = 0, slides = [];

function el(tag, cls, text) {
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = String(text);
  return node;
}
function who(name) { return name === "guest" ? T.guest : name.indexOf("cpu:") === 0 ? "CPU" : name; }
function gameName(game) { return (state && state.games[game]) || game; }
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
function clear(box) { while (box.firstChild) box.removeChild(box.firstChild); return box; }
function overflows(box) { return box.scrollHeight > box.clientHeight + 1; }
/* Fill a list; on the TV, keep only what fits (a last line says how many more). */
function fill(id, nodes, emptyText, moreText) {
  var box = clear(document.getElementById(id));
  (nodes.length ? nodes : [el("p", "empty", emptyText)]).forEach(function (n) { box.appendChild(n); });
  if (!TV) return;
  var hidden = 0;
  while (overflows(box) && box.childNodes.length > 1) { box.removeChild(box.lastChild); hidden += 1; }
  if (hidden && moreText) {
    box.removeChild(box.lastChild);
    box.appendChild(el("p", "empty", "+" + (hidden + 1) + " " + moreText));
  }
}
function standingsTable(game, rows, first) {
  var table = el("table", "standings");
  var head = el("tr");
  ["#", T.player, T.p, T.w, T.d, T.l, T.diff, T.pts].forEach(function (h) { head.appendChild(el("th", "", h)); });
  table.appendChild(head);
  rows.forEach(function (r, i) {
    var row = el("tr");
    var diff = r.scored - r.conceded;
    [first + i + 1, r.name, r.played, r.won, r.drawn, r.lost, (diff > 0 ? "+" : "") + diff].forEach(function (v) {
      row.appendChild(el("td", "", v));
    });
    row.appendChild(el("td", "pts", r.points));
    table.appendChild(row);
  });
  var wrap = el("div", "game");
  wrap.appendChild(el("h3", "", gameName(game)));
  wrap.appendChild(table);
  return wrap;
}
function games() {
  return Object.keys(state.standings).sort(function (a, b) {
    var order = Object.keys(state.games);
    return (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || (a < b ? -1 : 1);
  });
}
/* The TV's slides: each game's standings, in pages of as many rows as the panel holds. */
function makeSlides() {
  var box = clear(document.getElementById("standings-list"));
  var list = [];
  games().forEach(function (game) {
    var rows = state.standings[game];
    var probe = standingsTable(game, rows, 0);
    box.appendChild(probe);
    var lines = probe.querySelectorAll("tr");
    var per = rows.length;
    while (per > 1 && overflows(box)) { probe.querySelector("table").removeChild(lines[per]); per -= 1; }
    box.removeChild(probe);
    for (var start = 0; start < rows.length; start += per) {
      list.push({game: game, start: start, rows: rows.slice(start, start + per),
                 page: start / per + 1, pages: Math.ceil(rows.length / per)});
    }
  });
  return list;
}
function showSlide() {
  var box = clear(document.getElementById("standings-list"));
  var label = document.getElementById("slide");
  if (!slides.length) { box.appendChild(el("p", "empty", T.none)); label.textContent = ""; return; }
  var s = slides[slide % slides.length];
  box.appendChild(standingsTable(s.game, s.rows, s.start));
  label.textContent = s.pages > 1 ? s.page + "/" + s.pages : "";
}
function periodText(period) {
  if (!period || period.kind === "all") return "";
  if (period.kind === "monthly") {
    var parts = period.name.split("-");
    return new Date(Number(parts[0]), Number(parts[1]) - 1, 1).toLocaleDateString(
        lang, {month: "long", year: "numeric"});
  }
  return T.season + " " + period.name;
}
function render(next) {
  state = next;
  document.getElementById("club").textContent = state.club;
  document.getElementById("period").textContent = periodText(state.period);
  Array.prototype.forEach.call(document.querySelectorAll("[data-t]"), function (n) {
    n.textContent = T[n.getAttribute("data-t")];
  });
  fill("live-list", state.live.map(function (m) {
    return card(tableName(m.table), gameName(m.game), m.players, "live", false);
  }), T.none_live, T.more);
  if (TV) {
    var current = slides[slide % (slides.length || 1)];
    slides = makeSlides();
    var keys = slides.map(function (s) { return s.game + s.page; });
    var again = current ? keys.indexOf(current.game + current.page) : -1;
    slide = again >= 0 ? again : 0;
    showSlide();
  } else {
    fill("standings-list", games().map(function (game) {
      return standingsTable(game, state.standings[game], 0);
    }), T.none);
  }
  fill("recent-list", state.recent.map(function (r) {
    var right = gameName(r.game) + (r.ranked ? "" : " · " + T.friendly);
    /* In the players' order, as the unit reads it (the stored shoot-out's keys are sorted). */
    if (r.shootout) right += " · " + T.shootout + " " +
        r.players.map(function (p) { return r.shootout[p.seat]; }).join("-");
    return card(tableName(r.table) + " · " + (r.finished || "").slice(11, 16), right,
                r.players, "result", true);
  }), T.none);
  var status = document.getElementById("status");
  status.className = "";
  status.textContent = T.updated + " " + new Date().toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
  document.body.setAttribute("data-version", String(state.version));
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
if (TV) setInterval(function () {
  if (slides.length > 1) { slide = (slide + 1) % slides.length; showSlide(); }
}, EVERY);
if (window.EventSource) {
  var source = new EventSource("/events");
  source.onmessage = function (e) { render(JSON.parse(e.data)); };
  source.onerror = function () {
    offline();
    if (source.readyState === 2) poll();   /* refused for good (too many pages open): poll */
  };
} else {
  poll();
}
"""


def results_page(club: str, rows: Sequence[Mapping[str, Any]], games: Mapping[str, str], *,
                 page: int, pages: int, total: int, game: str | None) -> str:
    """``/results``: one page of results as an HTML table (everything escaped)."""
    def esc(value: Any) -> str:
        return html.escape(str(value), quote=True)

    def link(to_page: int, words: str) -> str:
        extra = f"&amp;game={esc(game)}" if game else ""
        return f'<a href="/results?page={to_page}{extra}">{words}</a>'

    lines = []
    for row in rows:
        players = " – ".join(
            f'{"<b>" if p.get("outcome") == "win" else ""}{esc(p["name"])} {esc(_number(p["score"]))}'
            f'{"</b>" if p.get("outcome") == "win" else ""}' for p in row["players"])
        if row.get("shootout"):
            players += f' <span class="friendly">(pens {esc(shootout_score(row))})</span>'
        friendly = "" if row["ranked"] else ' <span class="friendly">friendly</span>'
        lines.append(f"<tr><td>{esc(row['finished'].replace('T', ' ')[:16])}</td><td>{esc(row['table'])}</td>"
                     f"<td>{esc(games.get(row['game'], row['game']))}</td>"
                     f"<td class=\"players\">{players}{friendly}</td></tr>")
    filters = " · ".join(['<a href="/results">all</a>'] + [
        f'<a href="/results?game={esc(name)}">{esc(title)}</a>' for name, title in games.items()])
    nav = []
    if page > 1:
        nav.append(link(page - 1, "◀ newer"))
    nav.append(f"page {page} of {max(pages, 1)} ({total} results)")
    if page < pages:
        nav.append(link(page + 1, "older ▶"))
    body = "\n".join(lines) or '<tr><td colspan="4" class="empty">No results yet</td></tr>'
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PitchPad league: results</title><link rel="stylesheet" href="/page.css"></head>
<body class="results">
<header><h1>PitchPad <span>{esc(club)}</span></h1><div><a href="/">standings</a> ·
<a href="/results.csv{'?game=' + esc(game) if game else ''}">CSV</a></div></header>
<main><section><h2>Results{' · ' + esc(games.get(game, game)) if game else ''}</h2>
<p>{filters}</p>
<table><tr class="head"><th>finished</th><th>table</th><th>game</th><th>players</th></tr>
{body}
</table>
<nav>{' '.join(nav)}</nav>
<p class="friendly">{esc(time.strftime('%Y-%m-%d %H:%M'))}</p></section></main>
</body>
</html>
"""


def _number(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value == int(value) else value
