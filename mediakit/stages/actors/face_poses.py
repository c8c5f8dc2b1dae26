"""Key poses of a real face: where the face-mesh points go for each mouth shape, blink and brow raise.

A pose is the rest points plus a displacement per point, built from a few
muscles' worth of rules rather than a learned model:

* **jaw**: the lower lip and everything on the mandible below the mouth line
  drops (the chin fully, the jaw angles less), by whatever makes the gap
  between the inner lips the viseme's opening; a photo with its mouth open
  closes for the closed shapes the same way;
* **lips**: spread (``ee``) or round (``oo``, ``oh``) by scaling the lips
  and the skin near them about the mouth centre, fading with distance;
* **lids**: the upper lid slides down to meet the lower lid (which rises a
  little), the lid skin above following;
* **brows**: the brows rise (or, at a negative level, lower: a calm or
  serious face), the forehead above them less, the skin down to the lid
  stretching (or gathering).

The iris points are left out (``MESH_POINTS``): a closing lid covers them.
"""

from __future__ import annotations

import numpy as np

from .visemes import VISEMES

MESH_POINTS = 468                  # the 478 less the ten iris points
UPPER_INNER = (78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308)
LOWER_INNER = (78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308)
UPPER_OUTER = (61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291)
LOWER_OUTER = (61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291)
CORNERS = (61, 291, 78, 308)
FACE_OVAL = (10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
             176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109)
# each eye's lids from the outer to the inner corner, so the n-th upper point sits over the n-th lower one
EYES = (((246, 161, 160, 159, 158, 157, 173), (7, 163, 144, 145, 153, 154, 155)),
        ((466, 388, 387, 386, 385, 384, 398), (249, 390, 373, 374, 380, 381, 382)))
BROWS = ((46, 53, 52, 65, 55, 70, 63, 105, 66, 107), (276, 283, 282, 295, 285, 300, 293, 334, 296, 336))

# viseme -> (opening as a share of MAX_OPEN, lip spread: + wider, - rounder)
MOUTH_SHAPES: dict[str, tuple[float, float]] = {
    "rest": (0.0, 0.0), "mbp": (0.0, -0.03), "aa": (1.0, 0.04), "eh": (0.6, 0.05), "ee": (0.32, 0.12),
    "oh": (0.72, -0.14), "oo": (0.3, -0.24), "fv": (0.1, 0.0), "l_th": (0.45, 0.02), "etc": (0.2, 0.06),
}
MAX_OPEN = 0.1         # the inner lips' widest gap, in face heights (hairline to chin)
JAW_SHARE = 0.75       # how much of the opening the chin drops; the lips part the rest
UPPER_LIFT = 0.12      # how much of the opening the upper lip lifts
BLINK = {"open": 0.0, "half": 0.55, "closed": 1.0}
BROW_RAISE = 0.035     # in face heights, at brow level 1


def _clamp(v: np.ndarray | float, lo: float = 0.0, hi: float = 1.0) -> np.ndarray:
    return np.clip(v, lo, hi)


class FacePoses:
    """Pose builder for one face's rest points (``MESH_POINTS`` x 2, in pixels)."""

    def __init__(self, rest: np.ndarray) -> None:
        self.rest = rest[:MESH_POINTS].astype(np.float64)
        p = self.rest
        self.face_h = float(p[152, 1] - p[10, 1])
        self.face_w = float(p[454, 0] - p[234, 0])
        self.mouth_c = (p[61] + p[291]) / 2
        self.mouth_w = float(p[291, 0] - p[61, 0])

    def gap(self) -> float:
        """The photo's own opening between the inner lips, in pixels."""
        return float(np.mean(self.rest[list(LOWER_INNER[1:-1]), 1] - self.rest[list(UPPER_INNER[1:-1]), 1]))

    def mouth(self, viseme: str) -> np.ndarray:
        """The points posed for ``viseme`` (one of ``VISEMES``)."""
        if viseme not in VISEMES:
            raise KeyError(viseme)
        opening, spread = MOUTH_SHAPES[viseme]
        target = opening * MAX_OPEN * self.face_h
        posed = self.rest.copy()
        posed[:, 1] += JAW_SHARE * (target - self.gap()) * self._jaw_weights()
        d = self.rest - self.mouth_c
        # the spread reaches the cheeks and chin, hardly the nose above
        reach_y = np.where(d[:, 1] < 0, 0.3, 0.6) * self.mouth_w
        r = np.hypot(d[:, 0] / (self.mouth_w / 2), d[:, 1] / reach_y)
        near = _clamp(1 - (r - 1) / 1.2) ** 2
        posed[:, 0] += spread * d[:, 0] * near
        # the lips part along a smooth arch, the upper lip lifting a little: the inner lines are placed,
        # and each outer lip line follows its inner one so the lips keep their thickness
        ui, li, uo, lo = (list(ix[1:-1]) for ix in (UPPER_INNER, LOWER_INNER, UPPER_OUTER, LOWER_OUTER))
        left, right = posed[78, 0], posed[308, 0]
        arch = np.sin(np.pi * _clamp((posed[li, 0] - left) / max(right - left, 1e-6))) ** 0.7
        lift = UPPER_LIFT * target * arch
        posed[ui, 1] -= lift
        posed[uo, 1] -= lift / 2
        placed = posed[ui, 1] + target * arch
        # the lower lip's own shift tapers to nothing at the corners, so the lip does not fold there
        xs = np.concatenate([[left], posed[li, 0], [right]])
        extra = np.interp(posed[:, 0], xs, np.concatenate([[0.0], placed - posed[li, 1], [0.0]]))
        below_lip = self.rest[:, 1] - np.interp(self.rest[:, 0], self.rest[lo, 0], self.rest[lo, 1])
        band = _clamp(1 - below_lip / (0.1 * self.face_h)) * self._lower_lip_side()
        posed[:, 1] += extra * band
        posed[li, 1] = placed
        return posed

    def _lower_lip_side(self) -> np.ndarray:
        """1 for points under the mouth line (the lower lip and below), 0 above it."""
        p = self.rest
        upper, lower = list(UPPER_INNER), list(LOWER_INNER)
        line_x = (p[upper, 0] + p[lower, 0]) / 2
        line_y = (p[upper, 1] + p[lower, 1]) / 2
        side = (p[:, 1] > np.interp(p[:, 0], line_x, line_y)).astype(np.float64)
        side[upper + list(UPPER_OUTER)] = 0.0
        return side

    def _jaw_weights(self) -> np.ndarray:
        """How much of the jaw's drop each point follows (0 to 1)."""
        p = self.rest
        upper = np.array(UPPER_INNER)
        lower = np.array(LOWER_INNER)
        line_x = (p[upper, 0] + p[lower, 0]) / 2
        line_y = (p[upper, 1] + p[lower, 1]) / 2
        e = np.abs(p[:, 0] - self.mouth_c[0]) / (self.mouth_w / 2)
        below = p[:, 1] > np.interp(p[:, 0], line_x, line_y)
        inside = np.where(below, 1 - 0.65 * _clamp(e) ** 4, 0.0)
        corner_y = self.mouth_c[1]
        ramp = _clamp((p[:, 1] - corner_y) / (0.18 * self.face_h))
        lateral = (e - 1) / max(self.face_w / self.mouth_w - 1, 1e-6)
        outside = ramp * (1 - 0.7 * _clamp(lateral))
        w = np.where(e <= 1, inside, outside)
        w[list(UPPER_INNER) + list(UPPER_OUTER)] = 0.0
        w[list(LOWER_INNER[1:-1]) + list(LOWER_OUTER[1:-1])] = 1.0
        w[list(CORNERS)] = 0.3
        return w

    def eyes(self, state: str, brow: float = 0.0) -> np.ndarray:
        """The points with lids ``state`` (``open``, ``half``, ``closed``) and the brows at ``brow`` (0 at rest,
        1 raised by ``BROW_RAISE``, negative lowered)."""
        posed = self.rest.copy()
        shut = BLINK[state]
        p = self.rest
        lift = np.zeros(len(p))
        for (upper, lower), line in zip(EYES, BROWS, strict=True):
            up, lo = np.array(upper), np.array(lower)
            gap = p[lo, 1] - p[up, 1]
            lid_y, brow_y = float(p[up, 1].mean()), float(p[list(line), 1].mean())
            x0, x1 = p[list(line), 0].min(), p[list(line), 0].max()
            margin = 0.3 * (x1 - x0)
            across = _clamp(np.minimum(p[:, 0] - (x0 - margin), (x1 + margin) - p[:, 0]) / margin)
            if shut:
                posed[up, 1] += 0.85 * shut * gap
                posed[lo, 1] -= 0.15 * shut * gap
                skin = (p[:, 1] < lid_y) & (p[:, 1] > brow_y)
                follow = 0.5 * _clamp(1 - (lid_y - p[:, 1]) / (0.06 * self.face_h)) * across * skin
                follow[up] = 0.0
                posed[:, 1] += 0.85 * shut * float(gap.mean()) * follow
            if brow:
                above = _clamp(1 - (brow_y - p[:, 1]) / (0.25 * self.face_h))
                between = _clamp((lid_y - p[:, 1]) / max(lid_y - brow_y, 1e-6))
                side = np.where(p[:, 1] <= brow_y, above, np.where(p[:, 1] < lid_y, between, 0.0)) * across
                side[list(line)] = 1.0
                lift = np.maximum(lift, side)  # the brows' ranges overlap between the eyes
        posed[:, 1] -= brow * BROW_RAISE * self.face_h * lift
        return posed
