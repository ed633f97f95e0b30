import { describe, expect, it } from "vitest";
import { render } from "../../entry-server";

const TEMPLATE = '<!DOCTYPE html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

/** The attributes of the element with `id`, as the server rendered them. */
function elementWithId(html: string, id: string): string {
  return new RegExp(`<(input|select|textarea)[^>]*\\bid="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("the contact form rendered on the server (works before its script loads)", () => {
  it("ties every label to its control and marks the required ones", async () => {
    const { status, html } = await render({ url: "/contact", template: TEMPLATE, publicUrl: "https://crawlguard.example" });
    expect(status).toBe(200);
    const form = html.slice(html.indexOf('<form id="contact-form"'), html.indexOf("</form>"));
    expect(form).toContain('method="post"');
    const labels = [...form.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]*)/g)].map(([, id, text]) => ({ id: id!, text: text! }));
    const shown = labels.filter((label) => label.text !== "Website");
    expect(shown.map((label) => label.text)).toEqual(["Name", "Email", "Phone", "Zip Code", "Address", "Service", "Message"]);
    for (const { id, text } of shown) {
      const control = elementWithId(form, id);
      expect(control, text).not.toBe("");
      const required = ["Name", "Email", "Zip Code"].includes(text);
      expect(control.includes('aria-required="true"'), text).toBe(required);
      expect(control, text).not.toContain("aria-invalid");
    }
  });

  it("shows the server's field errors, each tied to its control", async () => {
    const values = { name: "A", email: "nope", phone: "", address: "", zipCode: "1", service: "", message: "" };
    const errors = { name: "Name must be at least 2 characters", email: "Please enter a valid email address" };
    const { html } = await render({
      url: "/contact",
      template: TEMPLATE,
      publicUrl: "https://crawlguard.example",
      contactForm: { path: "/contact", token: "t", attribution: {}, outcome: { sent: false, values, errors } },
    });
    for (const message of Object.values(errors)) {
      const errorId = new RegExp(`<p[^>]*id="([^"]+)"[^>]*>${message}</p>`).exec(html)?.[1];
      expect(errorId, message).toBeTruthy();
      const control = new RegExp(`<(input|select|textarea)[^>]*aria-describedby="${errorId}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(control, message).toContain('aria-invalid="true"');
    }
  });
});
