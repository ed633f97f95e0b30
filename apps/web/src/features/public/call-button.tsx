import { Button, type ButtonProps } from "@chakra-ui/react/button";
import { company } from "@crawlguard/content";
import { Phone } from "lucide-react";

/** "Call (828) 555-0142" as a tel: link styled as a button. */
export function CallButton(props: Omit<ButtonProps, "asChild" | "children">) {
  return (
    <Button asChild size="lg" {...props}>
      <a href={company.phone.href}>
        <Phone aria-hidden="true" />
        Call {company.phone.display}
      </a>
    </Button>
  );
}
