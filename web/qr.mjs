// A QR code of a table's handshake code (or link), as an SVG string for the page to
// show. The encoder is qrcode-generator (MIT, npm), which build.py copies to
// dist/vendor/qrcode.mjs; it is imported only here, when a table is hosted, so a
// first visit never downloads it (the service worker caches it after the page is ready).

const TITLE = "QR code of the table's code";

// Byte mode, the smallest version that fits (type 0), and error correction M:
// a phone reads it from a screen with some glare, and the codes are ASCII.
export async function qrSvg(text, {title = TITLE, cellSize = 4} = {}) {
  const {qrcode} = await import("./vendor/qrcode.mjs");
  const qr = qrcode(0, "M");
  qr.addData(String(text), "Byte");
  qr.make();
  // scalable: no fixed width/height, the page sizes it; the quiet zone is the 4 cells
  // the QR standard asks for.
  return qr.createSvgTag({cellSize, margin: 4 * cellSize, scalable: true, title});
}
