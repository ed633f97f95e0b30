import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { IconButton } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Image } from "@chakra-ui/react/image";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { adminGalleryCategoryLabel } from "@crawlguard/content";
import type { GalleryImage } from "@crawlguard/validators";
import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { Eye, EyeOff, GripVertical, Pencil, Trash2 } from "lucide-react";
import { memo, type ReactNode } from "react";
import { intrinsicSize, srcSetOf } from "../../lib/image-srcset";

/** The slot a card's photo fills: 1 column, 2 from 30em (sm), 3 from 62em (lg) in the dashboard's full-width container. */
export const CARD_IMAGE_SIZES = "(min-width: 62em) 33vw, (min-width: 30em) 50vw, 100vw";

export type SortHandle = {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

type GalleryImageCardProps = {
  image: GalleryImage;
  /** The drag handle (mouse, touch and keyboard); absent in the drag preview. */
  handle?: SortHandle | undefined;
  isDragging?: boolean;
  /** The first cards are in view at once: their photos are not loaded lazily. */
  eager?: boolean;
  togglePending?: boolean;
  onTogglePublished?: (image: GalleryImage) => void;
  onEdit?: (image: GalleryImage) => void;
  onDelete?: (image: GalleryImage) => void;
};

/**
 * One gallery image (docs/product.md "Screens and routes", Gallery management): the photo, title, Published or Draft,
 * category, description, alt text and SEO keywords, and its controls: move, publish or
 * unpublish (the eye), edit, delete.
 */
export const GalleryImageCard = memo(function GalleryImageCard({
  image,
  handle,
  isDragging = false,
  eager = false,
  togglePending = false,
  onTogglePublished,
  onEdit,
  onDelete,
}: GalleryImageCardProps) {
  const size = intrinsicSize(image);
  const srcSet = srcSetOf(image.renditions);
  const title = image.title || "Untitled image";
  return (
    <Card.Root
      as="article"
      aria-label={title}
      size="sm"
      overflow="hidden"
      opacity={isDragging ? 0.4 : 1}
      borderColor={isDragging ? "brand.solid" : undefined}
      borderStyle={isDragging ? "dashed" : undefined}
      h="full"
    >
      <Box position="relative" bg="bg.muted">
        <Image
          src={image.imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
          alt={image.altText}
          htmlWidth={size?.width}
          htmlHeight={size?.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          draggable={false}
          display="block"
          w="full"
          h="auto"
          aspectRatio="4 / 3"
          objectFit="cover"
        />
        <Badge position="absolute" top="2" insetStart="2" colorPalette={image.isPublished ? "green" : "gray"} variant="solid">
          {image.isPublished ? "Published" : "Draft"}
        </Badge>
      </Box>
      <Card.Body gap="3">
        <Flex align="flex-start" gap="1">
          {handle ? (
            <IconButton
              ref={handle.setActivatorNodeRef}
              {...handle.attributes}
              {...handle.listeners}
              aria-label={`Move ${title}`}
              variant="ghost"
              size="xs"
              ms="-2"
              cursor={isDragging ? "grabbing" : "grab"}
              // The finger drags the card instead of scrolling the page.
              touchAction="none"
              color="fg.muted"
            >
              <GripVertical aria-hidden="true" />
            </IconButton>
          ) : null}
          <Stack gap="1" minW="0" flex="1">
            <Heading as="h3" size="sm" wordBreak="break-word">
              {title}
            </Heading>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="brand" variant="subtle">
                {adminGalleryCategoryLabel(image.category)}
              </Badge>
              <Text as="span" textStyle="xs" color="fg.muted">
                Order {image.displayOrder}
              </Text>
            </HStack>
          </Stack>
        </Flex>
        {image.description ? (
          <Text textStyle="sm" wordBreak="break-word" lineClamp={3}>
            {image.description}
          </Text>
        ) : null}
        <Stack as="dl" gap="1" textStyle="sm">
          <Detail term="Alt text">{image.altText}</Detail>
          <Detail term="SEO keywords">{image.seoKeywords || "None"}</Detail>
        </Stack>
        {onTogglePublished || onEdit || onDelete ? (
          <HStack gap="1" justify="flex-end" mt="auto">
            <IconButton
              aria-label={image.isPublished ? "Unpublish image" : "Publish image"}
              aria-pressed={image.isPublished}
              title={image.isPublished ? "Published: click to unpublish" : "Draft: click to publish"}
              variant={image.isPublished ? "subtle" : "ghost"}
              colorPalette={image.isPublished ? "green" : "gray"}
              size="sm"
              disabled={togglePending}
              onClick={() => onTogglePublished?.(image)}
            >
              {image.isPublished ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            </IconButton>
            <IconButton aria-label={`Edit ${title}`} variant="ghost" size="sm" onClick={() => onEdit?.(image)}>
              <Pencil aria-hidden="true" />
            </IconButton>
            <IconButton aria-label={`Delete ${title}`} variant="ghost" colorPalette="red" size="sm" onClick={() => onDelete?.(image)}>
              <Trash2 aria-hidden="true" />
            </IconButton>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
});

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" display="inline" fontWeight="medium">
        {term}:{" "}
      </Text>
      <Text as="dd" display="inline" color="fg.muted" wordBreak="break-word">
        {children}
      </Text>
    </Box>
  );
}
