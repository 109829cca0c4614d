"""The rules panel in the page's language: every ruleset's title, source, description, summary
and readings, and the house-rules form's labels and choices, in French and German.

English is the engine's own text (asalto_core.rulesets, the same as the README). French and
German are written here, on the page only: the named rulesets' descriptions and readings
are translated one by one (the French sources stay quoted in French), and everything the
engine generates from options (the summary rows, house rules' titles, descriptions and
readings, the form's choices) is generated here from the same options with templates.
tests/test_i18n.py checks that every ruleset, option and choice has its translation.
"""

from i18n import language

from asalto_core.geometry import BOARDS
from asalto_core.rulesets import OPTION_KEYS, RULESETS, custom_options, find_ruleset

# -- French ------------------------------------------------------------------------------------------
_FR_NOT_AWAY = (
    "la règle 5, « un soldat peut se déplacer le long d'une ligne marquée dans toute direction qui ne "
    "l'éloigne pas de la forteresse », est lue ainsi : la distance à la forteresse, comptée en pas le long "
    "des lignes, ne peut pas croître ; les pas de côté à distance égale sont donc permis, et un soldat dans "
    "la forteresse s'y déplace librement mais n'en sort jamais"
)
_FR_ASALTO = (
    _FR_NOT_AWAY,
    "les règles décrivent un seul saut (règle 9) ; nous laissons un officier continuer à sauter, en tournant "
    "entre les sauts, comme le font la page du wiki de jeux « Assault » (« une pièce du défenseur peut faire "
    "plusieurs sauts en un seul tour ») et le livret « Assaut, jeu de la citadelle » (« Les captures peuvent "
    "s'enchaîner ») (l'Asalto.lud de Ludii ne prend qu'un saut par coup), et s'arrêter après n'importe quel "
    "saut, puisqu'une prise laissée est soufflée, non interdite",
    "la règle 11, « si le joueur des officiers ne fait pas une prise possible, le joueur des soldats peut "
    "montrer la prise et retirer l'officier qui ne l'a pas faite » : la faute est celle du joueur ; après un "
    "coup qui a pris, aucun officier ne peut être soufflé sauf l'officier preneur s'il a arrêté sa chaîne "
    "alors qu'il pouvait encore sauter ; après un coup qui n'a rien pris, tout officier qui pouvait prendre "
    "peut être soufflé ; les soldats retirent au plus un tel officier, « avant de continuer par son propre coup »",
    "règle 17 : dès qu'il ne reste que huit soldats, la forteresse ne peut plus être remplie ; les officiers "
    "gagnent donc quand il en reste moins de neuf",
    "règle 3 : le joueur des officiers place les deux officiers où il veut dans la forteresse ; règle 4 : "
    "les soldats jouent ensuite en premier",
)
_FR_DAMES = (
    "« Les officiers sont obligés de prendre, quand ils peuvent le faire » et « même type de prise que le jeu "
    "de dames », et le paragraphe du soufflage porte le dicton des dames « Souffler n'est pas jouer » : "
    "l'obligation est celle du joueur, comme aux dames, et une prise par l'un ou l'autre officier la remplit. "
    "Après une prise, aucun officier ne peut donc être soufflé, sauf l'officier preneur s'il a arrêté sa chaîne "
    "alors qu'il pouvait encore sauter (une prise laissée) ; après un coup sans prise alors qu'une prise "
    "existait, un officier qui pouvait prendre peut être soufflé, au choix des soldats. « Si par oubli ou par "
    "choix, un officier ne capture pas de pion alors qu'il en a la possibilité » n'est pas lu officier par "
    "officier : quand les deux officiers peuvent prendre, l'un d'eux pourrait alors être soufflé quoi que "
    "fasse le joueur, une pénalité que personne ne pourrait éviter"
)
_FR_SOUFFLER = (
    "« « souffler » le pion fautif » et « souffler n'est pas jouer » : les soldats peuvent retirer l'officier "
    "au début de leur tour, et souffler ne remplace pas leur coup ; « Un seul officier peut être retiré de "
    "cette manière » : après un premier soufflage, il n'y en a plus"
)
_FR_ASSAUT = (
    "« Ils doivent toujours prendre le chemin le plus court pour atteindre la forteresse » : hors de la "
    "forteresse, chaque pas réduit d'un la distance à la forteresse le long des lignes ; dedans, dans toute "
    "direction ; jamais vers la sortie",
    _FR_DAMES,
    _FR_SOUFFLER,
    "16 prises, c'est-à-dire moins de neuf des 24 soldats restants",
    "« Si un des joueurs ne peut pas se déplacer à son tour de jeu, il a perdu »",
    "la fiche ne le dit pas ; nous faisons commencer les soldats, comme les règles de Cyningstan, la page du "
    "wiki de jeux et le livret « Assaut, jeu de la citadelle » (seul l'Asalto.lud de Ludii fait commencer les "
    "officiers)",
)
_FR_ROYAL = (
    "« le défenseur a trois pièces qui commencent au milieu et aux deux bouts de la rangée du bas de la "
    "forteresse » : c7, e7, g7",
    "« le jeu est par ailleurs le même qu'Assault » : pas vers l'avant (de côté seulement sur la ligne du "
    "haut d'un bras latéral, rangée 7), prises en chaîne obligatoires",
    "moins de soldats que les 17 points de la forteresse : moins de 17 restants",
)
_FR_ALT_RULES = (
    "la page du wiki de jeux « Assault » ne donne que le dessin (« pour ceux-ci je n'ai pas de règles, il "
    "n'est donc pas clair si les déplacements horizontaux étaient permis ou non ») ; nous le jouons comme Assault"
)
_FR_ALT_SETUP = "officiers en c5 et e5 comme sur le plateau standard"
_FR_TWENTY = (
    _FR_ALT_SETUP + " ; « joué avec 20 attaquants placés sur tous les points du bas » : tous les points "
    "des rangées 1 à 4"
)
_FR_SOURCES = {
    "cyningstan": "Cyningstan, « Asalto » (pages Traditional Board Games : 17 règles numérotées et une note "
    "sur German Tactics)",
    "wiki": "une page de wiki de jeux « Assault » (mise en place, déplacements, sauts multiples, autres "
    "plateaux, Royal Garrison)",
    "assaut": "une fiche de règles française « Assaut » (soldats par le plus court chemin, « souffler n'est "
    "pas jouer », deux variantes)",
    "citadelle": "un livret français « Assaut, jeu de la citadelle » (soldats vers l'avant, prises en "
    "chaîne, soufflage de la meilleure prise)",
    "ludii": "Asalto.lud de Ludii, version 1.3.13 (système de jeu général Ludii)",
}
FR = {
    "labels": {
        "Board": "Plateau",
        "Pieces": "Pièces",
        "First move": "Premier coup",
        "Rebels move": "Déplacement des soldats",
        "Captures": "Prises",
        "Capturing": "Prendre",
        "Capture rule": "Règle de prise",
        "Officers win": "Les officiers gagnent",
        "Rebels win": "Les soldats gagnent",
        "Also": "De plus",
        "Rebel moves": "Déplacement des soldats",
        "Multiple captures": "Prises multiples",
        "Huffing": "Souffler",
        "Officers' win": "Victoire des officiers",
        "Setup": "Mise en place",
        "Marked lines": "Lignes marquées",
        "No move": "Aucun coup",
        "Blocking": "Blocage",
        "Rules": "Règles",
        "Source": "Source",
        "House rules": "Règles maison",
    },
    "boards": {
        "standard": (
            "Plateau standard de 33 points",
            "Lignes orthogonales et diagonales passant par les points dont colonne+rangée est paire (72 lignes).",
        ),
        "simplified": (
            "Plateau simplifié",
            "Aucune diagonale sauf le X dans la forteresse (56 lignes), comme le dessine la page du wiki de "
            "jeux « Assault ».",
        ),
        "fuchs-und-henne": (
            "Plateau Fuchs und Henne",
            "Le plateau standard sans les deux diagonales du haut de la forteresse, plus douze diagonales de "
            "parité impaire dans les bras du bas et des côtés (82 lignes). Le dessin de la page du wiki de jeux "
            "« Assault » omet a4-b3 et g4-f3 ; elles ne ferment aucun losange et semblent un oubli, mais nous "
            "dessinons ce que montre la source.",
        ),
        "2-contra-20": (
            "Plateau 2 contra 20",
            "Le plateau standard plus 20 diagonales (92 lignes) : toutes les liaisons entre points voisins de "
            "la croix sauf les quatre qui traversent ses coins intérieurs (b5-c6, f5-e6, b3-c2, f3-e2), comme "
            "le dessine la page du wiki de jeux « Assault ».",
        ),
        "royal-garrison": (
            "Plateau Royal Garrison de 67 points",
            "La croix d'une grille 9x9 plus b9 et h9 ; diagonales de parité paire et b9-c8, h9-g8 (164 lignes).",
        ),
        "royal-garrison-diagonals": (
            "Plateau Royal Garrison avec toutes les diagonales",
            "Les 67 points du plateau Royal Garrison, chacun relié à tous ses voisins orthogonaux et "
            "diagonaux (216 lignes). Le dessin de la page du wiki de jeux omet c8-d8, d8-e8, e8-f8, f8-g8, "
            "b7-c8 et g8-h7 ; sa phrase dit que toutes les diagonales sont reliées, et l'autre plateau Royal "
            "Garrison a les lignes de la rangée 8 de la forteresse : nous lisons donc ces six lignes comme "
            "des oublis du dessin et les dessinons.",
        ),
    },
    "titles": {
        "royal-garrison-diagonals": "Royal Garrison : toutes les diagonales",
        "simplified": "Simplifié",
    },
    "sources": {
        "asalto": _FR_SOURCES["cyningstan"],
        "german-tactics": _FR_SOURCES["cyningstan"] + ", sa note sur German Tactics",
        "assault": _FR_SOURCES["wiki"],
        "assaut": _FR_SOURCES["assaut"],
        "assaut-no-blocking": _FR_SOURCES["assaut"],
        "assaut-free-soldiers": _FR_SOURCES["assaut"],
        "citadelle": _FR_SOURCES["citadelle"],
        "royal-garrison": _FR_SOURCES["wiki"] + " ; Officers & Sepoys est mentionné par Cyningstan",
        "royal-garrison-diagonals": _FR_SOURCES["wiki"] + ", son second plateau Royal Garrison",
        "simplified": _FR_SOURCES["wiki"] + " (autres plateaux)",
        "fuchs-und-henne": _FR_SOURCES["wiki"] + " (autres plateaux)",
        "2-contra-20": _FR_SOURCES["wiki"] + " (autres plateaux)",
        "ludii": _FR_SOURCES["ludii"],
    },
    "descriptions": {
        "asalto": "Les règles classiques : officiers placés où l'on veut dans la forteresse, les soldats ne "
        "peuvent pas s'en éloigner, et un officier qui ne fait pas une prise peut être soufflé.",
        "german-tactics": "Asalto sur les anciens plateaux allemands : les soldats ne peuvent pas emprunter "
        "les lignes marquées (toutes les lignes horizontales sauf la ligne du haut de chaque bras latéral) ; "
        "pour le reste, les règles d'Asalto.",
        "assault": "Les soldats ne font qu'avancer (de côté seulement sur la ligne du haut d'un bras latéral), "
        "les officiers doivent prendre et peuvent enchaîner les sauts ; les officiers partent de c5 et e5.",
        "assaut": "Les soldats prennent le plus court chemin vers la forteresse et s'y déplacent librement ; "
        "« souffler n'est pas jouer » : un officier au plus peut être soufflé ; 16 prises gagnent.",
        "assaut-no-blocking": "Assaut, mais les soldats perdent si leur coup laisse les officiers sans coup.",
        "assaut-free-soldiers": "Assaut avec des soldats plus libres : toute ligne qui ne recule pas, de côté compris.",
        "citadelle": "Les soldats avancent seulement (de côté sur leurs dernières lignes), prises en chaîne, "
        "et un coup qui manque la meilleure prise coûte un officier, retiré du plateau.",
        "royal-garrison": "Le grand plateau : trois officiers en c7, e7 et g7 tiennent une forteresse de "
        "17 points contre 50 soldats ; pour le reste, joué comme Assault.",
        "royal-garrison-diagonals": "Royal Garrison sur l'autre plateau que montre la page du wiki de jeux, "
        "où toutes les diagonales sont tracées : trois officiers en c7, e7 et g7 contre 50 soldats, joué "
        "comme Assault.",
        "simplified": "Assault joué sur le plateau simplifié (aucune diagonale hors de la forteresse).",
        "fuchs-und-henne": "Assault joué sur le plateau Fuchs und Henne avec 20 attaquants.",
        "2-contra-20": "Assault joué sur le plateau 2 contra 20 avec 20 attaquants.",
        "ludii": "La lecture de Ludii : les officiers en c6 et e6 jouent en premier, les soldats se déplacent "
        "le long de toute ligne, sauts simples, et après un tour sans prise tout officier qui pouvait prendre "
        "est retiré aussitôt.",
    },
    "readings": {
        "asalto": _FR_ASALTO,
        "german-tactics": (
            "la note de Cyningstan : « les soldats ne peuvent pas se déplacer le long de ces lignes "
            "spécialement marquées, mais les officiers le peuvent. Les seules lignes horizontales le long "
            "desquelles ils peuvent se déplacer sont la ligne du haut des bras gauche et droit de la croix. » "
            "La page du wiki de jeux « Assault » montre le même marquage (« ces déplacements interdits sont "
            "les lignes en tirets du diagramme ci-dessus »), et le livret « Assaut, jeu de la citadelle » le "
            "dessine à l'inverse, les lignes permises aux soldats en rouge (« Les soldats se déplacent "
            "uniquement sur les lignes rouges »)",
            "la note (« ceci vaut pour le jeu apparenté German Tactics ») ne change que les lignes que les "
            "soldats peuvent emprunter ; sur les autres, d'après Asalto, " + _FR_NOT_AWAY,
        )
        + _FR_ASALTO[1:],
        "assault": (
            "« les pièces de l'attaquant doivent toujours être déplacées vers la forteresse, et en particulier "
            "jamais de côté sauf tout en haut des deux bras horizontaux » : pas droits ou diagonaux vers une "
            "rangée plus haute, et pas de côté vers le centre sur la ligne du haut des bras latéraux ; de même "
            "dans la forteresse",
            "« le défenseur doit sauter si c'est possible » et « une pièce du défenseur peut faire plusieurs "
            "sauts consécutifs » : les chaînes sont sautées jusqu'au bout ; on ne souffle pas",
            "« réduire l'attaquant à huit pièces » : les officiers gagnent quand il en reste moins de neuf",
            "officiers en c5 et e5 comme sur le diagramme de mise en place ; « l'attaquant commence »",
        ),
        "assaut": _FR_ASSAUT,
        "assaut-no-blocking": (
            "« Les soldats perdent en effet la partie s'ils empêchent les officiers de se déplacer » : un coup "
            "des soldats qui laisse les officiers sans coup perd aussitôt",
        )
        + _FR_ASSAUT[:4]
        + (
            "« Lorsqu'un joueur ne peut pas se déplacer, il a perdu », sauf les officiers quand les soldats "
            "les ont bloqués",
        )
        + _FR_ASSAUT[5:],
        "assaut-free-soldiers": (
            "« Les soldats peuvent se déplacer horizontalement. Ils ne sont plus obligés d'avancer vers le "
            "château, mais n'ont jamais le droit de reculer » : toute ligne qui ne fait pas descendre de "
            "rangée ; libres dans la forteresse, jamais dehors",
        )
        + _FR_ASSAUT[1:],
        "citadelle": (
            "« Soldats : uniquement vers l'avant (sauf sur la dernière ligne cf dessin page suivante) » et "
            "« Les soldats se déplacent uniquement sur les lignes rouges vers l'avant, ils ne peuvent donc "
            "jamais reculer, mais peuvent se déplacer latéralement sur leurs dernières lignes (mais toujours "
            "pour se diriger vers la forteresse) » : vers l'avant, et de côté vers la citadelle sur la ligne du "
            "haut des bras latéraux",
            "« Les officiers capturent les soldats par saut, comme au jeu de dames, la prise est obligatoire. "
            "Les captures peuvent s'enchaîner. » : l'obligation est celle du joueur, comme aux dames, meilleure "
            "prise comprise : « un officier qui ne réalise pas une prise possible (ou la meilleure prise "
            "possible) est « soufflé » ». Une prise aussi grande que la plus grande qu'avait un officier n'est "
            "pas une faute ; un coup qui ne prend rien alors qu'une prise existait, ou qui prend moins de "
            "soldats que la meilleure prise, coûte l'un des officiers qui pouvaient faire la meilleure prise. Lue "
            "officier par officier, la phrase retirerait un officier dès que les deux pouvaient prendre, quoi "
            "que fasse le joueur : une pénalité que personne ne pourrait éviter",
            "« est « soufflé » et retiré du définitivement du jeu » : le retrait n'est pas au choix des "
            "soldats : au début de leur tour, un officier qui pouvait faire la meilleure prise est enlevé, puis "
            "ils jouent ; quand plusieurs le pouvaient, les soldats choisissent lequel, comme aux dames "
            "l'adversaire choisit le pion à souffler (un retrait seul quand il enlève le dernier officier)",
            "« capturer 16 soldats » : moins de neuf restants",
            "« la position des officiers dans la citadelle est laissée au choix du joueur »",
        ),
        "royal-garrison": _FR_ROYAL,
        "royal-garrison-diagonals": (
            "« une autre version du plateau “Royal Garrison” reliait toutes les diagonales » : les 67 points "
            "du plateau Royal Garrison, chacun relié à tous ses voisins orthogonaux et diagonaux (216 lignes). "
            "Le dessin de la page du wiki de jeux omet c8-d8, d8-e8, e8-f8, f8-g8, b7-c8 et g8-h7 ; sa phrase "
            "dit que toutes les diagonales sont reliées, et l'autre plateau Royal Garrison a les lignes de la "
            "rangée 8 de la forteresse : nous lisons donc ces six lignes comme des oublis du dessin et les "
            "dessinons",
        )
        + _FR_ROYAL,
        "simplified": (_FR_ALT_RULES, "", _FR_ALT_SETUP),
        "fuchs-und-henne": (_FR_ALT_RULES, "", _FR_TWENTY),
        "2-contra-20": (_FR_ALT_RULES, "", _FR_TWENTY),
        "ludii": (
            "reproduit Asalto.lud : son perft depuis le départ donne 6, 46, 304, 3496",
            "un officier qui pouvait sauter alors que le tour n'a rien pris est retiré, celui qui a bougé à "
            "son nouveau point",
            "seulement quand il ne reste aucun soldat",
        ),
    },
    "rebels": {
        "forward": "tout droit ou en diagonale vers l'avant ; de côté seulement le long de la ligne du haut "
        "d'un bras latéral, vers la forteresse",
        "not-away": "le long de toute ligne qui n'éloigne pas le soldat (en pas le long des lignes) de la forteresse",
        "shortest": "hors de la forteresse, chaque pas raccourcit d'un le chemin vers elle ; dedans, "
        "librement ; il n'en sort jamais",
        "never-back": "le long de toute ligne qui ne fait pas descendre de rangée ; librement dans la "
        "forteresse ; il n'en sort jamais",
        "any": "le long de toute ligne, dans toute direction",
    },
    "captures": {
        "chain": "un officier peut sauter encore et encore dans un même coup, en tournant entre les sauts",
        "single": "un saut par coup",
    },
    "stops": {
        "end": "une chaîne est sautée jusqu'au bout",
        "anywhere": "une chaîne peut s'arrêter après n'importe quel saut",
    },
    "duties": {
        "forced": "une prise doit être faite quand il y en a une",
        "optional": "prendre est facultatif et jamais puni",
        "huff": "ne pas prendre est permis mais puni : un officier qui n'a pas fait une prise possible peut "
        "être soufflé (retiré) : après un coup sans prise, tout officier qui pouvait prendre ; après une "
        "prise, l'officier preneur s'il a arrêté sa chaîne alors qu'il pouvait encore sauter",
        "huff-each": "ne pas prendre est permis mais puni : chaque officier qui pouvait prendre et n'a pas "
        "pris pendant ce tour peut être soufflé (retiré), même quand l'autre officier a pris (aucune source ne "
        "le lit ainsi : quand deux officiers peuvent prendre, le joueur en perd un quoi qu'il joue)",
        "huff-best": "ne pas faire la meilleure prise est permis mais puni : après un coup qui a pris moins de "
        "soldats que le plus qu'un officier pouvait prendre (un coup sans prise compris), un officier qui pouvait en "
        "prendre autant peut être soufflé (retiré)",
        "auto-huff-all": "après un tour sans prise, tout officier qui pouvait prendre est retiré aussitôt",
    },
    "removals": {
        "choice": "les soldats peuvent retirer un tel officier au début de leur coup suivant, puis jouent normalement",
        "auto": "un tel officier est enlevé au début du coup suivant des soldats, sans que ce soit à leur "
        "choix (ils choisissent lequel quand il y en a plusieurs), puis ils jouent normalement",
    },
    "options": {
        "rebels": "Déplacement des soldats",
        "marked": "Lignes marquées interdites aux soldats",
        "capture": "Prises",
        "stop": "Une chaîne peut s'arrêter",
        "duty": "Règle de prise",
        "removal": "Officiers soufflés",
        "huffs": "Officiers qui peuvent être soufflés dans une partie",
        "first": "Premier coup",
        "officers": "Départ des officiers",
        "win": "Victoire des officiers",
        "blocking": "Soldats qui laissent les officiers sans coup",
        "repetition": "Nulle par répétition",
    },
    "officer": ("officier", "officiers"),
    "rebel": ("soldat", "soldats"),
    "nth": {2: "deuxième", 3: "troisième", 4: "quatrième", 5: "cinquième"},
    "sep": " ; ",
    "row": "{label} : {text}",
    "board": "{title} : {points} points, {lines} lignes, forteresse de {fortress}",
    "pieces": "{officers} ({start}) ; {rebels}",
    "placed": "le joueur des officiers les place où il veut dans la forteresse",
    "on": "en {points}",
    "first-rebels": "les soldats",
    "first-officers": "les officiers",
    "marked-no": "jamais le long des lignes marquées",
    "max-huffs": "au plus {officers} peut être soufflé dans une partie",
    "max-huffs-n": "au plus {officers} peuvent être soufflés dans une partie",
    "none-remain": "quand il ne reste aucun soldat",
    "fewer": "quand il reste moins de {n} soldats",
    "or-blocked": "{remain} ; ou quand les soldats les laissent sans coup",
    "rebels-win-blocking": "quand chaque point de la forteresse porte un soldat, ou quand il ne reste aucun officier",
    "stuck-blocking": "les soldats sans coup permis perdent ; les officiers qui n'en ont plus gagnent",
    "rebels-win": "quand chaque point de la forteresse porte un soldat, quand il ne reste aucun officier, ou "
    "quand les officiers ne peuvent pas bouger",
    "stuck": "un camp sans coup permis perd (notre règle pour tous les jeux : seule la fiche « Assaut » le dit "
    "des deux camps, et une partie doit finir quand un camp ne peut plus jouer)",
    "repeat": "la {nth} occurrence d'une position est nulle",
    "repeat-why": " (notre règle, dans aucune source : sans elle une partie pourrait ne jamais finir)",
    "no-repeat": "une position répétée n'est pas nulle",
    "also": "{stuck} ; {repeat}",
    "marked-off": "les soldats peuvent emprunter toutes les lignes",
    "marked-on": "les soldats ne peuvent pas emprunter les lignes marquées (toutes les lignes horizontales "
    "sauf la ligne du haut de chaque bras latéral)",
    "huffs-all": "tout officier peut être soufflé",
    "huffs-n": "au plus {officers} dans une partie",
    "first-rebels-choice": "les soldats jouent en premier",
    "first-officers-choice": "les officiers jouent en premier",
    "blocking-allowed": "les officiers laissés sans coup perdent",
    "blocking-loses": "les soldats perdent si leur coup laisse les officiers sans coup",
    "house-title": "{title}, règles maison",
    "house-description": "{title} avec des règles maison : {changes}.",
    "house-change": "{label} : {meaning}",
    "house-reading": "modifié par rapport à {title} : {changes} ; les lectures ci-dessous reprennent celles de {title}",
}
# -- German ------------------------------------------------------------------------------------------
_DE_NOT_AWAY = (
    "Regel 5, „ein Rebell darf entlang einer markierten Linie in jede Richtung ziehen, die ihn nicht von der "
    "Festung wegführt“, wird so gelesen: der Abstand zur Festung, in Schritten entlang der Linien gezählt, "
    "darf nicht wachsen; Seitwärtszüge bei gleichem Abstand sind also erlaubt, und ein Rebell in der Festung "
    "zieht dort frei, verlässt sie aber nie"
)
_DE_ASALTO = (
    _DE_NOT_AWAY,
    "die Regeln beschreiben nur einen Sprung (Regel 9); wir lassen einen Offizier weiter springen und "
    "zwischen den Sprüngen die Richtung wechseln, wie es die Spiele-Wiki-Seite „Assault“ („ein Stein des "
    "Verteidigers darf in einem Zug mehrere Sprünge machen“) und das Heft „Assaut, jeu de la citadelle“ („Les "
    "captures peuvent s'enchaîner“) tun (Ludiis Asalto.lud springt nur einmal pro Zug), und nach jedem Sprung "
    "anhalten, da ein ausgelassener Schlag geblasen wird, nicht verboten ist",
    "Regel 11, „schlägt der Spieler der Offiziere nicht, obwohl er kann, so darf der Spieler der Rebellen auf "
    "das Schlagen hinweisen und den Offizier entfernen, der es versäumt hat“: das Versäumnis ist das des "
    "Spielers; nach einem Zug, der geschlagen hat, darf kein Offizier geblasen werden außer dem schlagenden, "
    "wenn er seine Kette anhielt, obwohl er weiter springen konnte; nach einem Zug ohne Schlagen darf jeder "
    "Offizier, der schlagen konnte, geblasen werden; die Rebellen entfernen höchstens einen solchen Offizier, "
    "„bevor er mit seinem eigenen Zug fortfährt“",
    "Regel 17: sobald nur noch acht Rebellen übrig sind, kann die Festung nicht mehr gefüllt werden; die "
    "Offiziere gewinnen also, wenn weniger als neun übrig sind",
    "Regel 3: der Spieler der Offiziere stellt beide Offiziere beliebig in die Festung; Regel 4: danach "
    "ziehen die Rebellen zuerst",
)
_DE_DAMES = (
    "„Les officiers sont obligés de prendre, quand ils peuvent le faire“ und „même type de prise que le jeu de "
    "dames“, und der Absatz über das Blasen trägt das Damespiel-Sprichwort „Souffler n'est pas jouer“ als "
    "Titel: die Pflicht ist die des Spielers, wie im Damespiel, und ein Schlag eines der beiden Offiziere "
    "erfüllt sie. Nach einem Schlag darf also kein Offizier geblasen werden, außer dem schlagenden, wenn er "
    "seine Kette anhielt, obwohl er weiter springen konnte (ein ausgelassener Schlag); nach einem Zug ohne "
    "Schlagen, obwohl ein Schlag möglich war, darf ein Offizier, der schlagen konnte, geblasen werden, nach "
    "Wahl der Rebellen. „Si par oubli ou par choix, un officier ne capture pas de pion alors qu'il en a la "
    "possibilité“ wird nicht Offizier für Offizier gelesen: könnten beide Offiziere schlagen, dürfte sonst "
    "einer von ihnen geblasen werden, was der Spieler auch tut, eine Strafe, der niemand entgehen könnte"
)
_DE_SOUFFLER = (
    "„« souffler » le pion fautif“ und „souffler n'est pas jouer“: die Rebellen dürfen den Offizier zu Beginn "
    "ihres Zuges entfernen, und das Blasen ersetzt ihren Zug nicht; „Un seul officier peut être retiré de "
    "cette manière“: nach einem Blasen gibt es kein weiteres"
)
_DE_ASSAUT = (
    "„Ils doivent toujours prendre le chemin le plus court pour atteindre la forteresse“: außerhalb der "
    "Festung verkürzt jeder Schritt den Abstand zur Festung entlang der Linien um eins; innen in jede "
    "Richtung; nie wieder hinaus",
    _DE_DAMES,
    _DE_SOUFFLER,
    "16 Schläge, also weniger als neun der 24 Rebellen übrig",
    "„Si un des joueurs ne peut pas se déplacer à son tour de jeu, il a perdu“",
    "das Blatt sagt es nicht; wir lassen die Rebellen beginnen, wie Cyningstans Regeln, die Spiele-Wiki-Seite "
    "und das Heft „Assaut, jeu de la citadelle“ (nur Ludiis Asalto.lud lässt die Offiziere beginnen)",
)
_DE_ROYAL = (
    "„der Verteidiger hat drei Steine, die in der Mitte und an beiden Enden der untersten Reihe der Festung "
    "beginnen“: c7, e7, g7",
    "„sonst wird wie Assault gespielt“: Züge nach vorn (seitwärts nur auf der obersten Linie eines "
    "Seitenarms, Reihe 7), Schlagzwang mit Ketten",
    "weniger Rebellen als die 17 Festungspunkte: weniger als 17 übrig",
)
_DE_ALT_RULES = (
    "die Spiele-Wiki-Seite „Assault“ gibt nur die Zeichnung („für diese habe ich keine Regeln, daher ist "
    "unklar, ob waagrechte Züge erlaubt waren oder nicht“); wir spielen es wie Assault"
)
_DE_ALT_SETUP = "Offiziere auf c5 und e5 wie auf dem Standardbrett"
_DE_TWENTY = (
    _DE_ALT_SETUP + "; „mit 20 Angreifern gespielt, die auf allen unteren Punkten aufgestellt werden“: jeder "
    "Punkt der Reihen 1 bis 4"
)
_DE_SOURCES = {
    "cyningstan": "Cyningstan, „Asalto“ (Seiten Traditional Board Games: 17 nummerierte Regeln und eine "
    "Anmerkung zu German Tactics)",
    "wiki": "eine Spiele-Wiki-Seite „Assault“ (Aufstellung, Züge, Mehrfachsprünge, andere Bretter, Royal Garrison)",
    "assaut": "ein französisches Regelblatt „Assaut“ (Rebellen auf dem kürzesten Weg, „souffler n'est pas "
    "jouer“, zwei Varianten)",
    "citadelle": "ein französisches Heft „Assaut, jeu de la citadelle“ (Rebellen nach vorn, Schlagketten, "
    "Blasen bei verfehltem bestem Schlag)",
    "ludii": "Ludiis Asalto.lud, Version 1.3.13 (allgemeines Spielsystem Ludii)",
}
DE = {
    "labels": {
        "Board": "Brett",
        "Pieces": "Steine",
        "First move": "Erster Zug",
        "Rebels move": "Züge der Rebellen",
        "Captures": "Schlagen",
        "Capturing": "Das Schlagen",
        "Capture rule": "Schlagregel",
        "Officers win": "Die Offiziere gewinnen",
        "Rebels win": "Die Rebellen gewinnen",
        "Also": "Außerdem",
        "Rebel moves": "Züge der Rebellen",
        "Multiple captures": "Mehrfaches Schlagen",
        "Huffing": "Blasen",
        "Officers' win": "Sieg der Offiziere",
        "Setup": "Aufstellung",
        "Marked lines": "Markierte Linien",
        "No move": "Kein Zug",
        "Blocking": "Blockieren",
        "Rules": "Regeln",
        "Source": "Quelle",
        "House rules": "Hausregeln",
    },
    "boards": {
        "standard": (
            "Standardbrett mit 33 Punkten",
            "Waagrechte und senkrechte Linien und die Diagonalen durch Punkte mit gerader Summe aus Spalte und "
            "Reihe (72 Linien).",
        ),
        "simplified": (
            "Vereinfachtes Brett",
            "Keine Diagonalen außer dem X in der Festung (56 Linien), wie auf der Spiele-Wiki-Seite "
            "„Assault“ gezeichnet.",
        ),
        "fuchs-und-henne": (
            "Brett Fuchs und Henne",
            "Das Standardbrett ohne die beiden oberen Diagonalen der Festung, dazu zwölf Diagonalen ungerader "
            "Parität im unteren und in den seitlichen Armen (82 Linien). Die Zeichnung auf der Spiele-Wiki-Seite "
            "„Assault“ lässt a4-b3 und g4-f3 aus; sie schließen keine Raute und wirken wie ein Versehen, doch "
            "wir zeichnen, was die Quelle zeigt.",
        ),
        "2-contra-20": (
            "Brett 2 contra 20",
            "Das Standardbrett mit 20 zusätzlichen Diagonalen (92 Linien): jede Verbindung benachbarter Punkte "
            "des Kreuzes außer den vier über seine inneren Ecken (b5-c6, f5-e6, b3-c2, f3-e2), wie auf der "
            "Spiele-Wiki-Seite „Assault“ gezeichnet.",
        ),
        "royal-garrison": (
            "Royal-Garrison-Brett mit 67 Punkten",
            "Das Kreuz eines 9x9-Gitters mit b9 und h9; Diagonalen gerader Parität und b9-c8, h9-g8 (164 Linien).",
        ),
        "royal-garrison-diagonals": (
            "Royal-Garrison-Brett mit allen Diagonalen",
            "Die 67 Punkte des Royal-Garrison-Bretts, jeder mit allen waagrechten, senkrechten und diagonalen "
            "Nachbarn verbunden (216 Linien). Der Zeichnung auf der Spiele-Wiki-Seite fehlen c8-d8, d8-e8, "
            "e8-f8, f8-g8, b7-c8 und g8-h7; ihr Text sagt, dass alle Diagonalen verbunden sind, und das andere "
            "Royal-Garrison-Brett hat die Linien der Reihe 8 der Festung, also lesen wir diese sechs als "
            "Versehen der Zeichnung und zeichnen sie.",
        ),
    },
    "titles": {
        "royal-garrison-diagonals": "Royal Garrison: alle Diagonalen",
        "simplified": "Vereinfacht",
    },
    "sources": {
        "asalto": _DE_SOURCES["cyningstan"],
        "german-tactics": _DE_SOURCES["cyningstan"] + ", ihre Anmerkung zu German Tactics",
        "assault": _DE_SOURCES["wiki"],
        "assaut": _DE_SOURCES["assaut"],
        "assaut-no-blocking": _DE_SOURCES["assaut"],
        "assaut-free-soldiers": _DE_SOURCES["assaut"],
        "citadelle": _DE_SOURCES["citadelle"],
        "royal-garrison": _DE_SOURCES["wiki"] + "; Officers & Sepoys erwähnt Cyningstan",
        "royal-garrison-diagonals": _DE_SOURCES["wiki"] + ", ihr zweites Royal-Garrison-Brett",
        "simplified": _DE_SOURCES["wiki"] + " (andere Bretter)",
        "fuchs-und-henne": _DE_SOURCES["wiki"] + " (andere Bretter)",
        "2-contra-20": _DE_SOURCES["wiki"] + " (andere Bretter)",
        "ludii": _DE_SOURCES["ludii"],
    },
    "descriptions": {
        "asalto": "Die klassischen Regeln: die Offiziere werden beliebig in die Festung gestellt, die Rebellen "
        "dürfen sich nicht von ihr entfernen, und ein Offizier, der nicht schlägt, kann geblasen werden.",
        "german-tactics": "Asalto auf den alten deutschen Brettern: die Rebellen dürfen die markierten Linien "
        "nicht benutzen (jede waagrechte Linie außer der obersten jedes Seitenarms); sonst gelten die Regeln "
        "von Asalto.",
        "assault": "Die Rebellen ziehen nur vorwärts (seitwärts nur auf der obersten Linie eines Seitenarms), "
        "die Offiziere müssen schlagen und dürfen Sprünge verketten; die Offiziere beginnen auf c5 und e5.",
        "assaut": "Die Rebellen nehmen den kürzesten Weg zur Festung und ziehen in ihr frei; „souffler n'est "
        "pas jouer“: höchstens ein Offizier kann geblasen werden; 16 Schläge gewinnen.",
        "assaut-no-blocking": "Assaut, aber die Rebellen verlieren, wenn ihr Zug den Offizieren keinen Zug lässt.",
        "assaut-free-soldiers": "Assaut mit freieren Rebellen: jede Linie, die nicht zurückführt, seitwärts "
        "eingeschlossen.",
        "citadelle": "Die Rebellen ziehen nur vorwärts (seitwärts auf ihren letzten Linien), Schlagketten, und "
        "ein Zug, der den besten Schlag versäumt, kostet einen Offizier, der vom Brett genommen wird.",
        "royal-garrison": "Das große Brett: drei Offiziere auf c7, e7 und g7 halten eine Festung aus 17 "
        "Punkten gegen 50 Rebellen; sonst wie Assault gespielt.",
        "royal-garrison-diagonals": "Royal Garrison auf dem anderen Brett, das die Spiele-Wiki-Seite zeigt, "
        "mit allen Diagonalen: drei Offiziere auf c7, e7 und g7 gegen 50 Rebellen, wie Assault gespielt.",
        "simplified": "Assault auf dem vereinfachten Brett (keine Diagonalen außerhalb der Festung).",
        "fuchs-und-henne": "Assault auf dem Brett Fuchs und Henne mit 20 Angreifern.",
        "2-contra-20": "Assault auf dem Brett 2 contra 20 mit 20 Angreifern.",
        "ludii": "Ludiis Lesart: die Offiziere auf c6 und e6 ziehen zuerst, die Rebellen ziehen entlang jeder "
        "Linie, einfache Sprünge, und nach einem Zug ohne Schlagen wird jeder Offizier, der schlagen konnte, "
        "sofort entfernt.",
    },
    "readings": {
        "asalto": _DE_ASALTO,
        "german-tactics": (
            "Cyningstans Anmerkung: „Rebellen dürfen nicht entlang dieser besonders markierten Linien ziehen, "
            "Offiziere schon. Die einzigen waagrechten Linien, auf denen sie ziehen dürfen, sind die obersten "
            "Linien des linken und rechten Arms des Kreuzes.“ Die Spiele-Wiki-Seite „Assault“ zeigt dieselbe "
            "Markierung („diese verbotenen Züge sind die gestrichelten Linien im Diagramm oben“), und das Heft "
            "„Assaut, jeu de la citadelle“ zeichnet sie umgekehrt, die für Rebellen erlaubten Linien rot („Les "
            "soldats se déplacent uniquement sur les lignes rouges“)",
            "die Anmerkung („dies gilt für das verwandte Spiel German Tactics“) ändert nur die Linien, die "
            "Rebellen benutzen dürfen; auf den anderen nach Asalto: " + _DE_NOT_AWAY,
        )
        + _DE_ASALTO[1:],
        "assault": (
            "„die Steine des Angreifers müssen stets zur Festung hin gezogen werden und dürfen insbesondere nie "
            "seitwärts gezogen werden außer ganz oben an den beiden waagrechten Armen“: gerade oder diagonale "
            "Schritte auf eine höhere Reihe und Seitwärtsschritte zur Mitte auf der obersten Linie der "
            "Seitenarme; in der Festung ebenso",
            "„der Verteidiger muss springen, wenn es möglich ist“ und „ein Stein des Verteidigers darf mehrere "
            "Sprünge hintereinander machen“: Ketten werden bis zum Ende gesprungen; geblasen wird nicht",
            "„den Angreifer auf acht Steine verringern“: die Offiziere gewinnen, wenn weniger als neun übrig sind",
            "Offiziere auf c5 und e5 wie im Aufstellungsdiagramm; „der Angreifer beginnt“",
        ),
        "assaut": _DE_ASSAUT,
        "assaut-no-blocking": (
            "„Les soldats perdent en effet la partie s'ils empêchent les officiers de se déplacer“: ein Zug der "
            "Rebellen, der den Offizieren keinen Zug lässt, verliert sofort",
        )
        + _DE_ASSAUT[:4]
        + (
            "„Lorsqu'un joueur ne peut pas se déplacer, il a perdu“, außer den Offizieren, wenn die Rebellen "
            "sie blockiert haben",
        )
        + _DE_ASSAUT[5:],
        "assaut-free-soldiers": (
            "„Les soldats peuvent se déplacer horizontalement. Ils ne sont plus obligés d'avancer vers le "
            "château, mais n'ont jamais le droit de reculer“: jede Linie, die die Reihe nicht senkt; in der "
            "Festung frei, nie hinaus",
        )
        + _DE_ASSAUT[1:],
        "citadelle": (
            "„Soldats : uniquement vers l'avant (sauf sur la dernière ligne cf dessin page suivante)“ und „Les "
            "soldats se déplacent uniquement sur les lignes rouges vers l'avant, ils ne peuvent donc jamais "
            "reculer, mais peuvent se déplacer latéralement sur leurs dernières lignes (mais toujours pour se "
            "diriger vers la forteresse)“: vorwärts, und seitwärts zur Zitadelle auf der obersten Linie der "
            "Seitenarme",
            "„Les officiers capturent les soldats par saut, comme au jeu de dames, la prise est obligatoire. Les "
            "captures peuvent s'enchaîner.“: die Pflicht ist die des Spielers, wie im Damespiel, der beste Schlag "
            "eingeschlossen: „un officier qui ne réalise pas une prise possible (ou la meilleure prise possible) "
            "est « soufflé »“. Ein Schlag so groß wie der größte, den ein Offizier hatte, ist kein Fehler; ein Zug, "
            "der nichts schlägt, obwohl ein Schlag möglich war, oder weniger Rebellen als der beste Schlag, kostet "
            "einen der Offiziere, die den besten Schlag hätten machen können. Offizier für Offizier gelesen, nähme "
            "der Satz einen Offizier, sobald beide schlagen konnten, was der Spieler auch tat: eine Strafe, der "
            "niemand entgehen könnte",
            "„est « soufflé » et retiré du définitivement du jeu“: die Entfernung steht den Rebellen nicht frei: "
            "zu Beginn ihres Zuges wird ein Offizier, der den besten Schlag hätte machen können, vom Brett "
            "genommen, dann ziehen sie; konnten es mehrere, wählen die Rebellen, welcher, wie im Damespiel der "
            "Gegner den zu blasenden Stein wählt (eine Entfernung allein, wenn sie den letzten Offizier nimmt)",
            "„capturer 16 soldats“: weniger als neun übrig",
            "„la position des officiers dans la citadelle est laissée au choix du joueur“",
        ),
        "royal-garrison": _DE_ROYAL,
        "royal-garrison-diagonals": (
            "„eine andere Fassung des „Royal Garrison“-Bretts verband alle Diagonalen“: die 67 Punkte des "
            "Royal-Garrison-Bretts, jeder mit allen waagrechten, senkrechten und diagonalen Nachbarn verbunden "
            "(216 Linien). Der Zeichnung auf der Spiele-Wiki-Seite fehlen c8-d8, d8-e8, e8-f8, f8-g8, b7-c8 und "
            "g8-h7; ihr Text sagt, dass alle Diagonalen verbunden sind, und das andere Royal-Garrison-Brett hat "
            "die Linien der Reihe 8 der Festung, also lesen wir diese sechs als Versehen der Zeichnung und "
            "zeichnen sie",
        )
        + _DE_ROYAL,
        "simplified": (_DE_ALT_RULES, "", _DE_ALT_SETUP),
        "fuchs-und-henne": (_DE_ALT_RULES, "", _DE_TWENTY),
        "2-contra-20": (_DE_ALT_RULES, "", _DE_TWENTY),
        "ludii": (
            "bildet Asalto.lud nach: sein Perft von der Anfangsstellung ergibt 6, 46, 304, 3496",
            "ein Offizier, der springen konnte, wird entfernt, wenn der Zug nichts geschlagen hat, der gezogene "
            "auf seinem neuen Punkt",
            "erst wenn kein Rebell mehr übrig ist",
        ),
    },
    "rebels": {
        "forward": "gerade oder diagonal vorwärts; seitwärts nur entlang der obersten Linie eines Seitenarms, "
        "zur Festung hin",
        "not-away": "entlang jeder Linie, die den Rebellen (in Schritten entlang der Linien) nicht weiter von "
        "der Festung entfernt",
        "shortest": "außerhalb der Festung verkürzt jeder Schritt den Weg zu ihr um eins; innen frei; er "
        "verlässt sie nie",
        "never-back": "entlang jeder Linie, die seine Reihe nicht senkt; in der Festung frei; er verlässt sie nie",
        "any": "entlang jeder Linie, in jede Richtung",
    },
    "captures": {
        "chain": "ein Offizier darf in einem Zug immer wieder springen und zwischen den Sprüngen die Richtung wechseln",
        "single": "ein Sprung pro Zug",
    },
    "stops": {
        "end": "eine Kette wird bis zum Ende gesprungen",
        "anywhere": "eine Kette darf nach jedem Sprung enden",
    },
    "duties": {
        "forced": "wenn ein Schlag möglich ist, muss geschlagen werden",
        "optional": "Schlagen ist freiwillig und wird nie bestraft",
        "huff": "Nichtschlagen ist erlaubt, wird aber bestraft: ein Offizier, der einen möglichen Schlag "
        "versäumt hat, darf geblasen (entfernt) werden: nach einem Zug ohne Schlagen jeder Offizier, der "
        "schlagen konnte; nach einem Schlag der schlagende Offizier, wenn er seine Kette anhielt, obwohl er "
        "weiter springen konnte",
        "huff-each": "Nichtschlagen ist erlaubt, wird aber bestraft: jeder Offizier, der in diesem Zug schlagen "
        "konnte und nicht geschlagen hat, darf geblasen (entfernt) werden, auch wenn der andere Offizier "
        "geschlagen hat (keine Quelle liest es so: können zwei Offiziere schlagen, verliert der Spieler einen, "
        "was er auch zieht)",
        "huff-best": "den besten Schlag zu versäumen ist erlaubt, wird aber bestraft: nach einem Zug, der weniger "
        "Rebellen schlug, als ein Offizier höchstens schlagen konnte (auch keinen), darf ein Offizier, der so "
        "viele schlagen konnte, geblasen (entfernt) werden",
        "auto-huff-all": "nach einem Zug ohne Schlagen wird jeder Offizier, der schlagen konnte, sofort entfernt",
    },
    "removals": {
        "choice": "die Rebellen dürfen einen solchen Offizier zu Beginn ihres nächsten Zuges entfernen und "
        "ziehen dann wie gewohnt",
        "auto": "ein solcher Offizier wird zu Beginn des nächsten Zuges der Rebellen entfernt, ohne dass sie es "
        "wählen (sie wählen, welcher, wenn es mehrere sind), dann ziehen sie wie gewohnt",
    },
    "options": {
        "rebels": "Züge der Rebellen",
        "marked": "Markierte Linien für Rebellen gesperrt",
        "capture": "Schlagen",
        "stop": "Eine Kette darf enden",
        "duty": "Schlagregel",
        "removal": "Geblasene Offiziere",
        "huffs": "Offiziere, die in einem Spiel geblasen werden dürfen",
        "first": "Erster Zug",
        "officers": "Aufstellung der Offiziere",
        "win": "Sieg der Offiziere",
        "blocking": "Rebellen, die den Offizieren keinen Zug lassen",
        "repetition": "Remis durch Wiederholung",
    },
    "officer": ("Offizier", "Offiziere"),
    "rebel": ("Rebell", "Rebellen"),
    "nth": {2: "zweite", 3: "dritte", 4: "vierte", 5: "fünfte"},
    "sep": "; ",
    "row": "{label}: {text}",
    "board": "{title}: {points} Punkte, {lines} Linien, Festung aus {fortress}",
    "pieces": "{officers} ({start}); {rebels}",
    "placed": "der Spieler der Offiziere stellt sie beliebig in die Festung",
    "on": "auf {points}",
    "first-rebels": "die Rebellen",
    "first-officers": "die Offiziere",
    "marked-no": "nie entlang der markierten Linien",
    "max-huffs": "höchstens {officers} darf in einem Spiel geblasen werden",
    "max-huffs-n": "höchstens {officers} dürfen in einem Spiel geblasen werden",
    "none-remain": "wenn kein Rebell mehr übrig ist",
    "fewer": "wenn weniger als {n} Rebellen übrig sind",
    "or-blocked": "{remain}; oder wenn die Rebellen ihnen keinen Zug lassen",
    "rebels-win-blocking": "wenn jeder Punkt der Festung einen Rebellen trägt oder kein Offizier mehr übrig ist",
    "stuck-blocking": "Rebellen ohne erlaubten Zug verlieren; Offiziere ohne Zug gewinnen",
    "rebels-win": "wenn jeder Punkt der Festung einen Rebellen trägt, wenn kein Offizier mehr übrig ist oder "
    "wenn die Offiziere nicht ziehen können",
    "stuck": "eine Seite ohne erlaubten Zug verliert (unsere Regel für jedes Spiel: nur das Blatt „Assaut“ sagt "
    "es von beiden Seiten, und ein Spiel muss enden, wenn eine Seite nicht ziehen kann)",
    "repeat": "das {nth} Auftreten einer Stellung ist remis",
    "repeat-why": " (unsere Regel, in keiner Quelle: ohne sie könnte ein Spiel endlos dauern)",
    "no-repeat": "eine wiederholte Stellung ist kein Remis",
    "also": "{stuck}; {repeat}",
    "marked-off": "die Rebellen dürfen jede Linie benutzen",
    "marked-on": "die Rebellen dürfen die markierten Linien nicht benutzen (jede waagrechte Linie außer der "
    "obersten jedes Seitenarms)",
    "huffs-all": "jeder Offizier darf geblasen werden",
    "huffs-n": "höchstens {officers} in einem Spiel",
    "first-rebels-choice": "die Rebellen ziehen zuerst",
    "first-officers-choice": "die Offiziere ziehen zuerst",
    "blocking-allowed": "Offiziere ohne Zug verlieren",
    "blocking-loses": "die Rebellen verlieren, wenn ihr Zug den Offizieren keinen Zug lässt",
    "house-title": "{title}, Hausregeln",
    "house-description": "{title} mit Hausregeln: {changes}.",
    "house-change": "{label}: {meaning}",
    "house-reading": "geändert gegenüber {title}: {changes}; die Lesarten unten sind die von {title}",
}

TABLES = {"fr": FR, "de": DE}
ALTERNATES = ("simplified", "fuchs-und-henne", "2-contra-20")  # their Board reading is the board's notes
for _tab in (FR, DE):
    for _name in ALTERNATES:
        _r = _tab["readings"][_name]
        _tab["readings"][_name] = (_r[0], _tab["boards"][_name][1].rstrip("."), _r[2])
    _tab["lower-labels"] = _tab is FR  # German nouns keep their capital inside a sentence


def _plural(tab, n, word):
    one, many = tab[word]
    return str(n) + " " + (one if n == 1 else many)


def _base(rs):
    return RULESETS[rs.base] if rs.base else rs


def meaning(tab, base, key, value):
    """What an option's value means (the engine's rulesets._choices, translated)."""
    if key == "rebels":
        return tab["rebels"][value]
    if key == "marked":
        return tab["marked-" + value]
    if key == "capture":
        return tab["captures"][value]
    if key == "stop":
        return tab["stops"][value]
    if key == "duty":
        return tab["duties"][value]
    if key == "removal":
        return tab["removals"][value]
    if key == "huffs":
        return (
            tab["huffs-all"] if value == "all" else tab["huffs-n"].format(officers=_plural(tab, int(value), "officer"))
        )
    if key == "first":
        return tab["first-" + value + "-choice"]
    if key == "officers":
        return tab["placed"] if value == "placed" else tab["on"].format(points=", ".join(base.officer_start))
    if key == "win":
        return tab["none-remain"] if value == "1" else tab["fewer"].format(n=value)
    if key == "blocking":
        return tab["blocking-" + value]
    if value == "off":
        return tab["no-repeat"]
    return tab["repeat"].format(nth=tab["nth"][int(value)])


def summary(tab, rs):
    """The summary rows (the engine's Ruleset.summary, translated)."""
    g = rs.geometry
    sep = tab["sep"]
    start = tab["placed"] if rs.placement else tab["on"].format(points=", ".join(rs.officer_start))
    captures = tab["captures"][rs.capture]
    if rs.capture == "chain":
        captures += sep + tab["stops"][rs.chain_stop]
    capturing = tab["duties"][rs.duty]
    if rs.huffing:
        capturing += sep + tab["removals"][rs.removal]
        if rs.max_huffs:
            key = "max-huffs" if rs.max_huffs == 1 else "max-huffs-n"
            capturing += sep + tab[key].format(officers=_plural(tab, rs.max_huffs, "officer"))
    below = rs.win_threshold
    remain = tab["none-remain"] if below == 1 else tab["fewer"].format(n=below)
    if rs.blocking_loses:
        officers_win = tab["or-blocked"].format(remain=remain)
        rebels_win, stuck = tab["rebels-win-blocking"], tab["stuck-blocking"]
    else:
        officers_win, rebels_win, stuck = remain, tab["rebels-win"], tab["stuck"]
    if rs.repetition:
        repeat = tab["repeat"].format(nth=tab["nth"].get(rs.repetition, str(rs.repetition))) + tab["repeat-why"]
    else:
        repeat = tab["no-repeat"]
    rebels_move = tab["rebels"][rs.rebel_move] + (sep + tab["marked-no"] if rs.marked_lines else "")
    board = tab["board"].format(
        title=tab["boards"][g.name][0], points=len(g.points), lines=len(g.lines), fortress=len(g.fortress)
    )
    rows = (
        ("Board", board),
        ("Pieces", tab["pieces"].format(
            officers=_plural(tab, rs.officers, "officer"), start=start,
            rebels=_plural(tab, len(rs.rebel_points), "rebel"))),
        ("First move", tab["first-" + rs.first]),
        ("Rebels move", rebels_move),
        ("Captures", captures),
        ("Capture rule", capturing),
        ("Officers win", officers_win),
        ("Rebels win", rebels_win),
        ("Also", tab["also"].format(stuck=stuck, repeat=repeat)),
    )  # fmt: skip
    return [[tab["labels"][label], text] for label, text in rows]


def _title(tab, rs):
    return tab["titles"].get(rs.name, rs.title)


def _label(tab, key):
    label = tab["options"][key]
    return label[:1].lower() + label[1:] if tab["lower-labels"] else label


def panel(name):
    """The rules panel of ``name`` (a ruleset or house rules) in the page's language:
    {name, title, source, description, summary, readings}."""
    rs = find_ruleset(name)
    tab = TABLES.get(language())
    if tab is None:
        data = rs.to_json()
        out = {key: data[key] for key in ("name", "title", "source", "description")}
        out["summary"] = [list(row) for row in data["summary"]]
        out["readings"] = [list(row) for row in data["readings"]]
        return out
    base = _base(rs)
    readings = tab["readings"][base.name]
    out = {"name": rs.name, "source": tab["sources"][base.name], "summary": summary(tab, rs)}
    if rs is base:
        out["title"] = _title(tab, rs)
        out["description"] = tab["descriptions"][rs.name]
        out["readings"] = [[tab["labels"][r[0]], readings[i]] for i, r in enumerate(rs.readings)]
        return out
    ours, theirs = rs.options(), base.options()
    changed = [key for key in OPTION_KEYS if ours[key] != theirs[key]]
    title = _title(tab, base)
    out["title"] = tab["house-title"].format(title=title)
    out["description"] = tab["house-description"].format(
        title=title,
        changes=tab["sep"].join(
            tab["house-change"].format(label=_label(tab, key), meaning=meaning(tab, base, key, ours[key]))
            for key in changed
        ),
    )
    house = tab["house-reading"].format(title=title, changes=", ".join(key + "=" + ours[key] for key in changed))
    out["readings"] = [[tab["labels"]["House rules"], house]] + [
        [tab["labels"][r[0]], readings[base.readings.index(r)]] for r in rs.readings[1:]
    ]
    return out


def title(name):
    return panel(name)["title"]


def form_options(name):
    """custom_options(name) with its labels and choices in the page's language."""
    options = custom_options(name)
    tab = TABLES.get(language())
    if tab is None:
        return options
    base = _base(find_ruleset(name))
    for opt in options:
        opt["label"] = tab["options"][opt["key"]]
        opt["choices"] = [[value, meaning(tab, base, opt["key"], value)] for value, _ in opt["choices"]]
    return options


def board_title(board):
    tab = TABLES.get(language())
    return tab["boards"][board][0] if tab else BOARDS[board].title
