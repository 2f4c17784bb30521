"""Presentation (issue 5): a whole-number scale, centred with black borders, 8:7, scanlines,
fullscreen, all through SDL's renderer (here on the dummy video driver)."""
import pygame

from tdream.frontend.display import Display, fit_scale, frame_rect
from tdream.frontend.settings import Settings


def test_scale_is_the_largest_whole_number_that_fits():
    assert fit_scale(1920, 1080) == 4          # 1024x896 fits, 1280x1120 does not
    assert fit_scale(3840, 2160) == 9
    assert fit_scale(100, 100) == 1
    assert fit_scale(1920, 1080, aspect_87=True) == 4


def test_the_frame_is_centred_with_black_borders():
    assert frame_rect(1920, 1080, 4) == (448, 92, 1024, 896)
    x, y, w, h = frame_rect(1920, 1080, 4, aspect_87=True)
    assert (w, h) == (1170, 896) and x == (1920 - 1170) // 2


def test_display_presents_every_mode_without_error():
    pygame.display.init()
    s = Settings(scale=2, scanlines=True, aspect_87=True)
    d = Display(s)
    frame = pygame.Surface((256, 224))
    frame.fill((248, 0, 0))
    d.present(frame)
    d.toggle_fullscreen()
    assert d.fullscreen and s.fullscreen
    d.present(frame)
    d.toggle_fullscreen()
    assert not d.fullscreen
    s.scanlines = False
    d.present(frame)
    d.close()
