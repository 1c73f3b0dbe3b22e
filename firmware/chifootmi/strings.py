"""The words only Chifootmi shows, in French and English (:mod:`firmware.i18n` keys).

The registry adds them to the console's words when it loads the game's spec.
"""
from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # key: (français, English)
    "menu.level": ("Niveau", "Level"),
    "has_ball": ("{team} a le ballon", "{team} has the ball"),
    "you_have_ball": ("Tu as le ballon", "You have the ball"),
    "hint.pick_card": ("Choisis une carte", "Pick a card"),
    "flip.drew": ("Tu pioches : {card}", "You drew: {card}"),
    "flip.they_drew": ("{team} pioche : {card}", "{team} drew: {card}"),
    "draw.they": ("{team} pioche", "{team} draws"),
    "shooting": ("au tir !", "to shoot!"),
    "draw.title": ("Pioche une carte", "Draw a card"),
    "draw.short": ("Pioche", "Draw"),
    "draw.hidden": ("◀ cachée", "◀ hidden"),
    "draw.visible": ("visible ▶", "visible ▶"),
    "flag.hint": ("CENTRE=drapeau !", "CENTRE = flag!"),
    # the help page (▶ = ? during a card round): the piles and the corner mark
    "help.hidden": ("pioche cachée", "hidden pile"),
    "help.visible": ("pioche visible", "face-up pile"),
    "help.count": ("x3 = 3 cartes dedans", "x3 = 3 cards in it"),
    "help.mine": ("toi seul la vois", "only you know it"),
    "help.back": ("Appuie = retour", "Press = back"),
    "flag.wait": ("{team} regarde…", "{team} checks…"),
    "out.tackle": ("Tacle !", "Tackle!"),
    "out.dribble": ("Dribble !", "Dribble!"),
    "out.over_bar": ("Au-dessus", "Too high!"),
    "out.pushed_away": ("Repoussé !", "Pushed away!"),
    "out.offside_chance": ("Hors-jeu ?", "Offside?"),
    "out.offside": ("Hors-jeu !", "Offside!"),
    "out.play_on": ("On joue !", "Play on!"),
    "tell.you_miss": ("Tu tires au-dessus", "You shoot too high"),
    "tell.they_miss": ("{team} tire au-dessus", "{team} shoots too high"),
    "tell.you_again": ("Tu tires encore !", "You shoot again!"),
    "tell.they_again": ("{team} tire encore", "{team} shoots again"),
    "tell.ball_yours": ("Ballon à toi !", "Your ball!"),
    "tell.ball_theirs": ("Ballon à {team}", "{team}'s ball"),
    "tell.you_take": ("Tu prends le ballon", "You win the ball"),
    "tell.they_take": ("{team} prend le ballon", "{team} wins the ball"),
    "cf.you_counter": ("Tu contre-attaques !", "You counter-attack!"),
    "cf.they_counter": ("{team} contre-attaque", "{team} counter-attacks"),
    "cf.you_shoot_next": ("Tu vas tirer !", "You shoot next!"),
    "cf.they_shoot_next": ("{team} va tirer !", "{team} shoots next!"),
    "cf.shootout_next": ("Tirs au but !", "Penalties!"),
    "tell.your_shot": ("À toi de tirer !", "Your turn to shoot!"),
    "tell.your_dive": ("À toi de plonger !", "Your turn to dive!"),
    "clock.random": ("Trop tard ! Au hasard", "Too late! At random"),
    "clock.picked": ("Trop tard ! Ton choix", "Too late! Your pick"),
    "menu.house": ("Règles maison", "House rules"),
    # its menu's options and levels, its shots' kinds, the offside flag
    "flag.raised": ("Drapeau levé !", "Flag up!"),
    "menu.offside": ("Hors-jeu", "Offside"),
    "menu.one_two": ("Une-deux", "One-two"),
    "menu.counter_attack": ("Contre-attaque", "Counter-attack"),
    "level.beginner": ("Débutant", "Beginner"),
    "level.amateur": ("Amateur", "Amateur"),
    "level.pro": ("Pro", "Pro"),
    "level.pro_plus": ("Pro+", "Pro+"),
    "out.free_kick": ("Coup franc", "Free kick"),
    "out.open_play": ("Tir !", "Shot!"),
    "out.last_card": ("Dernier tir", "Last shot"),
    "out.one_two": ("1-2 !", "1-2!"),
    "out.shooting_phase": ("Phase de tir", "Shooting phase"),
}


THIRD_PERSON: dict[str, tuple[str, str | None]] = {
    # words that address the reading pad -> told of a team, in a demo (firmware.i18n.told_as)
    "tell.you_miss": ("tell.they_miss", "team"),
    "tell.you_again": ("tell.they_again", "team"),
    "tell.you_take": ("tell.they_take", "team"),
    "tell.ball_yours": ("tell.ball_theirs", "team"),
    "tell.your_shot": ("tell.their_shot", "team"),
    "tell.your_dive": ("tell.their_dive", "team"),
    "cf.you_counter": ("cf.they_counter", "team"),
    "cf.you_shoot_next": ("cf.they_shoot_next", "team"),
    "you_have_ball": ("has_ball", "team"),
    "flip.drew": ("flip.they_drew", "team"),
    "draw.title": ("draw.they", "team"),
}
