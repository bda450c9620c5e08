#!/usr/bin/env python3
"""Writes the three skin inputs of the MCML benchmark (skin-04/30/70.mci).

All three are the same skin: a seven-layer model with per-layer optical
properties at 633 nm, rounded from the ranges published for skin
(Meglinski & Matcher, Physiol. Meas. 23, 2002; Tuchin, Tissue Optics).
They differ in how finely the dermis is resolved. MCML only takes layers,
so a depth profile of the dermis (blood plexuses, refractive index) is fed
to it as thin slices; the thinner the slices, the more of a photon's steps
end on a layer boundary, which is the share of the kernel's boundary branch
that the benchmark varies:

  skin-04  the seven layers as they are              ~4% of steps
  skin-30  the dermis in 24 um slices                ~30%
  skin-70  the dermis in 4 um slices                 ~70%

(the shares are measured, not assumed: mcml_cpu prints them). Within the
dermis, each property follows a piecewise-linear profile through the
centres of the four dermal layers of the seven-layer model, sampled at each
slice's centre, so neighbouring slices differ slightly in every property,
the refractive index included, and every slice boundary goes through the
full Fresnel computation. The photon counts give each input roughly the
same number of steps (about 4e9), so each takes a similar GPU time.

Run from anywhere; it writes next to itself.
"""

import os

# name, n, mua (1/cm), mus (1/cm), g, thickness (cm)
LAYERS = [
    ("stratum-corneum", 1.50, 0.2, 1000.0, 0.86, 0.002),
    ("living-epidermis", 1.34, 0.15, 400.0, 0.80, 0.008),
    ("papillary-dermis", 1.40, 0.7, 300.0, 0.90, 0.015),
    ("upper-blood-net-dermis", 1.39, 1.0, 350.0, 0.95, 0.008),
    ("reticular-dermis", 1.40, 0.7, 250.0, 0.80, 0.150),
    ("deep-blood-net-dermis", 1.38, 1.0, 300.0, 0.95, 0.010),
    ("subcutaneous-fat", 1.44, 0.3, 120.0, 0.80, 0.600),
]
DERMIS = range(2, 6)  # indices of the dermal layers, which get sliced

INPUTS = [
    # file, slice thickness in um (None: unsliced), photons
    ("skin-04", None, 8_000_000),
    ("skin-30", 24.0, 5_000_000),
    ("skin-70", 4.0, 2_000_000),
]

HEADER = """\
# {name}: seven-layer skin at 633 nm{how}.
# Made by make-skin-inputs.py (edit that, not this): {layers} layers, air
# above, a medium matched to the fat below.
photons {photons}
grid dz=0.002 dr=0.002 nz=400 nr=250
ambient above=1.0 below=1.44
"""


def layer_centres():
    z, centres = 0.0, []
    for layer in LAYERS:
        centres.append(z + layer[5] / 2)
        z += layer[5]
    return centres


def dermis_profile(z, prop):
    """Property prop (1=n .. 4=g) of the dermis at depth z."""
    points = [(layer_centres()[i], LAYERS[i][prop]) for i in DERMIS]
    if z <= points[0][0]:
        return points[0][1]
    for (z0, v0), (z1, v1) in zip(points, points[1:]):
        if z <= z1:
            return v0 + (v1 - v0) * (z - z0) / (z1 - z0)
    return points[-1][1]


def layer_line(name, n, mua, mus, g, d):
    return (f"layer {name} n={n:.4f} mua={mua:.4f} mus={mus:.2f} g={g:.4f} "
            f"d={d:.6g}\n")


def make(slice_um):
    lines, z = [], 0.0
    for i, (name, n, mua, mus, g, d) in enumerate(LAYERS):
        if slice_um is None or i not in DERMIS:
            lines.append(layer_line(name, n, mua, mus, g, d))
        else:
            count = max(1, round(d / (slice_um * 1e-4)))
            t = d / count
            for j in range(count):
                zc = z + (j + 0.5) * t
                props = [dermis_profile(zc, p) for p in (1, 2, 3, 4)]
                lines.append(layer_line(f"{name}-{j + 1}", *props, t))
        z += d
    return lines


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, slice_um, photons in INPUTS:
        lines = make(slice_um)
        how = ("" if slice_um is None else
               f", dermis in {slice_um:g} um slices")
        with open(os.path.join(here, name + ".mci"), "w") as f:
            f.write(HEADER.format(name=name, how=how, layers=len(lines),
                                  photons=photons))
            f.writelines(lines)


if __name__ == "__main__":
    main()
