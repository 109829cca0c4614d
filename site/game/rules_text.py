"""The rules panel and the house-rules form in the page's language: the engine's messages
(asalto_core.rulesets: each ruleset's title, source, description, rows and readings, and each
option's label and meanings) said by the page's catalogs, as ``asalto rules`` says them in English.
"""

from asalto_core.messages import render
from asalto_core.rulesets import custom_options, find_ruleset
from lib.i18n import t


def say(message):
    """A message of the engine in the page's language."""
    return render(message, t)


def panel(name):
    """The rules panel of ``name`` (a ruleset or house rules): {name, title, source, description,
    summary, readings}, the last two as [label, text] rows."""
    data = find_ruleset(name).to_json()
    out = {"name": data["name"]}
    for key in ("title", "source", "description"):
        out[key] = say(data[key])
    for key in ("summary", "readings"):
        out[key] = [[say(label), say(text)] for label, text in data[key]]
    return out


def title(name):
    return say(find_ruleset(name).title)


def form_options(name):
    """custom_options(name) with its labels and the values' meanings in the page's language."""
    options = custom_options(name)
    for opt in options:
        opt["label"] = say(opt["label"])
        opt["choices"] = [[value, say(meaning)] for value, meaning in opt["choices"]]
    return options
