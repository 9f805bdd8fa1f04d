import { describe, expect, it } from "vitest";
import { smsAlertBodySchema } from "../sms-alert.types";
import { isCloudServer } from "./api.server";
import { gatewayAddress, webhookIdFor } from "./connect.server";

describe("Connect SMS Gateway for Android (issue 45, point 12)", () => {
  it("reads the address as the app's Home tab shows it; a bare host:port is the Local server's http://", () => {
    expect(gatewayAddress("192.168.1.5:8080")).toBe("http://192.168.1.5:8080");
    expect(gatewayAddress(" http://192.168.1.5:8080/ ")).toBe("http://192.168.1.5:8080");
    expect(gatewayAddress("https://api.sms-gate.app/3rdparty/v1")).toBe("https://api.sms-gate.app/3rdparty/v1");
    expect(gatewayAddress("ftp://phone")).toBeNull();
    expect(gatewayAddress("http://user:pass@phone:8080")).toBeNull();
    expect(gatewayAddress("")).toBeNull();
    // Nothing that is not an address is looked up (hostile input never leaves the machine).
    expect(gatewayAddress("1e+308")).toBeNull();
    expect(gatewayAddress("phone")).toBeNull();
    expect(gatewayAddress("localhost:8080")).toBe("http://localhost:8080");
  });

  it("tells the Cloud server (its /3rdparty/v1 API, a private server's too) from the phone's Local server", () => {
    expect(isCloudServer("https://api.sms-gate.app/3rdparty/v1")).toBe(true);
    expect(isCloudServer("https://sms.myserver.in/api/3rdparty/v1/")).toBe(true);
    expect(isCloudServer("http://192.168.1.5:8080")).toBe(false);
  });

  it("names the shop's webhook the same for the same address, within the 36 characters the app takes", () => {
    const id = webhookIdFor("https://shop.in/api/payments/sms-alert");
    expect(id).toBe(webhookIdFor("https://shop.in/api/payments/sms-alert"));
    expect(id).not.toBe(webhookIdFor("https://other.in/api/payments/sms-alert"));
    expect(id.length).toBeLessThanOrEqual(36);
  });

  it("reads the sms:received sample of the app's README as an SMS", () => {
    // capcom6/android-sms-gateway README.md, "Webhooks" → "Setting Up Webhooks", step 4.
    const sample = {
      event: "sms:received",
      payload: {
        messageId: "msg_12345abcde",
        message: "Received SMS text",
        phoneNumber: "+19162255887",
        simNumber: 1,
        receivedAt: "2024-06-07T11:41:31.000+07:00",
      },
    };
    expect(smsAlertBodySchema.parse(sample)).toMatchObject({
      event: "sms:received",
      payload: { message: "Received SMS text", phoneNumber: "+19162255887", messageId: "msg_12345abcde" },
    });
  });
});
