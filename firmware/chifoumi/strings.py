"""The words only Chifoumi shows, in French and English (:mod:`firmware.i18n` keys).

The registry adds them to the console's words when it loads the game's spec.
"""
from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # key: (français, English)
    "menu.humans": ("Humains", "Humans"),
    "menu.placement": ("Placement", "Placement"),
    "menu.closed_stacks": ("Piles cachées", "Closed stacks"),
    "ck.letters": ("PFCO", "RPSO"),
    "ck.kind.R": ("Pierre", "Rock"),
    "ck.kind.P": ("Feuille", "Paper"),
    "ck.kind.S": ("Ciseaux", "Scissors"),
    "ck.kind.W": ("Puits", "Well"),
    "ck.takes": ("prend", "takes"),
    "team.white": ("Blanc", "White"),
    "team.black": ("Noir", "Black"),
    "team.orange": ("Orange", "Orange"),
    "ck.your_turn": ("À toi !", "Your turn!"),
    "ck.turn_of": ("À {army}", "{army}'s go"),
    "ck.points": ("Pts", "Pts"),
    "ck.reserve": ("Reste {count}", "{count} left"),
    "ck.stack": ("◀ empiler", "◀ stack"),
    "ck.hint.pick": ("OK=choisir", "OK=pick"),
    "ck.hint.go": ("OK=aller", "OK=go"),
    "ck.hint.again": ("Rejoue:OK", "Again: OK"),
    "ck.hint.place": ("OK=poser", "OK=place"),
    "ck.hint.put": ("OK=poser", "OK=place"),
    "ck.take": ("prendre ▶", "take ▶"),
    "ck.stop": ("Stop", "Stop"),
    "ck.who_starts": ("Qui commence ?", "Who starts?"),
    "ck.tie": ("Égalité ! Encore", "A tie! Again"),
    "ck.you_start": ("Tu commences !", "You start!"),
    "ck.starts": ("{army} commence", "{army} starts"),
    "ck.draw": ("Égalité", "A draw"),
    "ck.wins": ("{army} gagne", "{army} wins"),
    "ck.cpu_seat": ("Ordi {army}", "CPU {army}"),
    "ck.you_play": ("Tu joues", "You play"),
    "ck.cpu_plays": ("Ordi", "CPU"),
    "ck.name_plays": ("{name}, tu joues", "{name}, you play"),
    "ck.your_pieces": ("Tes pièces :", "Your pieces:"),
    "ck.with": ("avec {army}", "with {army}"),
    "ck.end.no_pieces": ("Fin : plus de pièces", "Over: no pieces left"),
    "ck.end.no_capture": ("Fin : plus de prise", "Over: no capture left"),
    "ck.end.move_limit": ("40 tours sans prise", "40 turns, no capture"),
    "ck.end.no_moves": ("Fin : plus de coup", "Over: no move left"),
    "ck.end.over": ("Fin de la partie", "Game over"),
    "ck.us": ("Nous", "Us"),
    "ck.them": ("Eux", "Them"),
    "ck.you_take": ("Tu prends !", "You take it!"),
    "ck.they_take": ("{army} prend !", "{army} takes it!"),
    "ck.why.pick": ("✕ Choisis ta pièce", "✕ Pick your piece"),
    "ck.why.stuck": ("✕ Elle est bloquée", "✕ It cannot move"),
    "ck.why.there": ("✕ Pas sur cette case", "✕ Not to that square"),
    "ck.took_yours": ("{army} a pris ta pile", "{army} took your pile"),
    "ck.you_played": ("Tu as joué", "You played"),
    "ck.they_played": ("{army} a joué", "{army} played"),
}


THIRD_PERSON: dict[str, tuple[str, str | None]] = {
    # words that address the reading pad -> told of a team, in a demo (firmware.i18n.told_as)
    "ck.your_turn": ("ck.turn_of", "army"),
    "ck.you_start": ("ck.starts", "army"),
    "ck.you_take": ("ck.they_take", "army"),
    "ck.you_played": ("ck.they_played", "army"),
}
