"""The comparison itself, on drawn images: noise passes, what an eye would notice fails."""

from pathlib import Path

from PIL import Image, ImageDraw

from golden.compare import CHANNEL_STEP, mismatch


def _card(colour=(240, 240, 240), label=True, label_at=(40, 40)) -> Image.Image:
    image = Image.new("RGB", (400, 300), colour)
    if label:
        ImageDraw.Draw(image).text(label_at, "Record", fill=(20, 20, 20))
    return image


def _saved(tmp_path: Path, image: Image.Image) -> Path:
    path = tmp_path / "golden" / "card.png"
    path.parent.mkdir(exist_ok=True)
    image.save(path)
    return path


def test_a_few_slightly_changed_edge_pixels_pass(tmp_path):
    golden = _saved(tmp_path, _card())
    noisy = _card()
    pixels = noisy.load()
    for x in range(0, 400, 9):  # scattered, and each well under the step
        pixels[x, 50] = tuple(min(255, c + CHANNEL_STEP - 5) for c in pixels[x, 50])
    for x in range(0, 400, 25):  # and a few far off, but far apart
        pixels[x, 90] = (0, 0, 0)
    assert mismatch(golden, noisy, tmp_path / "out") is None
    assert not (tmp_path / "out").exists()


def test_a_changed_colour_fails_and_leaves_the_actual_and_a_diff(tmp_path):
    golden = _saved(tmp_path, _card())
    message = mismatch(golden, _card(colour=(200, 220, 250)), tmp_path / "out")
    assert message and "pixels" in message
    assert (tmp_path / "out" / "card.actual.png").exists() and str(tmp_path / "out" / "card.diff.png") in message


def test_a_missing_label_fails(tmp_path):
    golden = _saved(tmp_path, _card())
    assert mismatch(golden, _card(label=False), tmp_path / "out")


def test_a_moved_label_fails(tmp_path):
    golden = _saved(tmp_path, _card())
    assert mismatch(golden, _card(label_at=(40, 52)), tmp_path / "out")


def test_a_different_size_fails(tmp_path):
    golden = _saved(tmp_path, _card())
    message = mismatch(golden, _card().crop((0, 0, 400, 280)), tmp_path / "out")
    assert message and "400×280" in message


def test_a_small_dense_patch_fails_though_few_pixels_differ(tmp_path):
    golden = _saved(tmp_path, Image.new("RGB", (800, 800), "white"))
    blotted = Image.new("RGB", (800, 800), "white")
    ImageDraw.Draw(blotted).rectangle((100, 100, 104, 104), fill=(30, 30, 30))  # 25 pixels: a dot, an "i"
    assert "square" in (mismatch(golden, blotted, tmp_path / "out") or "")
