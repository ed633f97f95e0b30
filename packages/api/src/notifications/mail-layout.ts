import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { createElement as h, type ReactNode } from "react";
import { company } from "@crawlguard/content";

/*
 * The frame every e-mail shares (React Email): the company's heading and footer, the one-click
 * unsubscribe line on client mails, and the paragraph and button every template builds with.
 */

export interface RenderOptions {
  timeZone: string;
  publicUrl: string;
  /** Client mails: the one-click unsubscribe page for this address. */
  unsubscribeUrl?: string | undefined;
}

export const styles = {
  body: { backgroundColor: "#f6f7f9", fontFamily: "Arial, Helvetica, sans-serif", color: "#1a202c" },
  container: { backgroundColor: "#ffffff", padding: "24px", maxWidth: "560px", margin: "0 auto" },
  heading: { fontSize: "20px", margin: "0 0 12px" },
  text: { fontSize: "15px", lineHeight: "22px", margin: "0 0 10px" },
  muted: { fontSize: "12px", lineHeight: "18px", color: "#4a5568", margin: "0 0 6px" },
  button: { backgroundColor: "#2b6cb0", color: "#ffffff", padding: "10px 16px", borderRadius: "4px", fontSize: "15px" },
};

export const p = (text: ReactNode, key?: string) => h(Text, { style: styles.text, key }, text);

export function layout(preview: string, title: string, content: ReactNode[], options: RenderOptions): ReactNode {
  const footer = [
    h(Hr, { key: "hr" }),
    h(Text, { style: styles.muted, key: "co" }, `${company.name} · ${company.address.full} · ${company.phone.display}`),
    h(Text, { style: styles.muted, key: "web" }, options.publicUrl),
  ];
  if (options.unsubscribeUrl) {
    footer.push(
      h(
        Text,
        { style: styles.muted, key: "unsub" },
        "Don't want reminders and other non-essential e-mails? ",
        h("a", { href: options.unsubscribeUrl }, "Unsubscribe"),
      ),
    );
  }
  return h(
    Html,
    { lang: "en" },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(Container, { style: styles.container }, h(Heading, { style: styles.heading }, title), h(Section, null, ...content), ...footer),
    ),
  );
}

/** A call-to-action button. */
export const button = (href: string, label: string, key = "button") => h(Button, { href, style: styles.button, key }, label);
