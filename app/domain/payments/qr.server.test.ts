import { describe, expect, it } from "vitest";
import QRCode from "qrcode";
import { qrSvgDataUri } from "./qr.server";

describe("UPI QR code", () => {
  it("is an SVG of size 220 with a quiet zone of at least 4 modules", async () => {
    const link =
      "upi://pay?pa=shop@okaxis&pn=Shop&am=49.00&cu=INR&tr=BK0000000000&tn=Followers%20Service%20-%20%E2%82%B949";
    const uri = await qrSvgDataUri(link);
    const svg = Buffer.from(uri.replace("data:image/svg+xml;base64,", ""), "base64").toString();
    expect(svg).toContain('width="220"');
    const modules = QRCode.create(link, { errorCorrectionLevel: "M" }).modules.size;
    // The viewBox spans the modules plus the margin on both sides.
    expect(svg).toContain(`viewBox="0 0 ${modules + 8} ${modules + 8}"`);
    // The first dark path starts 4 modules in.
    expect(svg).toMatch(/<path[^>]*stroke="#000000"[^>]*d="M4 4\.5/);
  });
});
