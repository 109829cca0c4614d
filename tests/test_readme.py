"""What the README and docs/ claim, the code keeps true."""

import re
from pathlib import Path

from asalto_core.rulesets import rules_markdown
from helpers import script

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _between(text: str, name: str) -> str:
    return text.split(f"<!-- {name}:begin -->\n", 1)[1].split(f"<!-- {name}:end -->", 1)[0]


def test_the_rules_page_is_generated_from_the_rulesets():
    section = _between((ROOT / "docs" / "rules.md").read_text(), "rules")
    assert section.strip() == rules_markdown().strip(), "run: asalto rules --markdown"


def test_the_layout_names_every_module_and_page():
    layout = _between(README.read_text(), "layout")
    named = set(re.findall(r"[\w.-]+\.(?:py|html|js)\b", layout))
    modules = {p.name for p in (ROOT / "pkg" / "asalto_core").glob("*.py")}
    build = script("build.py", "asalto_build")
    files = list(build.site_files()) + [Path(m).name for m in build.site_modules()]  # site/ and every app's folder
    site = {name for name in files if name.endswith((".py", ".js", ".html")) and not name.startswith("examples")}
    site.discard("__init__.py")
    apps = {app + "/" for app in build.APPS}
    missing = sorted((modules | site) - named) + sorted(apps - set(re.findall(r"\b\w+/", layout)))
    assert not missing, f"the README's layout does not name {missing}"


def test_every_page_the_readme_links_to_exists():
    for link in re.findall(r"\]\(([^)#]+)\)", README.read_text()):
        if not link.startswith("http"):
            assert (ROOT / link).exists(), link
