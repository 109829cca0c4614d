"""What the README claims, the code keeps true."""

from pathlib import Path

from asalto_core.rulesets import rules_markdown

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_rules_section_is_generated_from_the_rulesets():
    text = README.read_text()
    section = text.split("<!-- rules:begin -->\n", 1)[1].split("<!-- rules:end -->", 1)[0]
    assert section.strip() == rules_markdown().strip(), "run: asalto rules --markdown"
