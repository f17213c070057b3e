"""Draw the PNG app icons from static/rulebook/icons/icon.svg with the browser the tests use.

Run after editing the SVG: ``.venv/bin/python scripts/make_icons.py``. The PNGs are committed so
a deployment needs no browser. Maskable and Apple icons are the same drawing without rounded
corners (the platform cuts its own shape; the book stays inside the 80 % safe zone).
"""

import base64
import shutil
import struct
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
# /favicon.ico: the 32 and 16 px drawings, stored as PNG inside the ICO container.
FAVICON_SIZES = (32, 16)


def data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def ico(pngs: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG images (every browser since 2007 reads PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, png in pngs:
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        blobs += png
    return header + entries + blobs


def render(browser, svg: str, size: int) -> bytes:
    page = browser.new_page(viewport={"width": size, "height": size})
    page.set_content(
        f'<html><body style="margin:0;background:transparent">'
        f'<img src="{data_url(svg)}" width="{size}" height="{size}" style="display:block">'
        f"</body></html>"
    )
    page.wait_for_load_state("load")
    png = page.screenshot(omit_background=True)
    page.close()
    return png


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    square = svg.replace('rx="96" ', "")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, size, full_bleed in OUTPUTS:
            (ICONS / name).write_bytes(render(browser, square if full_bleed else svg, size))
            print(f"wrote {ICONS / name}")
        pngs = [(size, render(browser, svg, size)) for size in FAVICON_SIZES]
        (ICONS / "favicon.ico").write_bytes(ico(pngs))
        print(f"wrote {ICONS / 'favicon.ico'}")
        browser.close()


if __name__ == "__main__":
    main()
