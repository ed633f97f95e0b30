import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import type { TimeBlock } from "@crawlguard/validators";
import { blockTypeLabels } from "./time-block-form";

/**
 * The block's type in its colour (docs/product.md "Business constants and limits" colours, or the block's own): a tint of the
 * colour with a dot of it and dark text, readable whatever the colour.
 */
export function TimeBlockTypeBadge({ block, size = "sm" }: { block: Pick<TimeBlock, "blockType" | "color">; size?: "xs" | "sm" }) {
  return (
    <Badge
      size={size}
      variant="outline"
      color="fg"
      gap="1.5"
      style={{ background: `${block.color}26`, borderColor: block.color, boxShadow: "none" }}
    >
      <Box as="span" boxSize="2" rounded="full" flexShrink={0} style={{ background: block.color }} aria-hidden="true" />
      {blockTypeLabels[block.blockType]}
    </Badge>
  );
}
