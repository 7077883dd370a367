// A signature image for tests: a pen scribble (a few joined loops, like a handwritten
// signature) in dark blue ink on a transparent background, as PNG bytes.
import { PNG } from 'pngjs';

export function signaturePng({ width = 480, height = 160, seed = 1 } = {}): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0);
  const ink = (x: number, y: number) => {
    for (let dx = -2; dx <= 2; dx += 1) {
      for (let dy = -2; dy <= 2; dy += 1) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height || dx * dx + dy * dy > 5) continue;
        const i = (py * width + px) * 4;
        png.data[i] = 22;
        png.data[i + 1] = 38;
        png.data[i + 2] = 110;
        png.data[i + 3] = 255;
      }
    }
  };
  // Loops travelling left to right, their size and slant varying with the seed.
  const loops = 5 + (seed % 3);
  for (let t = 0; t <= 1; t += 1 / (width * 8)) {
    const a = t * loops * 2 * Math.PI;
    const x = width * (0.06 + 0.88 * t) + Math.cos(a) * width * 0.05;
    const y = height * 0.5 + Math.sin(a * (1 + seed * 0.15)) * height * 0.3 * (1 - t * 0.4);
    ink(x, y);
  }
  // The underline flourish.
  for (let x = width * 0.12; x < width * 0.92; x += 0.5) ink(x, height * 0.86 - (x / width) * height * 0.08);
  return PNG.sync.write(png);
}
