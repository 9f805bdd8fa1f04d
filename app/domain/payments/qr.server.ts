import QRCode from "qrcode";

export const QR_SIZE = 220;
/** The QR standard's quiet zone; phones on cheap cameras fail to lock on with less. */
export const QR_QUIET_ZONE_MODULES = 4;

/** The QR code as an SVG data URI, drawn on the server so the page needs no script to show it. */
export async function qrSvgDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: "svg",
    margin: QR_QUIET_ZONE_MODULES,
    width: QR_SIZE,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** Pixels per side of the QR image a buyer saves: sharp enough for a gallery scan, a few KB. */
export const QR_IMAGE_SIZE = 512;

/**
 * The same QR as a PNG, for a buyer who pays from another phone or from a UPI
 * app that scans from the gallery (a gallery shows no SVG).
 */
export async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: "png",
    margin: QR_QUIET_ZONE_MODULES,
    width: QR_IMAGE_SIZE,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
}
