"""Art: every documented card id draws at the asked size; beads differ by shape too; bad ids fail clearly."""

import io

import pygame
import pytest

from game.core import registry
from game.storage.cache import UserCache
from game.storage.paths import user_cache_dir
from game.ui import assets, cards, kept
from game.ui.sprites import BeadSprite, CandySprite, CardSprite, sprite_at
from game.ui.theme import COLOUR_BLIND, GOTHIC
from game.ui.tween import Tweener

SIZE = (50, 70)
REAPERS = [f"{suit}-{rank}" for suit in cards.REAPER_SUITS for rank in [*map(str, range(2, 11)), "demon"]] + ["reaper"]
PLAYING = [f"{rank}{suit}" for suit in "SHDC" for rank in cards.PLAYING_RANKS] + ["joker-colour", "joker-black"]
NEVERMORE = list(cards.NEVERMORE_SUITS) + ["raven-7"]
MAGICK = ["light", "shadow", "light:Sanctuary", "shadow:Steal one Victory point from a rival"]


@pytest.mark.parametrize("deck,ids", [("reapers", REAPERS), ("playing", PLAYING), ("nevermore", NEVERMORE),
                                      ("magick", MAGICK)])
def test_every_card_face_draws_at_its_size(app, deck, ids):
    for card_id in ids:
        assert assets.card_face(deck, card_id, SIZE).get_size() == SIZE


def test_faces_differ_and_are_cached(app):
    a = assets.card_face("reapers", "daggers-2", SIZE)
    assert assets.card_face("reapers", "daggers-2", SIZE) is a
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(assets.card_face("reapers", "poison-2", SIZE), "RGBA")


@pytest.mark.parametrize("deck,card_id", [("reapers", "daggers-11"), ("reapers", "swords-3"), ("playing", "1S"),
                                          ("playing", "AX"), ("nevermore", "fire"), ("magick", "dark:x"),
                                          ("tarot", "fool")])
def test_unknown_card_ids_fail_clearly(app, deck, card_id):
    with pytest.raises(cards.CardIdError):
        assets.card_face(deck, card_id, SIZE)


def test_backs(app):
    for deck in cards.BACKS:
        assert assets.card_back(deck, SIZE).get_size() == SIZE
    with pytest.raises(cards.CardIdError):
        assets.card_back("tarot", SIZE)


def _mask(surface):
    return pygame.mask.from_surface(surface).count()


def _largest_table() -> int:
    registry.load_all()
    return max(spec.max_players for spec in registry.all_games())


def test_beads_differ_by_shape_not_only_colour(app):
    seats = _largest_table()
    shapes = {_mask(assets.bead(i, 40)) for i in range(seats)}
    assert len(shapes) == seats == len(assets.BEAD_SHAPES)


@pytest.mark.parametrize("palette", [GOTHIC, COLOUR_BLIND])
def test_every_seat_of_the_largest_table_has_its_own_colour_and_name(palette):
    seats = _largest_table()
    assert len(set(palette.seats)) == len(set(palette.seat_names)) == seats


def test_colour_blind_palette_changes_the_colours(app):
    assets.use_palette(COLOUR_BLIND)
    try:
        cb = pygame.image.tobytes(assets.bead(0, 30), "RGBA")
    finally:
        assets.use_palette(GOTHIC)
    assert cb != pygame.image.tobytes(assets.bead(0, 30), "RGBA")


def test_candy_looks_from_data_never_fail(app):
    assert assets.candy_parts("red-wrapped") == (assets.palette().candies["red"], "wrapped")
    for look in ("orange-corn", "mystery", "", "teal-blob"):
        assert assets.candy(look, 32).get_size() == (32, 32)
    assert assets.candy_parts("teal-blob") == assets.candy_parts("teal-blob")


def test_card_sprite_flip_moves_and_hits(app):
    card = CardSprite("playing", "AS", SIZE, (100, 100), face_up=False)
    assert not card.showing_face()
    tweens = Tweener(1.0)
    tweens.add(card.flip_to(True, 0.2))
    tweens.update(0.15)
    assert card.showing_face() and card.rect.w < SIZE[0]
    tweens.add(card.move_to((300, 200), 0.3, angle=90))
    tweens.update(1.0)
    assert card.face_up and card.pos == (300, 200) and card.rect.size == (SIZE[1], SIZE[0])
    hidden = CardSprite("reapers", None, SIZE, (300, 200), z=5)
    assert not hidden.showing_face() and sprite_at([card, hidden], (300, 200)) is hidden
    assert BeadSprite(3, 20).rect.size == (20, 20) and CandySprite("pink-heart", 24).rect.size == (24, 24)


@pytest.fixture
def kept_in_cache(user_dirs):
    """What the kit works out once kept in the test's own cache folder, as the app keeps it."""
    kept.use_store(UserCache())
    yield user_cache_dir()
    kept.use_store(None)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_menu_picture_is_rendered_once_then_read_back_and_a_damaged_one_rendered_again(app, kept_in_cache):
    size = (231, 163)
    assets.clear_cache()
    drawn = _pixels(assets.game_picture("reapers", size))
    (kept_file,) = kept_in_cache.glob(f"{assets.PICTURE_KIND}-*")
    assets.clear_cache()
    assert _pixels(assets.game_picture("reapers", size)) == drawn
    red = pygame.Surface(size, pygame.SRCALPHA)
    red.fill((255, 0, 0, 255))
    encoded = io.BytesIO()
    pygame.image.save(red, encoded, "red.png")
    kept_file.write_bytes(encoded.getvalue())
    assets.clear_cache()
    assert _pixels(assets.game_picture("reapers", size)) == _pixels(red)  # read back, not rendered
    for damaged in (b"", b"\x89PNG not quite", encoded.getvalue()[:100]):
        kept_file.write_bytes(damaged)
        assets.clear_cache()
        assert _pixels(assets.game_picture("reapers", size)) == drawn
        assert kept_file.read_bytes().startswith(b"\x89PNG") and len(kept_file.read_bytes()) > 100
    assets.clear_cache()
