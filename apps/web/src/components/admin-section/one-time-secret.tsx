import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { Copy } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { keepClearOfToasts, showToast } from "../../lib/toaster";
import { Input } from "../form-controls";
import { FormField } from "../form-field";

/** What a section shows once after creating something: a link, a key or a secret it cannot show again. */
export type OneTimeSecretContent = {
  /** The region's accessible name, e.g. "New API key". */
  label: string;
  icon?: ReactNode;
  title: ReactNode;
  /** Break the title anywhere (it holds a URL). */
  breakTitle?: boolean;
  field: { label: string; helper: string; name: string };
  value: string;
  copy: {
    /** The button, e.g. "Copy Key" ("Copied" once done). */
    label: string;
    copied: { title: string; description: string };
    /** The toast's title when the clipboard refuses and the text is selected instead. */
    selectTitle: string;
  };
};

/**
 * The one-time value with Copy and Done: it is not stored readable, so it cannot be shown again.
 * Toasts (its own "copied" one too) keep off it.
 */
export function OneTimeSecret({ content, onDismiss }: { content: OneTimeSecretContent; onDismiss: () => void }) {
  const { label, icon, title, breakTitle, field, value, copy: texts } = content;
  const input = useRef<HTMLInputElement>(null);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (region.current ? keepClearOfToasts(region.current) : undefined), []);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      showToast({ ...texts.copied, type: "success" });
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select it for Ctrl+C.
      input.current?.select();
      showToast({ title: texts.selectTitle, description: "Press Ctrl+C (or ⌘C) to copy it.", type: "info" });
    }
  };
  const heading = (
    <Text fontWeight="semibold" wordBreak={breakTitle ? "break-all" : undefined}>
      {title}
    </Text>
  );
  return (
    <Card.Root ref={region} role="region" aria-label={label} variant="subtle" borderColor="brand.500" borderWidth="1px">
      <Card.Body gap="3">
        {icon ? (
          <HStack gap="2">
            {icon}
            {heading}
          </HStack>
        ) : (
          heading
        )}
        <FormField label={field.label} helper={field.helper}>
          <Input ref={input} name={field.name} readOnly value={value} onFocus={(e) => e.target.select()} />
        </FormField>
        <HStack gap="2" justify="flex-end" wrap="wrap">
          <Button colorPalette="brand" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {copied ? "Copied" : texts.label}
          </Button>
          <Button variant="outline" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
