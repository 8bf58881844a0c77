"""The seat marks every table shares: each seat's medallion differs (colour and shape), the seat to play is lit,
and a plate's rim tells the turn."""

import pygame

from game.ui import plates
from game.ui.theme import GOTHIC


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_every_seat_has_its_own_medallion_and_the_turn_lights_it(app):
    looks = [pixels(plates.medallion(seat, 40)) for seat in range(8)]
    assert len(set(looks)) == 8
    assert pixels(plates.medallion(2, 40, turn=True)) != looks[2]
    assert plates.medallion(0, 40).get_size() == (40, 40)


def test_the_plate_of_the_seat_to_play_glows_beyond_its_edge(app):
    def draw(turn: bool) -> pygame.Surface:
        surface = pygame.Surface((200, 120))
        surface.fill(GOTHIC.table)
        plates.draw_plate(surface, pygame.Rect(40, 30, 120, 60), GOTHIC, turn=turn, radius=8)
        return surface

    resting, playing = draw(False), draw(True)
    assert resting.get_at((30, 60))[:3] == GOTHIC.table
    assert playing.get_at((30, 60))[:3] != GOTHIC.table
    assert playing.get_at((41, 60))[:3] != resting.get_at((41, 60))[:3]


def test_the_dealer_chip_is_a_round_gold_disc(app):
    chip = plates.dealer_chip(30)
    assert chip.get_size() == (30, 30) and chip.get_at((0, 0)).a == 0
    assert chip.get_at((15, 3))[:3] != (0, 0, 0)
