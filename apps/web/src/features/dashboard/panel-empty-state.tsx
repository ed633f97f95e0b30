import { Card } from "@chakra-ui/react/card";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import type { ReactNode } from "react";

/** The empty state of a panel: docs/product.md's text as heading, a hint below. */
export function PanelEmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card.Root variant="outline" borderStyle="dashed" bg="bg">
      <Card.Body alignItems="center" textAlign="center" py="10" gap="2">
        <Heading as="p" size="md">
          {title}
        </Heading>
        {children ? <Text color="fg.muted">{children}</Text> : null}
      </Card.Body>
    </Card.Root>
  );
}
