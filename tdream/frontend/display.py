"""Showing the 256x224 frame: SDL's renderer scales it on the GPU (or SDL's own software path),
at a whole-number scale, centred with black borders, windowed or fullscreen; optional 8:7 pixel
aspect and scanlines. Nothing here changes the game.
"""
from __future__ import annotations

import pygame
from pygame._sdl2 import video

from .constants import H, W


def fit_scale(width: int, height: int, aspect_87: bool = False) -> int:
    """The largest whole-number scale whose frame (as ``frame_rect`` makes it: an 8:7 frame's
    width rounded) fits in ``width`` x ``height`` (at least 1)."""
    scale = max(1, height // H)
    while scale > 1 and frame_rect(0, 0, scale, aspect_87)[2] > width:
        scale -= 1
    return scale


def frame_rect(width: int, height: int, scale: int, aspect_87: bool = False) -> tuple[int, int, int, int]:
    """Where the frame goes: centred, ``scale`` times (8:7 widens each pixel by 8/7)."""
    fw = round(W * scale * 8 / 7) if aspect_87 else W * scale
    fh = H * scale
    return ((width - fw) // 2, (height - fh) // 2, fw, fh)


MARGIN = (64, 96)        # the desktop a window may take: less what panels and title bars need


def window_scale(desktop: tuple[int, int], scale: int, aspect_87: bool) -> int:
    """The scale a window of the setting ``scale`` (0: the largest that fits) shows the frame
    at on ``desktop``: the one chosen, unless the desktop cannot hold it (then the largest
    that fits, with 8:7 counted)."""
    most = fit_scale(desktop[0] - MARGIN[0], desktop[1] - MARGIN[1], aspect_87)
    return min(scale, most) if scale else most


class Display:
    def __init__(self, settings, title: str = "tdream") -> None:
        self.settings = settings
        pygame.display.init()
        info = pygame.display.get_desktop_sizes()[0] if pygame.display.get_desktop_sizes() else (W * 3, H * 3)
        self.desktop = info
        self.shown = (settings.scale, settings.aspect_87)        # the setting the window was sized for
        self.scale = window_scale(info, settings.scale, settings.aspect_87)
        x, y, w, h = frame_rect(0, 0, self.scale, settings.aspect_87)
        self.window = video.Window(title, size=(w, h), resizable=True)
        self.renderer = video.Renderer(self.window, accelerated=-1, vsync=False)
        self.texture = video.Texture(self.renderer, (W, H), streaming=True)
        self.scan = self._scanline_texture()
        self.fullscreen = False
        if settings.fullscreen:
            self.toggle_fullscreen()

    def resize(self) -> None:
        """The window made the size of the scale and aspect now set (Options: issue 36), when they
        have changed since it was sized; in fullscreen, when it goes back to a window."""
        s = self.settings
        if (s.scale, s.aspect_87) == self.shown:
            return
        self.shown = (s.scale, s.aspect_87)
        self.scale = window_scale(self.desktop, s.scale, s.aspect_87)
        if not self.fullscreen:
            _, _, w, h = frame_rect(0, 0, self.scale, s.aspect_87)
            self.window.size = (w, h)

    def shortfall(self) -> tuple[int, int] | None:
        """(the scale chosen, the scale shown) when the desktop cannot hold the one chosen, or None."""
        s = self.settings
        if s.scale and not self.fullscreen and self.scale < s.scale:
            return s.scale, self.scale
        return None

    def _scanline_texture(self):
        s = pygame.Surface((1, H * 2), pygame.SRCALPHA)      # one texture: a dark line under each row
        s.fill((0, 0, 0, 0))
        for y in range(1, H * 2, 2):
            s.set_at((0, y), (0, 0, 0, 96))
        t = video.Texture.from_surface(self.renderer, s)
        t.blend_mode = pygame.BLENDMODE_BLEND
        return t

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window.set_windowed()
            _, _, w, h = frame_rect(0, 0, self.scale, self.settings.aspect_87)
            self.window.size = (w, h)
        else:
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen

    def present(self, frame: pygame.Surface) -> None:
        self.texture.update(frame)
        ww, wh = self.window.size
        s = self.settings
        scale = self.frame_scale(ww, wh)
        dst = frame_rect(ww, wh, scale, s.aspect_87)
        r = self.renderer
        r.draw_color = (0, 0, 0, 255)
        r.clear()
        self.texture.draw(dstrect=dst)
        if s.scanlines and scale >= 2:
            self.scan.draw(dstrect=dst)
        r.present()

    def frame_scale(self, ww: int, wh: int) -> int:
        """The scale the frame is drawn at in a window (or screen) of ``ww`` x ``wh``: the largest
        that fits in fullscreen or at "fit", else the one chosen where it fits."""
        s = self.settings
        most = fit_scale(ww, wh, s.aspect_87)
        if self.fullscreen or not s.scale:
            return most
        return min(s.scale, most)

    def close(self) -> None:
        self.window.destroy()
