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


def test_the_window_follows_the_scale_and_aspect_chosen(monkeypatch):
    """Issue 36: changed in Options, the scale and the 8:7 aspect resize the window (Scale 1 was a
    small picture in a large window; Scale 5-8 drew at the size the window had); a scale the
    desktop cannot hold is shown at the largest that fits, and said (``shortfall``). 8:7 at
    "fit" is the largest scale that fits with the wider pixels counted."""
    from tdream.frontend import display
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    s = Settings(scale=0)
    d = display.Display(s)
    assert tuple(d.window.size) == (1024, 896) and d.shortfall() is None          # fit: 4x
    s.scale = 1
    d.resize()
    assert tuple(d.window.size) == (256, 224)
    assert d.frame_scale(*d.window.size) == 1
    s.scale = 2
    d.resize()
    assert tuple(d.window.size) == (512, 448) and d.frame_scale(*d.window.size) == 2
    s.scale, s.aspect_87 = 0, True
    d.resize()
    assert tuple(d.window.size) == (1170, 896) and d.frame_scale(*d.window.size) == 4     # not 3
    s.scale, s.aspect_87 = 6, False
    d.resize()
    assert tuple(d.window.size) == (1024, 896) and d.shortfall() == (6, 4)
    s.scale = 4
    d.resize()
    assert d.shortfall() is None and d.frame_scale(*d.window.size) == 4
    d.close()
