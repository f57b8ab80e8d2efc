"""Card sprites on a table: layout diffing, tweened moves, flips, drag and drop.

A scene never moves a card by hand.  It computes where every card *should* be
for the current rules state (`Placement`s keyed by a stable card id) and calls
`CardTable.sync`; the table compares that with where the sprites are and
starts the tweens (KPatience computes its animations the same way, from card
states rather than per-move code).  Dragging is the one exception: while the
mouse holds cards they follow it, and a refused drop flies them back.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import pygame

from game.engine import theme
from game.engine.tween import Tween, ease_in_out, lerp

BASE_MOVE_S = 0.28
FLIP_S = 0.22
SHAKE_S = 0.35


@dataclass(frozen=True)
class Placement:
    """Where a card should rest: top-left corner, face, stacking order, size."""

    x: float
    y: float
    face_up: bool = True
    z: int = 0
    size: tuple[int, int] | None = None  # None: the table's card size


_REVERSED: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


def reversed_image(img: pygame.Surface) -> pygame.Surface:
    """A selected card's face in reverse video (dark paper, light ink), as the old help files promise: a
    selection must be unmistakable at a glance, which a small lift is not.  Cached per face surface (the
    card art caches faces, so the same surface comes back every frame)."""
    hit = _REVERSED.get(id(img))
    if hit is not None and hit[0] is img:
        return hit[1]
    # white minus the face (pygame.transform.invert crashes on RLE-accelerated keyed surfaces)
    plain = img.copy()
    key = plain.get_colorkey()
    plain.set_colorkey(None)
    out = pygame.Surface(img.get_size())
    out.fill((255, 255, 255))
    out.blit(plain, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    if key is not None:  # the keyed-out rounded corners stay transparent
        out.set_colorkey(tuple(255 - c for c in key[:3]))
    if len(_REVERSED) > 256:
        _REVERSED.clear()
    _REVERSED[id(img)] = (img, out)
    return out


@dataclass(eq=False)
class CardSprite:
    id: str
    code: str
    x: float
    y: float
    face_up: bool
    z: int = 0
    size: tuple[int, int] | None = None
    px: float = 0.0  # position one step ago, for interpolated drawing
    py: float = 0.0
    tween: Tween | None = None
    flip: Tween | None = None  # 0 -> 1 while turning over
    shake: float = 0.0  # seconds of shake left
    selected: bool = False
    highlight: tuple[int, int, int] | None = None
    dragging: bool = False
    extra: dict = field(default_factory=dict)

    def rect(self, default: tuple[int, int]) -> pygame.Rect:
        w, h = self.size or default
        return pygame.Rect(round(self.x), round(self.y), w, h)

    @property
    def moving(self) -> bool:
        return self.tween is not None or self.flip is not None or self.shake > 0


class CardTable:
    """All card sprites of one table scene, and the drag in progress."""

    def __init__(self, card_size: tuple[int, int] = (90, 126)) -> None:
        self.card_size = card_size
        self.sprites: dict[str, CardSprite] = {}
        self.anim_scale = 1.0  # Settings.anim_scale(): 0 turns animations off
        self.drag: list[CardSprite] = []
        self._drag_offsets: list[tuple[float, float]] = []
        self._drag_home: list[tuple[float, float]] = []
        self.selected_raise = 0.12  # fraction of card height a selected card rises
        #: a selected face in reverse video (the solitaires' old help files); False: lifted and outlined only
        #: (ACME's fanned hand, where a negative under the next card read as a different card)
        self.reverse_selected = True

    # layout ---------------------------------------------------------------
    def sync(self, placements: dict[str, Placement], codes: dict[str, str] | None = None,
             spawn: tuple[float, float] | None = None, stagger: float = 0.0,
             duration: float = BASE_MOVE_S, animate: bool = True) -> int:
        """Move every sprite to its placement; returns how many started moving.

        ``codes`` maps ids to card codes (default: the id up to any ``#``);
        new cards appear at ``spawn`` (default: where they belong) and fly in.
        Moving cards are started ``stagger`` seconds apart in placement order.
        """
        scale = self.anim_scale if animate else 0.0
        moved = 0
        queued = 0  # cards that wait their turn: only real journeys (a pile squeezed tighter, or the
        # stock settling by a few pixels, moves at once, so the last dealt card never waits behind them)
        nudge = self.card_size[1] // 4
        for sid in list(self.sprites):
            if sid not in placements and sid not in {s.id for s in self.drag}:
                del self.sprites[sid]
        for sid, pl in placements.items():
            code = (codes or {}).get(sid) or sid.split("#", 1)[0]
            sp = self.sprites.get(sid)
            if sp is None:
                sx, sy = spawn if spawn is not None else (pl.x, pl.y)
                sp = CardSprite(sid, code, sx, sy, pl.face_up, pl.z, pl.size, sx, sy)
                self.sprites[sid] = sp
            sp.code = code
            sp.z = pl.z
            sp.size = pl.size
            if sp.dragging:
                continue
            target = (pl.x, pl.y)
            journey = abs(target[0] - sp.x) + abs(target[1] - sp.y) > nudge
            if sp.face_up != pl.face_up:
                sp.face_up = pl.face_up
                if scale > 0:
                    sp.flip = Tween((0.0,), (1.0,), FLIP_S * scale, delay=queued * stagger * scale, ease=ease_in_out)
            if (sp.x, sp.y) != target:
                if scale > 0:
                    sp.tween = Tween((sp.x, sp.y), target, duration * scale,
                                     delay=queued * stagger * scale if journey else 0.0)
                    queued += journey
                else:
                    sp.x, sp.y = target
                    sp.px, sp.py = target
                    sp.tween = None
                moved += 1
            elif sp.tween is not None and sp.tween.end != target:
                sp.tween = None
        return moved

    def set_card_size(self, size: tuple[int, int]) -> None:
        self.card_size = size

    # time -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        for sp in self.sprites.values():
            sp.px, sp.py = sp.x, sp.y
            if sp.tween is not None:
                sp.tween.step(dt)
                sp.x, sp.y = sp.tween.value()
                if sp.tween.done:
                    sp.tween = None
            if sp.flip is not None:
                sp.flip.step(dt)
                if sp.flip.done:
                    sp.flip = None
            if sp.shake > 0:
                sp.shake = max(0.0, sp.shake - dt)

    @property
    def animating(self) -> bool:
        return any(sp.moving for sp in self.sprites.values())

    def finish(self) -> None:
        """Jump every animation to its end (used by tests, screenshots, 'off')."""
        for sp in self.sprites.values():
            if sp.tween is not None:
                sp.x, sp.y = sp.tween.end
            sp.px, sp.py = sp.x, sp.y
            sp.tween = None
            sp.flip = None
            sp.shake = 0.0

    def refuse(self, sid: str) -> None:
        """A short shake: the visual half of 'that move is not allowed'."""
        sp = self.sprites.get(sid)
        if sp is not None and self.anim_scale > 0:
            sp.shake = SHAKE_S

    # hit testing and drag ------------------------------------------------------
    def ordered(self) -> list[CardSprite]:
        """Sprites bottom to top as drawn (moving cards above resting ones)."""
        def key(sp: CardSprite) -> tuple[int, int, float]:
            layer = 2 if sp.dragging else (1 if sp.tween is not None and sp.tween.started else 0)
            delay = sp.tween.delay if sp.tween is not None else 0.0
            return (layer, sp.z, delay)
        return sorted(self.sprites.values(), key=key)

    def hit(self, pos: tuple[int, int], only: Iterable[str] | None = None) -> CardSprite | None:
        """The top-most sprite under ``pos`` (restricted to ids in ``only``)."""
        allowed = set(only) if only is not None else None
        for sp in reversed(self.ordered()):
            if allowed is not None and sp.id not in allowed:
                continue
            if sp.rect(self.card_size).collidepoint(pos):
                return sp
        return None

    def begin_drag(self, sprites: list[CardSprite], pos: tuple[int, int]) -> None:
        """Pick up ``sprites`` keeping where on the card the mouse grabbed them."""
        self.finish_drag_tweens(sprites)
        self.drag = list(sprites)
        self._drag_offsets = [(sp.x - pos[0], sp.y - pos[1]) for sp in sprites]
        self._drag_home = [(sp.x, sp.y) for sp in sprites]
        for sp in sprites:
            sp.dragging = True

    @staticmethod
    def finish_drag_tweens(sprites: list[CardSprite]) -> None:
        for sp in sprites:
            if sp.tween is not None:
                sp.x, sp.y = sp.tween.end
                sp.tween = None

    def drag_to(self, pos: tuple[int, int]) -> None:
        for sp, (ox, oy) in zip(self.drag, self._drag_offsets, strict=True):
            sp.x, sp.y = pos[0] + ox, pos[1] + oy
            sp.px, sp.py = sp.x, sp.y

    def drag_rect(self) -> pygame.Rect | None:
        if not self.drag:
            return None
        return self.drag[0].rect(self.card_size)

    def end_drag(self) -> list[CardSprite]:
        """Release the held cards where they are; the scene then syncs them."""
        out = self.drag
        for sp in out:
            sp.dragging = False
        self.drag, self._drag_offsets, self._drag_home = [], [], []
        return out

    def cancel_drag(self) -> None:
        """Fly the held cards back to where they were picked up."""
        held, homes = self.drag, self._drag_home
        self.end_drag()
        self.fly_home(held, homes)

    def fly_home(self, sprites: list[CardSprite], homes: list[tuple[float, float]]) -> None:
        """Tween released cards to ``homes`` (an illegal drop flies back)."""
        for sp, home in zip(sprites, homes, strict=True):
            if self.anim_scale > 0:
                sp.tween = Tween((sp.x, sp.y), home, BASE_MOVE_S * self.anim_scale)
            else:
                sp.x, sp.y = home
                sp.px, sp.py = home

    # drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, art, back_index: int, alpha: float = 1.0) -> None:
        """Blit every card; ``art`` is a sprites.cards.CardArt."""
        default = self.card_size
        for sp in self.ordered():
            w, h = sp.size or default
            x = lerp(sp.px, sp.x, alpha) if not sp.dragging else sp.x
            y = lerp(sp.py, sp.y, alpha) if not sp.dragging else sp.y
            if sp.selected:  # rises, but never under the menu bar (Aces Up's piles start just below it)
                y = max(y - h * self.selected_raise, min(y, theme.MENUBAR_H + 6))
            if sp.shake > 0:
                x += math.sin(sp.shake * 60) * 6 * (sp.shake / SHAKE_S)
            face = sp.face_up
            squeeze = 1.0
            if sp.flip is not None:
                t = sp.flip.value()[0]
                squeeze = abs(math.cos(math.pi * t))
                if t < 0.5:
                    face = not face
            img = art.face(sp.code, w, h) if face else art.back(back_index, w, h)
            if sp.selected and face and self.reverse_selected:
                img = reversed_image(img)
            if sp.dragging or (sp.tween is not None and sp.tween.started):
                surface.blit(art.shadow(w, h), (x + 3, y + 5))
            if squeeze < 0.999:
                sw = max(1, int(w * squeeze))
                img = pygame.transform.scale(img, (sw, h))
                surface.blit(img, (x + (w - sw) / 2, y))
            else:
                surface.blit(img, (x, y))
            if theme.RECORD is not None and not sp.moving and not sp.dragging:
                theme.note("card", f"{'up' if face else 'down'}:{sp.id}", (round(x), round(y), w, h), surface)
            if sp.selected:  # solid (and the card reversed); a hint is dashed: shapes, not colours alone
                theme.mark(surface, pygame.Rect(round(x) - 4, round(y) - 4, w + 8, h + 8), theme.HILITE,
                           radius=max(4, w // 10))
            if sp.highlight is not None:
                theme.mark(surface, pygame.Rect(round(x) - 3, round(y) - 3, w + 6, h + 6), sp.highlight, dashed=True,
                           radius=max(4, w // 10))
