"""Draw the PNG app icons from static/rulebook/icons/icon.svg with the browser the tests use.

Run after editing the SVG: ``.venv/bin/python scripts/make_icons.py``. The PNGs are committed so
a deployment needs no browser. Maskable and Apple icons are the same drawing without rounded
corners (the platform cuts its own shape; the book stays inside the 80 % safe zone).
"""

import base64
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "rulebook" / "icons"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# name, pixel size, square corners
OUTPUTS = [
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
]


def data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    square = svg.replace('rx="96" ', "")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, size, full_bleed in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size})
            source = data_url(square if full_bleed else svg)
            page.set_content(
                f'<html><body style="margin:0;background:transparent">'
                f'<img src="{source}" width="{size}" height="{size}" style="display:block">'
                f"</body></html>"
            )
            page.wait_for_load_state("load")
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"wrote {ICONS / name}")
        browser.close()


if __name__ == "__main__":
    main()
