"""Draw the app icons into static/icons/: two playing cards on the theme colour.

Run `.venv/bin/python scripts/make_icons.py` after changing the drawing; the PNGs are committed, so
the app itself never needs Pillow (a dev dependency). Shapes only, no fonts: the output is the same
on every machine.
"""

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
THEME = (31, 95, 139)      # #1f5f8b, the manifest's theme_color
CARD = (250, 248, 240)
EDGE = (19, 23, 31)
RED = (200, 40, 50)
SUPERSAMPLE = 4


def _cards(size: int, content: float) -> Image.Image:
    """Two cards, the front one with a heart, drawn in the middle `content` share of a square."""
    big = size * SUPERSAMPLE
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    box = big * content
    left, top = (big - box) / 2, (big - box) / 2
    w, h = box * 0.56, box * 0.78
    radius = box * 0.07
    back = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(back).rounded_rectangle(
        (left + box * 0.08, top + box * 0.06, left + box * 0.08 + w, top + box * 0.06 + h),
        radius, fill=CARD, outline=EDGE, width=max(1, int(box * 0.02)))
    layer.alpha_composite(back.rotate(12, center=(left + box * 0.3, top + box * 0.5), resample=Image.BICUBIC))
    fx, fy = left + box * 0.36, top + box * 0.16
    draw = ImageDraw.Draw(layer)
    draw.rounded_rectangle((fx, fy, fx + w, fy + h), radius, fill=CARD, outline=EDGE, width=max(1, int(box * 0.02)))
    # A heart: two circles over a triangle, centred on the front card.
    cx, cy, r = fx + w / 2, fy + h * 0.45, w * 0.17
    draw.ellipse((cx - 2 * r, cy - r, cx, cy + r), fill=RED)
    draw.ellipse((cx, cy - r, cx + 2 * r, cy + r), fill=RED)
    draw.polygon([(cx - 1.93 * r, cy + r * 0.3), (cx, cy - r * 0.3), (cx + 1.93 * r, cy + r * 0.3), (cx, cy + r * 2.6)],
                 fill=RED)
    return layer


def icon(size: int, *, rounded: bool, content: float) -> Image.Image:
    """The background (rounded for 'any' icons, full bleed for maskable and Apple) plus the cards."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), big * 0.22, fill=THEME)
    else:
        draw.rectangle((0, 0, big, big), fill=THEME)
    image.alpha_composite(_cards(size, content))
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    icon(192, rounded=True, content=0.8).save(OUT / "icon-192.png", optimize=True)
    icon(512, rounded=True, content=0.8).save(OUT / "icon-512.png", optimize=True)
    # Maskable: the launcher crops to a circle or squircle, so everything stays in the inner 80 %.
    icon(512, rounded=False, content=0.6).save(OUT / "icon-maskable-512.png", optimize=True)
    icon(180, rounded=False, content=0.78).convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)
    icon(48, rounded=True, content=0.9).save(OUT / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(OUT.parent.parent)}  {path.stat().st_size} B")


if __name__ == "__main__":
    main()
