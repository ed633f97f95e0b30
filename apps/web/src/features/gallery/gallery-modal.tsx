import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { Image } from "@chakra-ui/react/image";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { X } from "lucide-react";
import { useId } from "react";
import { NativeDialog } from "../../components/native-dialog";
import type { GalleryEntry } from "./gallery-entries";

/**
 * A project's large image, title and description in a native modal dialog (see NativeDialog):
 * focus stays inside, and Escape, the close button or a click on the backdrop close it.
 */
export function GalleryModal({ item, onClose }: { item: GalleryEntry | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <NativeDialog
      aria-labelledby={titleId}
      open={item !== null}
      onClose={onClose}
      m="auto"
      rounded="2xl"
      w="min(64rem, calc(100vw - 2rem))"
      maxH="calc(100dvh - 2rem)"
      overflow="auto"
      _open={{ animationName: "fade-in, scale-in", animationDuration: "moderate" }}
      _backdrop={{ bg: "blackAlpha.700" }}
    >
      {item ? (
        <Box position="relative">
          <Image
            src={item.large.src}
            alt={item.alt}
            htmlWidth={item.large.width}
            htmlHeight={item.large.height}
            display="block"
            w="full"
            h="auto"
            maxH={{ base: "50dvh", md: "65dvh" }}
            objectFit="contain"
            bg="brand.50"
          />
          <Stack gap="2" p={{ base: "5", md: "7" }}>
            <Heading as="h2" id={titleId} size={{ base: "lg", md: "xl" }} color="brand.950">
              {item.title}
            </Heading>
            {item.description ? <Text color="gray.700">{item.description}</Text> : null}
          </Stack>
          <Button
            position="absolute"
            top="3"
            right="3"
            size="sm"
            px="2"
            rounded="full"
            colorPalette="gray"
            variant="solid"
            bg="white"
            color="gray.900"
            shadow="md"
            _hover={{ bg: "gray.100" }}
            aria-label="Close"
            onClick={onClose}
          >
            <X aria-hidden="true" />
          </Button>
        </Box>
      ) : null}
    </NativeDialog>
  );
}
