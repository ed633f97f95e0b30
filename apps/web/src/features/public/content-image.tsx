import { Image, type ImageProps } from "@chakra-ui/react/image";
import type { ImageAsset } from "@crawlguard/content";

type ContentImageProps = Omit<ImageProps, "src" | "alt" | "htmlWidth" | "htmlHeight"> & {
  image: ImageAsset;
  /** Rounded with a shadow, as a picture standing on the page (the default); false inside a card that frames it. */
  framed?: boolean;
};

/**
 * A content illustration (packages/content): its own alt text, and its intrinsic size so the page
 * keeps its place while it loads, filling the width it is given. Pass `loading="lazy"` below the fold.
 */
export function ContentImage({ image, framed = true, ...props }: ContentImageProps) {
  return (
    <Image
      src={image.src}
      alt={image.alt}
      htmlWidth={image.width}
      htmlHeight={image.height}
      w="full"
      h="auto"
      {...(framed ? { rounded: "2xl", shadow: "lg" } : {})}
      {...props}
    />
  );
}
