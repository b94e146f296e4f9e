"""Draws the toolbar icons (a page with text lines on a teal rounded square) without any
image library, so `python3 icons/make_icons.py` regenerates them anywhere."""
import struct, zlib, os

def png(size, path):
    rows = []
    r = size * 0.22  # corner radius
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            cx, cy = x + 0.5, y + 0.5
            # rounded square mask
            dx = max(r - cx, 0, cx - (size - r)); dy = max(r - cy, 0, cy - (size - r))
            inside = dx * dx + dy * dy <= r * r
            if not inside:
                row += bytes([0, 0, 0, 0]); continue
            col = (14, 116, 118, 255)  # teal
            # page
            px0, px1, py0, py1 = size * .22, size * .78, size * .16, size * .84
            if px0 <= cx <= px1 and py0 <= cy <= py1:
                col = (250, 247, 238, 255)
                # text lines
                for i, w in enumerate((.9, .75, .9, .6)):
                    ly = size * (.30 + i * .15)
                    if abs(cy - ly) <= max(size * .035, .6) and px0 + size * .07 <= cx <= px0 + size * .07 + (px1 - px0 - size * .14) * w:
                        col = (30, 41, 59, 255)
            row += bytes(col)
        rows.append(bytes(row))
    raw = b''.join(rows)
    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 6, 0, 0, 0)) \
        + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)

here = os.path.dirname(os.path.abspath(__file__))
for s in (16, 32, 48, 128):
    png(s, os.path.join(here, f'icon{s}.png'))
