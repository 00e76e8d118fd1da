#!/usr/bin/env bash
# Renders the hicolor PNG sizes from the scalable app icon with ImageMagick's convert. The PNGs
# are committed (the build needs no ImageMagick); re-run this after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
name=io.github.memlens.Memlens
svg=hicolor/scalable/apps/$name.svg
for size in 16 22 24 32 48 64 128 256 512; do
    out=hicolor/${size}x${size}/apps/$name.png
    mkdir -p "$(dirname "$out")"
    # Rasterise at four times the target (the SVG is 128 px wide at 72 dpi) and scale down, so
    # small sizes keep their anti-aliasing; no timestamps, so re-renders are byte-identical.
    convert -background none -density $((size * 72 * 4 / 128)) "$svg" \
        -resize "${size}x${size}" -strip -define png:exclude-chunks=date,time \
        "PNG32:$out"
done
echo "render-icons: wrote $(ls hicolor/*/apps/$name.png | wc -l) PNG sizes"
