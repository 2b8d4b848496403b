"""Compare a screenshot with its golden image: close enough passes, a changed look fails.

Two photographs of the same page in the same Chromium differ, if at all, by a few anti-aliased edge
pixels, each a little lighter or darker and scattered along the edges of text. What a person would see
differs more: a changed colour moves every pixel of a surface far, a missing label or a moved block
changes a dense patch. So a pixel differs when one of its channels moves more than CHANNEL_STEP, and
the image fails when more than MOST_SHARE of its pixels differ, or when any TILE×TILE square holds more
than TILE_MOST differing pixels (a word of a few letters fills one).
"""

from pathlib import Path

from PIL import Image, ImageChops

CHANNEL_STEP = 16
MOST_SHARE = 0.0005
TILE = 16
TILE_MOST = 12


def differing_mask(golden: Image.Image, actual: Image.Image) -> Image.Image:
    """A 1-bit image: set where the largest channel difference exceeds CHANNEL_STEP."""
    bands = ImageChops.difference(golden.convert("RGB"), actual.convert("RGB")).split()
    largest = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    return largest.point(lambda v: 255 if v > CHANNEL_STEP else 0, mode="1")


def densest_tile(mask: Image.Image) -> tuple[int, tuple[int, int]]:
    """The most differing pixels in one TILE×TILE square, and where that square is (x, y)."""
    width, height = mask.size
    # Shrunk by TILE with a box filter, each pixel is its square's share of set pixels.
    small = mask.convert("L").reduce(TILE)
    value, where = 0, (0, 0)
    pixels = small.load()
    for y in range(small.size[1]):
        for x in range(small.size[0]):
            if pixels[x, y] > value:
                value, where = pixels[x, y], (x * TILE, y * TILE)
    return round(value / 255 * TILE * TILE), where


def mismatch(golden_path: Path, actual: Image.Image, out_dir: Path) -> str | None:
    """None when `actual` matches the golden image; else why not, having written the actual image and a
    diff (differing pixels red over a faded golden) into `out_dir`, named in the message."""
    with Image.open(golden_path) as opened:
        golden = opened.convert("RGB")
    stem = golden_path.stem
    problem = None
    if golden.size != actual.size:
        problem = f"is {actual.size[0]}×{actual.size[1]} px, the golden image {golden.size[0]}×{golden.size[1]}"
        diff = None
    else:
        mask = differing_mask(golden, actual)
        count = mask.histogram()[-1]
        share = count / (mask.size[0] * mask.size[1])
        tile, (x, y) = densest_tile(mask)
        if share > MOST_SHARE:
            problem = f"{count} pixels ({share:.3%}) differ; at most {MOST_SHARE:.2%} may"
        elif tile > TILE_MOST:
            problem = f"{tile} pixels differ in the {TILE}×{TILE} square at ({x}, {y}); at most {TILE_MOST} may"
        faded = Image.blend(golden.convert("RGB"), Image.new("RGB", golden.size, "white"), 0.7)
        diff = Image.composite(Image.new("RGB", golden.size, (255, 0, 0)), faded, mask)
    if problem is None:
        return None
    out_dir.mkdir(parents=True, exist_ok=True)
    actual_path = out_dir / f"{stem}.actual.png"
    actual.save(actual_path)
    message = f"{stem}: the screenshot {problem}. Golden: {golden_path}; actual: {actual_path}"
    if diff is not None:
        diff_path = out_dir / f"{stem}.diff.png"
        diff.save(diff_path)
        message += f"; diff: {diff_path}"
    return message + ". If the change is meant, `make golden` takes the golden images again."
