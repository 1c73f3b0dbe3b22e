/* The phone pad: the phone's side of hal/phone/protocol.py (docs/phones.md, "How the link works").
 *
 * The code (a pad and a key) comes in the address's fragment, which no request carries; it is
 * read once and taken out of the address bar. Keys stay in sessionStorage: a reload keeps the
 * seat, a closed tab forgets it. Every message after the handshake is a secretbox (tweetnacl-js,
 * nacl-fast.min.js) under this connection's own key, numbered each way.
 */
"use strict";

(function () {
  var HELLO = 0x01, JOIN = 0x02, WELCOME = 0x03, SEALED = 0x10, REFUSED = 0x7f, VERSION = 1;
  var FRAME = 0x46, WORDS = 0x4c, PRESS = 0x42, PROBE = 0x50;
  var TO_PHONE = 0x55, TO_UNIT = 0xaa;
  var PANEL_ON = 1, LED_LIT = 2, LED_BLINKING = 4;
  var WIDTH = 128, HEIGHT = 64, PAGES = 8;
  var CHALLENGE = 24, KEY = 32, NONCE = 24;
  var RETRY_MS = 500, FULL_RETRY_MS = 5000, PROBE_MS = 1000;
  var STORE = "pitchpad";
  var LIGHT = "#dff3ff";
  var REFUSALS = { 1: "taken", 2: "expired", 3: "full", 4: "bad" };

  var WORDS_OF = {
    fr: {
      nocode: "Scannez le code de la console",
      connecting: "Connexion…",
      pad: "Manette {pad}",
      watching: "Spectateur",
      away: "Retour…",
      taken: "Cette place est déjà prise",
      expired: "Ce code a expiré : demandez-en un nouveau à la console",
      full: "Plus de place : nouvel essai…",
      bad: "La console a refusé ce téléphone",
      released: "Vous avez quitté la manette : scannez un nouveau code pour rejouer"
    },
    en: {
      nocode: "Scan the console's code",
      connecting: "Connecting…",
      pad: "Pad {pad}",
      watching: "Watching",
      away: "Coming back…",
      taken: "This seat is taken",
      expired: "This code expired: ask the console for a new one",
      full: "No room: trying again…",
      bad: "The console refused this phone",
      released: "You left the pad: scan a new code to play again"
    }
  };

  var nacl = window.nacl;
  var pages = new Uint8Array(WIDTH * PAGES);
  var shown = { on: true, contrast: 0xcf, lit: false, blinking: false };
  var language = (navigator.language || "fr").toLowerCase().indexOf("fr") === 0 ? "fr" : "en";
  var seat = null;          /* {char, code, secret, public, shared}: what sessionStorage keeps */
  var link = null;          /* the connection now: {socket, challenge, key, keyPad, sealing} */
  var retry = null, probe = null, retries = 0;
  var ended = false;

  var status = document.getElementById("status");
  var led = document.getElementById("led");
  var canvas = document.getElementById("screen");
  var context = canvas.getContext("2d", { alpha: false });
  var rows = [document.getElementById("cards"), document.getElementById("directions")];

  var api = window.pitchpad = { state: "connecting", pad: null, frames: 0, lastFrameAt: null };

  /* ----- bytes ------------------------------------------------------------------------------ */
  function concat() {
    var total = 0, i, at = 0;
    for (i = 0; i < arguments.length; i++) total += arguments[i].length;
    var out = new Uint8Array(total);
    for (i = 0; i < arguments.length; i++) { out.set(arguments[i], at); at += arguments[i].length; }
    return out;
  }
  function text(s) { return new TextEncoder().encode(s); }
  function hex(bytes) {
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function unhex(s) {
    var out = new Uint8Array(s.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(s.substr(i * 2, 2), 16);
    return out;
  }
  function same(a, b) {
    if (a.length !== b.length) return false;
    var diff = 0;
    for (var i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
    return diff === 0;
  }
  function base32(s) {
    var alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", bits = 0, value = 0, out = [];
    for (var i = 0; i < s.length; i++) {
      var digit = alphabet.indexOf(s.charAt(i));
      if (digit < 0) return null;
      value = (value << 5) | digit;
      bits += 5;
      if (bits >= 8) { out.push((value >>> (bits - 8)) & 0xff); bits -= 8; }
    }
    return new Uint8Array(out);
  }
  function counterBytes(n) {
    var out = new Uint8Array(8);
    for (var i = 7; i >= 0; i--) { out[i] = n % 256; n = Math.floor(n / 256); }
    return out;
  }
  function counterOf(bytes) {
    var n = 0;
    for (var i = 0; i < 8; i++) n = n * 256 + bytes[i];
    return n;
  }
  function nonceFor(direction, counter) {
    var nonce = new Uint8Array(NONCE);
    nonce[0] = direction;
    nonce.set(counterBytes(counter), NONCE - 8);
    return nonce;
  }
  function derive(label, parts) { return nacl.hash(concat.apply(null, [text(label)].concat(parts))).subarray(0, KEY); }

  /* ----- the seat kept across reloads --------------------------------------------------------- */
  function save() {
    try {
      if (seat) sessionStorage.setItem(STORE, JSON.stringify(seat));
      else sessionStorage.removeItem(STORE);
    } catch (e) { /* private mode: the seat lasts as long as the page */ }
  }
  function load() {
    try { return JSON.parse(sessionStorage.getItem(STORE) || "null"); } catch (e) { return null; }
  }
  function takeCode(fragment) {
    /* typed by hand: capitals or not, spaces or not (a browser writes a space as %20) */
    var code = fragment.replace(/^#/, "");
    try { code = decodeURIComponent(code); } catch (e) { /* not escaped: as it is */ }
    code = code.replace(/\s+/g, "").toUpperCase();
    if (code.length !== 27 || "01234".indexOf(code.charAt(0)) < 0) return false;
    var key = base32(code.slice(1));
    if (!key || key.length !== 16) return false;
    var pair = nacl.box.keyPair();
    seat = { char: code.charAt(0), code: hex(key), secret: hex(pair.secretKey), "public": hex(pair.publicKey), shared: null };
    save();
    return true;
  }

  /* ----- the link ------------------------------------------------------------------------------ */
  function connect() {
    clearTimeout(retry);
    retry = null;
    if (link || ended || !seat || document.visibilityState === "hidden") return;
    var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/link");
    socket.binaryType = "arraybuffer";
    var mine = link = { socket: socket, challenge: null, key: null, sealing: null };
    socket.onmessage = function (event) {
      if (link !== mine || !(event.data instanceof ArrayBuffer)) return;
      try { receive(mine, new Uint8Array(event.data)); } catch (e) { drop(mine); }
    };
    socket.onclose = function () { drop(mine); };
  }

  /* This link is over: the next begins now, without waiting for a dead one's closing handshake. */
  function drop(conn) {
    if (link !== conn) return;
    link = null;
    conn.socket.close();
    lost();
  }

  function lost() {
    clearTimeout(probe);
    releaseAll();
    if (ended) return;
    if (api.state === "here" || api.state === "watching") say("away");
    else if (api.state !== "full") say(api.pad === null ? "connecting" : "away");
    var wait = api.state === "full" ? FULL_RETRY_MS : (retries++ === 0 ? 0 : RETRY_MS);
    retry = setTimeout(connect, wait);
  }

  function receive(conn, message) {
    var kind = message[0];
    if (kind === HELLO && !conn.challenge) return hello(conn, message);
    if (kind === WELCOME && conn.challenge && !conn.sealing) return welcome(conn, message);
    if (kind === SEALED && conn.sealing) return sealed(conn, message);
    if (kind === REFUSED) return refused(REFUSALS[message[1]] || "bad");
    throw new Error("out of turn");
  }

  function hello(conn, message) {
    if (message.length !== 2 + CHALLENGE || message[1] !== VERSION) throw new Error("not a hello");
    conn.challenge = message.slice(2);
    var mine = unhex(seat["public"]);
    var key = seat.shared ? unhex(seat.shared)
      : derive("pitchpad-code-v1", [text(seat.char), unhex(seat.code)]);
    conn.key = key;
    var nonce = nacl.randomBytes(NONCE);
    var box = nacl.secretbox(concat(conn.challenge, mine), nonce, key);
    conn.socket.send(concat(new Uint8Array([JOIN, seat.char.charCodeAt(0)]), mine, nonce, box));
  }

  function welcome(conn, message) {
    var inside = nacl.secretbox.open(message.subarray(1 + NONCE), message.subarray(1, 1 + NONCE), conn.key);
    if (!inside || !same(inside.subarray(0, CHALLENGE), conn.challenge)) throw new Error("not our welcome");
    var unit = inside.subarray(CHALLENGE, CHALLENGE + KEY);
    var about = JSON.parse(new TextDecoder().decode(inside.subarray(CHALLENGE + KEY)));
    var shared = nacl.box.before(unit, unhex(seat.secret));
    if (seat.shared && hex(shared) !== seat.shared) throw new Error("another unit key");
    seat.shared = hex(shared);
    seat.code = null;                      /* the code is spent: the shared key brings us back */
    save();
    conn.sealing = { key: derive("pitchpad-link-v1", [shared, conn.challenge]), sent: 0, received: 0 };
    retries = 0;
    hear(about);
    say(api.pad ? "here" : "watching");
  }

  function sealed(conn, message) {
    var counter = counterOf(message.subarray(1, 9));
    if (counter !== conn.sealing.received + 1) throw new Error("out of order");
    var payload = nacl.secretbox.open(message.subarray(9), nonceFor(TO_PHONE, counter), conn.sealing.key);
    if (!payload) throw new Error("altered");
    conn.sealing.received = counter;
    if (payload[0] === FRAME) frame(payload);
    else if (payload[0] === WORDS) hear(JSON.parse(new TextDecoder().decode(payload.subarray(1))));
    else if (payload[0] === PROBE) clearTimeout(probe);
  }

  function send(payload) {
    if (!link || !link.sealing || link.socket.readyState !== WebSocket.OPEN) return false;
    var sealing = link.sealing;
    sealing.sent += 1;
    var box = nacl.secretbox(payload, nonceFor(TO_UNIT, sealing.sent), sealing.key);
    link.socket.send(concat(new Uint8Array([SEALED]), counterBytes(sealing.sent), box));
    return true;
  }

  function refused(reason) {
    if (reason === "full") {
      api.state = "full";
      say("full");
      return;
    }
    end(reason);
  }

  function end(reason) {
    ended = true;
    seat = null;
    save();
    say(reason);
    document.body.classList.add("ended");
    if (link) link.socket.close();
  }

  /* Is the link still carrying? (back online: a link may have died without a word) */
  function check() {
    if (!link || !link.sealing) return connect();
    clearTimeout(probe);
    if (send(new Uint8Array([PROBE]))) {
      var mine = link;
      probe = setTimeout(function () { drop(mine); }, PROBE_MS);
    }
  }

  /* ----- what the unit says ---------------------------------------------------------------- */
  function hear(about) {
    if (about.released) return end("released");
    if (about.lang === "fr" || about.lang === "en") language = about.lang;
    if (typeof about.pad === "number") {
      api.pad = about.pad || null;
      document.body.classList.toggle("watching", !about.pad);
    }
    say(api.state);
  }

  function say(state) {
    api.state = state;
    var words = WORDS_OF[language];
    var line = state === "here" ? words.pad.replace("{pad}", api.pad) : words[state] || words.connecting;
    status.textContent = line;
    document.documentElement.lang = language;
  }

  function frame(payload) {
    var mask = payload[1], flags = payload[2], at = 4;
    for (var page = 0; page < PAGES; page++) {
      if (mask & (1 << page)) {
        pages.set(payload.subarray(at, at + WIDTH), page * WIDTH);
        at += WIDTH;
      }
    }
    shown = { on: !!(flags & PANEL_ON), contrast: payload[3], lit: !!(flags & LED_LIT), blinking: !!(flags & LED_BLINKING) };
    led.classList.toggle("lit", shown.lit);
    led.classList.toggle("blink", shown.blinking);
    draw();
    api.frames += 1;
    api.lastFrameAt = Date.now();
  }

  /* ----- the screen, drawn at device pixels ---------------------------------------------------- */
  var scale = 1;
  function fit() {
    var ratio = window.devicePixelRatio || 1;
    var room = canvas.parentNode.clientWidth;
    var landscape = window.innerWidth > window.innerHeight;
    if (!landscape) room = Math.min(room, (window.innerHeight * 0.42) * 2);
    scale = Math.max(1, Math.floor(room * ratio / WIDTH));
    canvas.width = WIDTH * scale;
    canvas.height = HEIGHT * scale;
    var width = WIDTH * scale / ratio;
    canvas.style.width = width + "px";
    canvas.style.height = (HEIGHT * scale / ratio) + "px";
    /* upright, the cards stand under the screen's four 32-pixel columns */
    rows.forEach(function (row) { row.style.width = landscape ? "" : width + "px"; });
    draw();
  }

  function draw() {
    context.globalAlpha = 1;
    context.fillStyle = "#000";
    context.fillRect(0, 0, canvas.width, canvas.height);
    if (!shown.on) return;
    context.fillStyle = LIGHT;
    context.globalAlpha = 0.3 + 0.7 * shown.contrast / 255;
    for (var page = 0; page < PAGES; page++) {
      for (var column = 0; column < WIDTH; column++) {
        var bits = pages[page * WIDTH + column];
        for (var bit = 0; bits; bit++, bits >>= 1) {
          if (bits & 1) context.fillRect(column * scale, (page * 8 + bit) * scale, scale, scale);
        }
      }
    }
  }

  /* ----- the buttons: pointer events, several fingers at once ---------------------------------- */
  var held = [];
  function press(index, down) {
    send(new Uint8Array([PRESS, index, down ? 1 : 0]));
    if (down && navigator.vibrate) navigator.vibrate(12);
  }
  function releaseAll() {
    held.forEach(function (fingers, index) {
      if (fingers.size) { fingers.clear(); buttons[index].classList.remove("down"); }
    });
  }
  var buttons = Array.prototype.slice.call(document.querySelectorAll("button[data-button]"));
  buttons.forEach(function (button) {
    var index = Number(button.getAttribute("data-button"));
    var fingers = held[index] = new Set();
    button.addEventListener("pointerdown", function (event) {
      event.preventDefault();
      try { button.setPointerCapture(event.pointerId); } catch (e) { /* already gone */ }
      fingers.add(event.pointerId);
      if (fingers.size === 1) { button.classList.add("down"); press(index, true); }
    });
    function up(event) {
      if (!fingers.delete(event.pointerId) || fingers.size) return;
      button.classList.remove("down");
      press(index, false);
    }
    button.addEventListener("pointerup", up);
    button.addEventListener("pointercancel", up);
    button.addEventListener("lostpointercapture", up);
    button.addEventListener("contextmenu", function (event) { event.preventDefault(); });
  });
  document.addEventListener("dblclick", function (event) { event.preventDefault(); });
  /* Every touch is the page's own (no scroll, zoom or long-press): said at touchstart, or the
   * browser holds the link's messages back for 100 ms after each touch, waiting to see whether
   * it starts a scroll (Blink's touchstart policy defers network tasks): the screen would lag
   * every tap by 100 ms. Not passive, so the browser waits for this answer (it is at once). */
  document.addEventListener("touchstart", function (event) { event.preventDefault(); }, { passive: false });
  document.addEventListener("touchmove", function (event) { event.preventDefault(); }, { passive: false });

  /* ----- coming and going ---------------------------------------------------------------------- */
  function codeInAddress() {
    if (location.hash.length <= 1) return false;
    var taken = takeCode(location.hash);
    history.replaceState(null, "", location.pathname + location.search);
    return taken;
  }

  window.addEventListener("hashchange", function () {
    if (!codeInAddress()) return;
    ended = false;
    document.body.classList.remove("ended");
    api.pad = null;
    if (link) { var old = link; link = null; old.socket.close(); }  /* no lost(): a new seat begins */
    say("connecting");
    retries = 0;
    connect();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      /* a locked phone is away: the unit releases its buttons and shows it; back in < 2 s */
      if (link) drop(link);
    } else {
      retries = 0;
      check();
    }
  });
  window.addEventListener("online", function () { retries = 0; check(); });
  window.addEventListener("resize", fit);

  codeInAddress();
  seat = seat || load();
  if (seat && seat.shared === null && seat.code === null) seat = null;
  fit();
  if (!seat) say("nocode");
  else { say("connecting"); connect(); }
})();
