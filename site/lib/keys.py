"""The pages' local-storage keys, each written once. The game page's save is read by the trainer
and by boot.js too (for the language and the mode chosen); build.py writes its key into boot.js."""

SAVE_KEY = "asalto.save.v1"  # the game page's save (storage.py)
GOOD_KEY = "asalto.save.good"  # the last save that read well, to go back to
PREVIOUS_KEY = "asalto.previous"  # the game before the last one opened (storage.keep_previous)
FRIENDS_KEY = "asalto.friends.v1"  # the games with friends at a distance, beside the save (never in it)
STUDY_KEY = "asalto.study.v1"  # an older page's one study, read once into STUDIES_KEY (studies.py)
STUDIES_KEY = "asalto.studies.v1"  # the studies kept in this browser, each with its revision (studies.py)
VERSIONS_KEY = "asalto.studies.history.v1"  # their recent versions, before each change that took something away
PUZZLES_KEY = "asalto.puzzles.v1"  # the trainer's record of the player: rating, streak, history
RECORD_KEY = "asalto.record.v1"  # a record of more games than a study holds, and its game shown (chapters.py)
# What a game page's start found and had not said yet (storage.say), said by the next start (boot.js's
# stall watch reloads a start it thinks stuck; a slow tab may be closed).
UNSAID_KEY = "asalto.start-unsaid"
# How a page names each store to the player when one does not read: message identifiers.
NAMES = (
    (SAVE_KEY, "store-save"),
    (GOOD_KEY, "store-good"),
    (PREVIOUS_KEY, "store-previous"),
    (FRIENDS_KEY, "store-friends"),
    (STUDY_KEY, "store-study"),
    (STUDIES_KEY, "store-studies"),
    (VERSIONS_KEY, "store-versions"),
    (PUZZLES_KEY, "store-puzzles"),
    (RECORD_KEY, "store-record"),
)
