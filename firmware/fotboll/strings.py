"""The words only Fotboll shows, in French and English (:mod:`firmware.i18n` keys).

The registry adds them to the console's words when it loads the game's spec.
"""
from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # key: (français, English)
    "out.penalty": ("Penalty", "Penalty"),
    "menu.jokers": ("Jokers", "Jokers"),
    "fb.half.1": ("1re mi-temps", "First half"),
    "fb.half.2": ("2e mi-temps", "Second half"),
    "fb.half_short.1": ("1re MT", "1st half"),
    "fb.half_short.2": ("2e MT", "2nd half"),
    "fb.removed": ("Exclus : {positions}", "Sent off: {positions}"),
    "fb.hint.formation": ("◀▶ formation  OK", "◀▶ line-up  OK"),
    "fb.hint.remove": ("◀▶ poste exclu  OK", "◀▶ sent off  OK"),
    "fb.hint.prepare": ("▼changer ◀▶ OK=jouer", "▼change ◀▶ OK=play"),
    "fb.hint.attack": ("◀▶ cible OK=attaque", "◀▶ target OK=attack"),
    "fb.hint.send_off": ("◀▶ exclure  OK", "◀▶ send off  OK"),
    "fb.hint.keeper": ("◀▶ gardien  OK", "◀▶ new keeper  OK"),
    "fb.cpu.prepare": ("{team} se prépare…", "{team} gets ready…"),
    "fb.cpu.attack": ("{team} attaque…", "{team} attacks…"),
    "fb.their_turn": ("À {team}…", "{team}'s turn…"),
    "fb.yellow": ("Carton jaune", "Yellow card"),
    "fb.red_card": ("Carton rouge", "Red card"),
    "fb.half_time": ("Mi-temps", "Half time"),
    "fb.full_time": ("Fin du match", "Full time"),
    "fb.changes": ("Changements", "Changes"),
    "fb.changes_n": ("{n} changements", "{n} changes"),
    "fb.why.max_subs": ("✕ 3 changements max", "✕ Max 3 subs a match"),
    "fb.why.no_card": ("✕ Pas assez de cartes", "✕ Not enough cards"),
    "fb.why.fill_first": ("✕ Remplis les vides", "✕ Fill the gaps first"),
    "fb.why.subs_first": ("✕ Enlève les S avant", "✕ Unmark the S first"),
    "fb.why.rules": ("✕ Pas permis", "✕ Not allowed"),
    "fb.pos.GK": ("gardien", "keeper"),
    "fb.pos.D": ("défenseur", "defender"),
    "fb.pos.M": ("milieu", "midfielder"),
    "fb.pos.F": ("attaquant", "forward"),
    "fb.pos_short.GK": ("G", "GK"),
    "fb.pos_short.D": ("D", "D"),
    "fb.pos_short.M": ("M", "M"),
    "fb.pos_short.F": ("A", "F"),
    "fb.you_again": ("Tu attaques encore", "You attack again"),
    "fb.they_again": ("{team} attaque encore", "{team} attacks again"),
    "fb.you_saved": ("Arrêt !", "You saved it!"),
    "fb.you_blocked": ("Bloqué !", "You stop it!"),
    "fb.they_saved": ("Arrêt de {team} !", "{team} saves it!"),
    "fb.they_blocked": ("{team} bloque !", "{team} stops it!"),
    "fb.their_go": ("À {team} de jouer", "{team}'s turn"),
    "fb.your_go": ("À toi de jouer !", "Your turn!"),
    "fb.for_you": ("Pour toi", "For you"),
    "fb.for_them": ("Pour {team}", "For {team}"),
}


THIRD_PERSON: dict[str, tuple[str, str | None]] = {
    # words that address the reading pad -> told of a team, in a demo (firmware.i18n.told_as)
    "fb.you_again": ("fb.they_again", "team"),
    "fb.your_go": ("fb.their_go", "team"),
    "fb.you_saved": ("fb.they_saved", "team"),
    "fb.you_blocked": ("fb.they_blocked", "team"),
    "fb.for_you": ("fb.for_them", "team"),
}
